/**
 * Every route of `/api`, each domain's in its own file: handlers parse the request, call one
 * service function and shape the answer.
 */
import Router from '@koa/router';
import type { Project } from '../../project/index.js';
import { adminTokenRoutes } from './admin-tokens.js';
import { adminWebhookRoutes } from './admin-webhooks.js';
import { authRoutes } from './auth.js';
import { contentRoutes } from './content.js';
import { customRoutes } from './custom.js';
import { historyRoutes } from './history.js';
import { i18nRoutes } from './i18n.js';
import { roleRoutes } from './roles.js';
import { schemaRoutes } from './schemas.js';
import { uploadRoutes } from './upload.js';
import { userRoutes } from './users.js';

export { refreshRoutesGate } from './auth.js';

const contentDeps = (project: Project) => ({ content: project.content, contentTypes: project.schemas.contentTypes, rest: () => project.config.api.rest });

/** What a request for a document's history or a restore looks like: `/api/<type>[/<documentId>]/history[/<version>]`, `…/actions/restore`. */
export const HISTORY_PATH = /^\/api\/[^/]+(?:\/[^/]+)?\/(?:history(?:\/[^/]+)?|actions\/restore)$/;

/**
 * The history routes of a project (`…/history`, `…/history/:version`, `…/actions/restore`), in a
 * router of their own that only a HISTORY_PATH reaches: three more routes a type in the `/api`
 * router cost every other request its share of matching them (reads measured 20–26% slower).
 * @example if (HISTORY_PATH.test(ctx.path)) await historyRouter(project).routes()(ctx, next);
 */
export function historyRouter(project: Project): Router {
  const history = new Router({ prefix: '/api' });
  historyRoutes(history, contentDeps(project));
  return history;
}

/** What a request for the site owner's settings looks like: `/api/admin/…`, and the locales `/api/i18n/locales[/…]`. */
export const SETTINGS_PATH = /^\/api\/(?:admin\/|i18n\/locales(?:\/|$))/;

/**
 * The settings routes (docs/api/settings.md: API tokens, webhooks, locales), in a router of their own that
 * only a SETTINGS_PATH reaches, for the reason the history routes have theirs: a dozen more routes
 * in the `/api` router cost every read its share of matching them (one document's read measured
 * about 10% slower).
 * @example if (SETTINGS_PATH.test(ctx.path)) await settingsRouter(project).routes()(ctx, next);
 */
export function settingsRouter(project: Project): Router {
  const settings = new Router({ prefix: '/api' });
  adminTokenRoutes(settings, project.apiTokens);
  adminWebhookRoutes(settings, project.webhooks);
  i18nRoutes(settings, { i18n: () => project.config.i18n, locales: project.locales });
  return settings;
}

/**
 * The `/api` router of a project.
 * @example app.use(apiRouter(project).routes())
 */
export function apiRouter(project: Project): Router {
  const api = new Router({ prefix: '/api' });
  // The project's own routes first: `GET /articles/featured` is theirs, not a document's.
  customRoutes(api, project.extensions);
  schemaRoutes(api, () => project.schemas);
  contentRoutes(api, contentDeps(project));
  userRoutes(api, { users: project.users, userModel: project.lookup.userModel, lookup: project.lookup, invite: (actor, body) => project.auth.invite(actor, body) });
  roleRoutes(api, project.roles);
  authRoutes(api, { auth: project.auth, settings: () => project.config.usersPermissions, redis: project.redis });
  uploadRoutes(api, { media: project.media, content: project.content, lookup: project.lookup, limits: () => ({ fileSize: project.config.upload.sizeLimit, requestSize: project.config.upload.requestSizeLimit ?? project.config.upload.sizeLimit }), unlinkFile: (id, actor) => project.content.unlinkFile(id, actor) });
  return api;
}
