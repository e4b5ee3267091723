/**
 * Temp files of atomic writes: their names (`.<basename>.<pid>.<12 hex>.tmp` beside the target),
 * the ones a file store is using right now, and the sweep that removes those a crashed writer left.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { errorCode } from './fs-errors.js';
import { mapLimit } from './map-limit.js';
import { isWriterGone, PROCESS_TAG } from './process-tag.js';

export interface RemoveStaleTempFilesOptions {
  /**
   * A temp file whose writer pid is still alive is kept (it may be mid-write in the server while the
   * CLI starts), unless it is older than this: then the pid has been reused. Default one hour.
   */
  maxAgeMs?: number;
  /** Folders not to walk, because another walk sweeps them (the document loader, see openProject). */
  except?: readonly string[];
}

/** The temp names of one file store, and its sweeps, which never take a temp file it is using. */
export interface TempFiles {
  /**
   * A unique temp name for `path`, matching the pattern the sweep looks for, in use until released:
   * next to `path`, or in `dir` (a staging folder on the same file system).
   */
  reserve(path: string, dir?: string): string;
  release(temp: string): void;
  /** See FileStore.removeStaleTempFiles. */
  removeStale(dir: string, options?: RemoveStaleTempFilesOptions): Promise<string[]>;
  /** See FileStore.removeStaleTempFilesAmong. */
  removeStaleAmong(paths: readonly string[], options?: RemoveStaleTempFilesOptions): Promise<string[]>;
}

/** What a writer needs of TempFiles: a name for each temp file, and to say when it is done with it. */
export type TempNames = Pick<TempFiles, 'reserve' | 'release'>;

const DEFAULT_TEMP_MAX_AGE_MS = 60 * 60 * 1000;
/** `.<basename>.<pid>.<12 hex>.tmp`; the hex digits begin with the writer's PROCESS_TAG. */
const TEMP_NAME = /^\..+\.(\d+)\.([0-9a-f]{12})\.tmp$/;
const COUNTER_RANGE = 2 ** 24;

/**
 * A file store's temp names: the process tag, then six hex digits of a counter (cheaper than random
 * bytes on every write). The counter starts at random, so two stores of one process writing the same
 * path at the same moment almost never pick the same name.
 *
 * @example
 * const temps = createTempFiles();
 * const temp = temps.reserve('data/users.json'); // data/.users.json.4242.<12 hex>.tmp
 * temps.release(temp);
 */
export function createTempFiles(): TempFiles {
  const inUse = new Set<string>();
  let counter = randomBytes(3).readUIntBE(0, 3);
  const isUsing = (path: string) => inUse.has(resolve(path));

  return {
    reserve(path, dir = dirname(path)) {
      counter = (counter + 1) % COUNTER_RANGE;
      const temp = join(dir, `.${basename(path)}.${process.pid}.${PROCESS_TAG}${counter.toString(16).padStart(6, '0')}.tmp`);
      inUse.add(resolve(temp));
      return temp;
    },
    release(temp) {
      inUse.delete(resolve(temp));
    },
    removeStale: (dir, options = {}) => removeStaleUnder(dir, options, isUsing),
    async removeStaleAmong(paths, options = {}) {
      const removed: string[] = [];
      for (const path of paths) if (await removeIfStale(path, options.maxAgeMs ?? DEFAULT_TEMP_MAX_AGE_MS, isUsing)) removed.push(path);
      return removed;
    },
  };
}

async function removeStaleUnder(dir: string, options: RemoveStaleTempFilesOptions, isUsing: (path: string) => boolean): Promise<string[]> {
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
          if (await removeIfStale(path, maxAgeMs, isUsing)) removed.push(path);
          else if (!except.has(resolve(path))) subdirectories.push(path);
        } else if (entry.isFile() && (await removeIfStale(path, maxAgeMs, isUsing))) removed.push(path);
      }
      return subdirectories;
    });
    level = found.flat();
  }
  return removed;
}

/** Removes `path` if it is a stale temp file, or the stale temp folder of a new document (see writeFilesAtomic). */
async function removeIfStale(path: string, maxAgeMs: number, isUsing: (path: string) => boolean): Promise<boolean> {
  if (!(await isStaleTempFile(path, maxAgeMs, isUsing))) return false;
  await rm(path, { recursive: true, force: true });
  return true;
}

async function isStaleTempFile(path: string, maxAgeMs: number, isUsing: (path: string) => boolean): Promise<boolean> {
  const match = TEMP_NAME.exec(basename(path));
  if (!match) return false;
  if (isWriterGone(Number(match[1]), match[2] as string)) return true;
  if (isUsing(path)) return false;
  // A live writer's, maybe mid-write: another process's, or another store's of this one.
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
