/**
 * Every route of `/api`, each domain's in its own file: handlers parse the request, call one
 * service function and shape the answer.
 */
import Router from '@koa/router';
import type { Project } from '../../project/index.js';
import { authRoutes } from './auth.js';
import { contentRoutes } from './content.js';
import { historyRoutes } from './history.js';
import { i18nRoutes } from './i18n.js';
import { roleRoutes } from './roles.js';
import { schemaRoutes } from './schemas.js';
import { uploadRoutes } from './upload.js';
import { userRoutes } from './users.js';

export { refreshRoutesGate } from './auth.js';

/**
 * The `/api` router of a project.
 * @example app.use(apiRouter(project).routes())
 */
export function apiRouter(project: Project): Router {
  const api = new Router({ prefix: '/api' });
  i18nRoutes(api, () => project.config.i18n);
  schemaRoutes(api, () => project.schemas);
  const contentDeps = { content: project.content, contentTypes: project.schemas.contentTypes, rest: () => project.config.api.rest };
  contentRoutes(api, contentDeps);
  historyRoutes(api, contentDeps);
  userRoutes(api, { users: project.users, userModel: project.lookup.userModel, lookup: project.lookup });
  roleRoutes(api, project.roles);
  authRoutes(api, { auth: project.auth, settings: () => project.config.usersPermissions, redis: project.redis });
  uploadRoutes(api, { media: project.media, content: project.content, lookup: project.lookup, limits: () => ({ fileSize: project.config.upload.sizeLimit, requestSize: project.config.upload.requestSizeLimit ?? project.config.upload.sizeLimit }), unlinkFile: (id, actor) => project.content.unlinkFile(id, actor) });
  return api;
}
