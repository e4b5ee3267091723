/**
 * What the content store promises its callers: the `ContentStore` interface (reads from memory,
 * writes that reach memory once durable, ids, the shared-store hooks, and following the files)
 * and the `SyncReport` that following one document's files answers.
 */
import type { CommitOptions, DocumentStatus, Json } from '../../storage/index.js';
import type { ContentType } from '../../schema/index.js';
import type { DocumentRow } from '../types.js';

export interface ContentStore {
  /**
   * Reads every document of the schemas' types. A version written by hand gets its documentId from
   * its folder and, without an `id` or timestamps, the ones {@link handWrittenId} and its file's
   * changes give (see syncDocument); a version whose `id` another document holds, or whose
   * documentId is not its folder's, is not served and told to `refused`.
   */
  load(refused?: (file: string, problems: string[]) => void): Promise<void>;
  /** Versions of one status and locale (`null`: non-localized), in creation order. */
  rows(type: ContentType, status: DocumentStatus, locale: string | null): readonly DocumentRow[];
  /** Versions of one status in every locale. */
  rowsInAllLocales(type: ContentType, status: DocumentStatus): readonly DocumentRow[];
  get(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): DocumentRow | undefined;
  /** Every stored version of a document. */
  versions(type: ContentType, documentId: string): Array<{ status: DocumentStatus; row: DocumentRow }>;
  /** documentIds of a type, in creation order. */
  documentIds(type: ContentType): string[];
  /**
   * Versions of one document as one write, landing in the order given (the draft first);
   * `options.with` commits with it (see CommitOptions).
   */
  saveAll(type: ContentType, versions: ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>, options?: CommitOptions): Promise<void>;
  remove(type: ContentType, status: DocumentStatus, documentId: string, locale: string | null, options?: CommitOptions): Promise<void>;
  nextRowId(type: ContentType): number;
  nextComponentId(): number;
  /**
   * Before a write that may take ids: with a store several processes share, makes sure ids are
   * reserved for it (`input` bounds how many components it may make). Nothing to do on files.
   */
  prepareIds(type: ContentType, input: unknown): Promise<void>;
  /** Runs a write of `key` while no other process writes it (at once when no other process can). */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Whether other processes write the same documents (then a write re-reads its document first). */
  readonly shared: boolean;
  /**
   * With a shared store, the documents whose committed versions hold `value` as `attribute`,
   * whether or not this process has heard of them yet; none otherwise (memory is the store then).
   */
  holdersOf(type: ContentType, attribute: string, value: Json): Promise<string[]>;
  /** Goes up on every change of any stored version: answers computed from the store keep until then. */
  generation(): number;
  /**
   * Brings one document's versions in memory in line with its files, for changes made by something
   * else (git, an editor): a changed or new version that `accept` finds no problem with replaces
   * the one in memory, a version whose file is gone is forgotten, and one that cannot be read or
   * is refused keeps its last good version in memory. Answers what it did and what it refused.
   * A version written by hand without an `id` gets {@link handWrittenId}, the same at every edit
   * and every start; without timestamps, its file's: `updatedAt` (and a published version's
   * `publishedAt`) its modification time, `createdAt` the one it had in memory, else the file's
   * birth time where the file system keeps one, else its modification time. Nothing is written.
   */
  syncDocument(type: ContentType, documentId: string, accept: (status: DocumentStatus, row: DocumentRow) => string[]): Promise<SyncReport>;
  /** documentIds of a type that have files on disk (for a whole type folder that changed). */
  documentIdsOnDisk(type: ContentType): Promise<string[]>;
}

/** What `syncDocument` did with one document. */
export interface SyncReport {
  changed: number;
  removed: number;
  /**
   * Versions whose file was not taken (`<type>/<documentId>/<status>.<locale>.json` under content/),
   * with why; their last good version, if any, is kept (`kept`: there is one, and it is served).
   */
  refused: Array<{ file: string; problems: string[]; kept: boolean }>;
}
