/**
 * `folio db copy`: moves a project's data between the files store (`data/`) and PostgreSQL, with
 * nothing lost: documents in every status and locale, users with their password hashes, roles,
 * permissions, sessions and API tokens. The copy goes into a store that holds no documents and no
 * accounts yet (the built-in roles a new store is seeded with are replaced); a store that already
 * holds data is refused rather than overwritten.
 */
import { ApplicationError } from '../errors.js';
import { loadConfig, postgresUrl } from '../config/index.js';
import { accountRows, ACCOUNT_TABLES, isEmptyStore } from './holdings.js';
import { copyStoreData, type DataStore } from './store-copy.js';
import { openFilesDataStore, openPostgresDataStore } from './store.js';
import { assertProject, projectEnv, projectPaths, TABLES, type TableName } from './paths.js';

export interface CopyReport {
  /** Where the data went and came from: `data/` or the database, without its password. */
  from: string;
  to: string;
  documents: number;
  /** Rows copied per table. */
  rows: Record<TableName, number>;
}

async function assertEmpty(store: DataStore): Promise<void> {
  const documents = await store.documents.list();
  if (isEmptyStore({ documents: documents.length, ...accountRows(store.tables) })) return;
  const accounts = ACCOUNT_TABLES.filter((name) => store.tables[name].rows().length > 0);
  const held = [documents.length > 0 ? `${documents.length} document version(s)` : '', ...accounts.map((name) => `${store.tables[name].rows().length} ${name}`)].filter(Boolean).join(', ');
  throw new ApplicationError(`${store.shown} already holds data (${held}): folio db copy copies into an empty store and never overwrites one`);
}

async function copy(from: DataStore, to: DataStore): Promise<CopyReport> {
  await assertEmpty(to);
  // Deliveries go store to store, the waiting ones with them: PostgreSQL keeps them in a table of
  // their own, the files store in a spool folder beside its table of finished ones.
  const tables = TABLES.filter((name) => name !== 'deliveries');
  const deliveries = await from.deliveries.all();
  const documents = await copyStoreData(from, to, { tables }, () => to.deliveries.restore(deliveries));
  const rows = Object.fromEntries(tables.map((name) => [name, from.tables[name].rows().length])) as Record<TableName, number>;
  rows.deliveries = deliveries.length;
  return { from: from.shown, to: to.shown, documents, rows };
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
  const files = await openFilesDataStore(paths.data);
  const database = await openPostgresDataStore({ ...config.database, client: 'postgres', connection: { ...config.database.connection, connectionString: url } }, paths);
  try {
    return direction.to !== undefined ? await copy(files, database) : await copy(database, files);
  } finally {
    await Promise.all([files.close(), database.close()]);
  }
}
