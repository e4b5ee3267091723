/**
 * REST routes generated from `content-types/`: every collection type gets GET/POST `/api/{plural}`
 * and GET/PUT/DELETE `/api/{plural}/:documentId`; every single type GET/PUT/DELETE `/api/{singular}`.
 * A type with draft & publish also gets POST `.../actions/publish`, `unpublish` and `discardDraft`.
 * Handlers only parse, call the service and shape the envelope.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ApiConfig } from '../../config/index.js';
import type { ContentService, WriteOptions } from '../../content/index.js';
import { contentTypeModel, parseContentQuery, parseQueryString, requireDataPayload, type ContentQuery } from '../../model/index.js';
import { contentAction, DRAFT_ACTIONS, type Actor } from '../../permissions/index.js';
import type { ContentType } from '../../schema/index.js';
import { requires } from '../authorize.js';

export interface ContentRoutesDeps {
  content: ContentService;
  contentTypes: ContentType[];
  rest(): ApiConfig['rest'];
}

/** The models as the caller may read them (see `ModelLookup.mayRead`). */
const modelsOf = (ctx: Context, deps: ContentRoutesDeps) => deps.content.modelsFor(ctx.state.actor as Actor);

function queryOf(ctx: Context, type: ContentType, deps: ContentRoutesDeps, models = modelsOf(ctx, deps)): ContentQuery {
  return parseContentQuery(parseQueryString(ctx.querystring), contentTypeModel(type), models, deps.rest());
}

function writeOptions(ctx: Context, query: ContentQuery): WriteOptions {
  return { status: query.status, locale: query.locale, actor: ctx.state.actor as Actor, populate: query.populate, fields: query.fields };
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
        ctx.type = 'application/json';
        ctx.body = `{"data":${content.findSingleJson(type, queryOf(ctx, type, deps))},"meta":{}}`;
      });
      router.put(path, action('update'), async (ctx) => {
        const query = queryOf(ctx, type, deps);
        ctx.body = { ...(await content.updateSingle(type, requireDataPayload(ctx.request.body), writeOptions(ctx, query))), meta: {} };
      });
      router.delete(path, action('delete'), async (ctx) => {
        await content.removeSingle(type, { locale: queryOf(ctx, type, deps).locale, actor: ctx.state.actor as Actor });
        ctx.status = 204;
      });
      for (const name of type.draftAndPublish ? DRAFT_ACTIONS : []) {
        router.post(`${path}/actions/${name}`, action(name), async (ctx) => {
          ctx.body = { ...(await content.draftActionSingle(name, type, writeOptions(ctx, queryOf(ctx, type, deps)))), meta: {} };
        });
      }
      continue;
    }

    const list = `/${type.pluralName}`;
    const one = `/${type.pluralName}/:documentId`;
    router.get(list, action('find'), (ctx) => {
      ctx.type = 'application/json';
      const models = modelsOf(ctx, deps);
      ctx.body = content.findJson(type, ctx.querystring, models, () => queryOf(ctx, type, deps, models));
    });
    router.post(list, action('create'), async (ctx) => {
      const query = queryOf(ctx, type, deps);
      // 200, not Strapi's 201: spec/api.md fixes it.
      ctx.body = { ...(await content.create(type, requireDataPayload(ctx.request.body), writeOptions(ctx, query))), meta: {} };
    });
    router.get(one, action('findOne'), (ctx) => {
      const query = queryOf(ctx, type, deps);
      const data = content.findOneJson(type, ctx.params.documentId!, query);
      ctx.type = 'application/json';
      if (query.locale !== undefined && deps.rest().localeDocumentAsArray) {
        // spec/api.md: with `locale`, the document comes as a one-element list with pagination.
        const pageSize = query.pagination.kind === 'page' ? query.pagination.pageSize : query.pagination.limit;
        ctx.body = `{"data":[${data}],"meta":${JSON.stringify({ pagination: { page: 1, pageSize, pageCount: 1, total: 1 } })}}`;
      } else {
        ctx.body = `{"data":${data},"meta":{}}`;
      }
    });
    router.put(one, action('update'), async (ctx) => {
      const query = queryOf(ctx, type, deps);
      ctx.body = { ...(await content.update(type, ctx.params.documentId!, requireDataPayload(ctx.request.body), writeOptions(ctx, query))), meta: {} };
    });
    router.delete(one, action('delete'), async (ctx) => {
      await content.remove(type, ctx.params.documentId!, { locale: queryOf(ctx, type, deps).locale, actor: ctx.state.actor as Actor });
      ctx.status = 204;
    });
    for (const name of type.draftAndPublish ? DRAFT_ACTIONS : []) {
      router.post(`${one}/actions/${name}`, action(name), async (ctx) => {
        ctx.body = { ...(await content.draftAction(name, type, ctx.params.documentId!, writeOptions(ctx, queryOf(ctx, type, deps)))), meta: {} };
      });
    }
  }
}
