/**
 * Cross-process lock for read-modify-write, because the `folio` CLI and a running server share
 * `data/` (lowdb's README "Limits": it assumes a single writer process).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApplicationError } from '../errors.js';
import { errorCode } from './fs-errors.js';
import { isWriterGone, PROCESS_TAG } from './process-tag.js';
import type { TempNames } from './temp-files.js';

export interface LockOptions {
  /** How long to wait for the lock before giving up with an ApplicationError; default 10 s. */
  timeoutMs?: number;
}

/** See FileStore.withLock. */
export type WithLock = <T>(lockPath: string, fn: () => T | Promise<T>, options?: LockOptions) => Promise<T>;

const DEFAULT_TIMEOUT_MS = 10_000;
/** A holder writes its pid microseconds after creating the file; an empty file this old lost its holder. */
const UNWRITTEN_LOCK_STALE_MS = 2_000;
const FIRST_DELAY_MS = 2;
const MAX_DELAY_MS = 50;
const LOCK_CONTENT = /^(\d+):([0-9a-f]+)$/;

/**
 * A `withLock` with its own in-process queues and its own record of the locks held by the current
 * call chain: callers of one store wait in line in memory, other stores (of this process or
 * another) wait on the lock file, and nesting counts within one store only.
 *
 * @example
 * const withLock = createLock(createTempFiles());
 * await withLock('data/.users.lock', () => updateUsers());
 */
export function createLock(temps: TempNames): WithLock {
  /** Tail of each lock's in-process queue, so callers of this store wait in line, not on the file. */
  const localTails = new Map<string, Promise<void>>();
  /** Locks held by the current async call chain, so nesting `withLock` on the same lock does not deadlock. */
  const heldHere = new AsyncLocalStorage<ReadonlyMap<string, { active: boolean }>>();
  /** Calls of `withLock` holding a lock right now, in any call chain. */
  let holdsHere = 0;

  return async function withLock<T>(lockPath: string, fn: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
    const key = resolve(lockPath);
    const outer = heldHere.getStore();
    if (outer?.get(key)?.active) return await fn();

    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const leaveLine = await waitInLine(localTails, key, lockPath, deadline);
    try {
      const nonce = await acquireFile(temps, lockPath, deadline);
      // `active` goes false on release, so work that fn started but did not await cannot ride on the lock later.
      const token = { active: true };
      holdsHere++;
      try {
        return await heldHere.run(new Map(outer).set(key, token), fn);
      } finally {
        token.active = false;
        // An enabled AsyncLocalStorage puts a hook on every promise of the process, requests included:
        // keep it enabled only while some lock is held (`run` enables it again).
        if (--holdsHere === 0) heldHere.disable();
        await releaseFile(lockPath, nonce);
      }
    } finally {
      leaveLine();
    }
  };
}

// ---------------------------------------------------------------------------------------------
// In-process queue
// ---------------------------------------------------------------------------------------------

async function waitInLine(localTails: Map<string, Promise<void>>, key: string, lockPath: string, deadline: number): Promise<() => void> {
  const previous = localTails.get(key) ?? Promise.resolve();
  let leave!: () => void;
  const mine = new Promise<void>((done) => (leave = done));
  const tail = previous.then(() => mine);
  localTails.set(key, tail);
  const leaveLine = (): void => {
    leave();
    if (localTails.get(key) === tail) localTails.delete(key);
  };

  const timeout = new AbortController();
  const timer = sleep(Math.max(0, deadline - Date.now()), 'timeout' as const, { signal: timeout.signal }).catch(() => 'aborted' as const);
  const outcome = await Promise.race([previous.then(() => 'turn' as const), timer]);
  timeout.abort();
  if (outcome === 'timeout') {
    // Give our place up: `tail` still resolves once `previous` does, so the queue keeps moving.
    leaveLine();
    throw lockedError(lockPath, process.pid);
  }
  return leaveLine;
}

// ---------------------------------------------------------------------------------------------
// The lock file
// ---------------------------------------------------------------------------------------------

interface LockSnapshot {
  content: string;
  /** Device, inode and mtime: which file this is, so a steal can tell it moved this very file. */
  identity: string;
  mtimeMs: number;
}

async function acquireFile(temps: TempNames, lockPath: string, deadline: number): Promise<string> {
  // Begins with the process tag, so other stores of this process know the lock is alive (see isStale).
  const nonce = `${PROCESS_TAG}${randomBytes(5).toString('hex')}`;
  let delay = FIRST_DELAY_MS;
  for (;;) {
    if (await tryCreate(lockPath, `${process.pid}:${nonce}`)) return nonce;
    const holder = await readLock(lockPath);
    if (holder === null) continue; // released between our create and our read: try again now
    if (isStale(holder) && (await steal(temps, lockPath, holder))) continue;
    if (Date.now() >= deadline) throw lockedError(lockPath, holderPid(holder.content));
    // Randomised, growing backoff so contenders do not retry in lockstep.
    await sleep(delay * (0.5 + Math.random()));
    delay = Math.min(MAX_DELAY_MS, delay * 1.5);
  }
}

async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(lockPath, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    if (errorCode(error) !== 'ENOENT') throw error;
    await mkdir(dirname(lockPath), { recursive: true, mode: 0o700 });
    return tryCreate(lockPath, content);
  }
  try {
    await handle.writeFile(content);
    await handle.close();
  } catch (error) {
    // Never leave an empty lock behind us (it would block others for UNWRITTEN_LOCK_STALE_MS).
    await handle.close().catch(() => undefined);
    await unlink(lockPath).catch(() => undefined);
    throw error;
  }
  return true;
}

async function readLock(lockPath: string): Promise<LockSnapshot | null> {
  let handle: FileHandle;
  try {
    handle = await open(lockPath, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    // Through one descriptor, so the content and the identity belong to the same file.
    const stats = await handle.stat({ bigint: true });
    const content = await handle.readFile('utf8');
    return { content, identity: `${stats.dev}:${stats.ino}:${stats.mtimeNs}`, mtimeMs: Number(stats.mtimeMs) };
  } finally {
    await handle.close();
  }
}

function isStale(holder: LockSnapshot): boolean {
  const match = LOCK_CONTENT.exec(holder.content);
  if (!match) return Date.now() - holder.mtimeMs > UNWRITTEN_LOCK_STALE_MS;
  // Our own pid without our process tag is a previous process that had our pid (pid 1 in a
  // container); with it, another store of this process holds the lock right now.
  return isWriterGone(Number(match[1]), match[2] as string);
}

/**
 * Moves the stale lock to a private name, then checks it moved the very file it judged stale.
 * If instead it moved a live lock that replaced the stale one meanwhile, it puts that back with
 * `link` (which fails rather than overwrite) and answers false. Residual risk: if a third process
 * creates a lock in the microseconds between our rename and our link, the link fails and two
 * holders exist; that needs two processes to race over a lock left by a crash, at the same instant.
 */
async function steal(temps: TempNames, lockPath: string, stale: LockSnapshot): Promise<boolean> {
  const aside = temps.reserve(lockPath);
  try {
    try {
      await rename(lockPath, aside);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return true; // someone else removed it: retry at once
      throw error;
    }
    const moved = await readLock(aside);
    if (moved === null) return true;
    if (moved.identity === stale.identity && moved.content === stale.content) {
      await unlink(aside).catch(() => undefined);
      return true;
    }
    try {
      await link(aside, lockPath);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    await unlink(aside).catch(() => undefined);
    return false;
  } finally {
    temps.release(aside);
  }
}

async function releaseFile(lockPath: string, nonce: string): Promise<void> {
  try {
    // Only delete it if it is still ours: if it was (wrongly) taken over, the file is someone else's now.
    if ((await readFile(lockPath, 'utf8')) === `${process.pid}:${nonce}`) await unlink(lockPath);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

function holderPid(content: string): number | undefined {
  const match = LOCK_CONTENT.exec(content);
  return match ? Number(match[1]) : undefined;
}

function lockedError(lockPath: string, pid: number | undefined): ApplicationError {
  const who = pid === undefined ? 'another process' : `process ${pid}`;
  return new ApplicationError(`${displayPath(dirname(lockPath))}/ is locked by ${who} (${displayPath(lockPath)}); try again`, {
    lockPath,
    ...(pid === undefined ? {} : { pid }),
  });
}

/** Paths inside the working directory are shown relative (`data/.users.lock`), others as given. */
function displayPath(path: string): string {
  if (!isAbsolute(path)) return path;
  const inside = relative(process.cwd(), path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}
