/**
 * A project's data as one store, whichever holds it (`data/` or PostgreSQL): its documents and its
 * tables, opened by the commands that move data wholesale (`folio db copy`, `folio import`).
 */
import { dirname, resolve } from 'node:path';
import { defaults, loadConfig, type DatabaseConfig } from '../config/index.js';
import { createFileStore, type DocumentAdapter, type Row, type StoredDocument, type Table } from '../storage/index.js';
import type { DeliveryStore } from '../webhooks/index.js';
import { projectPaths, type TableName } from './paths.js';
import { openStore, type ProjectStore } from './store.js';

export interface DataStore {
  /** Where the data is: `data/` or the database, without its password. */
  shown: string;
  documents: DocumentAdapter;
  tables: Record<TableName, Table<Row>>;
  /** Webhook deliveries, waiting and finished (on the files store, the finished ones are the `deliveries` table). */
  deliveries: DeliveryStore;
  close(): Promise<void>;
}

/** A project's store, opened as a command that moves data wholesale uses it. */
async function dataStore(opened: Promise<ProjectStore>): Promise<DataStore> {
  const store = await opened;
  return { shown: store.shown, documents: store.documents(), tables: store.tables, deliveries: store.deliveries, close: () => store.close() };
}

/** The files store in `dataDir` (made when missing), whatever the project's config names. */
export function openFilesDataStore(dataDir: string): Promise<DataStore> {
  const paths = projectPaths(dirname(resolve(dataDir)), { FOLIO_DATA_DIR: resolve(dataDir) });
  return dataStore(openStore({ ...defaults.database, client: 'files' }, { files: createFileStore(), paths }));
}

/** The PostgreSQL store of `settings` (connected and migrated). */
export function openPostgresDataStore(settings: DatabaseConfig): Promise<DataStore> {
  return dataStore(openStore({ ...settings, client: 'postgres' }, { files: createFileStore(), paths: projectPaths('.') }));
}

/** The store the project's config names (`database.client`, or DATABASE_URL). */
export async function openDataStore(root: string, env: Record<string, string | undefined>): Promise<DataStore> {
  const config = await loadConfig(root, { env });
  return dataStore(openStore(config.database, { files: createFileStore(), paths: projectPaths(root, env) }));
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
