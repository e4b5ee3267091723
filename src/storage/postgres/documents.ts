/**
 * Content documents in PostgreSQL: one row per document, status and locale, the DocumentAdapter
 * the file store implements with one file each. Every write commits before it resolves, and tells
 * the other processes which document changed.
 */
import { createKeyedQueue } from '../keyed-queue.js';
import { assertDocumentKey, assertOneDocument, assertSafeName } from '../names.js';
import type { CommitOptions, DocumentAdapter, DocumentKey, DocumentStatus, Json, StoredDocument } from '../types.js';
import type { PostgresDatabase } from './database.js';

interface DocumentRow {
  type: string;
  document_id: string;
  status: DocumentStatus;
  locale: string;
  data: Record<string, Json>;
}

const stored = (row: DocumentRow): StoredDocument => ({ key: { type: row.type, documentId: row.document_id, status: row.status, locale: row.locale }, value: row.data });

/**
 * @example
 * const documents = createPostgresDocuments(db);
 * await documents.put({ type: 'article', documentId: 'a1b2', status: 'draft', locale: 'en' }, { title: 'Hi' });
 */
export function createPostgresDocuments(db: PostgresDatabase): DocumentAdapter {
  /** Writes and removes of one document commit in the order they were asked for (the pool has several connections). */
  const inOrder = createKeyedQueue();
  const documentKey = (type: string, documentId: string) => `${type}\u0000${documentId}`;

  async function putAll(versions: readonly StoredDocument[], options?: CommitOptions): Promise<void> {
    assertOneDocument(versions);
    if (versions.length === 0) return;
    const { type, documentId } = versions[0]!.key;
    await inOrder(documentKey(type, documentId), () => db.transaction(async (client, notify) => {
      await client.query(
        `INSERT INTO folio_documents (type, document_id, status, locale, data)
         SELECT $1, $2, status, locale, data::json FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS given (status, locale, data, n) ORDER BY n
         ON CONFLICT (type, document_id, status, locale) DO UPDATE SET data = EXCLUDED.data`,
        [type, documentId, versions.map(({ key }) => key.status), versions.map(({ key }) => key.locale), versions.map(({ value }) => JSON.stringify(value))],
      );
      await options?.with?.(); // its queries join this transaction (see PostgresDatabase.transaction)
      notify({ kind: 'document', type, documentId });
    }));
  }

  return {
    async get(key: DocumentKey) {
      assertDocumentKey(key);
      const { rows } = await db.query<DocumentRow>('SELECT data FROM folio_documents WHERE type = $1 AND document_id = $2 AND status = $3 AND locale = $4', [key.type, key.documentId, key.status, key.locale]);
      return rows[0]?.data ?? null;
    },

    async put(key, value) {
      await putAll([{ key, value }]);
    },

    putAll,

    async list(type) {
      if (type !== undefined) assertSafeName(type, 'type');
      const { rows } = type === undefined
        ? await db.query<DocumentRow>('SELECT * FROM folio_documents')
        : await db.query<DocumentRow>('SELECT * FROM folio_documents WHERE type = $1', [type]);
      return rows.map(stored);
    },

    async readDocument(type, documentId) {
      assertSafeName(type, 'type');
      assertSafeName(documentId, 'documentId');
      const { rows } = await db.query<DocumentRow>('SELECT * FROM folio_documents WHERE type = $1 AND document_id = $2', [type, documentId]);
      // A value PostgreSQL took as json is always a document: nothing here is broken as a file can be.
      return { versions: rows.map(stored), broken: [] };
    },

    async documentIds(type) {
      assertSafeName(type, 'type');
      const { rows } = await db.query<{ document_id: string }>('SELECT DISTINCT document_id FROM folio_documents WHERE type = $1', [type]);
      return rows.map((row) => row.document_id);
    },

    shared: {
      async reserveIds(sequence, count, floor) {
        const { rows } = await db.query<{ first: string }>(
          `INSERT INTO folio_sequences (name, next_id) VALUES ($1, $2::bigint + $3::bigint)
           ON CONFLICT (name) DO UPDATE SET next_id = GREATEST(folio_sequences.next_id, $2::bigint) + $3::bigint
           RETURNING next_id - $3::bigint AS first`,
          [sequence, floor, count],
        );
        return Number(rows[0]!.first);
      },
      exclusive: (key, work) => db.exclusive(key, work),
      async holding(type, attribute, value) {
        assertSafeName(type, 'type');
        const { rows } = await db.query<{ document_id: string }>(
          'SELECT DISTINCT document_id FROM folio_documents WHERE type = $1 AND (data -> $2)::jsonb = $3::jsonb',
          [type, attribute, JSON.stringify(value)],
        );
        return rows.map((row) => row.document_id);
      },
    },

    async remove(key, options) {
      assertDocumentKey(key);
      await inOrder(documentKey(key.type, key.documentId), () => db.transaction(async (client, notify) => {
        const { rowCount } = await client.query('DELETE FROM folio_documents WHERE type = $1 AND document_id = $2 AND status = $3 AND locale = $4', [key.type, key.documentId, key.status, key.locale]);
        await options?.with?.();
        if (rowCount) notify({ kind: 'document', type: key.type, documentId: key.documentId });
      }));
    },
  };
}
