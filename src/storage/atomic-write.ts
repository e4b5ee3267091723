/**
 * Every disk mutation of the store goes through this file (STYLE.md principle 6): temp file →
 * `fh.sync()` → rename → fsync of the directory, behind a per-path queue that coalesces like steno.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { errorCode, isProcessAlive } from './fs-errors.js';
import { mapLimit } from './map-limit.js';

export interface WriteFileOptions {
  /** File mode of the written file; default 0o600 because tables hold password hashes and tokens. */
  mode?: number;
}

export interface RemoveStaleTempFilesOptions {
  /**
   * A temp file whose writer pid is still alive is kept (it may be mid-write in the server while the
   * CLI starts), unless it is older than this: then the pid has been reused. Default one hour.
   */
  maxAgeMs?: number;
}

const DEFAULT_FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;
const DEFAULT_TEMP_MAX_AGE_MS = 60 * 60 * 1000;
/** `.<basename>.<pid>.<12 hex>.tmp`, see {@link reserveTempPath}. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

type Operation = { kind: 'write'; data: string | Uint8Array; mode: number } | { kind: 'remove' };

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** One path's queue: at most one operation running and one pending (the newest wins). */
interface PathQueue {
  pending: { operation: Operation; waiters: Waiter[] } | null;
}

const queues = new Map<string, PathQueue>();
/** Multi-step mutations (a table update waiting for its lock, a remove and its rmdir) still running. */
let trackedTasks = 0;
const idleWaiters: Array<() => void> = [];
const tempFilesInUse = new Set<string>();

/**
 * Atomically replaces `path` with `data` and resolves once it is durable. Missing parent
 * directories are created. Writes to one path never interleave; while one runs, newer writes to
 * the same path coalesce and only the newest is written, and each caller resolves once data at
 * least as new as its own is on disk.
 *
 * @example
 * await writeFileAtomic('data/users.json', stableStringify({ nextId: 1, rows: [] }));
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteFileOptions = {}): Promise<void> {
  return enqueue(resolve(path), { kind: 'write', data, mode: options.mode ?? DEFAULT_FILE_MODE });
}

/**
 * Durably deletes `path` (unlink, then fsync of its directory); a missing file is a no-op. It shares
 * `path`'s queue with {@link writeFileAtomic}, so a remove and a write issued in that order land in that order.
 *
 * @example
 * await removeFile('data/content/article/abc/draft.en.json');
 */
export function removeFile(path: string): Promise<void> {
  return enqueue(resolve(path), { kind: 'remove' });
}

/**
 * Resolves when no write or remove is running or queued, e.g. before exiting on SIGTERM.
 *
 * @example
 * process.once('SIGTERM', async () => { server.close(); await whenIdle(); process.exit(0); });
 */
export function whenIdle(): Promise<void> {
  if (isIdle()) return Promise.resolve();
  return new Promise((wake) => idleWaiters.push(wake));
}

/**
 * Recursively deletes temp files (`.<name>.<pid>.<random>.tmp`) that a crashed writer left under
 * `dir`, and answers their paths. Files of a live writer are kept; other names are never touched.
 *
 * @example
 * await removeStaleTempFiles('data'); // at startup, before reading anything
 */
export async function removeStaleTempFiles(dir: string, options: RemoveStaleTempFilesOptions = {}): Promise<string[]> {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_TEMP_MAX_AGE_MS;
  const removed: string[] = [];
  let level = [dir];
  while (level.length > 0) {
    const found = await mapLimit(level, 16, async (current) => {
      const subdirectories: string[] = [];
      for (const entry of await readDirectory(current)) {
        const path = join(current, entry.name);
        if (entry.isDirectory()) subdirectories.push(path);
        else if (entry.isFile() && (await isStaleTempFile(path, entry.name, maxAgeMs))) {
          await unlink(path).catch(ignoreCode('ENOENT'));
          removed.push(path);
        }
      }
      return subdirectories;
    });
    level = found.flat();
  }
  return removed;
}

// ---------------------------------------------------------------------------------------------
// Internals shared with the other storage files (not exported from index.ts)
// ---------------------------------------------------------------------------------------------

/** A unique temp name next to `path`, matching the pattern {@link removeStaleTempFiles} sweeps. */
export function reserveTempPath(path: string): string {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  tempFilesInUse.add(resolve(temp));
  return temp;
}

export function releaseTempPath(temp: string): void {
  tempFilesInUse.delete(resolve(temp));
}

/**
 * Counts `task` as work in progress for {@link whenIdle} until it settles, so a table update
 * still waiting for its lock (not yet queued here) is not cut off by a shutdown.
 */
export async function track<T>(task: () => Promise<T>): Promise<T> {
  trackedTasks++;
  try {
    return await task();
  } finally {
    trackedTasks--;
    wakeIfIdle();
  }
}

/** fsync a directory so a rename/unlink/create inside it survives a power cut. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) and file systems cannot open or fsync a directory; the rename is
    // still atomic there, only its durability across a power cut is weaker.
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EACCES', 'ENOTSUP', 'EBADF'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

/** Removes `dir` if it is empty (and fsyncs its parent); a non-empty or missing one is left alone. */
export async function removeEmptyDirectory(dir: string): Promise<void> {
  try {
    await rmdir(dir);
  } catch (error) {
    if (['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '')) return;
    throw error;
  }
  await syncDirectory(dirname(dir));
}

// ---------------------------------------------------------------------------------------------
// The per-path queue
// ---------------------------------------------------------------------------------------------

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
      if (operation.kind === 'write') await writeDurably(path, operation.data, operation.mode);
      else await removeDurably(path);
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
  }
  queues.delete(path);
  wakeIfIdle();
}

function isIdle(): boolean {
  return queues.size === 0 && trackedTasks === 0;
}

function wakeIfIdle(): void {
  if (isIdle()) for (const wake of idleWaiters.splice(0)) wake();
}

async function writeDurably(path: string, data: string | Uint8Array, mode: number): Promise<void> {
  const dir = dirname(path);
  const temp = reserveTempPath(path);
  let handle: FileHandle | undefined;
  try {
    handle = await openCreatingDirectories(temp, mode);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, path);
    await syncDirectory(dir);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined); // after a successful rename this is ENOENT
    throw error;
  } finally {
    releaseTempPath(temp);
  }
}

async function removeDurably(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  await syncDirectory(dirname(path));
}

async function openCreatingDirectories(file: string, mode: number): Promise<FileHandle> {
  // The directory usually exists, so try first. Retry a few times because a concurrent
  // removeEmptyDirectory (document remove) may delete the directory between mkdir and open.
  for (let attempt = 0; ; attempt++) {
    try {
      return await open(file, 'wx', mode);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' || attempt >= 5) throw error;
      await makeDirectoryDurably(dirname(file));
    }
  }
}

async function makeDirectoryDurably(dir: string): Promise<void> {
  const firstCreated = await mkdir(dir, { recursive: true, mode: DIRECTORY_MODE });
  if (firstCreated === undefined) return;
  // Each new directory's entry lives in its parent: fsync from the first existing ancestor down.
  // `dir` itself is synced after the rename that follows.
  const top = dirname(firstCreated);
  for (let current = dirname(dir); ; current = dirname(current)) {
    await syncDirectory(current);
    if (current === top || dirname(current) === current) break;
  }
}

async function isStaleTempFile(path: string, name: string, maxAgeMs: number): Promise<boolean> {
  const match = TEMP_NAME.exec(name);
  if (!match) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return !tempFilesInUse.has(resolve(path));
  if (!isProcessAlive(pid)) return true;
  try {
    return Date.now() - (await stat(path)).mtimeMs > maxAgeMs;
  } catch {
    return false;
  }
}

async function readDirectory(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return [];
    throw error;
  }
}

function ignoreCode(code: string) {
  return (error: unknown): void => {
    if (errorCode(error) !== code) throw error;
  };
}
