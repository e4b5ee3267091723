/**
 * A project's data as one store, whichever holds it (`data/` or PostgreSQL): its documents and its
 * tables, opened by the commands that move data wholesale (`folio db copy`, `folio import`).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, type DatabaseConfig } from '../config/index.js';
import { createFileDocuments, createFileStore, createPostgresDocuments, openTable, type DocumentAdapter, type Row, type StoredDocument, type Table } from '../storage/index.js';
import { openSpool, postgresDeliveries, type DeliveryRow, type DeliveryStore } from '../webhooks/index.js';
import { openDatabase } from './database.js';
import { projectPaths, TABLES, type TableName } from './paths.js';

export interface DataStore {
  /** Where the data is: `data/` or the database, without its password. */
  shown: string;
  documents: DocumentAdapter;
  tables: Record<TableName, Table<Row>>;
  /** Webhook deliveries, waiting and finished (on the files store, the finished ones are the `deliveries` table). */
  deliveries: DeliveryStore;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Empty or not
// ---------------------------------------------------------------------------------------------

/**
 * The tables whose rows people made (accounts, their sessions, API tokens): with the documents,
 * what makes a store not empty. The built-in roles and permissions every new store is seeded with
 * do not count, nor do config and content types (files in the project either way).
 */
export const ACCOUNT_TABLES = ['users', 'sessions', 'tokens'] as const satisfies readonly TableName[];

/** How many documents a store holds, and rows in each of the ACCOUNT_TABLES. */
export type Holdings = { documents: number } & Record<(typeof ACCOUNT_TABLES)[number], number>;

/**
 * A store is empty when it holds no document and no account (see ACCOUNT_TABLES). `folio db copy`
 * copies only into an empty store; `folio serve` on an empty database says so when data/ is not.
 */
export function isEmptyStore(held: Holdings): boolean {
  return held.documents === 0 && ACCOUNT_TABLES.every((name) => held[name] === 0);
}

/** The rows of each account table. */
export function accountRows(tables: Record<TableName, Table<Row>>): Omit<Holdings, 'documents'> {
  return Object.fromEntries(ACCOUNT_TABLES.map((name) => [name, tables[name].rows().length])) as Omit<Holdings, 'documents'>;
}

const HOLDING_NAMES: Record<keyof Holdings, [one: string, many: string]> = {
  documents: ['document', 'documents'],
  users: ['user', 'users'],
  sessions: ['session', 'sessions'],
  tokens: ['API token', 'API tokens'],
};

/**
 * What a store holds, in words, leaving out what it holds none of.
 * @example describeHoldings({ documents: 2, users: 1, sessions: 0, tokens: 3 }) // '2 documents, 1 user and 3 API tokens'
 */
export function describeHoldings(held: Holdings): string {
  const parts = (Object.keys(HOLDING_NAMES) as Array<keyof Holdings>)
    .filter((name) => held[name] > 0)
    .map((name) => `${held[name]} ${HOLDING_NAMES[name][held[name] === 1 ? 0 : 1]}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}

/**
 * What the files store in `dataDir` holds: the documents of `types` (a folder each, so no file is
 * parsed) and the account rows. Nothing is written.
 */
async function filesHoldings(dataDir: string, types: readonly string[]): Promise<Holdings> {
  const files = createFileStore();
  const documents = createFileDocuments(files, dataDir);
  const counts = await Promise.all(types.map(async (type) => (await documents.documentIds(type)).length));
  const tables = await Promise.all(ACCOUNT_TABLES.map(async (name) => [name, (await openTable<Row>(files, dataDir, name)).rows().length] as const));
  return { documents: counts.reduce((sum, count) => sum + count, 0), ...Object.fromEntries(tables) } as Holdings;
}

export interface LeftBehindOptions {
  /** What the database holds. */
  database: Holdings;
  /** The database, without its password. */
  databaseShown: string;
  /** The project's data/ folder, and how to name it. */
  dataDir: string;
  dataShown: string;
  /** The project's content types (singular names). */
  types: readonly string[];
}

/**
 * A project switched to an empty database while its data/ holds documents or accounts serves none
 * of them: the line to warn with, naming what data/ holds and the command that copies it. Undefined
 * when the database is not empty (data/ is then an old copy, or a backup) or data/ holds nothing to
 * copy. An empty database may be intended: this is a warning, never a refusal to start.
 * @example const line = await dataLeftBehind({ database, databaseShown, dataDir, dataShown: 'data/', types }); if (line) log.warn(line);
 */
export async function dataLeftBehind(options: LeftBehindOptions): Promise<string | undefined> {
  if (!isEmptyStore(options.database)) return undefined;
  let held: Holdings;
  try {
    held = await filesHoldings(options.dataDir, options.types);
  } catch {
    return undefined; // a data/ the server does not use cannot be read: no reason to stop, nor to guess
  }
  if (isEmptyStore(held)) return undefined;
  return `the database ${options.databaseShown} is empty (no documents, no users) but ${options.dataShown} holds ${describeHoldings(held)}, which are not served from it: to move them in, stop the server and run folio db copy --to <postgres-url>`;
}

// ---------------------------------------------------------------------------------------------
// Opening a store
// ---------------------------------------------------------------------------------------------

/** The files store in `dataDir` (made when missing). */
export async function openFilesDataStore(dataDir: string): Promise<DataStore> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const files = createFileStore();
  const tables = Object.fromEntries(await Promise.all(TABLES.map(async (name) => [name, await openTable<Row>(files, dataDir, name)] as const))) as DataStore['tables'];
  const deliveries = await openSpool(files, join(dataDir, 'deliveries'), tables.deliveries as unknown as Table<DeliveryRow>);
  return { shown: 'data/', documents: createFileDocuments(files, dataDir), tables, deliveries, close: files.whenIdle };
}

/** The PostgreSQL store of `settings` (connected and migrated). */
export async function openPostgresDataStore(settings: DatabaseConfig): Promise<DataStore> {
  const database = await openDatabase(settings);
  return { shown: database.db.shown, documents: createPostgresDocuments(database.db), tables: database.tables, deliveries: postgresDeliveries(database.db), close: () => database.db.close() };
}

/** The store the project's config names (`database.client`, or DATABASE_URL). */
export async function openDataStore(root: string, env: Record<string, string | undefined>): Promise<DataStore> {
  const config = await loadConfig(root, { env });
  return config.database.client === 'postgres' ? openPostgresDataStore(config.database) : openFilesDataStore(projectPaths(root, env).data);
}

/** The versions of each document together, the draft of each locale first, as the server writes them. */
export function byDocument(versions: readonly StoredDocument[]): StoredDocument[][] {
  const grouped = new Map<string, StoredDocument[]>();
  for (const version of versions) {
    const key = `${version.key.type}\u0000${version.key.documentId}`;
    let group = grouped.get(key);
    if (!group) grouped.set(key, (group = []));
    group.push(version);
  }
  return [...grouped.values()].map((group) => group.sort((a, b) => (a.key.status === b.key.status ? 0 : a.key.status === 'draft' ? -1 : 1)));
}

/** How many documents are written at once. */
const WRITE_WINDOW = 32;

async function writeDocuments(to: DataStore, versions: readonly StoredDocument[]): Promise<void> {
  const groups = byDocument(versions);
  let next = 0;
  const worker = async () => {
    while (next < groups.length) await to.documents.putAll(groups[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_WINDOW, groups.length) }, worker));
}

async function setRows(table: Table<Row>, rows: readonly Row[], nextId: number): Promise<void> {
  await table.update((data) => {
    data.rows = structuredClone([...rows]);
    data.nextId = Math.max(nextId, data.nextId);
  });
}

/**
 * Writes every document of `from` and the rows of `tables` into `to`. With `replace`, what `to`
 * held of them is removed first, and put back if the write (or `andThen`, the caller's own last
 * step) fails. Answers the number of document versions written.
 * @example await copyStoreData(files, database, { tables: TABLES });
 */
export async function copyStoreData(from: DataStore, to: DataStore, options: { tables: readonly TableName[]; replace?: boolean }, andThen?: () => Promise<void>): Promise<number> {
  const versions = await from.documents.list();
  const before = options.replace ? await to.documents.list() : [];
  const rowsBefore = new Map(options.tables.map((name) => [name, { rows: structuredClone([...to.tables[name].rows()]), nextId: to.tables[name].nextId() }]));
  const clear = async () => {
    for (const version of await to.documents.list()) await to.documents.remove(version.key);
  };
  try {
    if (options.replace) await clear();
    await writeDocuments(to, versions);
    for (const name of options.tables) await setRows(to.tables[name], from.tables[name].rows(), from.tables[name].nextId());
    await andThen?.();
  } catch (error) {
    if (options.replace) {
      await clear();
      await writeDocuments(to, before);
      for (const [name, { rows, nextId }] of rowsBefore) await setRows(to.tables[name], rows, nextId);
    }
    throw error;
  }
  return versions.length;
}
