/**
 * Moving a project's data wholesale from one store to another (`folio db copy`, `folio import`):
 * a store opened as one (DataStore: its documents and its tables, whichever kind holds them), and
 * the copy of every document and table row between two of them, put back as it was if it fails.
 */
import type { DocumentAdapter, Row, StoredDocument, Table } from '../storage/index.js';
import type { DeliveryStore } from '../webhooks/index.js';
import type { TableName } from './paths.js';
import type { ProjectStore } from './store-kind.js';

export interface DataStore {
  /** Where the data is: `data/` or the database, without its password. */
  shown: string;
  documents: DocumentAdapter;
  tables: Record<TableName, Table<Row>>;
  /** Webhook deliveries, waiting and finished (on the files store, the finished ones are the `deliveries` table). */
  deliveries: DeliveryStore;
  close(): Promise<void>;
}

/** A store as the commands that move data wholesale use it: its documents opened once. */
export function asDataStore(store: ProjectStore): DataStore {
  return { shown: store.shown, documents: store.documents(), tables: store.tables, deliveries: store.deliveries, close: () => store.close() };
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
