/** `GET /api/i18n/locales`, Strapi's list of the project's locales (read live from config/i18n.yaml). */
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Project } from '../project/index.js';

/** Locales live in config, not in a table: their documentId is derived from the code, so it is stable. */
function localeDocumentId(code: string): string {
  return createHash('sha256').update(`locale:${code}`).digest('hex').slice(0, 24);
}

export function i18nRoutes(router: Router, project: Project): void {
  router.get('/i18n/locales', (ctx) => {
    const { locales, defaultLocale } = project.config.i18n;
    ctx.body = locales.map((locale, index) => ({
      id: index + 1,
      documentId: localeDocumentId(locale.code),
      name: locale.name,
      code: locale.code,
      isDefault: locale.code === defaultLocale,
    }));
  });
}
