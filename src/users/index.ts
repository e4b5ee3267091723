/**
 * @module users — end users: create, update, block and delete them with Strapi's rules and
 * messages, list them with the REST query language, and sanitize them for output.
 */
export { createUserService, type UserService, type UserServiceDeps, type CreateUserOptions, type Invitation } from './service.js';
export { sanitizeUser, sanitizeRole, type SanitizeOptions } from './sanitize.js';
export type { ContentRelations } from './relations.js';
export { BUILT_IN_USER_FIELDS } from './input.js';
export { userMessages } from './messages.js';
export type { UserRow } from './types.js';
