/**
 * The content service: find, findOne, create, update and delete documents of collection and single
 * types, locale-aware, with draft & publish (README "Content endpoints"). It takes parsed queries
 * and raw payloads and answers presented documents; it never sees `ctx`.
 */
import { hash } from 'node:crypto';
import { ApplicationError, NotFoundError, PreconditionFailedError, ValidationError } from '../errors.js';
import { messages } from '../messages.js';
import { hashPassword } from '../password.js';
import { newDocumentId, now } from '../ids.js';
import { didYouMean } from '../suggest.js';
import { resolveLocale } from '../i18n/index.js';
import { isSharedAttribute, type Attribute, type ContentType, type RelationAttribute, type Schemas } from '../schema/index.js';
import type { I18nConfig } from '../config/index.js';
import { assertCan, contentAction, lookupFor, type Actor, type DraftAction } from '../permissions/index.js';
import { createKeyedQueue, isSafeName, stableStringify, type DocumentStatus, type Json, type Row } from '../storage/index.js';
import { createAnswerCache } from './answer-cache.js';
import { renumberComponents, withComponentIds, type StoreRelation } from './components.js';
import {
  contentTypeModel,
  isRelationInput,
  LOCALIZATIONS,
  matchesSearch,
  paginate,
  relationTargets,
  selectRows,
  validateDocumentInput,
  type ContentQuery,
  type EvalContext,
  type Model,
  type ModelLookup,
  type PopulateTree,
} from '../model/index.js';
import { componentsOnly, leftOut, present, rowText, withPopulated, type PresentContext, type RowText } from './present.js';
import { applyRelation, isInverseSide, mediaKind, related, type RelationContext } from './relations.js';
import { checkStoredDocument } from './check.js';
import type { ContentStore, SyncReport } from './store.js';
import { NO_LOCALE, type DocumentRow } from './types.js';
import type { Outbox, WebhookEvent, WebhookNotice } from '../webhooks/index.js';

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
  /**
   * `rest.componentIds`: component and dynamic-zone entries are answered with their `id`. Fixed for
   * the service's life, as the texts it keeps (answer cache, rows' texts) are; default false.
   */
  componentIds?: boolean;
}

export interface WriteOptions {
  status: DocumentStatus;
  /** The `locale` query parameter as given. */
  locale: unknown;
  /**
   * Who writes: a new locale version needs their `createLocalization` (spec rule 5), and a
   * relation may only point at a type they may read.
   */
  actor: Actor;
  /** How to shape the answer (the request's `populate` and `fields`). */
  populate?: PopulateTree;
  fields?: string[];
  /** `If-Match`: the states the caller read (see stateTag), `*` for any; the write is refused if the document is in none of them. */
  ifMatch?: readonly string[];
}

export interface DraftActionOptions {
  /** The `locale` query parameter as given: one locale (the default when none). */
  locale: unknown;
  /** Who acts: they need the type's action of the same name. */
  actor: Actor;
  populate?: PopulateTree;
  fields?: string[];
  ifMatch?: readonly string[];
}

export interface RemoveOptions {
  /** The `locale` query parameter as given (`*`: every locale). */
  locale: unknown;
  /** Who deletes: they need the type's `delete`. */
  actor: Actor;
  ifMatch?: readonly string[];
}

/** One stored version of a document. */
interface Version {
  status: DocumentStatus;
  row: DocumentRow;
}

export interface DocumentResult {
  data: Record<string, unknown>;
}

/**
 * What `POST /api/upload` names to link its files to: Strapi's `ref` (a content type's uid), `refId`
 * (an entry: its documentId, or the numeric id of one of its versions) and `field` (a media
 * attribute), and the `locale` version a documentId means (the default locale when none).
 */
export interface MediaLinkRequest {
  ref: string;
  refId: string;
  field: string;
  locale?: string;
}

/** An entry's media attribute, checked and ready to take files (see mediaTarget). */
export interface MediaTarget {
  type: ContentType;
  documentId: string;
  /** The locale version whose draft gets the files (null for a type that is not localized). */
  locale: string | null;
  field: string;
  multiple: boolean;
  /** Refuses (400, naming the field) files the attribute cannot take: several for a single media, a kind outside `allowedTypes`. */
  check(files: ReadonlyArray<{ name: string; mime: string }>): void;
}

/** Room for the texts of cached list answers, and the largest one kept. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
const ANSWER_CACHE_ENTRY_BYTES = 1024 * 1024;

export type ContentService = ReturnType<typeof createContentService>;

/**
 * @example const content = createContentService({ schemas, lookup: createModelLookup(schemas), store, users, roles, i18n: () => project.config.i18n });
 */
export function createContentService(deps: ContentServiceDeps) {
  const { schemas, store } = deps;
  const { lookup } = deps;
  const targets = relationTargets(schemas);
  const relationContext: RelationContext = { schemas, store, users: deps.users, roles: deps.roles, files: deps.files };
  /** Serialises writes per document: an update reads the current version and must not race another. */
  const inQueue = createKeyedQueue();
  /** Writes of one document never interleave; writes of different documents run in parallel. */
  const writeKey = (type: ContentType, documentId: string) => `${type.uid}:${documentId}`;
  function queued<T>(key: string, write: () => Promise<T>): Promise<T> {
    return inQueue(key, () => store.exclusive(key, write));
  }
  /**
   * Unique values claimed by writes still on their way to disk, so that two documents written at
   * once cannot both pass the uniqueness check with the same value: claim key → value → documentId.
   */
  const claims = new Map<string, Map<unknown, string>>();
  const claimKey = (type: ContentType, status: DocumentStatus, locale: string | null, attribute: string) => `${type.uid}|${status}|${locale ?? ''}|${attribute}`;

  // --------------------------------------------------------------------------------------------
  // Versions' states: what `ETag` names and `If-Match` compares
  // --------------------------------------------------------------------------------------------

  /** Each stored row's hash, made once: a stored row is never changed, a change stores a new one. */
  const rowHashes = new WeakMap<DocumentRow, string>();
  const rowHash = (row: DocumentRow) => {
    let found = rowHashes.get(row);
    if (found === undefined) rowHashes.set(row, (found = hash('sha1', stableStringify(row as Json), 'base64url')));
    return found;
  };

  /**
   * The state of a document in one locale (`*`: in all): its versions as stored, draft and
   * published, each named by its row's hash. Any change to them (a write, a publish, a shared
   * attribute copied from another locale, an edit on disk) gives another; undefined when the
   * document has no version there. One locale's state is two cached hashes side by side: a read
   * asks it on every answer.
   */
  function stateOf(type: ContentType, documentId: string, locale: string | null | '*'): string | undefined {
    if (locale !== '*') {
      const draft = store.get(type, documentId, 'draft', locale);
      const published = store.get(type, documentId, 'published', locale);
      if (!draft && !published) return undefined;
      return `${draft ? rowHash(draft).slice(0, 11) : '-'}${published ? rowHash(published).slice(0, 11) : '-'}`;
    }
    const parts = store.versions(type, documentId).map(({ status, row }) => `${status}:${row.locale ?? ''}:${rowHash(row)}`);
    return parts.length === 0 ? undefined : hash('sha1', parts.sort().join('|'), 'base64url').slice(0, 22);
  }

  /**
   * The state a one-document answer names in its `ETag`: of the document `documentId` (a single
   * type's own when undefined) in the locale asked (the default when none).
   * @example content.stateTag(article, 'abc123', 'fr') // 'q3F0…'
   */
  function stateTag(type: ContentType, documentId: string | undefined, rawLocale: unknown): string | undefined {
    const id = documentId ?? singleDocumentId(type);
    return id === undefined ? undefined : stateOf(type, id, localeOf(type, rawLocale, true));
  }

  /**
   * Refuses (412) a conditional write whose document is no longer in a state the caller read. For
   * every locale at once (a DELETE `?locale=*`), the state of any one locale the caller read will
   * do: it read that version, and that version has not changed.
   */
  function assertPrecondition(type: ContentType, documentId: string | undefined, locale: string | null | '*', ifMatch: readonly string[] | undefined): void {
    if (ifMatch === undefined) return;
    const current = documentId === undefined ? undefined : stateOf(type, documentId, locale);
    if (current !== undefined && (ifMatch.includes('*') || ifMatch.includes(current))) return;
    if (current !== undefined && locale === '*') {
      const locales = new Set(store.versions(type, documentId!).map(({ row }) => row.locale));
      if ([...locales].some((each) => ifMatch.includes(stateOf(type, documentId!, each) ?? ''))) return;
    }
    throw new PreconditionFailedError();
  }

  // --------------------------------------------------------------------------------------------
  // Reading
  // --------------------------------------------------------------------------------------------

  function contexts(status: DocumentStatus): { present: PresentContext; evaluate: EvalContext } {
    const relatedRows = (model: Model, name: string, row: Record<string, unknown>) => {
      if (name === LOCALIZATIONS && model.localized) return localizationsOf(model, row, status);
      const attribute = model.attributes[name];
      if (!attribute || attribute.type !== 'relation') return [];
      return related(relationContext, attribute, row, status, deps.i18n().defaultLocale, name);
    };
    const evaluate: EvalContext = { lookup, related: relatedRows };
    return { evaluate, present: { lookup, status, related: relatedRows, evalContext: evaluate, componentIds: deps.componentIds === true } };
  }

  /**
   * What a write tells the webhooks (`entry.create`, `entry.publish`, …), each entry as the Content
   * API answers it (no private or password attribute) with its components and dynamic zones, as
   * Strapi 5 sends it: the deliveries that commit with the write (see CommitOptions), made from the
   * versions about to be stored. Undefined when none listens.
   */
  function outboxOf(type: ContentType, events: ReadonlyArray<[WebhookEvent, DocumentRow, DocumentStatus]>): Outbox | undefined {
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

  /** The other locale versions of `row`'s document, in the status read, oldest first. */
  function localizationsOf(model: Model, row: Record<string, unknown>, status: DocumentStatus): DocumentRow[] {
    const type = schemas.byUid(model.uid);
    if (!type || typeof row.documentId !== 'string') return [];
    const wanted = statusOf(type, status);
    return store
      .versions(type, row.documentId)
      .filter((version) => version.status === wanted && version.row.locale !== row.locale)
      .map((version) => version.row)
      .sort((a, b) => a.id - b.id);
  }

  /** The locale a read or write means: the default when none is given; must have been added. */
  function localeOf(type: ContentType, raw: unknown, allowAll: boolean): string | null | '*' {
    if (raw !== undefined && typeof raw !== 'string') throw new ValidationError("Invalid parameter at 'locale'. Expected a string.");
    if (raw === '*') {
      if (!allowAll) throw new ValidationError('Invalid locale param * provided. Document locales must be strings.');
      return type.localized ? '*' : null;
    }
    const locale = resolveLocale(deps.i18n(), raw === '' ? undefined : raw);
    return type.localized ? locale : null;
  }

  function statusOf(type: ContentType, status: DocumentStatus): DocumentStatus {
    return type.draftAndPublish ? status : 'published';
  }

  function storedRows(type: ContentType, query: ContentQuery, locale: string | null | '*'): readonly DocumentRow[] {
    const status = statusOf(type, query.status);
    return locale === '*' ? store.rowsInAllLocales(type, status) : store.rows(type, status, locale);
  }

  /** The rows of one page of a list query, and its meta. */
  function selectPage(type: ContentType, query: ContentQuery) {
    const model = contentTypeModel(type);
    const locale = localeOf(type, query.locale, true);
    const { evaluate } = contexts(query.status);
    let rows = selectRows(storedRows(type, query, locale), query.filters, query.sort, model, evaluate);
    if (query.q) rows = rows.filter(matchesSearch(query.q, model));
    return { model, ...paginate(rows, query.pagination) };
  }

  function find(type: ContentType, query: ContentQuery) {
    const { model, rows, meta } = selectPage(type, query);
    const presentContext = contexts(query.status).present;
    return { data: rows.map((row) => present(model, row, { populate: query.populate, fields: query.fields }, presentContext)), meta };
  }

  /**
   * Rows are replaced, never changed, on a write; so the JSON of a row in the default shape (no
   * populate, no fields) can be kept with it and reused by every list that shows it, and by the
   * lists that populate its relations (see `plainRelations`).
   */
  const serialized = new WeakMap<Record<string, unknown>, RowText>();
  function textOfRow(model: Model, row: Record<string, unknown>, status: DocumentStatus): RowText {
    let text = serialized.get(row);
    if (text === undefined) serialized.set(row, (text = rowText(model, row, contexts(status).present)));
    return text;
  }

  /**
   * The relations a query populates, when that is all it asks beyond the default shape: every
   * field, and each populated attribute a visible relation whose rows come in their own default
   * shape (no nested populate, fields, filters, sort or count). Each row's text is then its kept
   * text with its related rows' kept texts put in place. Undefined for any other query.
   */
  function plainRelations(model: Model, query: ContentQuery): Array<[string, RelationAttribute, Model]> | undefined {
    if (query.fields !== undefined) return undefined;
    const names = leftOut(model);
    const relations: Array<[string, RelationAttribute, Model]> = [];
    for (const name of names) {
      const node = query.populate[name];
      if (node === undefined) continue;
      const attribute = model.attributes[name];
      const target = attribute?.type === 'relation' ? lookup.model(attribute.target) : undefined;
      if (!target || target.isComponent || Object.values(node).some((value) => value !== undefined)) return undefined;
      relations.push([name, attribute as RelationAttribute, target]);
    }
    return Object.keys(query.populate).length === relations.length ? relations : undefined;
  }

  /** The text of one row with `relations` (from plainRelations) populated, as present and JSON.stringify give it. */
  function populatedJson(model: Model, row: DocumentRow, relations: ReadonlyArray<[string, RelationAttribute, Model]>, present: PresentContext): string {
    const parts = relations.map(([name, attribute, target]): [string, string] => {
      const texts = present.related(model, name, row).map((entry) => textOfRow(target, entry, present.status).json);
      const many = attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
      return [name, many ? `[${texts.join(',')}]` : (texts[0] ?? 'null')];
    });
    return withPopulated(model, textOfRow(model, row, present.status), parts);
  }

  /**
   * Which relation targets a caller may read, as a key: callers who read the same types get the
   * same list answers, and a role that cannot read categories never gets one with categories in it.
   */
  const audience = (models: ModelLookup) => targets.map((uid) => (models.mayRead(uid) ? '1' : '0')).join('');

  /**
   * What a list answer read: the versions of one type in one status and locale (a query without
   * filters, populate, sort through a relation or `locale=*`), or anything at all.
   */
  type AnswerScope = { type: ContentType; status: DocumentStatus; locale: string | null } | 'everything';
  const answers = createAnswerCache<AnswerScope>({ maxBytes: ANSWER_CACHE_BYTES, maxEntryBytes: ANSWER_CACHE_ENTRY_BYTES });
  /**
   * The dependencies of a scope as they are now. One type, status and locale: that bucket's rows
   * (the store makes a new list of them at every change) and the locales (which resolve `locale`).
   * Everything: the store's generation (any document), the users and roles tables (relations may
   * point at them; their rows are replaced, never changed, on a write or reload) and the locales.
   */
  const answerDependencies = (scope: AnswerScope): readonly unknown[] =>
    scope === 'everything'
      ? [store.generation(), deps.users.rows(), deps.roles.rows(), deps.i18n()]
      : [store.rows(scope.type, scope.status, scope.locale), deps.i18n()];

  /** The narrowest scope `query` reads (see AnswerScope). */
  function scopeOf(type: ContentType, query: ContentQuery): AnswerScope {
    const locale = localeOf(type, query.locale, true);
    const ownRowsOnly = locale !== '*' && !query.filters && Object.keys(query.populate).length === 0 && query.sort.every((key) => key.path.length === 1 && type.attributes[key.path[0]!]?.type !== 'relation');
    return ownRowsOnly ? { type, status: statusOf(type, query.status), locale } : 'everything';
  }

  /**
   * `find` as the JSON bytes of `{ data, meta }`: the hot path of the REST API. `querystring` and
   * the types `models` may read name the answer: asked again before anything it read changed, it
   * is answered from the cache without even being parsed (a query string that parsed once for
   * those readers parses the same way: the REST settings are fixed while the server runs). Only
   * answers are cached; a query that fails fails every time.
   * @example ctx.body = content.findJson(type, ctx.querystring, models, () => parseContentQuery(…, models, …))
   */
  function findJson(type: ContentType, querystring: string, models: ModelLookup, parse: () => ContentQuery): Buffer {
    const key = `${type.uid}#${audience(models)}?${querystring}`;
    const cached = answers.get(key, answerDependencies);
    if (cached !== undefined) return cached;
    const query = parse();
    const scope = scopeOf(type, query);
    const dependencies = answerDependencies(scope);
    const model = contentTypeModel(type);
    const relations = plainRelations(model, query);
    let json: string;
    if (relations) {
      const { rows, meta } = selectPage(type, query);
      const presentContext = contexts(query.status).present;
      const texts = relations.length === 0 ? rows.map((row) => textOfRow(model, row, query.status).json) : rows.map((row) => populatedJson(model, row, relations, presentContext));
      json = `{"data":[${texts.join(',')}],"meta":${JSON.stringify(meta)}}`;
    } else {
      json = JSON.stringify(find(type, query));
    }
    const bytes = Buffer.from(json);
    answers.set(key, scope, dependencies, bytes);
    return bytes;
  }

  function findVersion(type: ContentType, documentId: string, query: ContentQuery): DocumentRow {
    const locale = localeOf(type, query.locale, false) as string | null;
    const row = store.get(type, documentId, statusOf(type, query.status), locale);
    if (!row) throw new NotFoundError(messages.notFound);
    return row;
  }

  /**
   * One document as the JSON text of its `data`, for GET by documentId: in the default shape, the
   * same text lists reuse.
   */
  function findOneJson(type: ContentType, documentId: string, query: ContentQuery): string {
    const row = findVersion(type, documentId, query);
    const model = contentTypeModel(type);
    const relations = plainRelations(model, query);
    if (relations?.length === 0) return textOfRow(model, row, query.status).json;
    const presentContext = contexts(query.status).present;
    if (relations) return populatedJson(model, row, relations, presentContext);
    return JSON.stringify(present(model, row, { populate: query.populate, fields: query.fields }, presentContext));
  }

  /** The one document of a single type, if any. */
  function singleDocumentId(type: ContentType): string | undefined {
    return store.documentIds(type)[0];
  }

  function findSingleJson(type: ContentType, query: ContentQuery): string {
    localeOf(type, query.locale, false); // an unknown locale is a 400 even before anything exists
    const documentId = singleDocumentId(type);
    if (!documentId) throw new NotFoundError(messages.notFound);
    return findOneJson(type, documentId, query);
  }

  // --------------------------------------------------------------------------------------------
  // Writing
  // --------------------------------------------------------------------------------------------

  function isUniqueIn(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null) {
    return (attribute: string, value: unknown, path: string[]) => {
      if (path.length > 1) return true; // uniqueness inside components is per entry, not enforced across documents
      const claimedBy = claims.get(claimKey(type, status, locale, attribute))?.get(value);
      if (claimedBy !== undefined && claimedBy !== documentId) return false;
      return !store.rows(type, status, locale).some((row) => row.documentId !== documentId && row[attribute] === value);
    };
  }

  /**
   * Claims the unique values of a validated payload until the write is durable. Called in the same
   * synchronous run as the validation, so no other write can slip in between. Answers the release.
   */
  function claimUnique(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null, input: Record<string, unknown>): () => void {
    const claimed: Array<[Map<unknown, string>, unknown]> = [];
    for (const [name, value] of Object.entries(input)) {
      const attribute = type.attributes[name];
      if (!attribute || value === null || value === undefined) continue;
      if (attribute.type !== 'uid' && !('unique' in attribute && attribute.unique)) continue;
      const key = claimKey(type, status, locale, name);
      let values = claims.get(key);
      if (!values) claims.set(key, (values = new Map()));
      values.set(value, documentId);
      claimed.push([values, value]);
    }
    return () => {
      for (const [values, value] of claimed) if (values.get(value) === documentId) values.delete(value);
    };
  }

  /** The unique and uid attributes a payload sets (to a value or to null), top-level only. */
  function uniqueNamesIn(type: ContentType, data: unknown): string[] {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
    return Object.keys(data).filter((name) => {
      const attribute = type.attributes[name];
      return attribute !== undefined && (attribute.type === 'uid' || ('unique' in attribute && attribute.unique === true));
    });
  }

  /**
   * A write that sets a unique or uid attribute, on a store other processes share: such writes of a
   * type take turns across every process (the type's lock is always taken before the document's),
   * and the documents holding the values it sets are read again first, including those whose notice
   * is still on its way, so that its uniqueness check sees what the others committed a moment ago.
   * Any other write goes straight on.
   */
  function uniqueTurn<T>(type: ContentType, data: unknown, write: () => Promise<T>): Promise<T> {
    const names = store.shared ? uniqueNamesIn(type, data) : [];
    if (names.length === 0) return write();
    const key = `unique:${type.uid}`;
    // Local writers queue here before asking for the lock: each waiter would hold a connection otherwise.
    return inQueue(key, () =>
      store.exclusive(key, async () => {
        const holders = new Set<string>();
        for (const name of names) {
          const value = (data as Record<string, Json | undefined>)[name];
          if (value === null || value === undefined || typeof value === 'object') continue; // null is never taken; an object is refused by validation
          for (const documentId of await store.holdersOf(type, name, value)) holders.add(documentId);
          for (const status of ['draft', 'published'] as const) {
            for (const row of store.rowsInAllLocales(type, status)) if (row[name] === value) holders.add(row.documentId);
          }
        }
        for (const documentId of holders) {
          if (isSafeName(documentId)) await inQueue(writeKey(type, documentId), () => store.syncDocument(type, documentId, storedProblems(type)));
        }
        return write();
      }),
    );
  }

  /** Password attributes are stored as scrypt hashes, never as given. */
  async function hashPasswords(type: ContentType, input: Record<string, unknown>): Promise<void> {
    for (const [name, attribute] of Object.entries(type.attributes)) {
      if (attribute.type === 'password' && typeof input[name] === 'string') input[name] = await hashPassword(input[name] as string);
    }
  }

  /** A validated relation value as it is stored: documentIds (numeric ids for users and roles). */
  const storeRelation: StoreRelation = (attribute, value, current, path) => applyRelation(relationContext, attribute, current, isRelationInput(value) ? value : null, path);

  /** Applies a validated payload to `base` (the current draft, or a new row). */
  function merge(type: ContentType, base: DocumentRow, input: Record<string, unknown>): DocumentRow {
    const next: DocumentRow = { ...base };
    for (const [name, value] of Object.entries(input)) {
      const attribute = type.attributes[name];
      if (!attribute) continue;
      if (attribute.type === 'relation') {
        if (isInverseSide(attribute)) {
          throw new ValidationError(`${name} is the inverse side of a relation; set it from ${attribute.target.split('.').pop()}.${attribute.mappedBy}`, {
            errors: [{ path: [name], message: `${name} is the inverse side of a relation`, name: 'ValidationError' }],
          });
        }
        next[name] = storeRelation(attribute, value, base[name], name);
      } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
        next[name] = withComponentIds(schemas, attribute, value as Json, base[name], name, store.nextComponentId, storeRelation);
      } else {
        next[name] = value as Json;
      }
    }
    return next;
  }

  function missingRequired(type: ContentType, row: DocumentRow): void {
    const errors = Object.entries(type.attributes)
      .filter(([name, attribute]) => attribute.required && (row[name] === undefined || row[name] === null))
      .map(([name]) => ({ path: [name], message: `${name} must be defined.`, name: 'ValidationError' }));
    if (errors.length > 0) throw new ValidationError(errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`, { errors });
  }

  /** The published copy of a draft: new row id and new component ids (ids are status-local). */
  function publishedCopy(type: ContentType, draft: DocumentRow): DocumentRow {
    const published = renumberComponents(schemas, type.attributes, draft, store.nextComponentId) as DocumentRow;
    const existing = store.get(type, draft.documentId, 'published', draft.locale);
    return { ...published, id: store.nextRowId(type), createdAt: existing?.createdAt ?? draft.createdAt, updatedAt: draft.updatedAt, publishedAt: now() };
  }

  /** A row's attributes as one text, its component entries' ids left out (each version numbers its own). */
  function contentText(type: ContentType, row: DocumentRow, names: readonly string[]): string {
    const values: Record<string, Json> = {};
    for (const name of names) values[name] = row[name] ?? null;
    return stableStringify(renumberComponents(schemas, type.attributes, values, () => 0) as Json);
  }

  /** The shared attributes of a type (see isSharedAttribute): none for a type that is not localized. */
  function sharedNames(type: ContentType): string[] {
    return Object.entries(type.attributes).filter(([, attribute]) => isSharedAttribute(type, attribute)).map(([name]) => name);
  }

  /**
   * The document's other locale versions of `status` given `source`'s shared attributes where they
   * differ, so that a shared attribute has one value in every locale. A working version (a draft, or
   * the version of a type without draft & publish) that changes is newer. A published version keeps
   * its `updatedAt`, so that its locale stays as modified as it was (publishing one locale neither
   * publishes nor hides another locale's own changes), unless it now holds what its draft holds:
   * then it takes the draft's, and its locale is no longer modified.
   */
  function sharedCopies(type: ContentType, source: DocumentRow, status: DocumentStatus): Version[] {
    const shared = sharedNames(type);
    if (shared.length === 0) return [];
    const working = status === 'draft' || !type.draftAndPublish;
    const stamp = now();
    const wanted = new Map(shared.map((name) => [name, contentText(type, source, [name])]));
    const copies: Version[] = [];
    for (const { status: versionStatus, row } of store.versions(type, source.documentId)) {
      if (versionStatus !== status || row.locale === source.locale) continue;
      const differing = shared.filter((name) => contentText(type, row, [name]) !== wanted.get(name));
      if (differing.length === 0) continue;
      const next: DocumentRow = { ...row };
      for (const name of differing) {
        next[name] = renumberComponents(schemas, { [name]: type.attributes[name]! }, { [name]: source[name] ?? null }, store.nextComponentId)[name]!;
      }
      if (working) {
        next.updatedAt = stamp;
      } else {
        const draft = store.get(type, source.documentId, 'draft', row.locale);
        const names = Object.keys(type.attributes);
        if (draft && contentText(type, draft, names) === contentText(type, next, names)) next.updatedAt = draft.updatedAt;
      }
      copies.push({ status, row: next });
    }
    return copies;
  }

  /**
   * Writes `row` as the draft (or as the only version of a type without draft & publish), and its
   * published copy when publishing, with the other locales' copies of non-localized attributes: all
   * the files of one document, so one durable write. Drafts land first: a crash between renames
   * leaves a document that is a draft, or whose draft is ahead of its published version (states
   * Strapi has too), never a published version without its draft. Answers the version asked for.
   */
  async function writeDraft(type: ContentType, row: DocumentRow, options: WriteOptions, event: WebhookEvent): Promise<DocumentRow> {
    const status: DocumentStatus = !type.draftAndPublish ? 'published' : 'draft';
    const versions: Version[] = [{ status, row }, ...sharedCopies(type, row, status)];
    let answer = row;
    if (type.draftAndPublish && options.status === 'published') {
      answer = publishedCopy(type, row);
      versions.push({ status: 'published', row: answer }, ...sharedCopies(type, answer, 'published'));
    }
    const outbox = outboxOf(type, written(event, type, answer, options));
    await store.saveAll(type, versions, outbox);
    outbox?.recorded();
    return answer;
  }

  /** What a create or an update did: `event` on the draft (the only version without draft & publish), and `entry.publish` when it published. */
  function written(event: WebhookEvent, type: ContentType, saved: DocumentRow, options: WriteOptions): Array<[WebhookEvent, DocumentRow, DocumentStatus]> {
    const status: DocumentStatus = type.draftAndPublish ? 'draft' : 'published';
    const publishing = type.draftAndPublish && options.status === 'published';
    return [[event, saved, publishing ? 'published' : status], ...(publishing ? [['entry.publish', saved, 'published'] as [WebhookEvent, DocumentRow, DocumentStatus]] : [])];
  }

  async function createDocument(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    const locale = localeOf(type, options.locale, false) as string | null;
    assertPrecondition(type, undefined, locale, options.ifMatch);
    const documentId = newDocumentId();
    return uniqueTurn(type, data, () => queued(writeKey(type, documentId), async () => {
      await store.prepareIds(type, data);
      const status = type.draftAndPublish ? 'draft' : 'published';
      const input = validateDocumentInput(data, contentTypeModel(type), { lookup: lookupFor(lookup, options.actor), mode: 'create', isUnique: isUniqueIn(type, documentId, status, locale) });
      const release = claimUnique(type, documentId, status, locale, input);
      const stamp = now();
      const base: DocumentRow = { id: store.nextRowId(type), documentId, locale, createdAt: stamp, updatedAt: stamp, publishedAt: type.draftAndPublish ? null : stamp };
      let saved: DocumentRow;
      try {
        await hashPasswords(type, input);
        saved = await writeDraft(type, merge(type, base, input), options, 'entry.create');
      } finally {
        release();
      }
      return { data: present(contentTypeModel(type), saved, { populate: options.populate, fields: options.fields }, contexts(statusOf(type, options.status)).present) };
    }));
  }

  async function updateDocument(type: ContentType, documentId: string, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    const locale = localeOf(type, options.locale, false) as string | null;
    return uniqueTurn(type, data, () => queued(writeKey(type, documentId), async () => {
      await reread(type, documentId, options.ifMatch !== undefined);
      assertPrecondition(type, documentId, locale, options.ifMatch);
      await store.prepareIds(type, data);
      const versions = store.versions(type, documentId);
      if (versions.length === 0) throw new NotFoundError(messages.notFound);
      const status: DocumentStatus = type.draftAndPublish ? 'draft' : 'published';
      // A published version without its draft (data written before drafts came first, or edited by
      // hand) is edited as if it were the draft, rather than taken for a missing locale version.
      const draft = store.get(type, documentId, status, locale);
      const orphan = !draft && type.draftAndPublish ? store.get(type, documentId, 'published', locale) : undefined;
      const current = draft ?? orphan;
      const model = contentTypeModel(type);
      let base: DocumentRow;
      let input: Record<string, unknown>;
      if (current) {
        input = validateDocumentInput(data, model, { lookup: lookupFor(lookup, options.actor), mode: 'update', isUnique: isUniqueIn(type, documentId, status, locale) });
        base = orphan
          ? { ...(renumberComponents(schemas, type.attributes, orphan, store.nextComponentId) as DocumentRow), id: store.nextRowId(type), publishedAt: null, updatedAt: now() }
          : { ...current, updatedAt: now() };
      } else {
        // A new locale version of an existing document (spec rules 3–5).
        assertCan(options.actor, contentAction(type.singularName, 'createLocalization'));
        input = validateDocumentInput(data, model, { lookup: lookupFor(lookup, options.actor), mode: 'update', localizedOnly: true, isUnique: isUniqueIn(type, documentId, status, locale) });
        // The shared values as they are now: a write reaches every draft first, publishing carries them on.
        const source = versions.find((version) => version.status === 'draft')?.row ?? versions[0]!.row;
        const stamp = now();
        base = { id: store.nextRowId(type), documentId, locale, createdAt: stamp, updatedAt: stamp, publishedAt: type.draftAndPublish ? null : stamp };
        for (const name of sharedNames(type)) {
          if (source[name] !== undefined) base[name] = renumberComponents(schemas, { [name]: type.attributes[name]! }, { [name]: source[name]! }, store.nextComponentId)[name];
        }
      }
      const release = claimUnique(type, documentId, status, locale, input);
      let saved: DocumentRow;
      try {
        await hashPasswords(type, input);
        const row = merge(type, base, input);
        missingRequired(type, row);
        saved = await writeDraft(type, row, options, current ? 'entry.update' : 'entry.create');
      } finally {
        release();
      }
      return { data: present(model, saved, { populate: options.populate, fields: options.fields }, contexts(statusOf(type, options.status)).present) };
    }));
  }

  // Every write checks its action against the actor (a single type's PUT is `update`, also when it
  // creates the document), as the routes did before calling; the CLI's system actor holds them all.

  async function create(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'create'));
    return createDocument(type, data, options);
  }

  async function update(type: ContentType, documentId: string, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    return updateDocument(type, documentId, data, options);
  }

  async function updateSingle(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    const documentId = singleDocumentId(type);
    return documentId ? updateDocument(type, documentId, data, options) : createDocument(type, data, options);
  }

  async function remove(type: ContentType, documentId: string, options: RemoveOptions): Promise<void> {
    assertCan(options.actor, contentAction(type.singularName, 'delete'));
    const locale = localeOf(type, options.locale, true);
    await queued(writeKey(type, documentId), async () => {
      await reread(type, documentId, options.ifMatch !== undefined);
      assertPrecondition(type, documentId, locale, options.ifMatch);
      const versions = store.versions(type, documentId).filter(({ row }) => locale === '*' || row.locale === locale);
      if (versions.length === 0) throw new NotFoundError(messages.notFound);
      // One entry.delete per locale removed, the entry as last stored (its draft, where it had one),
      // committed with the last version's removal.
      const removed = new Map<string | null, { status: DocumentStatus; row: DocumentRow }>();
      for (const version of versions) if (!removed.has(version.row.locale) || version.status === 'draft') removed.set(version.row.locale, version);
      const outbox = outboxOf(type, [...removed.values()].map(({ status, row }) => ['entry.delete', row, status] as [WebhookEvent, DocumentRow, DocumentStatus]));
      for (const [index, { status, row }] of versions.entries()) await store.remove(type, status, documentId, row.locale, index === versions.length - 1 ? outbox : undefined);
      outbox?.recorded();
    });
  }

  async function removeSingle(type: ContentType, options: RemoveOptions): Promise<void> {
    assertCan(options.actor, contentAction(type.singularName, 'delete'));
    localeOf(type, options.locale, true);
    const documentId = singleDocumentId(type);
    if (!documentId) throw new NotFoundError(messages.notFound);
    await remove(type, documentId, options);
  }

  // --------------------------------------------------------------------------------------------
  // Draft & publish: publish, unpublish and discard a draft (Strapi's document service methods)
  // --------------------------------------------------------------------------------------------

  /**
   * `publish`: the draft in one locale becomes the published version (`entry.publish`).
   * `unpublish`: the published version goes, the draft stays (`entry.unpublish`).
   * `discardDraft`: the draft goes back to the published version (`entry.update`).
   * Each answers the version it leaves in front: the published one after `publish`, the draft after
   * the others. Non-localized attributes are copied to the other locales of the same status, as a
   * write does.
   * @example await content.draftAction('publish', articleType, 'abc123', { locale: 'fr', actor });
   */
  async function draftAction(action: DraftAction, type: ContentType, documentId: string, options: DraftActionOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, action));
    if (!type.draftAndPublish) throw new ValidationError(`${type.singularName} has no draft & publish: its documents are published as they are written`);
    const locale = localeOf(type, options.locale, false) as string | null;
    return queued(writeKey(type, documentId), async () => {
      await reread(type, documentId, options.ifMatch !== undefined);
      assertPrecondition(type, documentId, locale, options.ifMatch);
      const draft = store.get(type, documentId, 'draft', locale);
      const published = store.get(type, documentId, 'published', locale);
      if (!draft && !published) throw new NotFoundError(messages.notFound);
      // Each action makes a new version (new row and component ids): ids a shared store hands out.
      await store.prepareIds(type, draft ?? published);
      let answer: DocumentRow;
      let answerStatus: DocumentStatus = 'draft';
      let outbox: Outbox | undefined;
      if (action === 'publish') {
        if (!draft) throw new ApplicationError('This entry has no draft to publish');
        answer = publishedCopy(type, draft);
        assertValidVersion(type, 'published', answer);
        answerStatus = 'published';
        outbox = outboxOf(type, [['entry.publish', answer, 'published']]);
        await store.saveAll(type, [{ status: 'published', row: answer }, ...sharedCopies(type, answer, 'published')], outbox);
      } else if (action === 'unpublish') {
        if (!published) throw new ApplicationError('This entry is not published');
        // A published version without its draft (written by hand) leaves its content as the draft,
        // never nothing: unpublishing is not deleting.
        answer = draft ?? { ...(renumberComponents(schemas, type.attributes, published, store.nextComponentId) as DocumentRow), id: store.nextRowId(type), publishedAt: null };
        if (!draft) assertValidVersion(type, 'draft', answer);
        if (!draft) await store.saveAll(type, [{ status: 'draft', row: answer }]);
        // entry.unpublish carries the version that went, as Strapi's does.
        outbox = outboxOf(type, [['entry.unpublish', published, 'published']]);
        await store.remove(type, 'published', documentId, locale, outbox);
      } else {
        if (!published) throw new ApplicationError('This entry has no published version to go back to');
        const copy = renumberComponents(schemas, type.attributes, published, store.nextComponentId) as DocumentRow;
        answer = { ...copy, id: draft?.id ?? store.nextRowId(type), createdAt: draft?.createdAt ?? published.createdAt, updatedAt: published.updatedAt, publishedAt: null };
        assertValidVersion(type, 'draft', answer);
        outbox = outboxOf(type, [['entry.update', answer, 'draft']]);
        await store.saveAll(type, [{ status: 'draft', row: answer }, ...sharedCopies(type, answer, 'draft')], outbox);
      }
      outbox?.recorded();
      return { data: present(contentTypeModel(type), answer, { populate: options.populate, fields: options.fields }, contexts(answerStatus).present) };
    });
  }

  async function draftActionSingle(action: DraftAction, type: ContentType, options: DraftActionOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, action));
    const documentId = singleDocumentId(type);
    if (!documentId) throw new NotFoundError(messages.notFound);
    return draftAction(action, type, documentId, options);
  }

  // --------------------------------------------------------------------------------------------
  // Media
  // --------------------------------------------------------------------------------------------

  /** `value` (a stored media value, at any depth of `attributes`) without the file `fileId`; the same object when it holds none. */
  function withoutFile(attributes: Record<string, Attribute>, value: Record<string, unknown>, fileId: number): Record<string, unknown> {
    let out = value;
    const set = (name: string, next: unknown) => {
      if (out === value) out = { ...value };
      out[name] = next;
    };
    for (const [name, attribute] of Object.entries(attributes)) {
      const current = value[name];
      if (attribute.type === 'relation' && attribute.media) {
        if (current === fileId) set(name, null);
        else if (Array.isArray(current) && current.includes(fileId)) set(name, current.filter((id) => id !== fileId));
      } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
        const entries = Array.isArray(current) ? current : current && typeof current === 'object' ? [current] : [];
        const next = entries.map((entry) => {
          if (!entry || typeof entry !== 'object') return entry;
          const uid = attribute.type === 'component' ? attribute.component : (entry as { __component?: string }).__component;
          const component = uid === undefined ? undefined : schemas.components.get(uid);
          return component ? withoutFile(component.attributes, entry as Record<string, unknown>, fileId) : entry;
        });
        if (next.some((entry, index) => entry !== entries[index])) set(name, Array.isArray(current) ? next : next[0]);
      }
    }
    return out;
  }

  /** Whether `attributes`, or a component they hold, has a media attribute: only such types are searched for a file. */
  function holdsMedia(attributes: Record<string, Attribute>, seen = new Set<string>()): boolean {
    return Object.values(attributes).some((attribute) => {
      if (attribute.type === 'relation') return attribute.media !== undefined;
      const uids = attribute.type === 'component' ? [attribute.component] : attribute.type === 'dynamiczone' ? attribute.components : [];
      return uids.some((uid) => !seen.has(uid) && seen.add(uid) && holdsMedia(schemas.components.get(uid)?.attributes ?? {}, seen));
    });
  }

  /**
   * Unlinks a deleted file from every document version that shows it (in any media attribute, also
   * inside components), each document written as one; answers how many documents changed.
   * @example await content.unlinkFile(12) // 3
   */
  async function unlinkFile(fileId: number): Promise<number> {
    let changed = 0;
    for (const type of schemas.contentTypes) {
      if (!holdsMedia(type.attributes)) continue;
      for (const documentId of store.documentIds(type)) {
        const touches = store.versions(type, documentId).some(({ row }) => withoutFile(type.attributes, row, fileId) !== row);
        if (!touches) continue;
        await queued(writeKey(type, documentId), async () => {
          await reread(type, documentId);
          const versions = store.versions(type, documentId)
            .map(({ status, row }) => ({ status, row: withoutFile(type.attributes, row, fileId) as DocumentRow, before: row }))
            .filter(({ row, before }) => row !== before)
            .map(({ status, row }) => ({ status, row }));
          if (versions.length > 0) await store.saveAll(type, versions);
        });
        changed++;
      }
    }
    return changed;
  }

  /** A 400 naming the form field `field` of an upload that links files. */
  function linkError(field: string, message: string): ValidationError {
    return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
  }

  /** The version a numeric id names (a row id, as answers show it), in any status and locale. */
  function versionWithId(type: ContentType, id: number): DocumentRow | undefined {
    for (const documentId of store.documentIds(type)) {
      const found = store.versions(type, documentId).find(({ row }) => row.id === id);
      if (found) return found.row;
    }
    return undefined;
  }

  /**
   * Checks, before any file is stored, where `POST /api/upload` with `ref`, `refId` and `field` will
   * link its files: the content type, the media attribute, the caller's right to update the entry
   * (403 otherwise), and the entry itself in the locale asked. A documentId means the version in
   * `locale` (the default when none); a numeric id, as Strapi 5 takes it, means the version with
   * that id, in its own locale. Each wrong value is a 400 naming it.
   * @example const target = await content.mediaTarget({ ref: 'api::article.article', refId: 'abc123', field: 'cover' }, actor);
   */
  async function mediaTarget(request: MediaLinkRequest, actor: Actor): Promise<MediaTarget> {
    const type = schemas.byUid(request.ref);
    if (!type) {
      const uids = schemas.contentTypes.map((each) => each.uid);
      throw linkError('ref', `ref "${request.ref}" names no content type (${uids.join(', ')})${didYouMean(request.ref, uids)}`);
    }
    const attribute = type.attributes[request.field];
    if (!attribute) {
      const names = Object.keys(type.attributes);
      throw linkError('field', `field "${request.field}" is not an attribute of ${type.singularName}${didYouMean(request.field, names)}`);
    }
    if (attribute.type !== 'relation' || !attribute.media) {
      const media = Object.entries(type.attributes).filter(([, each]) => each.type === 'relation' && each.media).map(([name]) => name);
      throw linkError('field', `field "${request.field}" of ${type.singularName} is not a media attribute (media attributes: ${media.join(', ') || 'none'})`);
    }
    assertCan(actor, contentAction(type.singularName, 'update'));
    let documentId: string | undefined;
    let locale: string | null;
    const byId = /^\d{1,15}$/.test(request.refId) ? versionWithId(type, Number(request.refId)) : undefined;
    if (byId) {
      documentId = byId.documentId;
      locale = type.localized ? byId.locale : null;
      if (type.localized && request.locale !== undefined && request.locale !== locale) {
        throw linkError('locale', `refId ${request.refId} is the ${String(locale)} version of ${type.singularName} ${documentId}, not the ${request.locale} one: send its documentId with locale ${request.locale}`);
      }
    } else {
      try {
        locale = localeOf(type, request.locale, false) as string | null;
      } catch (error) {
        if (error instanceof ValidationError) throw linkError('locale', error.message);
        throw error;
      }
      const found = () => store.get(type, request.refId, 'draft', locale) ?? store.get(type, request.refId, 'published', locale);
      // Written a moment ago by another process, or on disk, and not seen yet: read it before saying it is not there.
      if (!found() && isSafeName(request.refId)) await queued(writeKey(type, request.refId), () => reread(type, request.refId));
      if (found()) documentId = request.refId;
    }
    if (documentId === undefined) {
      const where = type.localized && !byId ? ` in locale ${String(locale!)}` : '';
      throw linkError('refId', `refId "${request.refId}" names no ${type.singularName}${where} (a documentId, or the numeric id of one of its versions)`);
    }
    const field = request.field;
    const multiple = attribute.relation === 'manyToMany';
    const allowed = attribute.media.allowedTypes;
    return {
      type,
      documentId,
      locale,
      field,
      multiple,
      check: (files) => {
        if (!multiple && files.length > 1) throw linkError('field', `${field} takes one file: ${files.length} were sent`);
        for (const file of files) {
          const kind = mediaKind(file.mime);
          if (allowed && !allowed.includes(kind)) throw linkError('field', `${field} takes ${allowed.join(', ')}: ${file.name} is ${kind} (${file.mime})`);
        }
      },
    };
  }

  /**
   * Links stored files to the entry `target` names, as `PUT ?status=draft` with the field would:
   * a single media gets the first file in place of what it held, a multiple one gets them after
   * its own. The draft of that locale is written (the only version of a type without draft &
   * publish), with the same validation, webhooks and copies of shared attributes to the other
   * locales' drafts as any update, and needs the same `update` action.
   * @example await content.linkFiles(target, [12], actor);
   */
  async function linkFiles(target: MediaTarget, fileIds: readonly number[], actor: Actor): Promise<DocumentResult> {
    const data = { [target.field]: target.multiple ? { connect: [...fileIds] } : (fileIds[0] ?? null) };
    try {
      // If-Match `*`: the version must still be there; a write never makes a new locale version here.
      return await update(target.type, target.documentId, data, { status: 'draft', locale: target.locale ?? undefined, actor, ifMatch: ['*'] });
    } catch (error) {
      if (error instanceof PreconditionFailedError || error instanceof NotFoundError) {
        throw linkError('refId', `refId names no ${target.type.singularName}${target.locale === null ? '' : ` in locale ${target.locale}`}: it was deleted while the files were stored`);
      }
      throw error;
    }
  }

  // --------------------------------------------------------------------------------------------
  // Files changed by something else (git, an editor)
  // --------------------------------------------------------------------------------------------

  /**
   * What a version read from disk must be, besides well-formed, to replace the one served: what
   * `folio check` asks of it (checkStoredDocument), as written by hand (the server fills in ids and
   * timestamps). Relation targets are not required to exist yet: a pull may bring a document before
   * the one it points at, and a relation to a missing document is left out of answers anyway.
   */
  /**
   * Refuses, with a 400 naming each field, a version that breaks its type's rules as the status it is
   * written in: a draft may lack a required value (one edited on disk, say), its published copy may not.
   */
  function assertValidVersion(type: ContentType, status: DocumentStatus, row: DocumentRow): void {
    const locales = deps.i18n().locales.map((known) => known.code);
    const problems = checkStoredDocument(type, row, { schemas, documentId: row.documentId, status, locale: type.localized ? (row.locale ?? '') : NO_LOCALE, locales });
    if (problems.length === 0) return;
    const errors = problems.map((problem) => ({ path: problem.path ?? [], message: problem.message, name: 'ValidationError' }));
    throw new ValidationError(errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`, { errors });
  }

  function storedProblems(type: ContentType) {
    const locales = deps.i18n().locales.map((known) => known.code);
    return (status: DocumentStatus, row: DocumentRow): string[] =>
      checkStoredDocument(type, row, { schemas, documentId: row.documentId, status, locale: type.localized ? (row.locale ?? '') : NO_LOCALE, locales, handWritten: true }).map((problem) => problem.message);
  }

  /**
   * Documents whose files the watcher saw change and that were not re-read since (write keys; a
   * type's key alone when its whole folder changed). Told at once, before the watcher settles.
   */
  const changedOnDisk = new Set<string>();

  /**
   * Called by the file watcher the moment someone else changed a document's files (no documentId:
   * a type's whole folder), so that the next write to it re-reads them first.
   * @example content.noteChangedOnDisk(articleType, 'abc123')
   */
  function noteChangedOnDisk(type: ContentType, documentId?: string): void {
    changedOnDisk.add(documentId === undefined ? type.uid : writeKey(type, documentId));
  }

  /**
   * Before a write: when the document's files changed on disk since the server read them (git, an
   * editor), it is re-read, so the change is built on, never overwritten with the stale copy. A
   * document not seen changing is not read again: every write would pay a read otherwise (update
   * went from about 930 to 680 per second). An id that cannot name a folder names no document.
   */
  /**
   * Reads a document's versions again before a write, when they may have changed without this
   * process knowing yet: always on a store other processes write, and on disk when the watcher told
   * of a change or when the write is conditional (`always`: a change made a moment ago by the CLI or
   * an editor may not have been told yet, and a condition must be judged on what is there).
   */
  async function reread(type: ContentType, documentId: string, always = false): Promise<void> {
    if (!isSafeName(documentId)) return;
    const key = writeKey(type, documentId);
    // Another process may have written it a moment ago, its notice still on the way: always read it.
    if (!always && !store.shared && !changedOnDisk.has(key) && !changedOnDisk.has(type.uid)) return;
    changedOnDisk.delete(key);
    await store.syncDocument(type, documentId, storedProblems(type));
  }

  /**
   * Follows one document whose files changed on disk: valid versions are served at once, a file that
   * does not parse or validate is refused (its last good version stays). Queued with the writes of
   * that document, so it never interleaves with one.
   * @example const report = await content.syncFromDisk(articleType, 'abc123'); // { changed: 1, removed: 0, refused: [] }
   */
  function syncFromDisk(type: ContentType, documentId: string): Promise<SyncReport> {
    if (!isSafeName(documentId)) return Promise.resolve({ changed: 0, removed: 0, refused: [] });
    return queued(writeKey(type, documentId), () => {
      changedOnDisk.delete(writeKey(type, documentId));
      return store.syncDocument(type, documentId, storedProblems(type));
    });
  }

  /** Every document of a type, in memory or on disk, brought in line with its files (a type folder that changed as a whole). */
  async function syncTypeFromDisk(type: ContentType): Promise<SyncReport> {
    const ids = new Set([...store.documentIds(type), ...(await store.documentIdsOnDisk(type))]);
    const total: SyncReport = { changed: 0, removed: 0, refused: [] };
    changedOnDisk.delete(type.uid);
    for (const documentId of ids) {
      const report = await syncFromDisk(type, documentId);
      total.changed += report.changed;
      total.removed += report.removed;
      total.refused.push(...report.refused);
    }
    return total;
  }

  /** The models as `actor` may read them: what a request's query is parsed against. */
  const modelsFor = (actor: Actor): ModelLookup => lookupFor(lookup, actor);

  return { modelsFor, findJson, findOneJson, findSingleJson, stateTag, create, update, updateSingle, remove, removeSingle, draftAction, draftActionSingle, noteChangedOnDisk, syncFromDisk, syncTypeFromDisk, unlinkFile, mediaTarget, linkFiles };
}
