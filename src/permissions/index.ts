/**
 * @module permissions — Strapi action ids, the built-in roles and their default permissions, the
 * permission engine and the models as an actor may read them, the catalogue and tree of a project's
 * actions, and the roles service.
 */
export {
  ADMIN_ACTIONS, type AdminController, adminAction, LOCALE_WRITE_ACTIONS, localeAction, SETTINGS_ACTIONS, isSettingsAction,
} from './actions.js';
export { USERS_PERMISSIONS_ACTIONS, COLLECTION_TYPE_ACTIONS, SINGLE_TYPE_ACTIONS, DRAFT_ACTIONS, type DraftAction, UPLOAD_ACTIONS, CONTENT_TYPE_BUILDER_ACTIONS, contentTypeBuilderAction, DEFAULT_PERMISSIONS, contentAction, readAction, uploadAction, usersPermissionsAction } from './actions.js';
export { BUILT_IN_ROLES, findRole, seedBuiltInRoles, presentRole, type RoleRow, type PermissionRow, type SeedOptions } from './roles.js';
export { actorOfUser, assertCan, can, permissionsOf, SYSTEM_ACTOR, type Actor } from './engine.js';
export { lookupFor } from './lookup.js';
export {
  I18N_LIST_LOCALES,
  actionCatalogue,
  actionsFromTree,
  permissionTree,
  splitAction,
  unknownActionsError,
  type ActionEntry,
  type CatalogueSchemas,
  type PermissionTree,
} from './catalogue.js';
export {
  createRoleService,
  roleTypeFromName,
  type GrantResult,
  type RevokeResult,
  type Role,
  type RoleRef,
  type RoleService,
  type RoleServiceDeps,
  type RoleWithPermissions,
  type RoleWithUserCount,
} from './service.js';
export { permissionMessages } from './messages.js';
