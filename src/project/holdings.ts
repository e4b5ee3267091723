/**
 * What a store holds, counted: its documents and the accounts people made. A store is empty when it
 * holds neither; `folio db copy` copies only into an empty store, and `folio serve` on an empty
 * database says so when the `data/` beside it is not.
 */
import { createFileDocuments, createFileStore, openTable, type Row, type Table } from '../storage/index.js';
import type { TableName } from './paths.js';

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
