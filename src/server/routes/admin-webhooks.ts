/**
 * `/api/admin/webhooks…` (docs/api/settings.md): the project's webhooks, `{ data: webhook }` and
 * `{ data: [webhook] }`, as `folio webhook list --json` shows them: never a secret nor a header's
 * value. `trigger` sends a test event now and answers what the receiver did; `deliveries` the last
 * deliveries, with why one failed.
 */
import type Router from '@koa/router';
import { adminAction } from '../../permissions/index.js';
import { WEBHOOK_BODY_FIELDS, webhookBody, type WebhookService } from '../../webhooks/index.js';
import { actorOf } from '../state.js';
import { settingsAccess } from './settings-access.js';

const can = (action: 'read' | 'create' | 'update' | 'delete') => settingsAccess(adminAction('webhooks', action));

/**
 * @example adminWebhookRoutes(api, project.webhooks)
 */
export function adminWebhookRoutes(router: Router, webhooks: WebhookService): void {
  router.get('/admin/webhooks', can('read'), (ctx) => {
    ctx.body = { data: webhooks.list(actorOf(ctx)) };
  });
  router.post('/admin/webhooks', can('create'), async (ctx) => {
    const { name, url, events, ...rest } = webhookBody(ctx.request.body);
    // Absent fields reach the service as empty ones, whose messages name them.
    ctx.status = 201;
    ctx.body = { data: await webhooks.create(actorOf(ctx), { name: name ?? '', url: url ?? '', events: events ?? [], ...rest }, WEBHOOK_BODY_FIELDS) };
  });
  router.get('/admin/webhooks/:id', can('read'), (ctx) => {
    ctx.body = { data: webhooks.findOne(actorOf(ctx), ctx.params.id!) };
  });
  router.put('/admin/webhooks/:id', can('update'), async (ctx) => {
    ctx.body = { data: await webhooks.update(actorOf(ctx), ctx.params.id!, webhookBody(ctx.request.body), WEBHOOK_BODY_FIELDS) };
  });
  router.delete('/admin/webhooks/:id', can('delete'), async (ctx) => {
    ctx.body = { data: await webhooks.remove(actorOf(ctx), ctx.params.id!) };
  });
  // Strapi's trigger answers `{ data: { statusCode, message } }`; `message` is why it failed, null when it did not.
  router.post('/admin/webhooks/:id/trigger', can('update'), async (ctx) => {
    const { status, error } = await webhooks.test(actorOf(ctx), ctx.params.id!);
    ctx.body = { data: { statusCode: status, message: error } };
  });
  router.get('/admin/webhooks/:id/deliveries', can('read'), async (ctx) => {
    ctx.body = { data: await webhooks.deliveries(actorOf(ctx), ctx.params.id!) };
  });
}
