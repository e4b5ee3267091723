/**
 * Write-payload validation for the Content API: the body's `data` checked against a content type,
 * with Strapi 5's rules and messages, and returned normalized for the service to store.
 * @module
 */
export { requireDataPayload, validateDocumentInput } from './document.js';
export { validationMessages } from './messages.js';
export { isEmail } from './scalars.js';
export { isPrototypeKey } from './issues.js';
export {
  isRelationInput,
  RelationInput,
  type RelationOperations,
  type RelationRef,
  type ValidatedComponentEntry,
  type ValidatedInput,
  type ValidatedValue,
  type ValidateOptions,
  type ValidationIssue,
} from './types.js';
