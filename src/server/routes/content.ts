/**
 * REST routes generated from `content-types/`: every collection type gets GET/POST `/api/{plural}`
 * and GET/PUT/DELETE `/api/{plural}/:documentId`; every single type GET/PUT/DELETE `/api/{singular}`.
 * A type with draft & publish also gets POST `.../actions/publish`, `unpublish` and `discardDraft`.
 * Handlers only parse, call the service and shape the envelope.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ApiConfig } from '../../config/index.js';
import type { ContentService, PolicyCall, QuerySource, WriteOptions } from '../../content/index.js';
import { contentTypeModel, parseContentQuery, parseQueryString, requireDataPayload, type ContentQuery } from '../../model/index.js';
import { contentAction, DRAFT_ACTIONS } from '../../permissions/index.js';
import type { ContentType } from '../../schema/index.js';
import { requires } from '../authorize.js';
import { answerTagged, documentTag, ifMatchStates, listTag } from '../entity-tags.js';
import { markHot } from '../hot-answers.js';
import { actorOf } from '../state.js';

export interface ContentRoutesDeps {
  content: ContentService;
  contentTypes: ContentType[];
  rest(): ApiConfig['rest'];
}

/** The models as the caller may read them (see `ModelLookup.mayRead`). */
const modelsOf = (ctx: Context, deps: ContentRoutesDeps) => deps.content.modelsFor(actorOf(ctx));

/** The request's query as given and how it parses; each `raw()` is a fresh copy, for a document middleware to change. */
function sourceOf(ctx: Context, type: ContentType, deps: ContentRoutesDeps, models = modelsOf(ctx, deps)): QuerySource {
  return {
    raw: () => parseQueryString(ctx.querystring),
    parse: (raw) => parseContentQuery(raw, contentTypeModel(type), models, deps.rest()),
  };
}

function queryOf(ctx: Context, type: ContentType, deps: ContentRoutesDeps, source = sourceOf(ctx, type, deps)): ContentQuery {
  return source.parse(source.raw());
}

/** This route's request, as the content service hands it to the project's policies on its action. */
export const ownRequest = (ctx: Context) => ({ ctx, route: true });

/** A read's caller, for the policies on its action (the route asked for its permission). */
const readerOf = (ctx: Context, query: ContentQuery): PolicyCall => ({ actor: actorOf(ctx), locale: query.locale, status: query.status, request: ownRequest(ctx) });

/** What a write of this request is told: the query's status and locale, the caller, the answer's shape, `If-Match`. */
export function writeOptions(ctx: Context, query: ContentQuery): WriteOptions {
  return {
    status: query.status,
    locale: query.locale,
    actor: actorOf(ctx),
    populate: query.populate,
    fields: query.fields,
    ifMatch: ifMatchStates(ctx.get('If-Match') || undefined),
    request: ownRequest(ctx),
  };
}

/**
 * Answers one document (`{ data, meta }` as text) with its tag: the state of `documentId` (a single
 * type's own when undefined) in the locale the request named.
 */
function answerDocument(ctx: Context, deps: ContentRoutesDeps, type: ContentType, query: ContentQuery, documentId: string | undefined, body: string): void {
  const state = deps.content.stateTag(type, documentId, query.locale);
  if (state === undefined) {
    ctx.type = 'application/json';
    ctx.body = body;
  } else {
    answerTagged(ctx, documentTag(state, body, { type, query: ctx.querystring, populated: Object.keys(query.populate ?? {}).length > 0 }), body);
  }
}

/** A write's answer: the document as written, `meta` empty, tagged with its state now. */
export function answerWritten(ctx: Context, deps: ContentRoutesDeps, type: ContentType, query: ContentQuery, documentId: string | undefined, result: object): void {
  answerDocument(ctx, deps, type, query, documentId, JSON.stringify({ ...result, meta: {} }));
}

/**
 * Registers the routes of every content type on `router` (mounted at `/api`).
 * @example contentRoutes(api, { content, contentTypes: schemas.contentTypes, rest: () => config.api.rest })
 */
export function contentRoutes(router: Router, deps: ContentRoutesDeps): void {
  const { content } = deps;
  for (const type of deps.contentTypes) {
    const action = (name: string) => requires(contentAction(type.singularName, name));

    if (type.kind === 'singleType') {
      const path = `/${type.singularName}`;
      router.get(path, action('find'), (ctx) => {
        const source = sourceOf(ctx, type, deps);
        const query = queryOf(ctx, type, deps, source);
        const answer = (data: string) => answerDocument(ctx, deps, type, query, undefined, `{"data":${data},"meta":{}}`);
        const data = content.findSingleJson(type, query, source, readerOf(ctx, query));
        if (typeof data !== 'string') return data.then(answer);
        markHot(ctx);
        answer(data);
      });
      router.put(path, action('update'), async (ctx) => {
        const query = queryOf(ctx, type, deps);
        answerWritten(ctx, deps, type, query, undefined, await content.updateSingle(type, requireDataPayload(ctx.request.body), writeOptions(ctx, query)));
      });
      router.delete(path, action('delete'), async (ctx) => {
        const query = queryOf(ctx, type, deps);
        const { locale, actor, ifMatch, request } = writeOptions(ctx, query);
        await content.removeSingle(type, { locale, actor, ifMatch, request });
        ctx.status = 204;
      });
      for (const name of type.draftAndPublish ? DRAFT_ACTIONS : []) {
        router.post(`${path}/actions/${name}`, action(name), async (ctx) => {
          const query = queryOf(ctx, type, deps);
          answerWritten(ctx, deps, type, query, undefined, await content.draftActionSingle(name, type, writeOptions(ctx, query)));
        });
      }
      continue;
    }

    const list = `/${type.pluralName}`;
    const one = `/${type.pluralName}/:documentId`;
    router.get(list, action('find'), (ctx) => {
      const models = modelsOf(ctx, deps);
      const reader: PolicyCall = { actor: actorOf(ctx), request: ownRequest(ctx) };
      const body = content.findJson(type, ctx.querystring, models, sourceOf(ctx, type, deps, models), reader);
      // A promise only when document middlewares run: the cached read stays synchronous without them.
      if (body instanceof Promise) return body.then((bytes) => answerTagged(ctx, listTag(bytes), bytes));
      markHot(ctx);
      answerTagged(ctx, listTag(body), body);
    });
    router.post(list, action('create'), async (ctx) => {
      const query = queryOf(ctx, type, deps);
      // This API answers 200, not Strapi's 201 (docs/api/differences-from-strapi.md).
      const created = await content.create(type, requireDataPayload(ctx.request.body), writeOptions(ctx, query));
      answerWritten(ctx, deps, type, query, String(created.data.documentId), created);
    });
    router.get(one, action('findOne'), (ctx) => {
      const source = sourceOf(ctx, type, deps);
      const query = queryOf(ctx, type, deps, source);
      const answer = (data: string) => {
        let body: string;
        if (query.locale !== undefined && deps.rest().localeDocumentAsArray) {
          // With `locale`, this API answers the document as a one-element list with pagination
          // (docs/api/differences-from-strapi.md).
          const pageSize = query.pagination.kind === 'page' ? query.pagination.pageSize : query.pagination.limit;
          body = `{"data":[${data}],"meta":${JSON.stringify({ pagination: { page: 1, pageSize, pageCount: 1, total: 1 } })}}`;
        } else {
          body = `{"data":${data},"meta":{}}`;
        }
        answerDocument(ctx, deps, type, query, ctx.params.documentId!, body);
      };
      const data = content.findOneJson(type, ctx.params.documentId!, query, source, readerOf(ctx, query));
      // A promise only when document middlewares run, as for a list.
      if (typeof data !== 'string') return data.then(answer);
      markHot(ctx);
      answer(data);
    });
    router.put(one, action('update'), async (ctx) => {
      const query = queryOf(ctx, type, deps);
      answerWritten(ctx, deps, type, query, ctx.params.documentId!, await content.update(type, ctx.params.documentId!, requireDataPayload(ctx.request.body), writeOptions(ctx, query)));
    });
    router.delete(one, action('delete'), async (ctx) => {
      const query = queryOf(ctx, type, deps);
      const { locale, actor, ifMatch, request } = writeOptions(ctx, query);
      await content.remove(type, ctx.params.documentId!, { locale, actor, ifMatch, request });
      ctx.status = 204;
    });
    for (const name of type.draftAndPublish ? DRAFT_ACTIONS : []) {
      router.post(`${one}/actions/${name}`, action(name), async (ctx) => {
        const query = queryOf(ctx, type, deps);
        answerWritten(ctx, deps, type, query, ctx.params.documentId!, await content.draftAction(name, type, ctx.params.documentId!, writeOptions(ctx, query)));
      });
    }
  }
}
