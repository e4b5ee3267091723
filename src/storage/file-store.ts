/**
 * The file store: one project's way onto the disk (made per project, no global state). It owns what its
 * writes and locks keep in memory (the per-path queues, the shared directory fsyncs, the temp files
 * in use, each lock's in-process line and the locks the current call chain holds), so `whenIdle()`
 * waits for this store's work only, and two projects in one process never wait on each other.
 */
import type { Logger } from '../log/index.js';
import { createAtomicWriter, type AtomicWriter, type WriteFs } from './atomic-write.js';
import { createStorageHealth } from './faults.js';
import { createLock, type LockOptions } from './lock.js';
import { createTempFiles, type RemoveStaleTempFilesOptions } from './temp-files.js';

/** An atomic writer (see AtomicWriter), a cross-process lock and the temp-file sweep, sharing one store's state. */
export interface FileStore extends AtomicWriter {
  /**
   * Runs `fn` while holding the lock file `lockPath`, excluding other processes, other stores and
   * other callers of this store. A nested call on the same lock and store from inside `fn` runs at
   * once. A lock left by a dead process is taken over. After `timeoutMs` it throws an
   * ApplicationError naming the holder's pid.
   *
   * @example
   * await files.withLock('data/.users.lock', async () => {
   *   const users = JSON.parse(await readFile('data/users.json', 'utf8'));
   *   await files.writeFileAtomic('data/users.json', stableStringify(users));
   * });
   */
  withLock<T>(lockPath: string, fn: () => T | Promise<T>, options?: LockOptions): Promise<T>;

  /**
   * Recursively deletes temp files (`.<name>.<pid>.<random>.tmp`), and temp folders of new documents,
   * that a crashed writer left under `dir`, and answers their paths. Those of a live writer (another
   * process, or another store of this one) are kept; other names are never touched.
   *
   * @example
   * await files.removeStaleTempFiles('data'); // at startup, before reading anything
   */
  removeStaleTempFiles(dir: string, options?: RemoveStaleTempFilesOptions): Promise<string[]>;

  /**
   * Of `paths`, files and folders that a walk met (the document loader's), removes the stale temp
   * ones by the rules of removeStaleTempFiles and answers them; other names are never touched.
   *
   * @example
   * await files.removeStaleTempFilesAmong(['data/content/article/abc/.draft.en.json.4242.0123456789ab.tmp']);
   */
  removeStaleTempFilesAmong(paths: readonly string[], options?: RemoveStaleTempFilesOptions): Promise<string[]>;

  /**
   * Why the store cannot take writes now (its disk is full, read-only or failing: the message its
   * refused writes answer), or undefined. Set by a write that fails so, cleared by one that succeeds.
   *
   * @example
   * if (files.problem()) await files.probe('data').catch(() => undefined); // still full?
   */
  problem(): string | undefined;
}

export interface FileStoreOptions {
  /** Where a storage fault (a full disk) is logged, once a minute. */
  log?: Logger;
  /** The file system calls of the writes (tests pass calls that fail). Default: Node's. */
  fs?: WriteFs;
  /** See AtomicWriterOptions: atomic writes without an fsync each, for a folder made durable whole. */
  deferSync?: boolean;
}

/**
 * A new file store, with nothing queued, held or in use. A project opens one and passes it to its
 * tables, documents and every other writer; a test builds a fresh one.
 *
 * @example
 * const files = createFileStore();
 * const users = await openTable<User>(files, 'data', 'users');
 * const documents = createFileDocuments(files, 'data');
 * await files.whenIdle(); // every write above is on disk
 */
export function createFileStore(options: FileStoreOptions = {}): FileStore {
  const temps = createTempFiles();
  // A write that fails for the storage's sake is an InsufficientStorageError; one that succeeds says the storage is back.
  const health = createStorageHealth({ log: options.log });
  const lock = createLock(temps);
  return {
    ...createAtomicWriter(temps, health, options.fs, { deferSync: options.deferSync }),
    // Taking a lock writes its file: a full disk refuses that too.
    withLock: (lockPath, fn, lockOptions) => lock(lockPath, fn, lockOptions).catch((error: unknown) => Promise.reject(health.failed(error))),
    removeStaleTempFiles: temps.removeStale,
    removeStaleTempFilesAmong: temps.removeStaleAmong,
    problem: health.problem,
  };
}

/**
 * Runs `fn` with a file store of its own and resolves (or rejects) once that store is idle: for
 * work done once, such as a CLI command writing a config file, that no project's store outlives.
 *
 * @example
 * await withFileStore((files) => files.writeFileAtomic('content-types/article.yaml', yaml, { mode: 0o644 }));
 */
export async function withFileStore<T>(fn: (files: FileStore) => Promise<T>): Promise<T> {
  const files = createFileStore();
  try {
    return await fn(files);
  } finally {
    await files.whenIdle();
  }
}
