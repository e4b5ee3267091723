/** `GET /api/i18n/locales`, Strapi's list of the project's locales (read live from config/i18n.yaml). */
import type Router from '@koa/router';
import type { I18nConfig } from '../../config/index.js';
import { listLocales } from '../../i18n/index.js';

/**
 * @example i18nRoutes(api, () => project.config.i18n)
 */
export function i18nRoutes(router: Router, i18n: () => I18nConfig): void {
  router.get('/i18n/locales', (ctx) => {
    ctx.body = listLocales(i18n());
  });
}
