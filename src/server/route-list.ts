/**
 * Every route a project's server answers, with the action it asks for (`folio routes`): the `/api`
 * routes as the routers hold them (generated, the project's own, history), and the few the app
 * answers before them.
 */
import type Router from '@koa/router';
import type { Project } from '../project/index.js';
import { UPLOADS_PATH } from '../media/index.js';
import { HEALTH_PATH } from './health.js';
import { apiRouter, historyRouter, settingsRouter } from './routes/index.js';

export interface RouteEntry {
  method: string;
  path: string;
  /** The action a caller needs; `public` when none, `a | b` when any of several. */
  action: string;
}

/** GraphQL checks each query and mutation it runs against the action of its REST route (docs/graphql.md). */
const GRAPHQL_ACTION = 'per field';

/**
 * Routes the app answers before the `/api` routers: health, the uploaded files, the editors' page
 * and GraphQL when they are on.
 */
function appRoutes(project: Project): RouteEntry[] {
  const { admin } = project.config.server;
  const { graphql } = project.config;
  return [
    { method: 'GET', path: HEALTH_PATH, action: 'public' },
    { method: 'GET', path: `${UPLOADS_PATH}/:file`, action: 'public' },
    ...(admin.enabled ? [{ method: 'GET', path: `${admin.path}/`, action: 'public' }] : []),
    ...(graphql.enabled ? ['GET', 'POST'].map((method) => ({ method, path: graphql.path, action: GRAPHQL_ACTION })) : []),
  ];
}

function entriesOf(router: Router): RouteEntry[] {
  return router.stack.flatMap((layer) => {
    const action = layer.stack.map((middleware) => (middleware as { action?: unknown }).action).find((value) => typeof value === 'string') as string | undefined;
    return layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path), action: action ?? 'public' }));
  });
}

/**
 * @example for (const { method, path, action } of listRoutes(project)) console.log(method, path, action);
 */
export function listRoutes(project: Project): RouteEntry[] {
  return [...appRoutes(project), ...entriesOf(apiRouter(project)), ...entriesOf(historyRouter(project)), ...entriesOf(settingsRouter(project))];
}
