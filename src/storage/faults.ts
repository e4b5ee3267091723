/**
 * Faults of the storage itself rather than of one write: the disk is full or over quota, mounted
 * read-only, or failing. A write that meets one fails with an InsufficientStorageError (a 507)
 * whose message says which, never a path. The store is unwritable from then until a write or a
 * probe succeeds, and the cause is logged once a minute, not once a request.
 */
import { InsufficientStorageError } from '../errors.js';
import type { Logger } from '../log/index.js';
import { messages } from '../messages.js';
import { errorCode } from './fs-errors.js';

const FAULTS: Readonly<Record<string, string>> = {
  ENOSPC: messages.storageFull,
  EDQUOT: messages.storageOverQuota,
  EROFS: messages.storageReadOnly,
  EIO: messages.storageFailing,
};
const LOG_EVERY_MS = 60_000;

/** Whether the store can take writes, as its last write (or probe) found. */
export interface StorageHealth {
  /** Why the store cannot take writes now (the message a refused write answers), or undefined. */
  problem(): string | undefined;
  /**
   * What a failed write throws: an InsufficientStorageError for a storage fault (noted), `error`
   * itself for any other. A probe's failure (`probe: true`) is noted but not counted as a refused write.
   */
  failed(error: unknown, options?: { probe?: boolean }): unknown;
  /** A write (or a probe) went through: the storage takes writes again. */
  succeeded(): void;
}

export interface StorageHealthOptions {
  log?: Logger;
  /** The clock of the once-a-minute log; tests pass one they control. */
  now?: () => number;
}

/**
 * @example const health = createStorageHealth({ log }); try { await write(); health.succeeded(); } catch (error) { throw health.failed(error); }
 */
export function createStorageHealth({ log, now = Date.now }: StorageHealthOptions = {}): StorageHealth {
  let fault: { code: string; message: string } | undefined;
  let loggedAt = -Infinity;
  let refusedSinceLog = 0;

  return {
    problem: () => fault?.message,
    failed(error, { probe = false } = {}) {
      if (error instanceof InsufficientStorageError) return error; // a nested write said it already
      const code = errorCode(error);
      const message = code === undefined ? undefined : FAULTS[code];
      if (message === undefined) return error;
      fault = { code, message } as { code: string; message: string };
      if (probe) return error;
      refusedSinceLog++;
      if (now() - loggedAt >= LOG_EVERY_MS) {
        const count = refusedSinceLog === 1 ? 'a write was refused' : `${refusedSinceLog} writes were refused in the last minute`;
        log?.error(`storage: ${count}: ${message} (${code})`);
        loggedAt = now();
        refusedSinceLog = 0;
      }
      return new InsufficientStorageError(message, {}, { cause: error });
    },
    succeeded() {
      if (fault === undefined) return;
      fault = undefined;
      loggedAt = -Infinity;
      refusedSinceLog = 0;
      log?.info('storage: writes succeed again');
    },
  };
}
