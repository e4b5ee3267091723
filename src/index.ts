/**
 * @module foliocms — the library entry: build the HTTP app, the `folio` program, or open a project
 * (`openFolio` for scripts); the types of a project's own code (`Folio`, docs/custom-code.md) and
 * the errors it may throw (`ValidationError`, `ForbiddenError`, …, also as `errors`).
 * @example
 * import { openProject, startServer } from 'foliocms';
 * const { url } = await startServer(await openProject('site'));
 */
export { createApp, startServer, type FolioApp, type RunningServer } from './server/index.js';
export { createProgram, run } from './cli/index.js';
export { openProject, openFolio, type Project, type OpenOptions, type OpenedFolio, type OpenFolioOptions } from './project/index.js';
export type {
  Folio,
  Extension,
  DocumentService,
  Documents,
  DocumentsOptions,
  DocumentMiddleware,
  DocumentContext,
  DocumentAction,
  DocumentEntries,
  FolioDocument,
  FindParams,
  WriteParams,
  DocumentIdParams,
  RouteDefinition,
  RouteConfig,
  RouteContext,
  RouteHandler,
  RouteMethod,
  Policy,
  PolicyReference,
  FolioLog,
} from './extensions/index.js';
export * from './errors.js';
export * as errors from './errors.js';
