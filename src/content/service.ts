/**
 * The content service: find, findOne, create, update and delete documents of collection and single
 * types, locale-aware, with draft & publish (docs/api/content.md). It takes parsed queries and raw
 * payloads and answers presented documents; it never sees `ctx`.
 *
 * A thin door over one shared context (context.ts) and one file per operation (operations/): this
 * file checks each write's action against its actor (a single type's PUT is `update`, also when it
 * creates the document; the CLI's system actor holds them all), finds a single type's document, and
 * runs every action through the project's document middlewares (middlewares.ts), which is also
 * where the document service's reads from Strapi-shaped params (`findMany`, `count`, …) come in.
 */
import { NotFoundError, ValidationError } from '../errors.js';
import { messages } from '../messages.js';
import { assertCan, contentAction, lookupFor, type Actor, type DraftAction } from '../permissions/index.js';
import { contentTypeModel, parseContentQuery, type ContentQuery, type ModelLookup, type PopulateTree } from '../model/index.js';
import type { ContentType } from '../schema/index.js';
import { createContentContext, type ContentServiceDeps } from './context.js';
import type { DocumentResult, DraftActionOptions, RemoveOptions, WriteOptions } from './options.js';
import { LazyContext, LazyResult, runDocumentAction, type DocumentAction, type DocumentContext } from './middlewares.js';
import { isSafeName, type DocumentStatus } from '../storage/index.js';
import { whenRead } from './reader.js';
import { after, leadingTo, policing, readCall, writeCall, type ActionRequest, type PolicyCall } from './policies.js';
import { createCreate } from './operations/create.js';
import { createDiskSync } from './operations/disk-sync.js';
import { createDraftActions } from './operations/draft-actions.js';
import { createFileUses } from './operations/file-uses.js';
import { createFind } from './operations/find.js';
import { createLinkFiles } from './operations/link-files.js';
import { createRemove } from './operations/remove.js';
import { createUnlinkFile } from './operations/unlink-file.js';
import { createUpdate } from './operations/update.js';
import { createHistoryReads, type HistoryReadOptions } from './operations/history.js';
import { createRestore } from './operations/restore.js';

export type { ContentServiceDeps } from './context.js';
export type { DocumentAction, DocumentContext, DocumentMiddleware, DocumentMiddlewares } from './middlewares.js';

/**
 * A read's query as the request gave it (`raw`, the document service's params shape) and how one
 * of that shape is parsed: a document middleware may change the params, and the read then runs
 * from them.
 */
export interface QuerySource {
  raw(): Record<string, unknown>;
  parse(raw: Record<string, unknown>): ContentQuery;
}

/** A document as the Content API answers it: `id`, `documentId`, its attributes, `locale`, `createdAt`, `updatedAt`, `publishedAt`. */
export type FolioDocument = { id: number; documentId: string } & Record<string, unknown>;

/** What the document service's `delete` and draft actions answer, as Strapi 5's do: the document and the versions acted on. */
export interface DocumentEntries {
  documentId: string;
  entries: FolioDocument[];
}
export type { HistoryPage, HistoryReadOptions } from './operations/history.js';
export type { FileUses } from './operations/file-uses.js';
export type { DocumentResult, DraftActionOptions, MediaLinkRequest, MediaTarget, RemoveOptions, WriteOptions } from './options.js';

export type ContentService = ReturnType<typeof createContentService>;

const NO_MIDDLEWARE: readonly never[] = [];

/**
 * @example const content = createContentService({ schemas, lookup: createModelLookup(schemas), store, users, roles, files, i18n: () => project.config.i18n });
 */
export function createContentService(deps: ContentServiceDeps) {
  const context = createContentContext(deps);
  const reads = createFind(context);
  const createOperation = createCreate(context);
  const updateOperation = createUpdate(context);
  const removeOperation = createRemove(context);
  const draftOperation = createDraftActions(context);
  const { noteChangedOnDisk, syncFromDisk, syncTypeFromDisk } = createDiskSync(context);
  const unlinkFile = createUnlinkFile(context);
  const fileUses = createFileUses(context);
  const middlewares = () => deps.middlewares?.list ?? NO_MIDDLEWARE;

  /** Runs `run` through the document middlewares as `action` with `params`, or straight when there are none. */
  async function through<T>(type: ContentType, action: DocumentAction, params: Record<string, unknown>, run: (params: Record<string, unknown>) => Promise<T>): Promise<T> {
    const list = middlewares();
    if (list.length === 0) return run(params);
    const documentContext: DocumentContext = { uid: type.uid, contentType: type, action, params };
    return (await runDocumentAction(list, documentContext, () => run(documentContext.params))) as T;
  }

  /**
   * A documentId as a caller gave it: one the store cannot hold (its format, see isSafeName) names
   * no document, a 404 before anything is read, whatever reads it next (a folder, git's log).
   */
  const documentIdOf = (documentId: string): string => {
    if (!isSafeName(documentId)) throw new NotFoundError(messages.notFound);
    return documentId;
  };
  /** The documentId in params a middleware may have changed. */
  const documentIdIn = (params: Record<string, unknown>): string => {
    if (typeof params.documentId !== 'string' || params.documentId === '') throw new ValidationError('documentId must be a string');
    return documentIdOf(params.documentId);
  };
  const policed = policing(deps.policies);
  const statusIn = (params: Record<string, unknown>, fallback: DocumentStatus): DocumentStatus => {
    const { status } = params;
    if (status === undefined) return fallback;
    if (status !== 'draft' && status !== 'published') throw new ValidationError(`Invalid status "${String(status)}": expected draft or published`);
    return status;
  };
  const asResult = (document: unknown): DocumentResult => ({ data: (document ?? null) as Record<string, unknown> });

  // Each write, as every door reaches it: through the document middlewares, then the operation.
  const createDocument = async (type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> =>
    asResult(await through(type, 'create', { data, locale: options.locale, status: options.status }, async (params) =>
      (await createOperation(type, params.data, { ...options, locale: params.locale, status: statusIn(params, options.status) })).data));
  const updateDocument = async (type: ContentType, documentId: string, data: unknown, options: WriteOptions): Promise<DocumentResult> =>
    asResult(await through(type, 'update', { documentId, data, locale: options.locale, status: options.status }, async (params) =>
      (await updateOperation(type, documentIdIn(params), params.data, { ...options, locale: params.locale, status: statusIn(params, options.status) })).data));
  const removeDocument = (type: ContentType, documentId: string, options: RemoveOptions): Promise<DocumentEntries> =>
    through(type, 'delete', { documentId, locale: options.locale }, async (params) => {
      const id = documentIdIn(params);
      const entries = entriesOf(type, id, params.locale);
      await removeOperation(type, id, { ...options, locale: params.locale });
      return { documentId: id, entries: entries as FolioDocument[] };
    });
  const draftActionOn = async (action: DraftAction, type: ContentType, documentId: string, options: DraftActionOptions): Promise<DocumentResult> =>
    asResult(await through(type, action, { documentId, locale: options.locale }, async (params) =>
      (await draftOperation(action, type, documentIdIn(params), { ...options, locale: params.locale })).data));

  /** The versions a delete of `documentId` in `rawLocale` removes, as the Content API answers them. */
  function entriesOf(type: ContentType, documentId: string, rawLocale: unknown): Record<string, unknown>[] {
    const locale = context.localeOf(type, rawLocale, true);
    return context.store
      .versions(type, documentId)
      .filter((version) => locale === '*' || version.row.locale === locale)
      .map((version) => context.answer(type, version.row, version.status, {}));
  }

  /** The document of a single type, for an action on it: a 404 when it has none. */
  function singleDocument(type: ContentType): string {
    const documentId = context.singleDocumentId(type);
    if (!documentId) throw new NotFoundError(messages.notFound);
    return documentId;
  }

  /**
   * `find` as the JSON bytes of its answer (see operations/find.ts). Through middlewares, the cached
   * answer is still sent as it is when none of them looked at the params or the result. `call`:
   * who reads, for the project's policies on `find` (REST's route checked the permission already).
   */
  function findJson(type: ContentType, querystring: string, models: ModelLookup, source: QuerySource, call?: PolicyCall): Buffer | Promise<Buffer> {
    return after(call && policed(type, 'find', call), () => listJson(type, querystring, models, source));
  }

  function listJson(type: ContentType, querystring: string, models: ModelLookup, source: QuerySource): Buffer | Promise<Buffer> {
    const parse = () => source.parse(source.raw());
    const list = middlewares();
    if (list.length === 0) return reads.findJson(type, querystring, models, parse);
    const documentContext = new LazyContext(type, 'findMany', source.raw);
    let cached: { bytes: Buffer; rows: LazyResult<unknown[]> } | undefined;
    let meta: unknown;
    const action = () => {
      if (documentContext.touched) {
        return whenRead(reads.find(type, source.parse(documentContext.params)), (found) => {
          meta = found.meta;
          return found.data;
        });
      }
      return whenRead(reads.findJson(type, querystring, models, parse), (bytes) => {
        const kept = { bytes, rows: new LazyResult<unknown[]>([], () => JSON.parse(bytes.toString()).data) };
        cached = kept;
        return kept.rows.value;
      });
    };
    return runDocumentAction(list, documentContext, action).then((result) => {
      if (cached && result === cached.rows.value && !cached.rows.loaded()) return cached.bytes;
      if (cached) meta = JSON.parse(cached.bytes.toString()).meta;
      const count = Array.isArray(result) ? result.length : 0;
      return Buffer.from(JSON.stringify({ data: result, meta: meta ?? { pagination: { page: 1, pageSize: count, pageCount: 1, total: count } } }));
    });
  }

  /** One document's `data` as JSON text, read as `action` (`findOne`, or `findFirst` for a single type). */
  function oneJson(type: ContentType, action: DocumentAction, documentId: () => string, query: ContentQuery, source: QuerySource | undefined): string | Promise<string> {
    const list = middlewares();
    if (list.length === 0 || !source) return reads.findOneJson(type, documentId(), query);
    const documentContext = new LazyContext(type, action, () => (action === 'findOne' ? { documentId: documentId(), ...source.raw() } : source.raw()));
    let cached: { text: string; document: LazyResult<Record<string, unknown>> } | undefined;
    const read = () => {
      if (documentContext.touched) {
        const { documentId: id, ...rest } = documentContext.params;
        return reads.findOne(type, action === 'findOne' ? documentIdIn({ documentId: id }) : documentId(), source.parse(rest));
      }
      return whenRead(reads.findOneJson(type, documentId(), query), (text) => {
        const kept = { text, document: new LazyResult<Record<string, unknown>>({}, () => JSON.parse(text)) };
        cached = kept;
        return kept.document.value;
      });
    };
    return runDocumentAction(list, documentContext, read).then((result) => {
      if (cached && result === cached.document.value && !cached.document.loaded()) return cached.text;
      if (result === null || result === undefined) throw new NotFoundError(messages.notFound);
      return JSON.stringify(result);
    });
  }

  /**
   * One document as JSON text (`findOne`). `call`: who reads, for the project's policies on
   * `findOne` (REST's route checked the permission already).
   */
  const findOneJson = (type: ContentType, documentId: string, query: ContentQuery, source?: QuerySource, call?: PolicyCall) => {
    const id = documentIdOf(documentId);
    // The call as the route made it: its request names the document (no copy made on every read).
    return after(call && policed(type, 'findOne', call), () => oneJson(type, 'findOne', () => id, query, source));
  };

  function findSingleJson(type: ContentType, query: ContentQuery, source?: QuerySource, call?: PolicyCall): string | Promise<string> {
    context.localeOf(type, query.locale, false); // an unknown locale is a 400 even before anything exists
    return after(call && policed(type, 'find', call), () => oneJson(type, 'findFirst', () => singleDocument(type), query, source));
  }

  async function create(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'create'));
    await policed(type, 'create', writeCall(options, { data }));
    return createDocument(type, data, options);
  }

  async function update(type: ContentType, documentId: string, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    const id = documentIdOf(documentId);
    await policed(type, 'update', writeCall(options, { documentId: id, data }));
    return updateDocument(type, id, data, options);
  }

  async function updateSingle(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    await policed(type, 'update', writeCall(options, { data }));
    const documentId = context.singleDocumentId(type);
    return documentId ? updateDocument(type, documentId, data, options) : createDocument(type, data, options);
  }

  async function remove(type: ContentType, documentId: string, options: RemoveOptions): Promise<DocumentEntries> {
    assertCan(options.actor, contentAction(type.singularName, 'delete'));
    const id = documentIdOf(documentId);
    await policed(type, 'delete', writeCall(options, { documentId: id }));
    return removeDocument(type, id, options);
  }

  async function removeSingle(type: ContentType, options: RemoveOptions): Promise<DocumentEntries> {
    assertCan(options.actor, contentAction(type.singularName, 'delete'));
    context.localeOf(type, options.locale, true); // an unknown locale is a 400 even when nothing exists
    await policed(type, 'delete', writeCall(options, {}));
    return removeDocument(type, singleDocument(type), options);
  }

  /**
   * `publish`, `unpublish` or `discardDraft` in one locale (see operations/draft-actions.ts).
   * @example await content.draftAction('publish', articleType, 'abc123', { locale: 'fr', actor });
   */
  async function draftAction(action: DraftAction, type: ContentType, documentId: string, options: DraftActionOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, action));
    const id = documentIdOf(documentId);
    await policed(type, action, writeCall(options, { documentId: id }));
    return draftActionOn(action, type, id, options);
  }

  async function draftActionSingle(action: DraftAction, type: ContentType, options: DraftActionOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, action));
    await policed(type, action, writeCall(options, {}));
    return draftActionOn(action, type, singleDocument(type), options);
  }

  /**
   * The reads of the document service, from its params (`filters`, `locale`, `status`, `populate`,
   * `fields`, `sort`, `pagination` or `start`/`limit`): no page is applied unless asked for.
   */
  function parseParams(type: ContentType, params: Record<string, unknown>, actor: Actor): ContentQuery {
    const rest = { ...deps.rest(), defaultLimit: Number.MAX_SAFE_INTEGER, maxLimit: Number.MAX_SAFE_INTEGER, strictParams: false };
    const { documentId: _documentId, data: _data, ...query } = params;
    return parseContentQuery(query, contentTypeModel(type), modelsFor(actor), rest);
  }
  const readAction = (type: ContentType) => (type.kind === 'singleType' ? 'find' : 'findOne');

  async function findMany(type: ContentType, params: Record<string, unknown>, actor: Actor, request?: ActionRequest): Promise<Record<string, unknown>[]> {
    assertCan(actor, contentAction(type.singularName, 'find'));
    await policed(type, 'find', readCall(actor, params, request));
    return through(type, 'findMany', params, async (given) => (await reads.find(type, parseParams(type, given, actor))).data);
  }

  async function findFirst(type: ContentType, params: Record<string, unknown>, actor: Actor, request?: ActionRequest): Promise<Record<string, unknown> | null> {
    assertCan(actor, contentAction(type.singularName, 'find'));
    await policed(type, 'find', readCall(actor, params, request));
    return through(type, 'findFirst', params, async (given) => {
      const query = parseParams(type, given, actor);
      return (await reads.find(type, { ...query, pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).data[0] ?? null;
    });
  }

  async function findOne(type: ContentType, params: Record<string, unknown>, actor: Actor, request?: ActionRequest): Promise<Record<string, unknown> | null> {
    assertCan(actor, contentAction(type.singularName, readAction(type)));
    if (typeof params.documentId === 'string' && !isSafeName(params.documentId)) return null; // names no document: nothing is read
    await policed(type, readAction(type), readCall(actor, params, request, params.documentId as string | undefined));
    return through(type, 'findOne', params, async (given) => {
      try {
        return await reads.findOne(type, documentIdIn(given), parseParams(type, given, actor));
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    });
  }

  async function count(type: ContentType, params: Record<string, unknown>, actor: Actor, request?: ActionRequest): Promise<number> {
    assertCan(actor, contentAction(type.singularName, 'find'));
    await policed(type, 'find', readCall(actor, params, request));
    return through(type, 'count', params, async (given) => reads.count(type, parseParams(type, given, actor)));
  }

  // An upload's link is an update of the entry: its permission, and its policies before a file is stored.
  const updatePolicies = (type: ContentType, documentId: string, data: unknown, options: WriteOptions) =>
    policed(type, 'update', writeCall(options, { documentId, data, request: leadingTo(options.request) }));
  const { mediaTarget, linkFiles } = createLinkFiles(context, (type, documentId, data, options) => {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    return updateDocument(type, documentId, data, options);
  }, updatePolicies);
  const historyReads = createHistoryReads(context, deps.history);
  // A restore rewrites the draft: it is an update too, and passes that action's policies.
  const restoreVersion = createRestore(context, deps.history, async (type, documentId, data, options) => {
    await updatePolicies(type, documentId, data, options);
    return updateDocument(type, documentId, data, options);
  });

  /** What a history read's policies are told. */
  type HistoryCallOptions = { locale: unknown; actor: Actor; request?: ActionRequest };

  /** A document's history in one locale (`history`), newest first. */
  async function history(type: ContentType, documentId: string, options: HistoryReadOptions & HistoryCallOptions) {
    assertCan(options.actor, contentAction(type.singularName, 'history'));
    const id = documentIdOf(documentId);
    await policed(type, 'history', readCall(options.actor, options, options.request, id));
    return historyReads.history(type, id, options);
  }

  /** One version of a document as the Content API answered it then (`history`). */
  async function historyVersion(type: ContentType, documentId: string, version: string, options: HistoryCallOptions & { populate?: PopulateTree; fields?: string[] }) {
    assertCan(options.actor, contentAction(type.singularName, 'history'));
    const id = documentIdOf(documentId);
    await policed(type, 'history', readCall(options.actor, options, options.request, id));
    return historyReads.version(type, id, version, options);
  }

  /** Puts a version's attributes into the current draft, as an update named `restore` (`restore` and `update`). */
  async function restore(type: ContentType, documentId: string, version: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'restore'));
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    const id = documentIdOf(documentId);
    await policed(type, 'restore', writeCall(options, { documentId: id, data: { version } }));
    return restoreVersion(type, id, version, options);
  }

  /** The models as `actor` may read them: what a request's query is parsed against. */
  const modelsFor = (actor: Actor): ModelLookup => lookupFor(deps.lookup, actor);

  return {
    modelsFor,
    findJson,
    findOneJson,
    findSingleJson,
    stateTag: reads.stateTag,
    /**
     * What every read depends on, as it is now, for a transport that keeps whole answers (GraphQL):
     * undefined while the project has document middlewares or policies, whose results may depend on anything.
     */
    contentState: (): readonly unknown[] | undefined => (middlewares().length === 0 && !deps.policies?.any() ? reads.contentState() : undefined),
    findMany,
    findFirst,
    findOne,
    count,
    create,
    update,
    updateSingle,
    remove,
    removeSingle,
    draftAction,
    draftActionSingle,
    noteChangedOnDisk,
    syncFromDisk,
    syncTypeFromDisk,
    unlinkFile,
    /** The entries that use a file, as far as the caller may read them (see operations/file-uses.ts). */
    fileUses,
    mediaTarget,
    linkFiles,
    history,
    historyVersion,
    restore,
    /** The document of a single type, for history: a 404 when it has none. */
    singleDocument,
  };
}
