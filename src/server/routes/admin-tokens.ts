/**
 * `/api/admin/api-tokens…` (docs/api/settings.md): the project's API tokens, in Strapi 5's admin
 * shapes, `{ data: token }` and `{ data: [token] }`. A token's value (`accessKey`) is answered once,
 * by create and regenerate; every other answer has none.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { API_TOKEN_BODY_FIELDS, apiTokenBody, apiTokenMessages, type ApiTokenService } from '../../auth/index.js';
import { NotFoundError } from '../../errors.js';
import { adminAction } from '../../permissions/index.js';
import { actorOf } from '../state.js';
import { settingsAccess } from './settings-access.js';

const can = (action: 'read' | 'create' | 'update' | 'delete' | 'regenerate') => settingsAccess(adminAction('api-tokens', action));

/** Tokens are addressed by their numeric id; anything else names none (404). */
function idParam(ctx: Context): number {
  const raw = ctx.params.id ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError(apiTokenMessages.idNotFound(raw));
  return Number(raw);
}

/**
 * @example adminTokenRoutes(api, project.apiTokens)
 */
export function adminTokenRoutes(router: Router, tokens: ApiTokenService): void {
  router.get('/admin/api-tokens', can('read'), (ctx) => {
    ctx.body = { data: tokens.list(actorOf(ctx)) };
  });
  router.post('/admin/api-tokens', can('create'), async (ctx) => {
    const { name, ...rest } = apiTokenBody(ctx.request.body);
    const { token, accessKey } = await tokens.create(actorOf(ctx), { name, ...rest }, API_TOKEN_BODY_FIELDS);
    ctx.status = 201;
    ctx.body = { data: { ...token, accessKey } };
  });
  router.get('/admin/api-tokens/:id', can('read'), (ctx) => {
    ctx.body = { data: tokens.findOne(actorOf(ctx), idParam(ctx)) };
  });
  router.put('/admin/api-tokens/:id', can('update'), async (ctx) => {
    ctx.body = { data: await tokens.update(actorOf(ctx), idParam(ctx), apiTokenBody(ctx.request.body), API_TOKEN_BODY_FIELDS) };
  });
  router.delete('/admin/api-tokens/:id', can('delete'), async (ctx) => {
    ctx.body = { data: await tokens.revoke(actorOf(ctx), idParam(ctx)) };
  });
  router.post('/admin/api-tokens/:id/regenerate', can('regenerate'), async (ctx) => {
    const { token, accessKey } = await tokens.regenerate(actorOf(ctx), idParam(ctx));
    ctx.status = 201;
    ctx.body = { data: { ...token, accessKey } };
  });
}
