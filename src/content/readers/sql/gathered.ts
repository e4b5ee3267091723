/**
 * What the SQL reader fetches for a page's related rows (see ../gather.ts): whole documents by
 * documentId, and the owners of relations to documents, one statement per type (or per owning
 * attribute) and round.
 */
import type { ContentType } from '../../../schema/index.js';
import type { DocumentStatus, Json } from '../../../storage/index.js';
import { NO_LOCALE, type DocumentRow } from '../../types.js';
import type { GatherFetch } from '../gather.js';

/** A stored version as the statements below select it. */
interface StoredVersion {
  document_id: string;
  status: DocumentStatus;
  locale: string;
  data: Record<string, Json>;
}

/** Runs one statement and answers its rows. */
export type RunQuery = <R>(text: string, values: unknown[]) => Promise<R[]>;

/**
 * A stored version as the memory store keeps it: its documentId its key's, its locale the key's
 * for a localized type and null otherwise (a version copied in from a hand-written file may say neither).
 * @example versionRow(article, { document_id: 'abc', status: 'draft', locale: 'en', data }) // { …data, documentId: 'abc', locale: 'en' }
 */
export function versionRow(type: ContentType, stored: StoredVersion): DocumentRow {
  const row = stored.data as DocumentRow;
  row.documentId = stored.document_id;
  row.locale = type.localized ? stored.locale : null;
  return row;
}

/** The key column a version of `type` in `locale` is stored under. */
export const storedLocale = (type: ContentType, locale: string | null): string => (type.localized && locale !== null ? locale : NO_LOCALE);

/**
 * The owners come in no order: gather puts them in creation order.
 * @example const rows = await gather((source) => present(…), sqlGatherFetch(query));
 */
export function sqlGatherFetch(query: RunQuery): GatherFetch {
  return {
    async documents(type, documentIds) {
      const rows = await query<StoredVersion>(
        'SELECT document_id, status, locale, data FROM folio_documents WHERE type = $1 AND document_id = ANY($2::text[])',
        [type.singularName, documentIds],
      );
      return rows.map((stored) => ({ status: stored.status, row: versionRow(type, stored) }));
    },
    async owners(owner, status, locale, attribute, documentIds) {
      // The relation's value is a documentId or a list of them (see folio_entries in the migrations).
      const rows = await query<StoredVersion>(
        `SELECT document_id, status, locale, data FROM folio_documents WHERE type = $1 AND status = $2 AND locale = $3
         AND EXISTS (SELECT FROM folio_entries(data -> $4::text) AS e WHERE json_typeof(e.entry) = 'string' AND (e.entry #>> '{}') = ANY($5::text[]))`,
        [owner.singularName, status, storedLocale(owner, locale), attribute, documentIds],
      );
      return rows.map((stored) => versionRow(owner, stored));
    },
  };
}
