/**
 * @module foliocms — the library entry: build the HTTP app, the `folio` program, or open a project.
 * @example
 * import { openProject, startServer } from 'foliocms';
 * const { url } = await startServer(await openProject('site'));
 */
export { createApp, startServer, type FolioApp, type RunningServer } from './server/index.js';
export { createProgram, run } from './cli/index.js';
export { openProject, type Project, type OpenOptions } from './project/index.js';
export * from './errors.js';
