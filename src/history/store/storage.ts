/**
 * Where the store's history keeps its entries: the interface the book writes to and reads from,
 * with one implementation per store (`files.ts`: JSON lines under data/history/; `postgres.ts`:
 * the `folio_history` tables). Each entry is one locale's part of one write, with the version as
 * the write left it and the hash of the content type it was made under (kept once per schema).
 */
import type { ContentType } from '../../schema/index.js';
import type { HistoryEntry, StoredVersion } from '../types.js';

/** An entry as it is kept, before the storage gives it its version id. */
export interface NewHistoryEntry extends Omit<HistoryEntry, 'version'> {
  /** The content type's uid. */
  type: string;
  documentId: string;
  /** The version the entry is about as the write left it (as it was before, for a delete). */
  row: StoredVersion['row'] | undefined;
  /** The hash of the content type's schema then (see {@link HistorySchema}). */
  schema: string;
}

/** An entry as the storage answers it. */
export interface StoredHistoryEntry extends NewHistoryEntry {
  version: string;
}

/** A content type's schema, kept once under the hash of its stable JSON. */
export interface HistorySchema {
  hash: string;
  type: ContentType;
}

/** The type a storage call is about: its uid names it in entries, its singular name on disk. */
export type HistoryType = Pick<ContentType, 'uid' | 'singularName'>;

export interface HistoryStorage {
  /**
   * When a write's entries are appended: `with`, inside the write's transaction (they commit or
   * roll back with it), or `landed`, once the write is durable (a failed write leaves none).
   */
  readonly appendsWhen: 'with' | 'landed';
  /**
   * Keeps the entries of one write of one document, in order, and the schema they were made
   * under (when it is not kept yet). Resolves once they are stored: committed with the write on
   * PostgreSQL; written, and synced to disk within a second, on files.
   */
  append(type: HistoryType, documentId: string, entries: readonly NewHistoryEntry[], schema: HistorySchema): Promise<void>;
  /** The entries of a document (or of every document of the type), newest first; `locale` undefined: every locale. */
  list(type: HistoryType, documentId?: string, locale?: string | null): Promise<StoredHistoryEntry[]>;
  /** One entry of a document; undefined when the document has no such version (or the id is none). */
  entry(type: HistoryType, documentId: string, version: string): Promise<StoredHistoryEntry | undefined>;
  /** The schema kept under `hash`; undefined when none is. */
  schema(hash: string): Promise<ContentType | undefined>;
  /** Makes everything appended durable, and stops. */
  close?(): Promise<void>;
}
