/**
 * @module permissions — Strapi action ids, the built-in roles and their default permissions.
 */
export { USERS_PERMISSIONS_ACTIONS, COLLECTION_TYPE_ACTIONS, SINGLE_TYPE_ACTIONS, DEFAULT_PERMISSIONS, contentAction, usersPermissionsAction } from './actions.js';
export { BUILT_IN_ROLES, seedBuiltInRoles, type RoleRow, type PermissionRow, type SeedOptions } from './roles.js';
export { can, permissionsOf, SYSTEM_ACTOR, type Actor } from './engine.js';
