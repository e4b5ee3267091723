/**
 * @module server — the Koa app factory, the error envelope, listening and graceful shutdown.
 */
export { createApp, type FolioApp } from './app.js';
export { startServer, type RunningServer } from './listen.js';
export { toErrorBody, type ErrorBody } from './errors.js';
export { listRoutes, type RouteEntry } from './route-list.js';
