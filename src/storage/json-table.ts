/**
 * Tables (users, roles, permissions, sessions, tokens) as lowdb JSON files, safe to share between
 * the CLI and a running server: every `update` re-reads under the lock before it writes.
 */
import { closeSync, fstatSync, openSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { ApplicationError } from '../errors.js';
import type { FileStore } from './file-store.js';
import { errorCode } from './fs-errors.js';
import { assertSafeName } from './names.js';
import { stableStringify } from './stable-json.js';
import { assertTableData, deepFreeze, emptyTableData } from './table-data.js';
import type { Adapter, Row, Table, TableData } from './types.js';

export interface OpenTableOptions {
  /** Passed to the store's `withLock`; default 10 s. */
  lockTimeoutMs?: number;
}

const MISSING = 'missing';

/**
 * Opens (reading it once) the table `<dataDir>/<name>.json`; a missing file is an empty table. Its
 * updates lock and write through `files`, whose `whenIdle()` waits for them.
 *
 * @example
 * const users = await openTable<User>(files, 'data', 'users');
 * const id = await users.update((data) => {
 *   const id = data.nextId++;
 *   data.rows.push({ id, documentId: 'k2j4h5', username: 'ada' });
 *   return id;
 * });
 */
export async function openTable<R extends Row>(files: FileStore, dataDir: string, name: string, options: OpenTableOptions = {}): Promise<Table<R>> {
  assertSafeName(name, 'table name');
  const file = new TableFile<R>(join(dataDir, `${name}.json`), files);
  const lockPath = join(dataDir, `.${name}.lock`);
  // lowdb's Low is the in-memory holder; reads bypass `Low.read()` because it keeps the old data
  // when the adapter answers null, and a table whose file was deleted must become empty.
  const db = new Low<TableData<R>>(file, emptyTableData());
  db.data = deepFreeze((await file.read()) ?? emptyTableData());

  /** Runs under the lock: catch up with other processes, change a copy, write it, then swap it in. */
  async function applyChange<T>(change: (data: TableData<R>) => T): Promise<Awaited<T>> {
    if ((await file.versionOnDisk()) !== file.version) db.data = deepFreeze((await file.read()) ?? emptyTableData());
    const draft = structuredClone(db.data);
    const result = await change(draft);
    assertTableData(draft, `${file.path} (after update)`);
    // Write first, swap after: other requests never see rows that are not durable yet, and a
    // failed write leaves memory as it was. (Not `db.write()`, which writes what is in memory.)
    await file.write(draft);
    db.data = deepFreeze(draft);
    return result;
  }

  return {
    name,
    rows: () => db.data.rows,
    nextId: () => db.data.nextId,
    update: (change) => files.track(() => files.withLock(lockPath, () => applyChange(change), { timeoutMs: options.lockTimeoutMs })),
    refresh: () => {
      if (file.versionOnDiskSync() === file.version) return false;
      db.data = deepFreeze(file.readSync() ?? emptyTableData());
      return true;
    },
  };
}

/**
 * lowdb adapter for one table file. It remembers which version of the file it last read or wrote
 * (device, inode, size, mtime, ctime): every atomic write renames a new inode into place, so any
 * write by another process changes it, and checking costs one stat.
 */
class TableFile<R extends Row> implements Adapter<TableData<R>> {
  /** Version last read or written; null = unknown, forcing a re-read. */
  version: string | null = null;

  constructor(readonly path: string, private readonly files: Pick<FileStore, 'writeFileAtomic'>) {}

  async read(): Promise<TableData<R> | null> {
    this.version = null;
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      this.version = MISSING;
      return null;
    }
    try {
      // Stat and read through one descriptor so the version matches the content exactly.
      const version = versionOf(await handle.stat({ bigint: true }));
      const data = this.parse(await handle.readFile('utf8'));
      this.version = version;
      return data;
    } finally {
      await handle.close();
    }
  }

  readSync(): TableData<R> | null {
    this.version = null;
    let fd;
    try {
      fd = openSync(this.path, 'r');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      this.version = MISSING;
      return null;
    }
    try {
      const version = versionOf(fstatSync(fd, { bigint: true }));
      const data = this.parse(readFileSync(fd, 'utf8'));
      this.version = version;
      return data;
    } finally {
      closeSync(fd);
    }
  }

  async write(data: TableData<R>): Promise<void> {
    this.version = null;
    await this.files.writeFileAtomic(this.path, stableStringify(data));
    // Called under the table lock, so nobody else can have replaced the file since our rename.
    this.version = await this.versionOnDisk();
  }

  async versionOnDisk(): Promise<string> {
    try {
      return versionOf(await stat(this.path, { bigint: true }));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return MISSING;
      throw error;
    }
  }

  versionOnDiskSync(): string {
    const stats = statSync(this.path, { bigint: true, throwIfNoEntry: false });
    return stats ? versionOf(stats) : MISSING;
  }

  /** A corrupt table is an error naming the file, never an empty table that the next write would persist. */
  private parse(text: string): TableData<R> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ApplicationError(`${this.path}: not valid JSON (${(error as Error).message}); fix or restore the file`, { file: this.path }, { cause: error });
    }
    assertTableData<R>(value, this.path);
    return value;
  }
}

// Inode numbers alone can be reused once the old file is gone; with nanosecond times and size they cannot collide in practice.
function versionOf(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}
