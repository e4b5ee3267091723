/**
 * `folio db copy`: moves a project's data between the files store (`data/`) and PostgreSQL, with
 * nothing lost: documents in every status and locale, users with their password hashes, roles,
 * permissions, sessions and API tokens. The copy goes into a store that holds no documents and no
 * accounts yet (the built-in roles a new store is seeded with are replaced); a store that already
 * holds data is refused rather than overwritten.
 */
import { mkdir } from 'node:fs/promises';
import { ApplicationError } from '../errors.js';
import { loadConfig, postgresUrl, type DatabaseConfig } from '../config/index.js';
import { createFileDocuments, createFileStore, createPostgresDocuments, openTable, type DocumentAdapter, type Row, type StoredDocument, type Table } from '../storage/index.js';
import { openDatabase } from './database.js';
import { assertProject, projectEnv, projectPaths, TABLES, type TableName } from './paths.js';

export interface CopyReport {
  /** Where the data went and came from: `data/` or the database, without its password. */
  from: string;
  to: string;
  documents: number;
  /** Rows copied per table. */
  rows: Record<TableName, number>;
}

interface Store {
  shown: string;
  documents: DocumentAdapter;
  tables: Record<TableName, Table<Row>>;
  close(): Promise<void>;
}

/** Tables that hold what a user made: a store with rows in them is not empty. */
const ACCOUNT_TABLES: readonly TableName[] = ['users', 'sessions', 'tokens'];

async function filesStore(dataDir: string): Promise<Store> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const files = createFileStore();
  const tables = Object.fromEntries(await Promise.all(TABLES.map(async (name) => [name, await openTable<Row>(files, dataDir, name)] as const))) as Store['tables'];
  return { shown: 'data/', documents: createFileDocuments(files, dataDir), tables, close: files.whenIdle };
}

async function postgresStore(url: string, base: DatabaseConfig): Promise<Store> {
  const database = await openDatabase({ ...base, client: 'postgres', connection: { ...base.connection, connectionString: url } });
  return { shown: database.db.shown, documents: createPostgresDocuments(database.db), tables: database.tables, close: () => database.db.close() };
}

async function assertEmpty(store: Store): Promise<void> {
  const documents = await store.documents.list();
  const accounts = ACCOUNT_TABLES.filter((name) => store.tables[name].rows().length > 0);
  if (documents.length === 0 && accounts.length === 0) return;
  const held = [documents.length > 0 ? `${documents.length} document version(s)` : '', ...accounts.map((name) => `${store.tables[name].rows().length} ${name}`)].filter(Boolean).join(', ');
  throw new ApplicationError(`${store.shown} already holds data (${held}): folio db copy copies into an empty store and never overwrites one`);
}

/** The versions of each document together, so that each is written as one. */
function byDocument(versions: StoredDocument[]): StoredDocument[][] {
  const grouped = new Map<string, StoredDocument[]>();
  for (const version of versions) {
    const key = `${version.key.type}\u0000${version.key.documentId}`;
    grouped.set(key, [...(grouped.get(key) ?? []), version]);
  }
  // The draft of each locale first, as the server writes them.
  return [...grouped.values()].map((group) => group.sort((a, b) => (a.key.status === b.key.status ? 0 : a.key.status === 'draft' ? -1 : 1)));
}

async function copy(from: Store, to: Store): Promise<CopyReport> {
  await assertEmpty(to);
  const versions = await from.documents.list();
  for (const group of byDocument(versions)) await to.documents.putAll(group);
  const rows = {} as Record<TableName, number>;
  for (const name of TABLES) {
    const source = from.tables[name];
    await to.tables[name].update((data) => {
      data.rows = structuredClone([...source.rows()]);
      data.nextId = Math.max(source.nextId(), data.nextId);
    });
    rows[name] = source.rows().length;
  }
  return { from: from.shown, to: to.shown, documents: versions.length, rows };
}

/**
 * Copies the project's `data/` into the PostgreSQL database at `to`, or the database at `from`
 * into `data/`. Exactly one of the two is given.
 * @example await copyDatabase('site', { to: 'postgres://folio@db/site' }, { env: process.env });
 */
export async function copyDatabase(dir: string, direction: { to?: string; from?: string }, options: { env?: Record<string, string | undefined> } = {}): Promise<CopyReport> {
  if ((direction.to === undefined) === (direction.from === undefined)) throw new ApplicationError('folio db copy takes --to <postgres-url> or --from <postgres-url>');
  const url = (direction.to ?? direction.from)!;
  try {
    postgresUrl(url);
  } catch {
    throw new ApplicationError(`--${direction.to !== undefined ? 'to' : 'from'} must be a URL like postgres://user:password@host:5432/database (the value is not shown: it may hold a password)`);
  }
  await assertProject(projectPaths(dir));
  const env = await projectEnv(dir, options.env);
  const paths = projectPaths(dir, env);
  const config = await loadConfig(paths.root, { env });
  const files = await filesStore(paths.data);
  const database = await postgresStore(url, config.database);
  try {
    return direction.to !== undefined ? await copy(files, database) : await copy(database, files);
  } finally {
    await Promise.all([files.close(), database.close()]);
  }
}
