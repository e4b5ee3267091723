/**
 * Which writer made a temp file or a lock file. Both carry the writer's pid and then hex digits that
 * begin with {@link PROCESS_TAG}. The pid alone cannot tell this process from an earlier one that had
 * the same pid (pid 1 in a restarted container), and the file stores of one process (createFileStore)
 * do not know what the others have in use: the tag tells an earlier process's leftovers (stale) from
 * a file another store of this process is using right now (live).
 */
import { randomBytes } from 'node:crypto';
import { isProcessAlive } from './fs-errors.js';

/** Six hex digits drawn once per process and never changed. */
export const PROCESS_TAG = randomBytes(3).toString('hex');

/**
 * Whether the writer that named a file with `pid` and hex digits `hex` is gone: a dead process, or
 * an earlier process that had our pid. A live process, this one included, is not gone.
 */
export function isWriterGone(pid: number, hex: string): boolean {
  if (pid === process.pid) return !hex.startsWith(PROCESS_TAG);
  return !isProcessAlive(pid);
}
