/**
 * The document service, declared: Strapi 5's (`findMany`, `findOne`, `create`, `publish`, …, with
 * Strapi's params), each method a call of the content service, so that validation, uniqueness,
 * webhooks, history, policies and the document middlewares are the REST API's. The one place where
 * Strapi's params become the content service's calls, for a collection or a single type: the
 * project's code (`folio.documents(uid)`) and GraphQL's resolvers call it, as the system or as a user.
 */
import { ValidationError } from '../errors.js';
import { contentTypeModel, parseContentQuery } from '../model/index.js';
import type { Actor } from '../permissions/index.js';
import type { ContentType, Schemas } from '../schema/index.js';
import type { ActionRequest, WriteOptions } from './options.js';
import type { ContentService, DocumentEntries, FolioDocument } from './service.js';

/** The arguments of a read, as Strapi 5's document service takes them. */
export interface FindParams {
  filters?: Record<string, unknown>;
  /** A locale code, `*` for every locale; the default locale when none. */
  locale?: string;
  /** `draft` (the default, as in Strapi's document service) or `published`. */
  status?: 'draft' | 'published';
  populate?: unknown;
  fields?: string[] | string;
  sort?: unknown;
  pagination?: { page?: number; pageSize?: number; start?: number; limit?: number; withCount?: boolean };
  start?: number;
  limit?: number;
  /** Full-text search over the string attributes. */
  _q?: string;
}

export interface DocumentIdParams {
  documentId: string;
  locale?: string;
}

export interface WriteParams {
  data: Record<string, unknown>;
  locale?: string;
  /** `draft` (the default) or `published`: publish the written version too. */
  status?: 'draft' | 'published';
  /** How the answer is shaped, as for a read. */
  populate?: unknown;
  fields?: string[] | string;
}

/**
 * `folio.documents(uid)`: Strapi 5's document service over one content type. Every action runs
 * through the document middlewares, with the validation, uniqueness, webhooks and history of the
 * REST API, acting as the system unless `folio.documents(uid, { user })` names a user.
 */
export interface DocumentService {
  findMany(params?: FindParams): Promise<FolioDocument[]>;
  findFirst(params?: FindParams): Promise<FolioDocument | null>;
  /** null when there is no such document (in that locale and status). */
  findOne(params: DocumentIdParams & FindParams): Promise<FolioDocument | null>;
  count(params?: FindParams): Promise<number>;
  create(params: WriteParams): Promise<FolioDocument>;
  /** A single type's document needs no `documentId`. */
  update(params: WriteParams & { documentId?: string }): Promise<FolioDocument>;
  /** `locale: '*'` deletes every locale. */
  delete(params: Partial<DocumentIdParams>): Promise<DocumentEntries>;
  publish(params: Partial<DocumentIdParams>): Promise<DocumentEntries>;
  unpublish(params: Partial<DocumentIdParams>): Promise<DocumentEntries>;
  discardDraft(params: Partial<DocumentIdParams>): Promise<DocumentEntries>;
}


export interface DocumentServiceDeps {
  content(): ContentService;
  schemas(): Schemas;
  /** Settings the REST API parses queries with. */
  rest(): { defaultLimit: number; maxLimit: number; withCount: boolean; strictParams: boolean };
}

type Params = Record<string, unknown>;

function paramsOf(value: unknown, method: string): Params {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ValidationError(`${method} takes an object of params`);
  return value as Params;
}

const statusOf = (params: Params): 'draft' | 'published' => {
  if (params.status === undefined || params.status === 'draft') return 'draft';
  if (params.status === 'published') return 'published';
  throw new ValidationError(`Invalid status "${String(params.status)}": expected draft or published`);
};

/**
 * The document service of `uid`, acting as `actor`; `request` is the HTTP request the calls come
 * in, when they do (a GraphQL operation's), for the project's policies.
 * @example const articles = documentService(deps, 'api::article.article', SYSTEM_ACTOR); await articles.findMany({ filters: { title: { $contains: 'Koa' } } });
 */
export function documentService(deps: DocumentServiceDeps, uid: string, actor: Actor, request?: ActionRequest): DocumentService {
  const type = (): ContentType => {
    const found = deps.schemas().byUid(uid);
    if (!found) throw new ValidationError(`There is no content type ${JSON.stringify(uid)}`, { uid });
    return found;
  };
  /** Strapi's document service reads drafts unless asked for the published versions. */
  const readParams = (value: unknown, method: string): Params => {
    const params = paramsOf(value, method);
    return params.status === undefined ? { ...params, status: 'draft' } : params;
  };
  /** How a write's answer is shaped: its `populate` and `fields`, parsed as a read's. */
  function writeOptions(contentType: ContentType, params: Params): WriteOptions {
    const shape = parseContentQuery({ populate: params.populate, fields: params.fields }, contentTypeModel(contentType), deps.content().modelsFor(actor), { ...deps.rest(), strictParams: false });
    return { status: statusOf(params), locale: params.locale, actor, request, populate: shape.populate, fields: shape.fields };
  }
  const entries = (documentId: string, document: Record<string, unknown>): DocumentEntries => ({ documentId, entries: [document as FolioDocument] });
  const requiredDocumentId = (params: Params): string => {
    if (typeof params.documentId !== 'string' || params.documentId === '') throw new ValidationError('documentId is required (a string)', { key: 'documentId' });
    return params.documentId;
  };
  /** A single type's document needs no documentId. */
  const documentIdOf = (contentType: ContentType, params: Params): string | undefined =>
    params.documentId === undefined && contentType.kind === 'singleType' ? undefined : requiredDocumentId(params);

  async function draftAction(action: 'publish' | 'unpublish' | 'discardDraft', value: unknown): Promise<DocumentEntries> {
    const contentType = type();
    const params = paramsOf(value, action);
    const documentId = documentIdOf(contentType, params);
    const options = { locale: params.locale, actor, request };
    const { data } = documentId === undefined
      ? await deps.content().draftActionSingle(action, contentType, options)
      : await deps.content().draftAction(action, contentType, documentId, options);
    return entries(String(data.documentId), data);
  }

  return {
    findMany: async (params) => (await deps.content().findMany(type(), readParams(params, 'findMany'), actor, request)) as FolioDocument[],
    findFirst: async (params) => (await deps.content().findFirst(type(), readParams(params, 'findFirst'), actor, request)) as FolioDocument | null,
    async findOne(params) {
      const given = readParams(params, 'findOne');
      requiredDocumentId(given);
      return (await deps.content().findOne(type(), given, actor, request)) as FolioDocument | null;
    },
    count: (params) => deps.content().count(type(), readParams(params, 'count'), actor, request),
    async create(value) {
      const contentType = type();
      const params = paramsOf(value, 'create');
      const options = writeOptions(contentType, params);
      const written = contentType.kind === 'singleType' ? await deps.content().updateSingle(contentType, params.data, options) : await deps.content().create(contentType, params.data, options);
      return written.data as FolioDocument;
    },
    async update(value) {
      const contentType = type();
      const params = paramsOf(value, 'update');
      const documentId = documentIdOf(contentType, params);
      const options = writeOptions(contentType, params);
      const written = documentId === undefined ? await deps.content().updateSingle(contentType, params.data, options) : await deps.content().update(contentType, documentId, params.data, options);
      return written.data as FolioDocument;
    },
    async delete(value) {
      const contentType = type();
      const params = paramsOf(value, 'delete');
      const documentId = documentIdOf(contentType, params);
      const options = { locale: params.locale, actor, request };
      const removed = documentId === undefined ? await deps.content().removeSingle(contentType, options) : await deps.content().remove(contentType, documentId, options);
      return removed;
    },
    publish: (params) => draftAction('publish', params),
    unpublish: (params) => draftAction('unpublish', params),
    discardDraft: (params) => draftAction('discardDraft', params),
  };
}
