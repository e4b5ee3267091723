/**
 * Every disk mutation of the store goes through this file (STYLE.md principle 6): temp file →
 * `fh.sync()` → rename → fsync of the directory, behind a per-path queue that coalesces like steno.
 * Concurrent fsyncs of one directory are shared (group commit), and the versions of one document
 * are written as one: their temp files synced together, or a new document's whole directory at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
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
  /** Folders not to walk, because another walk sweeps them (the document loader, see openProject). */
  except?: readonly string[];
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

export interface DirectoryFile {
  /** A plain file name inside the directory. */
  name: string;
  data: string | Uint8Array;
}

/**
 * Atomically writes several files of one directory and resolves once all of them are durable:
 * their temp files are written and synced in parallel, renamed into place in the order given (a
 * crash leaves a prefix of the list new, never a later file without an earlier one), then the
 * directory is synced once. When `dir` does not exist yet, the files are written into a fresh
 * temp directory that is renamed into place: all of them appear at once, or none.
 *
 * It bypasses the per-path queue of {@link writeFileAtomic}: callers must not write the same
 * paths concurrently (the file document adapter queues writes per document).
 *
 * @example
 * await writeFilesAtomic('data/content/article/abc', [{ name: 'draft.en.json', data: draft }, { name: 'published.en.json', data: published }]);
 */
export function writeFilesAtomic(dir: string, files: readonly DirectoryFile[], options: WriteFileOptions = {}): Promise<void> {
  const mode = options.mode ?? DEFAULT_FILE_MODE;
  return track(async () => {
    const target = resolve(dir);
    if (!(await isDirectory(target))) return createDirectoryWith(target, files, mode);
    try {
      await replaceFilesIn(target, files, mode);
    } catch (error) {
      // Removed since we looked (its last version deleted): make it anew.
      if (errorCode(error) !== 'ENOENT') throw error;
      await createDirectoryWith(target, files, mode);
    }
  });
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
 * Recursively deletes temp files (`.<name>.<pid>.<random>.tmp`), and temp folders of new documents,
 * that a crashed writer left under `dir`, and answers their paths. Those of a live writer are kept;
 * other names are never touched.
 *
 * @example
 * await removeStaleTempFiles('data'); // at startup, before reading anything
 */
export async function removeStaleTempFiles(dir: string, options: RemoveStaleTempFilesOptions = {}): Promise<string[]> {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_TEMP_MAX_AGE_MS;
  const except = new Set(options.except?.map((path) => resolve(path)));
  const removed: string[] = [];
  let level = [dir];
  while (level.length > 0) {
    const found = await mapLimit(level, 16, async (current) => {
      const subdirectories: string[] = [];
      for (const entry of await readDirectory(current)) {
        const path = join(current, entry.name);
        if (entry.isDirectory()) {
          if (await removeIfStale(path, maxAgeMs)) removed.push(path);
          else if (!except.has(resolve(path))) subdirectories.push(path);
        } else if (entry.isFile() && (await removeIfStale(path, maxAgeMs))) removed.push(path);
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

/**
 * Of `paths`, files and folders that a walk met (the document loader's), removes the stale temp
 * ones by the rules of {@link removeStaleTempFiles} and answers them; other names are never touched.
 */
export async function removeStaleTempFilesAmong(paths: readonly string[], options: RemoveStaleTempFilesOptions = {}): Promise<string[]> {
  const removed: string[] = [];
  for (const path of paths) if (await removeIfStale(path, options.maxAgeMs ?? DEFAULT_TEMP_MAX_AGE_MS)) removed.push(path);
  return removed;
}

/** A unique temp name next to `path`, matching the pattern {@link removeStaleTempFiles} sweeps. */
export function reserveTempPath(path: string): string {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${nextTempSuffix()}.tmp`);
  tempFilesInUse.add(resolve(temp));
  return temp;
}

/**
 * 12 hex digits, unique in this process: a random start (so a reused pid does not meet its
 * predecessor's leftovers) plus a counter (cheaper than random bytes on every write).
 */
let tempCounter = randomBytes(5).readUIntBE(0, 5);
function nextTempSuffix(): string {
  tempCounter = (tempCounter + 1) % 2 ** 48;
  return tempCounter.toString(16).padStart(12, '0');
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

/**
 * fsync a directory so a rename/unlink/create inside it survives a power cut. Callers that arrive
 * while one fsync of `dir` runs share the next one (it starts after theirs began to wait, so it
 * covers their change): ten documents created at once cost two fsyncs of their type's directory.
 */
export function syncDirectory(dir: string): Promise<void> {
  const running = directorySyncs.get(dir);
  if (!running) return startDirectorySync(dir);
  return (running.next ??= running.done.then(() => startDirectorySync(dir), () => startDirectorySync(dir)));
}

interface DirectorySync {
  done: Promise<void>;
  /** The fsync that waiters arriving during `done` share. */
  next?: Promise<void>;
}

const directorySyncs = new Map<string, DirectorySync>();

function startDirectorySync(dir: string): Promise<void> {
  const sync: DirectorySync = { done: fsyncDirectory(dir) };
  directorySyncs.set(dir, sync);
  void sync.done.then(forget, forget);
  function forget(): void {
    if (directorySyncs.get(dir) === sync && sync.next === undefined) directorySyncs.delete(dir);
  }
  return sync.done;
}

async function fsyncDirectory(dir: string): Promise<void> {
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
    await writeAndSync(handle, data);
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

/** Writes, fsyncs and closes a freshly opened file (closing it even when a step fails). */
async function writeAndSync(handle: FileHandle, data: string | Uint8Array): Promise<void> {
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `path` (it must not exist), writes and fsyncs it. */
async function createSynced(path: string, data: string | Uint8Array, mode: number): Promise<void> {
  await writeAndSync(await open(path, 'wx', mode), data);
}

/** {@link writeFilesAtomic} into an existing directory; ENOENT when `dir` is missing. */
async function replaceFilesIn(dir: string, files: readonly DirectoryFile[], mode: number): Promise<void> {
  const temps = files.map((file) => reserveTempPath(join(dir, file.name)));
  try {
    await allSettled(files.map((file, i) => createSynced(temps[i]!, file.data, mode)));
    for (const [i, file] of files.entries()) await rename(temps[i]!, join(dir, file.name));
    await syncDirectory(dir);
  } catch (error) {
    await Promise.all(temps.map((temp) => unlink(temp).catch(() => undefined)));
    throw error;
  } finally {
    temps.forEach(releaseTempPath);
  }
}

/** Like `Promise.all`, but rejects only once every task has settled, so cleanup never races a write. */
async function allSettled(tasks: Array<Promise<void>>): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * {@link writeFilesAtomic} for a directory that does not exist: the files go into a temp directory
 * beside it (synced with it), which is then renamed into place and its parent synced.
 */
async function createDirectoryWith(dir: string, files: readonly DirectoryFile[], mode: number): Promise<void> {
  const parent = dirname(dir);
  const temp = reserveTempPath(dir);
  try {
    await mkdir(temp, { mode: DIRECTORY_MODE }).catch(async (error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
      await makeDirectoryDurably(parent); // the first document of its type
      await mkdir(temp, { mode: DIRECTORY_MODE });
    });
    await allSettled(files.map((file) => createSynced(join(temp, file.name), file.data, mode)));
    await syncDirectory(temp);
    try {
      await rename(temp, dir);
    } catch (error) {
      // Someone made `dir` meanwhile (rename only replaces an empty directory): write into it instead.
      if (errorCode(error) !== 'ENOTEMPTY' && errorCode(error) !== 'EEXIST') throw error;
      await rm(temp, { recursive: true, force: true });
      await replaceFilesIn(dir, files, mode);
      return;
    }
    await syncDirectory(parent);
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
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

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    throw error;
  }
}

/** Removes `path` if it is a stale temp file, or the stale temp folder of a new document (see writeFilesAtomic). */
async function removeIfStale(path: string, maxAgeMs: number): Promise<boolean> {
  if (!(await isStaleTempFile(path, maxAgeMs))) return false;
  await rm(path, { recursive: true, force: true });
  return true;
}

async function isStaleTempFile(path: string, maxAgeMs: number): Promise<boolean> {
  const match = TEMP_NAME.exec(basename(path));
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
