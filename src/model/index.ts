/**
 * @module model — the model engine that content documents and end users share: one shape for
 * content types, components, the User and the Role; Strapi's REST query language (parse, validate,
 * evaluate); write-payload validation; and the relation connect/disconnect/set algorithm.
 * Pure: no I/O, no HTTP.
 */
export type { Json, Model, ModelLookup } from './types.js';
export { SYSTEM_ATTRIBUTES, LOCALIZATIONS, localizationsAttribute } from './types.js';
export { createModelLookup, contentTypeModel, fileModel, relationTargets, USER_UID, ROLE_UID } from './models.js';
export { applyRelationInput, findRowByRef, isToMany, relatedTableRows, type StoredRef } from './relations.js';
export * from './query/index.js';
export * from './validate/index.js';
