/**
 * What every content operation shares: the project's types, models and store, the write turn of
 * each document, locale and status resolution, the present and evaluate contexts, the webhook
 * outbox, the re-reads of files changed on disk, version bookkeeping and uniqueness. Operations
 * (operations/) take this context and never one another.
 */
import { ValidationError } from '../errors.js';
import { resolveLocale } from '../i18n/index.js';
import type { ContentType, Schemas } from '../schema/index.js';
import type { I18nConfig } from '../config/index.js';
import { createKeyedQueue, isSafeName, type DocumentStatus, type Row } from '../storage/index.js';
import { componentsOnly, present, type PresentContext } from './present.js';
import { related, relatedKey, storeRows, type RelationContext, type RowSource } from './relations.js';
import { checkStoredDocument } from './check.js';
import { contentTypeModel, LOCALIZATIONS, type EvalContext, type Model, type ModelLookup, type PopulateTree } from '../model/index.js';
import { createUniqueness, type Uniqueness } from './uniqueness.js';
import { createVersionBook, type VersionBook } from './versions.js';
import type { ContentStore } from './store.js';
import { NO_LOCALE, type DocumentRow } from './types.js';
import type { Outbox, WebhookEvent, WebhookNotice } from '../webhooks/index.js';
import type { HistoryBook } from '../history/index.js';
import type { RestQueryOptions } from '../model/index.js';
import type { DocumentMiddlewares } from './middlewares.js';
import type { ActionPolicies } from './policies.js';
import { storedStatus, type ContentReader, type ReaderFactory } from './reader.js';
import { createMemoryReader } from './readers/memory.js';

export interface ContentServiceDeps {
  schemas: Schemas;
  /** The project's models (see `createModelLookup`). */
  lookup: ModelLookup;
  store: ContentStore;
  users: { rows(): readonly Row[] };
  roles: { rows(): readonly Row[] };
  /** The media library's records (media attributes point at them). */
  files: { rows(): readonly Row[] };
  /** The current locales (they change live). */
  i18n(): I18nConfig;
  /** Told what each write did, durably, before its answer goes out (webhooks). */
  webhooks?: { outbox(notices: readonly WebhookNotice[]): Outbox | undefined };
  /** Told of each write before it lands, with its author (see recording.ts); none: no history. */
  history?: HistoryBook;
  /** The project's document middlewares (extensions add them): every document action runs through them. */
  middlewares?: DocumentMiddlewares;
  /** The project's policies on actions (extensions put them): each caller's action asks them first. */
  policies?: ActionPolicies;
  /** The REST settings: the document service parses its params with them (with no page unless asked). */
  rest(): RestQueryOptions;
  /** Keys the states an `ETag` names (see VersionBook.stateOf): the same in every process of a site. */
  stateKey: Buffer;
  /** The reader of the store's kind (see reader.ts); none: the memory reader over `store`. */
  reader?: ReaderFactory;
  /**
   * `rest.componentIds`: component and dynamic-zone entries are answered with their `id`. Fixed for
   * the service's life, as the texts it keeps (answer cache, rows' texts) are; default false.
   */
  componentIds?: boolean;
}

/** What a write tells the webhooks: the event, the version it is about and that version's status. */
export type WrittenEvent = [WebhookEvent, DocumentRow, DocumentStatus];

export interface ContentContext {
  deps: ContentServiceDeps;
  schemas: Schemas;
  store: ContentStore;
  lookup: ModelLookup;
  relationContext: RelationContext;
  /** What reads ask of the stored documents (see reader.ts). */
  reader: ContentReader;
  versions: VersionBook;
  unique: Uniqueness;
  /** Runs a write of one document in its turn: writes of one document never interleave, in this process or across processes. */
  queued<T>(type: ContentType, documentId: string, write: () => Promise<T>): Promise<T>;
  /** The locale a read or write means: the default when none is given; must have been added. */
  localeOf(type: ContentType, raw: unknown, allowAll: boolean): string | null | '*';
  /** The status stored for `status`: a type without draft & publish has only published versions. */
  statusOf(type: ContentType, status: DocumentStatus): DocumentStatus;
  /** The one document of a single type, if any. */
  singleDocumentId(type: ContentType): string | undefined;
  /**
   * How rows of `status` are presented and filtered: their relations are read in that status, from
   * `source` (the store's index when none is given).
   */
  contexts(status: DocumentStatus, source?: RowSource): { present: PresentContext; evaluate: EvalContext };
  /** `row` presented as an answer's `data`, in the request's shape. */
  answer(type: ContentType, row: DocumentRow, status: DocumentStatus, shape: { populate?: PopulateTree; fields?: string[] }): Record<string, unknown>;
  /** The webhook deliveries that commit with a write; undefined when none listens. */
  outboxOf(type: ContentType, events: readonly WrittenEvent[]): Outbox | undefined;
  /** Refuses, with a 400 naming each field, a version that breaks its type's rules as the status it is written in. */
  assertValidVersion(type: ContentType, status: DocumentStatus, row: DocumentRow): void;
  /** What a version read from disk must be to be served: its problems as `folio check` finds them in a hand-written file. */
  storedProblems(type: ContentType): (status: DocumentStatus, row: DocumentRow) => string[];
  /** Reads a document's versions again before a write, when they may have changed without this process knowing yet. */
  reread(type: ContentType, documentId: string, always?: boolean): Promise<void>;
  /** Documents seen changing on disk and not read again since (write keys; a type's uid for its whole folder). */
  changedOnDisk: Set<string>;
  writeKey(type: ContentType, documentId: string): string;
}

/**
 * @example const context = createContentContext({ schemas, lookup, store, users, roles, files, i18n: () => config.i18n });
 */
export function createContentContext(deps: ContentServiceDeps): ContentContext {
  const { schemas, store, lookup } = deps;
  const relationContext: RelationContext = { schemas, store, users: deps.users, roles: deps.roles, files: deps.files };
  /** Serialises writes per document: an update reads the current version and must not race another. */
  const inQueue = createKeyedQueue();
  /** Writes of one document never interleave; writes of different documents run in parallel. */
  const writeKey = (type: ContentType, documentId: string) => `${type.uid}:${documentId}`;
  const queued = <T>(type: ContentType, documentId: string, write: () => Promise<T>): Promise<T> => {
    const key = writeKey(type, documentId);
    return inQueue(key, () => store.exclusive(key, write));
  };

  function localeOf(type: ContentType, raw: unknown, allowAll: boolean): string | null | '*' {
    if (raw !== undefined && typeof raw !== 'string') throw new ValidationError("Invalid parameter at 'locale'. Expected a string.");
    if (raw === '*') {
      if (!allowAll) throw new ValidationError('Invalid locale param * provided. Document locales must be strings.');
      return type.localized ? '*' : null;
    }
    const locale = resolveLocale(deps.i18n(), raw === '' ? undefined : raw);
    return type.localized ? locale : null;
  }

  const statusOf = storedStatus;

  /** The other locale versions of `row`'s document, in the status read, oldest first. */
  function localizationsOf(model: Model, row: Record<string, unknown>, status: DocumentStatus, source: RowSource): DocumentRow[] {
    const type = schemas.byUid(model.uid);
    if (!type || typeof row.documentId !== 'string') return [];
    const wanted = statusOf(type, status);
    return source
      .versions(type, row.documentId)
      .filter((version) => version.status === wanted && version.row.locale !== row.locale)
      .map((version) => version.row)
      .sort((a, b) => a.id - b.id);
  }

  const inStore = storeRows(store);
  function contexts(status: DocumentStatus, source: RowSource = inStore): { present: PresentContext; evaluate: EvalContext } {
    const relatedRows = (model: Model, name: string, row: Record<string, unknown>) => {
      if (name === LOCALIZATIONS && model.localized) return localizationsOf(model, row, status, source);
      const attribute = model.attributes[name];
      if (!attribute || attribute.type !== 'relation') return [];
      return related(relationContext, attribute, row, status, deps.i18n().defaultLocale, name, source);
    };
    const keyOf = (model: Model, name: string, row: Record<string, unknown>) => {
      const attribute = model.attributes[name];
      return attribute?.type === 'relation' ? relatedKey(relationContext, attribute, row, deps.i18n().defaultLocale, name) : undefined;
    };
    const evaluate: EvalContext = { lookup, related: relatedRows, relatedKey: keyOf };
    return { evaluate, present: { lookup, status, related: relatedRows, evalContext: evaluate, componentIds: deps.componentIds === true } };
  }

  const answer: ContentContext['answer'] = (type, row, status, shape) =>
    present(contentTypeModel(type), row, { populate: shape.populate, fields: shape.fields }, contexts(statusOf(type, status)).present);

  /**
   * Each entry as the Content API answers it (no private or password attribute) with its
   * components and dynamic zones, as Strapi 5 sends it, made from the versions about to be stored.
   */
  function outboxOf(type: ContentType, events: readonly WrittenEvent[]): Outbox | undefined {
    if (!deps.webhooks || events.length === 0) return undefined;
    const model = contentTypeModel(type);
    return deps.webhooks.outbox(
      events.map(([event, row, status]) => ({
        event,
        subject: `${type.uid}:${row.documentId}`,
        fields: { model: type.singularName, uid: type.uid, entry: present(model, row, { populate: componentsOnly(model, lookup) }, contexts(status).present) },
      })),
    );
  }

  const checkContext = (type: ContentType, row: DocumentRow, status: DocumentStatus) => ({
    schemas,
    documentId: row.documentId,
    status,
    locale: type.localized ? (row.locale ?? '') : NO_LOCALE,
    locales: deps.i18n().locales.map((known) => known.code),
  });

  /** A draft may lack a required value (one edited on disk, say); its published copy may not. */
  function assertValidVersion(type: ContentType, status: DocumentStatus, row: DocumentRow): void {
    const problems = checkStoredDocument(type, row, checkContext(type, row, status));
    if (problems.length === 0) return;
    const errors = problems.map((problem) => ({ path: problem.path ?? [], message: problem.message, name: 'ValidationError' }));
    throw new ValidationError(errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`, { errors });
  }

  /**
   * Relation targets are not required to exist yet: a pull may bring a document before the one it
   * points at, and a relation to a missing document is left out of answers anyway.
   */
  const storedProblems = (type: ContentType) => (status: DocumentStatus, row: DocumentRow): string[] =>
    checkStoredDocument(type, row, { ...checkContext(type, row, status), handWritten: true }).map((problem) => problem.message);

  const changedOnDisk = new Set<string>();

  /**
   * Always on a store other processes write, and on disk when the watcher told of a change or when
   * the write is conditional (`always`: a change made a moment ago by the CLI or an editor may not
   * have been told yet, and a condition must be judged on what is there). A document not seen
   * changing is not read again otherwise: every write would pay a read (update went from about 930
   * to 680 per second). An id that cannot name a folder names no document.
   */
  async function reread(type: ContentType, documentId: string, always = false): Promise<void> {
    if (!isSafeName(documentId)) return;
    const key = writeKey(type, documentId);
    // Another process may have written it a moment ago, its notice still on the way: always read it.
    if (!always && !store.shared && !changedOnDisk.has(key) && !changedOnDisk.has(type.uid)) return;
    changedOnDisk.delete(key);
    await store.syncDocument(type, documentId, storedProblems(type));
  }

  const unique = createUniqueness({
    store,
    inQueue,
    // In the document's local turn only: the type's lock is held, and is always taken before a document's.
    reread: (type, documentId) => (isSafeName(documentId) ? inQueue(writeKey(type, documentId), () => store.syncDocument(type, documentId, storedProblems(type))) : Promise.resolve()),
  });

  return {
    deps,
    schemas,
    store,
    lookup,
    relationContext,
    reader: (deps.reader ?? createMemoryReader)({ store, schemas, lookup, contexts, defaultLocale: () => deps.i18n().defaultLocale }),
    versions: createVersionBook(schemas, store, deps.stateKey),
    unique,
    queued,
    localeOf,
    statusOf,
    singleDocumentId: (type) => store.documentIds(type)[0],
    contexts,
    answer,
    outboxOf,
    assertValidVersion,
    storedProblems,
    reread,
    changedOnDisk,
    writeKey,
  };
}
