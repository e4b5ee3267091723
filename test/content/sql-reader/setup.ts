/**
 * The two readers the differential test compares, over the same library: the memory reader
 * (the content store over the memory DocumentAdapter, with the content context's relations, as
 * the files store serves), and the SQL reader over a real PostgreSQL database holding the same
 * versions and table rows.
 */
import { createContentContext, type ContentContext } from '../../../src/content/context.js';
import { createSqlReader } from '../../../src/content/readers/sql/reader.js';
import { createContentStore, NO_LOCALE, type ContentReader, type ReadQuery } from '../../../src/content/index.js';
import { createModelLookup, parseContentQuery, type ContentQuery, type ModelLookup, type RestQueryOptions } from '../../../src/model/index.js';
import { loadSchemas, type ContentType, type Schemas } from '../../../src/schema/index.js';
import { createMemoryDocuments, type PostgresDatabase, type Row } from '../../../src/storage/index.js';
import { DEFAULT_LOCALE, LOCALES, type Library } from './fixture.js';

export const REST: RestQueryOptions = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false };

export interface Readers {
  schemas: Schemas;
  lookup: ModelLookup;
  context: ContentContext;
  memory: ContentReader;
  sql: ContentReader;
  /** The parsed query and the reader's form of it. */
  read(type: ContentType, params: Record<string, unknown>): { query: ContentQuery; read: ReadQuery };
}

/** Writes the library's versions and table rows into the database (its schema migrated). */
export async function storeInDatabase(db: PostgresDatabase, library: Library): Promise<void> {
  const tables: Array<[string, ReadonlyArray<Record<string, unknown>>]> = [['users', library.users], ['roles', library.roles], ['files', library.files]];
  for (const [name, rows] of tables) {
    await db.query('INSERT INTO folio_tables (name, next_id, version) VALUES ($1, $2, 1)', [name, rows.length + 1]);
    for (const row of rows) await db.query('INSERT INTO folio_rows (table_name, id, data) VALUES ($1, $2, $3::json)', [name, row.id, JSON.stringify(row)]);
  }
  // In id order, as a store writes versions as they are made.
  for (const { type, documentId, status, locale, row } of library.versions) {
    await db.query('INSERT INTO folio_documents (type, document_id, status, locale, data) VALUES ($1, $2, $3, $4, $5::json)', [type, documentId, status, locale ?? NO_LOCALE, JSON.stringify(row)]);
  }
}

/** Both readers over `library`, whose content types are in the project folder `dir`. */
export async function makeReaders(dir: string, db: PostgresDatabase, library: Library): Promise<Readers> {
  const schemas = await loadSchemas(dir);
  const lookup = createModelLookup(schemas);
  const documents = createMemoryDocuments();
  for (const { type, documentId, status, locale, row } of library.versions) await documents.put({ type, documentId, status, locale: locale ?? NO_LOCALE }, row);
  const store = createContentStore(documents, schemas);
  const refused: string[] = [];
  await store.load((file, problems) => refused.push(`${file}: ${problems.join('; ')}`));
  if (refused.length > 0) throw new Error(`the memory store refused versions of the library: ${refused.join(', ')}`);
  const table = (rows: ReadonlyArray<Record<string, unknown>>) => ({ rows: () => rows as readonly Row[] });
  const context = createContentContext({
    schemas,
    lookup,
    store,
    users: table(library.users),
    roles: table(library.roles),
    files: table(library.files),
    i18n: () => ({ locales: LOCALES.map((code) => ({ code, name: code })), defaultLocale: DEFAULT_LOCALE }),
    rest: () => REST,
    stateKey: Buffer.alloc(32),
  });
  const sql = createSqlReader({
    query: async <R,>(text: string, values: unknown[]) => (await db.query(text, values)).rows as R[],
    schemas,
    lookup,
    defaultLocale: () => DEFAULT_LOCALE,
    stateOf: () => undefined,
    shape: () => {
      throw new Error('not asked by this test');
    },
  });
  const read = (type: ContentType, params: Record<string, unknown>) => {
    const query = parseContentQuery(params, { uid: type.uid, attributes: type.attributes, localized: type.localized, draftAndPublish: type.draftAndPublish, isComponent: false }, lookup, REST);
    return { query, read: { status: query.status, locale: context.localeOf(type, query.locale, true), filters: query.filters, q: query.q, sort: query.sort } };
  };
  return { schemas, lookup, context, memory: context.reader, sql, read };
}
