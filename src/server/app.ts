/**
 * `createApp(project)`: the Koa app, with its middleware order readable top to bottom.
 */
import { join } from 'node:path';
import Koa from 'koa';
import type { ErrorDetails } from '../errors.js';
import { can, readAction } from '../permissions/index.js';
import type { Project } from '../project/index.js';
import { nearest } from '../suggest.js';
import { authenticate } from './authenticate.js';
import { bodyMiddleware } from './body.js';
import { compression } from './compression.js';
import { cors } from './cors.js';
import { errorMiddleware } from './errors.js';
import { health } from './health.js';
import { requestLog } from './request-log.js';
import { apiRouter, HISTORY_PATH, historyRouter, refreshRoutesGate, SETTINGS_PATH, settingsRouter } from './routes/index.js';
import { securityHeaders } from './security.js';
import { uploads } from './uploads.js';
import { adminPage } from './admin-page.js';
import { graphqlEndpoint } from './graphql.js';
import { hotAnswers } from './hot-answers.js';

export interface AppState {
  /** Requests being handled now; shutdown waits for it to reach zero. */
  inFlight: number;
  /** Set when shutting down: responses then close their connection. */
  draining: boolean;
}

export interface FolioApp extends Koa {
  folio: AppState;
}

/** A router's routes, then its answers to methods it does not route (405 with `Allow`). */
function routerMiddleware(router: ReturnType<typeof historyRouter>): Koa.Middleware {
  const routes = router.routes() as Koa.Middleware;
  const allowed = router.allowedMethods() as Koa.Middleware;
  return (ctx, next) => routes(ctx, () => allowed(ctx, next));
}

/**
 * The `details` of the 404 for `/api/<segment>…` that no route takes: the route of the content
 * type nearest to the segment, `{ suggestion: '/api/articles' }` for `/api/artcles`, as the CLI
 * and GraphQL suggest names (the message stays Strapi's `Not Found`). Only types the caller may
 * read are suggested, so a guess never learns a type's name that a request could not.
 */
function suggestedRoute(project: Project, ctx: Koa.Context): ErrorDetails {
  const segment = /^\/api\/([^/]+)/.exec(ctx.path)?.[1];
  const actor = ctx.state.actor;
  if (segment === undefined || actor === undefined) return {};
  const routes = project.schemas.contentTypes
    .filter((type) => can(actor, readAction(type.uid)))
    .map((type) => (type.kind === 'singleType' ? type.singularName : type.pluralName));
  if (routes.includes(segment)) return {};
  const guess = nearest(segment, routes);
  return guess === undefined ? {} : { suggestion: `/api/${guess}` };
}

/**
 * Builds the HTTP app of a project. Each call builds a fresh one (tests make many).
 * @example const app = createApp(await openProject('site')); app.listen(1337);
 */
export function createApp(project: Project): FolioApp {
  const app = new Koa({ proxy: project.config.server.proxy }) as FolioApp;
  app.folio = { inFlight: 0, draining: false };
  app.silent = true; // errors are rendered and logged by errorMiddleware, never printed twice

  // The routes are generated from the content types: built anew when those change on disk.
  const build = (schemas: Project['schemas']) => {
    const api = apiRouter(project);
    // Not `throw: true`: thrown, the 405 would lose the `Allow` header the router sets; errorMiddleware renders it.
    return {
      schemas,
      routes: api.routes() as Koa.Middleware,
      allowedMethods: api.allowedMethods() as Koa.Middleware,
      history: routerMiddleware(historyRouter(project)),
      settings: routerMiddleware(settingsRouter(project)),
    };
  };
  let built = build(project.schemas);
  const api = () => (built.schemas === project.schemas ? built : (built = build(project.schemas)));
  const { security, cors: corsSettings, compression: compressionSettings } = project.config.server;

  app.use(requestLog(project.log));
  app.use(async (ctx, next) => {
    app.folio.inFlight++;
    try {
      await next();
    } finally {
      app.folio.inFlight--;
      if (app.folio.draining) ctx.set('Connection', 'close');
    }
  });
  // A repeated anonymous read, answered as the whole chain below answered it, while nothing it read changed.
  app.use(hotAnswers(() => {
    const content = project.content.contentState();
    return content && [...content, project.tables.permissions.rows(), project.config, project.schemas];
  }, () => app.folio.draining));
  // Outside errorMiddleware, so that error answers carry these headers too (a page must be able to
  // read a 401, 403 or 404), and are compressed when large.
  app.use(securityHeaders(security));
  if (corsSettings.enabled) app.use(cors(corsSettings));
  if (compressionSettings.enabled) app.use(compression(compressionSettings));
  app.use(errorMiddleware({ notFoundDetails: (ctx) => suggestedRoute(project, ctx) }));
  app.use(health(project, app.folio));
  app.use(uploads(() => join(project.paths.root, project.config.upload.dir)));
  app.use(adminPage(() => project.config.server.admin));
  app.use(bodyMiddleware(project.config.server.bodyLimit));
  app.use(refreshRoutesGate(() => project.config.usersPermissions));
  app.use(authenticate(project));
  app.use(graphqlEndpoint(project));
  app.use((ctx, next) => (HISTORY_PATH.test(ctx.path) ? api().history(ctx, next) : next()));
  app.use((ctx, next) => (SETTINGS_PATH.test(ctx.path) ? api().settings(ctx, next) : next()));
  app.use((ctx, next) => api().routes(ctx, next));
  app.use((ctx, next) => api().allowedMethods(ctx, next));
  return app;
}
