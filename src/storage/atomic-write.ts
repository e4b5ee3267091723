/**
 * Every disk mutation of the store goes through this file, and no other: temp file →
 * `fh.sync()` → rename → fsync of the directory, behind a per-path queue that coalesces like steno.
 * Concurrent fsyncs of one directory are shared (group commit), and the versions of one document
 * are written as one: their temp files synced together, or a new document's whole directory at once.
 * The queues and shared fsyncs belong to one writer (see createFileStore), never to the process.
 */
import { createReadStream } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { StorageHealth } from './faults.js';
import { errorCode } from './fs-errors.js';
import type { TempNames } from './temp-files.js';

/**
 * What a file is written with: text, bytes, or the bytes of another file (`{ copyOf: path }`), read
 * as they are written, so that a large upload is never held in memory whole.
 */
export type FileData = string | Uint8Array | { copyOf: string };

export interface WriteFileOptions {
  /** File mode of the written file; default 0o600 because tables hold password hashes and tokens. */
  mode?: number;
}

export interface WriteFilesOptions extends WriteFileOptions {
  /**
   * A folder on the same file system where the temp files (and the temp folder of a new directory)
   * are made, rather than beside their targets: a watcher of the target directory then sees only
   * the renames that put the files in place, not the temp files' creation and writes. Made when
   * missing.
   */
  stagingDir?: string;
}

export interface DirectoryFile {
  /** A plain file name inside the directory. */
  name: string;
  data: string | Uint8Array;
}

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
   * await files.writeFilesAtomic('data/content/article/abc', [{ name: 'draft.en.json', data: draft }, { name: 'published.en.json', data: published }]);
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

const DEFAULT_FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

type Operation = { kind: 'write'; data: FileData; mode: number } | { kind: 'remove' };

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** One path's queue: at most one operation running and one pending (the newest wins). */
interface PathQueue {
  pending: { operation: Operation; waiters: Waiter[] } | null;
}

/**
 * The file system calls the writes make: Node's own, unless a test passes calls that fail (a full
 * disk, a read-only one) to see what the store and the server do then.
 */
export type WriteFs = Pick<typeof nodeFs, 'mkdir' | 'open' | 'rename' | 'rm' | 'rmdir' | 'stat' | 'unlink'>;

/** What the steps of a write need from their writer: the file system, temp names, and directory fsyncs to share. */
interface WriteContext {
  fs: WriteFs;
  temps: TempNames;
  syncDirectory(dir: string): Promise<void>;
  /** Whether each written file is fsynced (see `deferSync`). */
  syncFiles: boolean;
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
export function createAtomicWriter(temps: TempNames, health: StorageHealth, fs: WriteFs = nodeFs, options: AtomicWriterOptions = {}): AtomicWriter {
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

// ---------------------------------------------------------------------------------------------
// Shared directory fsyncs
// ---------------------------------------------------------------------------------------------

interface DirectorySync {
  done: Promise<void>;
  /** The fsync that waiters arriving during `done` share. */
  next?: Promise<void>;
}

/**
 * fsync a directory so a rename/unlink/create inside it survives a power cut. Callers that arrive
 * while one fsync of `dir` runs share the next one (it starts after theirs began to wait, so it
 * covers their change): ten documents created at once cost two fsyncs of their type's directory.
 */
function createDirectorySyncs(fs: WriteFs): (dir: string) => Promise<void> {
  const directorySyncs = new Map<string, DirectorySync>();

  function startDirectorySync(dir: string): Promise<void> {
    const sync: DirectorySync = { done: fsyncDirectory(fs, dir) };
    directorySyncs.set(dir, sync);
    void sync.done.then(forget, forget);
    function forget(): void {
      if (directorySyncs.get(dir) === sync && sync.next === undefined) directorySyncs.delete(dir);
    }
    return sync.done;
  }

  return function syncDirectory(dir) {
    const running = directorySyncs.get(dir);
    if (!running) return startDirectorySync(dir);
    return (running.next ??= running.done.then(() => startDirectorySync(dir), () => startDirectorySync(dir)));
  };
}

async function fsyncDirectory(fs: WriteFs, dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) and file systems cannot open or fsync a directory; the rename is
    // still atomic there, only its durability across a power cut is weaker.
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EACCES', 'ENOTSUP', 'EBADF'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The steps of a write
// ---------------------------------------------------------------------------------------------

/** Removes `dir` if it is empty (and fsyncs its parent); a non-empty or missing one is left alone. */
async function removeEmptyDirectory(context: WriteContext, dir: string): Promise<boolean> {
  try {
    await context.fs.rmdir(dir);
  } catch (error) {
    if (['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '')) return false;
    throw error;
  }
  await context.syncDirectory(dirname(dir));
  return true;
}

async function writeDurably(context: WriteContext, path: string, data: FileData, mode: number): Promise<void> {
  const dir = dirname(path);
  const temp = context.temps.reserve(path);
  let handle: FileHandle | undefined;
  try {
    handle = await openCreatingDirectories(context, temp, mode);
    await writeAndSync(handle, data, context.syncFiles);
    handle = undefined;
    await context.fs.rename(temp, path);
    await context.syncDirectory(dir);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await context.fs.unlink(temp).catch(() => undefined); // after a successful rename this is ENOENT
    throw error;
  } finally {
    context.temps.release(temp);
  }
}

/** Writes, fsyncs (unless `sync` is false) and closes a freshly opened file (closing it even when a step fails). */
async function writeAndSync(handle: FileHandle, data: FileData, sync = true): Promise<void> {
  try {
    if (typeof data === 'object' && 'copyOf' in data) {
      for await (const chunk of createReadStream(data.copyOf)) await handle.write(chunk as Buffer);
    } else {
      await handle.writeFile(data);
    }
    if (sync) await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `path` (it must not exist), writes and fsyncs it. */
async function createSynced(context: WriteContext, path: string, data: string | Uint8Array, mode: number): Promise<void> {
  await writeAndSync(await context.fs.open(path, 'wx', mode), data, context.syncFiles);
}

/** writeFilesAtomic into an existing directory; ENOENT when `dir` is missing. */
async function replaceFilesIn(context: WriteContext, dir: string, files: readonly DirectoryFile[], mode: number, staging?: string): Promise<void> {
  const temps = files.map((file) => context.temps.reserve(join(dir, file.name), staging));
  // Beside their target, a temp file that cannot be made means `dir` is missing; in a staging folder,
  // that the folder is (made then), and a missing `dir` fails the rename.
  const create = (path: string, data: string | Uint8Array) =>
    staging === undefined ? createSynced(context, path, data, mode) : openCreatingDirectories(context, path, mode).then((handle) => writeAndSync(handle, data, context.syncFiles));
  try {
    await allSettled(files.map((file, i) => create(temps[i]!, file.data)));
    for (const [i, file] of files.entries()) await context.fs.rename(temps[i]!, join(dir, file.name));
    await context.syncDirectory(dir);
  } catch (error) {
    await Promise.all(temps.map((temp) => context.fs.unlink(temp).catch(() => undefined)));
    throw error;
  } finally {
    temps.forEach((temp) => context.temps.release(temp));
  }
}

/** Like `Promise.all`, but rejects only once every task has settled, so cleanup never races a write. */
async function allSettled(tasks: Array<Promise<void>>): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * writeFilesAtomic for a directory that does not exist: the files go into a temp directory (beside
 * it, or in `staging`), synced with it, which is then renamed into place and its parent synced.
 */
async function createDirectoryWith(context: WriteContext, dir: string, files: readonly DirectoryFile[], mode: number, staging?: string): Promise<void> {
  const parent = dirname(dir);
  const temp = context.temps.reserve(dir, staging);
  try {
    await context.fs.mkdir(temp, { mode: DIRECTORY_MODE }).catch(async (error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
      await makeDirectoryDurably(context, dirname(temp)); // the first document of its type, or the staging folder
      await context.fs.mkdir(temp, { mode: DIRECTORY_MODE });
    });
    await allSettled(files.map((file) => createSynced(context, join(temp, file.name), file.data, mode)));
    await context.syncDirectory(temp);
    try {
      await context.fs.rename(temp, dir).catch(async (error: unknown) => {
        // From a staging folder, the first document of its type has no folder of its type yet.
        if (errorCode(error) !== 'ENOENT' || dirname(temp) === parent) throw error;
        await makeDirectoryDurably(context, parent);
        await context.fs.rename(temp, dir);
      });
    } catch (error) {
      // Someone made `dir` meanwhile (rename only replaces an empty directory): write into it instead.
      if (errorCode(error) !== 'ENOTEMPTY' && errorCode(error) !== 'EEXIST') throw error;
      await context.fs.rm(temp, { recursive: true, force: true });
      await replaceFilesIn(context, dir, files, mode, staging);
      return;
    }
    await context.syncDirectory(parent);
  } catch (error) {
    await context.fs.rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  } finally {
    context.temps.release(temp);
  }
}

/** What a probe writes: a few blocks, so that a disk with a few bytes left is not taken for one with room. */
const PROBE_BYTES = new Uint8Array(16 * 1024);

async function probe(context: WriteContext, dir: string): Promise<void> {
  const temp = context.temps.reserve(join(dir, 'probe'));
  try {
    await createSynced(context, temp, PROBE_BYTES, DEFAULT_FILE_MODE);
  } finally {
    await context.fs.unlink(temp).catch(() => undefined);
    context.temps.release(temp);
  }
}

async function removeDurably(context: WriteContext, path: string): Promise<void> {
  try {
    await context.fs.unlink(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  await context.syncDirectory(dirname(path));
}

async function openCreatingDirectories(context: WriteContext, file: string, mode: number): Promise<FileHandle> {
  // The directory usually exists, so try first. Retry a few times because a concurrent
  // removeEmptyDirectory (document remove) may delete the directory between mkdir and open.
  for (let attempt = 0; ; attempt++) {
    try {
      return await context.fs.open(file, 'wx', mode);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' || attempt >= 5) throw error;
      await makeDirectoryDurably(context, dirname(file));
    }
  }
}

async function makeDirectoryDurably(context: WriteContext, dir: string): Promise<void> {
  const firstCreated = await context.fs.mkdir(dir, { recursive: true, mode: DIRECTORY_MODE });
  if (firstCreated === undefined) return;
  // Each new directory's entry lives in its parent: fsync from the first existing ancestor down.
  // `dir` itself is synced after the rename that follows.
  const top = dirname(firstCreated);
  for (let current = dirname(dir); ; current = dirname(current)) {
    await context.syncDirectory(current);
    if (current === top || dirname(current) === current) break;
  }
}

async function isDirectory(fs: WriteFs, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    throw error;
  }
}
