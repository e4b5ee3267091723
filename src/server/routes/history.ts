/**
 * A document's past (docs/history.md): `GET /api/{plural}/:documentId/history` and
 * `…/history/:version`, `POST …/actions/restore` with `{ "version": "…" }`; for a single type the
 * same under `/api/{singular}`. Actions `history` and `restore` of the type.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { contentTypeModel, parseContentQuery, parseQueryString } from '../../model/index.js';
import { contentAction } from '../../permissions/index.js';
import type { ContentType } from '../../schema/index.js';
import { requires } from '../authorize.js';
import { answerWritten, ownRequest, writeOptions, type ContentRoutesDeps } from './content.js';
import { actorOf } from '../state.js';

export type HistoryRoutesDeps = ContentRoutesDeps;

/** The `locale` and `pagination` a history read was asked with. */
function readOptions(ctx: Context) {
  const query = parseQueryString(ctx.querystring) as { locale?: unknown; pagination?: { page?: unknown; pageSize?: unknown } };
  const pagination = query.pagination !== null && typeof query.pagination === 'object' ? query.pagination : {};
  return { locale: query.locale, page: pagination.page, pageSize: pagination.pageSize, actor: actorOf(ctx), request: ownRequest(ctx) };
}

/** The version a restore names: `{ "version": "…" }`, or Strapi's envelope `{ "data": { "version": "…" } }`. */
function versionOf(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return undefined;
  const { version, data } = body as { version?: unknown; data?: { version?: unknown } };
  return version ?? (data !== null && typeof data === 'object' ? data.version : undefined);
}

/**
 * @example historyRoutes(api, { content, contentTypes: schemas.contentTypes, rest: () => config.api.rest })
 */
export function historyRoutes(router: Router, deps: HistoryRoutesDeps): void {
  const { content } = deps;
  for (const type of deps.contentTypes) {
    const action = (name: string) => requires(contentAction(type.singularName, name));
    const single = type.kind === 'singleType';
    const base = single ? `/${type.singularName}` : `/${type.pluralName}/:documentId`;
    const documentOf = (ctx: Context) => (single ? content.singleDocument(type) : ctx.params.documentId!);

    router.get(`${base}/history`, action('history'), async (ctx) => {
      ctx.body = await content.history(type, documentOf(ctx), readOptions(ctx));
    });
    router.get(`${base}/history/:version`, action('history'), async (ctx) => {
      // The shape a read of the document asks for, as today's type parses it (populate, fields).
      const query = parseContentQuery(parseQueryString(ctx.querystring), contentTypeModel(type), content.modelsFor(actorOf(ctx)), deps.rest());
      ctx.body = await content.historyVersion(type, documentOf(ctx), ctx.params.version!, { ...readOptions(ctx), populate: query.populate, fields: query.fields });
    });
    router.post(`${base}/actions/restore`, action('restore'), async (ctx) => {
      const query = parseContentQuery(parseQueryString(ctx.querystring), contentTypeModel(type), content.modelsFor(actorOf(ctx)), deps.rest());
      const documentId = documentOf(ctx);
      const restored = await content.restore(type, documentId, versionOf(ctx.request.body), { ...writeOptions(ctx, query), status: 'draft' });
      answerWritten(ctx, deps, type, query, single ? undefined : documentId, restored);
    });
  }
}
