/**
 * PostgreSQL's history: rows of `folio_history`, and each schema once in `folio_history_schemas`
 * (schema version 4). A write's entries are inserted inside its transaction, so they commit or
 * roll back with it, and every process sharing the database reads what any of them wrote. The
 * version id is the row's bigserial, as a decimal string.
 */
import type { ContentType } from '../../schema/index.js';
import type { PostgresDatabase } from '../../storage/index.js';
import type { HistoryAuthor, HistoryEntry, StoredVersion } from '../types.js';
import type { HistoryStorage, StoredHistoryEntry } from './storage.js';

interface SqlEntry {
  version: string;
  type: string;
  document_id: string;
  locale: string | null;
  status: HistoryEntry['status'];
  action: HistoryEntry['action'];
  author: HistoryAuthor;
  changed: string[];
  row?: StoredVersion['row'] | null;
  schema_hash: string;
  created_at: string;
}

const COLUMNS = 'version::text AS version, type, document_id, locale, status, action, author, changed, schema_hash, created_at';

const toEntry = (row: SqlEntry): StoredHistoryEntry => ({
  version: row.version,
  createdAt: row.created_at,
  author: row.author,
  action: row.action,
  status: row.status,
  locale: row.locale,
  changed: row.changed,
  type: row.type,
  documentId: row.document_id,
  row: row.row ?? undefined,
  schema: row.schema_hash,
});

/** Whether `version` can be a bigserial's value (anything else is no version, never an SQL error). */
const isVersionId = (version: string) => /^[1-9][0-9]{0,18}$/.test(version) && BigInt(version) <= 9_223_372_036_854_775_807n;

/**
 * @example const storage = postgresHistoryStorage(db); // after migrate(db)
 */
export function postgresHistoryStorage(db: PostgresDatabase): HistoryStorage {
  return {
    appendsWhen: 'with',

    async append(type, documentId, entries, schema) {
      if (entries.length === 0) return;
      // One statement: the schema when it is new, then the entries in their order (the order
      // their versions are given in). Through `db.query`, it joins the write's transaction.
      await db.query(
        `WITH kept AS (
           INSERT INTO folio_history_schemas (hash, schema) VALUES ($1, $2::json) ON CONFLICT (hash) DO NOTHING
         )
         INSERT INTO folio_history (type, document_id, locale, status, action, author, changed, "row", schema_hash, created_at)
         SELECT $3, $4, e.locale, e.status, e.action, e.author, e.changed, e."row", $1, e.created_at
         FROM unnest($5::text[], $6::text[], $7::text[], $8::json[], $9::json[], $10::json[], $11::text[])
           WITH ORDINALITY AS e (locale, status, action, author, changed, "row", created_at, n)
         ORDER BY e.n`,
        [
          schema.hash,
          JSON.stringify(schema.type),
          type.uid,
          documentId,
          entries.map((entry) => entry.locale),
          entries.map((entry) => entry.status),
          entries.map((entry) => entry.action),
          entries.map((entry) => JSON.stringify(entry.author)),
          entries.map((entry) => JSON.stringify(entry.changed)),
          entries.map((entry) => (entry.row === undefined ? null : JSON.stringify(entry.row))),
          entries.map((entry) => entry.createdAt),
        ],
      );
    },

    async list(type, documentId, locale) {
      const where = ['type = $1'];
      const values: unknown[] = [type.uid];
      if (documentId !== undefined) {
        values.push(documentId);
        where.push(`document_id = $${values.length}`);
      }
      if (locale !== undefined) {
        values.push(locale);
        where.push(`locale IS NOT DISTINCT FROM $${values.length}::text`);
      }
      const { rows } = await db.query<SqlEntry>(`SELECT ${COLUMNS} FROM folio_history WHERE ${where.join(' AND ')} ORDER BY folio_history.version DESC`, values);
      return rows.map(toEntry);
    },

    async entry(type, documentId, version) {
      if (!isVersionId(version)) return undefined;
      const { rows } = await db.query<SqlEntry>(
        `SELECT ${COLUMNS}, "row" FROM folio_history WHERE version = $1::bigint AND type = $2 AND document_id = $3`,
        [version, type.uid, documentId],
      );
      return rows[0] && toEntry(rows[0]);
    },

    async schema(hash): Promise<ContentType | undefined> {
      const { rows } = await db.query<{ schema: ContentType }>('SELECT schema FROM folio_history_schemas WHERE hash = $1', [hash]);
      return rows[0]?.schema;
    },
  };
}
