/**
 * `/api/i18n/locales` (docs/api/settings.md): Strapi's list of the project's locales (read live from
 * config/i18n.yaml, public as in Strapi), and the site owner's writes of them, bare objects as
 * Strapi's i18n plugin answers: add, rename or make the default, remove (answering what it hides).
 */
import type Router from '@koa/router';
import type { I18nConfig } from '../../config/index.js';
import { listLocales, type LocaleService } from '../../i18n/index.js';
import { localeAction } from '../../permissions/index.js';
import { actorOf } from '../state.js';
import { settingsAccess } from './settings-access.js';

export interface I18nRoutesDeps {
  i18n: () => I18nConfig;
  locales: LocaleService;
}

/**
 * @example i18nRoutes(api, { i18n: () => project.config.i18n, locales: project.locales })
 */
export function i18nRoutes(router: Router, deps: I18nRoutesDeps): void {
  const { locales } = deps;
  router.get('/i18n/locales', (ctx) => {
    ctx.body = listLocales(deps.i18n());
  });
  router.post('/i18n/locales', settingsAccess(localeAction('create')), async (ctx) => {
    ctx.status = 201;
    ctx.body = await locales.add(actorOf(ctx), ctx.request.body);
  });
  router.put('/i18n/locales/:id', settingsAccess(localeAction('update')), async (ctx) => {
    ctx.body = await locales.update(actorOf(ctx), ctx.params.id!, ctx.request.body);
  });
  router.delete('/i18n/locales/:id', settingsAccess(localeAction('delete')), async (ctx) => {
    ctx.body = await locales.remove(actorOf(ctx), ctx.params.id!);
  });
}
