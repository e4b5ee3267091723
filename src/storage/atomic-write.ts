/**
 * Every disk mutation of the store goes through this file (and its steps in atomic-write/), and no
 * other: temp file → `fh.sync()` → rename → fsync of the directory, behind a per-path queue that
 * coalesces like steno.
 * Concurrent fsyncs of one directory are shared (group commit), and the versions of one document
 * are written as one: their temp files synced together, or a new document's whole directory at once.
 * The queues and shared fsyncs belong to one writer (see createFileStore), never to the process.
 * This file holds the writer (its queues, its work count); atomic-write/ holds what a write is given
 * (`context.ts`), the shared directory fsyncs (`directory-sync.ts`) and the steps of a write (`steps.ts`).
 */
import * as nodeFs from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { StorageHealth } from './faults.js';
import { errorCode } from './fs-errors.js';
import type { TempNames } from './temp-files.js';
import {
  DEFAULT_FILE_MODE,
  type DirectoryFile,
  type FileData,
  type WriteContext,
  type WriteFileOptions,
  type WriteFilesOptions,
  type WriteFs,
} from './atomic-write/context.js';
import { createDirectorySyncs } from './atomic-write/directory-sync.js';
import {
  createDirectoryWith,
  isDirectory,
  probe,
  removeDurably,
  removeEmptyDirectory,
  replaceFilesIn,
  writeDurably,
} from './atomic-write/steps.js';

export type { DirectoryFile, FileData, WriteFileOptions, WriteFilesOptions, WriteFs } from './atomic-write/context.js';

/** The writes of one file store: durable, atomic, queued per path. */
export interface AtomicWriter {
  /**
   * Atomically replaces `path` with `data` and resolves once it is durable. Missing parent
   * directories are created. Writes to one path never interleave; while one runs, newer writes to
   * the same path coalesce and only the newest is written, and each caller resolves once data at
   * least as new as its own is on disk.
   *
   * @example
   * await files.writeFileAtomic('data/users.json', stableStringify({ nextId: 1, rows: [] }));
   */
  writeFileAtomic(path: string, data: FileData, options?: WriteFileOptions): Promise<void>;

  /**
   * Durably deletes `path` (unlink, then fsync of its directory); a missing file is a no-op. It shares
   * `path`'s queue with writeFileAtomic, so a remove and a write issued in that order land in that order.
   *
   * @example
   * await files.removeFile('data/content/article/abc/draft.en.json');
   */
  removeFile(path: string): Promise<void>;

  /**
   * Atomically writes several files of one directory and resolves once all of them are durable:
   * their temp files are written and synced in parallel, renamed into place in the order given (a
   * crash leaves a prefix of the list new, never a later file without an earlier one), then the
   * directory is synced once. When `dir` does not exist yet, the files are written into a fresh
   * temp directory that is renamed into place: all of them appear at once, or none.
   *
   * It bypasses the per-path queue of writeFileAtomic: callers must not write the same paths
   * concurrently (the file document adapter queues writes per document).
   *
   * @example
   * await files.writeFilesAtomic('data/content/article/abc', [
   *   { name: 'draft.en.json', data: draft },
   *   { name: 'published.en.json', data: published },
   * ]);
   */
  writeFilesAtomic(dir: string, files: readonly DirectoryFile[], options?: WriteFilesOptions): Promise<void>;

  /**
   * Removes `dir` if it is empty (and fsyncs its parent); a non-empty or missing one is left alone.
   * Answers whether it removed it.
   *
   * @example
   * await files.removeEmptyDirectory('data/content/article/abc'); // → true
   */
  removeEmptyDirectory(dir: string): Promise<boolean>;

  /**
   * Writes and syncs a throwaway file in `dir`, then removes it: whether the storage takes writes
   * now (a health check's question while writes fail for a full disk). Throws what the write met.
   *
   * @example
   * await files.probe('data');
   */
  probe(dir: string): Promise<void>;

  /**
   * Counts `task` as work in progress for whenIdle until it settles, so a table update still
   * waiting for its lock (not yet queued for writing) is not cut off by a shutdown.
   *
   * @example
   * await files.track(() => files.withLock('data/.users.lock', () => updateUsers()));
   */
  track<T>(task: () => Promise<T>): Promise<T>;

  /**
   * Resolves when no write, remove or tracked task of this store is running or queued, e.g. before
   * exiting on SIGTERM. Other stores' work, in this process or another, is not waited for.
   *
   * @example
   * process.once('SIGTERM', async () => { server.close(); await files.whenIdle(); process.exit(0); });
   */
  whenIdle(): Promise<void>;
}

type Operation = { kind: 'write'; data: FileData; mode: number } | { kind: 'remove' };

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** One path's queue: at most one operation running and one pending (the newest wins). */
interface PathQueue {
  pending: { operation: Operation; waiters: Waiter[] } | null;
}

export interface AtomicWriterOptions {
  /**
   * Writes stay atomic (a temp file, then a rename) but nothing is fsynced, neither files nor
   * folders: for a bulk write into a folder its caller makes durable whole before using it (an
   * import's staging folder).
   */
  deferSync?: boolean;
}

/**
 * A writer with its own per-path queues, shared directory fsyncs and work count for `whenIdle`.
 *
 * @example
 * const writer = createAtomicWriter(createTempFiles());
 * await writer.writeFileAtomic('data/users.json', stableStringify({ nextId: 1, rows: [] }));
 */
export function createAtomicWriter(
  temps: TempNames,
  health: StorageHealth,
  fs: WriteFs = nodeFs,
  options: AtomicWriterOptions = {},
): AtomicWriter {
  const context: WriteContext = options.deferSync
    ? { fs, temps, syncDirectory: async () => {}, syncFiles: false }
    : { fs, temps, syncDirectory: createDirectorySyncs(fs), syncFiles: true };
  /**
   * Runs one durable change and tells `health` how it went: a failure of the storage (a full disk)
   * becomes an InsufficientStorageError, and a success says the storage takes writes.
   */
  async function told<T>(change: () => Promise<T>, probe = false): Promise<T> {
    let done: T;
    try {
      done = await change();
    } catch (error) {
      throw health.failed(error, { probe });
    }
    health.succeeded();
    return done;
  }
  const queues = new Map<string, PathQueue>();
  /** Multi-step mutations (a table update waiting for its lock, a remove and its rmdir) still running. */
  let trackedTasks = 0;
  const idleWaiters: Array<() => void> = [];

  function enqueue(path: string, operation: Operation): Promise<void> {
    return new Promise((resolve, reject) => {
      let queue = queues.get(path);
      const running = queue !== undefined;
      if (!queue) {
        queue = { pending: null };
        queues.set(path, queue);
      }
      if (queue.pending) {
        // Coalesce: the queued operation has not started, so the newest one replaces it.
        queue.pending.operation = operation;
        queue.pending.waiters.push({ resolve, reject });
      } else {
        queue.pending = { operation, waiters: [{ resolve, reject }] };
      }
      if (!running) void drain(path, queue);
    });
  }

  async function drain(path: string, queue: PathQueue): Promise<void> {
    while (queue.pending) {
      const { operation, waiters } = queue.pending;
      queue.pending = null;
      try {
        if (operation.kind === 'write') await told(() => writeDurably(context, path, operation.data, operation.mode));
        else await told(() => removeDurably(context, path));
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    queues.delete(path);
    wakeIfIdle();
  }

  const isIdle = () => queues.size === 0 && trackedTasks === 0;
  function wakeIfIdle(): void {
    if (isIdle()) for (const wake of idleWaiters.splice(0)) wake();
  }

  async function track<T>(task: () => Promise<T>): Promise<T> {
    trackedTasks++;
    try {
      return await task();
    } finally {
      trackedTasks--;
      wakeIfIdle();
    }
  }

  /** Folders whose files a staging folder cannot be renamed into (another file system). */
  const crossDevice = new Set<string>();

  return {
    writeFileAtomic: (path, data, options = {}) => enqueue(resolve(path), { kind: 'write', data, mode: options.mode ?? DEFAULT_FILE_MODE }),
    removeFile: (path) => enqueue(resolve(path), { kind: 'remove' }),
    writeFilesAtomic(dir, files, options = {}) {
      const mode = options.mode ?? DEFAULT_FILE_MODE;
      const staging = options.stagingDir === undefined ? undefined : resolve(options.stagingDir);
      const target = resolve(dir);
      async function write(from: string | undefined): Promise<void> {
        if (!(await isDirectory(fs, target))) return createDirectoryWith(context, target, files, mode, from);
        try {
          await replaceFilesIn(context, target, files, mode, from);
        } catch (error) {
          // Removed since we looked (its last version deleted): make it anew.
          if (errorCode(error) !== 'ENOENT') throw error;
          await createDirectoryWith(context, target, files, mode, from);
        }
      }
      return track(() => told(async () => {
        const parent = dirname(target);
        if (staging === undefined || crossDevice.has(parent)) return write(undefined);
        try {
          await write(staging);
        } catch (error) {
          // The target is on another file system than the staging folder (a mounted or linked
          // folder): its temp files go beside it, now and from then on. A failed write leaves no temp file behind.
          if (errorCode(error) !== 'EXDEV') throw error;
          crossDevice.add(parent);
          await write(undefined);
        }
      }));
    },
    removeEmptyDirectory: (dir) => told(() => removeEmptyDirectory(context, dir)),
    probe: (dir) => told(() => probe(context, resolve(dir)), true),
    track,
    whenIdle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((wake) => idleWaiters.push(wake));
    },
  };
}
