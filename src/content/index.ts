/**
 * @module content — documents of collection and single types: the in-memory store over the
 * per-document files, the locale- and draft-aware service, and the generated REST routes.
 */
export { createContentStore, type ContentStore } from './store.js';
export { createContentService, type ContentService, type WriteOptions } from './service.js';
export { contentRoutes } from './routes.js';
export { createModelLookup, contentTypeModel, lookupFor, USER_UID, ROLE_UID } from './models.js';
export type { DocumentRow, Model, ModelLookup } from './types.js';
