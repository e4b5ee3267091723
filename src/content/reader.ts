/**
 * The read port: what the content service asks of stored documents to answer a read — one window
 * of a list query, how many a query matches, one version, a document's versions — and what a kept
 * answer depends on. Each store kind picks its reader where the store is chosen: the memory
 * reader (readers/memory.ts) answers from the index of every version, synchronously; a reader over
 * a database answers the same questions asynchronously. Both answer every question alike: the same
 * rows, in the same order, with the same totals (test/content/reader-contract.ts holds them to it).
 */
import type { DocumentStatus } from '../storage/index.js';
import type { ContentType } from '../schema/index.js';
import type { EvalContext, Filter, ModelLookup, Paginated, Pagination, SortKey } from '../model/index.js';
import type { Schemas } from '../schema/index.js';
import type { PresentContext } from './present.js';
import type { RowSource } from './relations.js';
import type { ContentStore } from './store.js';
import type { DocumentRow } from './types.js';

/**
 * The status of the versions a read of `status` finds: a type without draft & publish has only published ones.
 * @example storedStatus(tagType, 'draft') // 'published'
 */
export const storedStatus = (type: ContentType, status: DocumentStatus): DocumentStatus => (type.draftAndPublish ? status : 'published');

/** A value now, or once a store has answered. */
export type Awaitable<T> = T | Promise<T>;

/**
 * A list query as a reader takes it: its locale resolved to what is stored (`null` for a type that
 * is not localized, `*` for every locale), its filters, `_q` and sort parsed against the type's model.
 */
export interface ReadQuery {
  /**
   * The status asked for. A type without draft & publish has only published versions, which are
   * read whatever the status (see storedStatus); relations are read in the status asked.
   */
  status: DocumentStatus;
  locale: string | null | '*';
  filters?: Filter;
  /** `_q`, trimmed; absent when empty. */
  q?: string;
  sort: readonly SortKey[];
}

/**
 * What a kept answer read: the versions of one type in one status and locale (a query without
 * filters, populate, sort through a relation or `locale=*`), or any document at all.
 */
export type ReadScope = { type: ContentType; status: DocumentStatus; locale: string | null } | 'everything';

export interface ContentReader {
  /**
   * The rows of the window `pagination` asks for, in the query's order (ties, and no sort, in the
   * order the versions were created: by `id`), with `meta.pagination`.
   */
  select(type: ContentType, query: ReadQuery, pagination: Pagination): Awaitable<Paginated<DocumentRow>>;
  /** How many versions the query matches, all pages together. */
  count(type: ContentType, query: ReadQuery): Awaitable<number>;
  /** One version: `locale` `null` for a type that is not localized. */
  get(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): Awaitable<DocumentRow | undefined>;
  /**
   * Runs `work`, which presents rows read in `status` (their populate, its filters and sorts), with
   * the context it reads related rows through: the memory reader's reads the index, at once; a
   * reader over a database gathers the related rows `work` asks for, and runs it again with them.
   */
  shape<T>(status: DocumentStatus, work: (context: PresentContext) => T): Awaitable<T>;
  /**
   * The state of what `scope` reads, as values compared by identity: an answer kept with them
   * is answered again until one of them changes.
   */
  stateOf(scope: ReadScope): unknown;
}

/** What a store kind's reader is made of: the service's store, the project's models and how rows resolve their relations. */
export interface ReaderParts {
  store: ContentStore;
  schemas: Schemas;
  lookup: ModelLookup;
  /** How rows read in `status` are presented and filtered, their related rows read from `source` (the store's index when none). */
  contexts(status: DocumentStatus, source?: RowSource): { present: PresentContext; evaluate: EvalContext };
  /** The default locale now: a relation read from a row without a locale (in a component) resolves in it. */
  defaultLocale(): string;
}

/** How a store kind makes its reader (see ContentServiceDeps.reader). */
export type ReaderFactory = (parts: ReaderParts) => ContentReader;

/**
 * `then` of a reader's answer: at once when the answer is at hand (the memory reader's), after
 * it otherwise; the hot path stays synchronous.
 * @example const bytes = whenRead(reader.select(type, query, page), (page) => Buffer.from(JSON.stringify(page)));
 */
export function whenRead<T, U>(value: Awaitable<T>, then: (value: T) => U): U | Promise<Awaited<U>> {
  return value instanceof Promise ? (value.then(then) as Promise<Awaited<U>>) : then(value);
}
