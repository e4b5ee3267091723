/**
 * The storage interfaces every adapter satisfies. They stay small on purpose (lowdb's size):
 * the shared contract suite in `test/storage/contract.ts` runs against each adapter.
 */

/** Any value that survives JSON.stringify → JSON.parse unchanged. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Whole-file adapter, the shape of lowdb's `Adapter<T>`: `read` answers `null` when nothing is stored. */
export interface Adapter<T> {
  read(): Promise<T | null>;
  write(data: T): Promise<void>;
}

export type DocumentStatus = 'draft' | 'published';

/** Addresses one stored version of a content document: one file per document, status and locale. */
export interface DocumentKey {
  /** Content-type singular name, e.g. `article`. */
  type: string;
  documentId: string;
  status: DocumentStatus;
  locale: string;
}

export interface StoredDocument {
  key: DocumentKey;
  value: Record<string, Json>;
}

/** What `readDocument` finds of one document. */
export interface DocumentVersions {
  versions: StoredDocument[];
  broken: Array<{ key: DocumentKey; path: string; reason: string }>;
}

/** Per-document storage. `get` answers `null` for a missing version; `remove` of a missing one is a no-op. */
/** What a document write carries besides its versions. */
export interface CommitOptions {
  /**
   * Other writes that belong to this one (a webhook's deliveries): PostgreSQL runs them in the
   * write's transaction, so what they ask of the database commits with it or not at all; the files
   * store, which has no transaction across files, makes them durable first and then writes the
   * document (a crash in between leaves them for a write that did not land, never the reverse).
   */
  with?: () => Promise<void>;
}

export interface DocumentAdapter {
  get(key: DocumentKey): Promise<Record<string, Json> | null>;
  put(key: DocumentKey, value: Record<string, Json>): Promise<void>;
  /**
   * Several versions of one document (same type and documentId) as one write: each is on disk once
   * it resolves, they land in the order given, and a new document's versions appear all at once.
   */
  putAll(versions: readonly StoredDocument[], options?: CommitOptions): Promise<void>;
  /** Every stored version, of one type or of all types; order unspecified. */
  list(type?: string): Promise<StoredDocument[]>;
  /**
   * The versions of one document as they are stored now (none when it has none). A version that
   * cannot be read as a document (not JSON, a merge conflict, not an object) is in `broken` with
   * the reason, not thrown, so the others still count.
   */
  readDocument(type: string, documentId: string): Promise<DocumentVersions>;
  /** The documentIds of a type that have stored versions (folders, for the files); order unspecified. */
  documentIds(type: string): Promise<string[]>;
  /**
   * When a stored version last changed, and when it was made where the store knows, in ms since
   * 1970: a file's modification time and birth time (none where the file system keeps no birth
   * time). Undefined when the version is not stored. Only the files store has it: a version
   * written there by hand takes the timestamps it leaves out from its file's changes.
   */
  fileTimes?(key: DocumentKey): Promise<{ modifiedMs: number; bornMs?: number } | undefined>;
  remove(key: DocumentKey, options?: CommitOptions): Promise<void>;
  /**
   * Present when several processes share the store (PostgreSQL): numeric ids then come from the
   * store, and a document is written by one process at a time.
   */
  shared?: SharedDocuments;
}

/** What a store shared by several processes adds to the DocumentAdapter. */
export interface SharedDocuments {
  /**
   * Reserves `count` consecutive ids of `sequence` that no other process is given, all at least
   * `floor`; answers the first.
   */
  reserveIds(sequence: string, count: number, floor: number): Promise<number>;
  /** Runs `work` while no other process runs work under the same `key`. */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /**
   * The documents of `type` whose stored versions (any status or locale) hold `value` as their
   * top-level `attribute`, as the shared store has them now: what a uniqueness check must see
   * beyond the notices still on their way.
   */
  holding(type: string, attribute: string, value: Json): Promise<string[]>;
}

/** A row of a table: numeric id, Strapi-style documentId, anything else. */
export interface Row {
  id: number;
  documentId: string;
  [field: string]: Json | undefined;
}

/** What one table file holds. */
export interface TableData<R extends Row = Row> {
  nextId: number;
  rows: R[];
}

/**
 * A table served from memory. `rows` is the in-memory state; `update` is the only way to change it:
 * it takes the cross-process lock, re-reads the file if another process changed it, applies `change`,
 * writes atomically, and resolves once the data is durable.
 */
export interface Table<R extends Row = Row> {
  readonly name: string;
  rows(): readonly R[];
  /** The id the next row will get (above every id the table ever gave, deleted rows' included). */
  nextId(): number;
  update<T>(change: (data: TableData<R>) => T): Promise<T>;
  /**
   * Re-read from disk if another process changed the file (synchronously, so a file-watch callback
   * can bring memory up to date before the next request is handled); answers whether anything changed.
   */
  refresh(): boolean;
}
