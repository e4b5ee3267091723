/**
 * The catalogue of Strapi action ids (docs/api/permissions-and-tokens.md), so the permission tree has
 * Strapi's shape. Content actions are derived from the content types.
 */

const UP = 'plugin::users-permissions';

export const USERS_PERMISSIONS_ACTIONS = {
  auth: ['callback', 'connect', 'register', 'forgotPassword', 'resetPassword', 'changePassword', 'emailConfirmation', 'sendEmailConfirmation', 'refresh', 'logout', 'getSessions', 'revokeSession'],
  user: ['find', 'findOne', 'count', 'create', 'update', 'destroy', 'me'],
  role: ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'],
  permissions: ['getPermissions'],
} as const;

/** The upload plugin's Content API actions (`plugin::upload.content-api.upload`, …). */
export const UPLOAD_ACTIONS = ['upload', 'find', 'findOne', 'destroy'] as const;

/** `plugin::upload.content-api.find` */
export function uploadAction(action: (typeof UPLOAD_ACTIONS)[number]): string {
  return `plugin::upload.content-api.${action}`;
}

/**
 * The content-type builder's Content API actions (`GET /api/content-type-builder/content-types`,
 * `…/:uid`, `…/components`, `…/components/:uid`): the schemas, for a client that builds forms.
 */
export const CONTENT_TYPE_BUILDER_ACTIONS = {
  'content-types': ['getContentTypes', 'getContentType'],
  components: ['getComponents', 'getComponent'],
} as const;

/** `plugin::content-type-builder.content-types.getContentTypes` */
export function contentTypeBuilderAction<C extends keyof typeof CONTENT_TYPE_BUILDER_ACTIONS>(controller: C, action: (typeof CONTENT_TYPE_BUILDER_ACTIONS)[C][number]): string {
  return `plugin::content-type-builder.${controller}.${action}`;
}

/**
 * The site owner's settings, with Strapi's admin action names (`admin::api-tokens.read`,
 * `admin::webhooks.create`): managing API tokens and webhooks (docs/api/settings.md).
 */
export const ADMIN_ACTIONS = {
  'api-tokens': ['read', 'create', 'update', 'delete', 'regenerate'],
  webhooks: ['read', 'create', 'update', 'delete'],
} as const;
export type AdminController = keyof typeof ADMIN_ACTIONS;

/** `admin::api-tokens.read` */
export function adminAction<C extends AdminController>(controller: C, action: (typeof ADMIN_ACTIONS)[C][number]): string {
  return `admin::${controller}.${action}`;
}

/** The i18n plugin's writes of the project's locales (`POST|PUT|DELETE /api/i18n/locales`). */
export const LOCALE_WRITE_ACTIONS = ['create', 'update', 'delete'] as const;

/** `plugin::i18n.locales.create` */
export function localeAction(action: (typeof LOCALE_WRITE_ACTIONS)[number] | 'listLocales'): string {
  return `plugin::i18n.locales.${action}`;
}

/**
 * Every settings action: what only a person's role may hold. No API token reaches them, a
 * full-access one included (a token is a site's or a build's credential, as Strapi's content-API
 * tokens are, and one that could mint tokens would outlive its own revocation).
 */
export const SETTINGS_ACTIONS: readonly string[] = Object.freeze([
  ...Object.entries(ADMIN_ACTIONS).flatMap(([controller, actions]) => actions.map((action) => `admin::${controller}.${action}`)),
  ...LOCALE_WRITE_ACTIONS.map(localeAction),
]);
const SETTINGS = new Set(SETTINGS_ACTIONS);

/** Whether an action id is one of the site owner's settings (see SETTINGS_ACTIONS). */
export function isSettingsAction(action: string): boolean {
  return SETTINGS.has(action);
}

export const COLLECTION_TYPE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete', 'createLocalization', 'history', 'restore'] as const;
export const SINGLE_TYPE_ACTIONS = ['find', 'update', 'delete', 'createLocalization', 'history', 'restore'] as const;
/**
 * The actions of a type with draft & publish beyond Strapi's Content API (which publishes only
 * through `?status=published` on a write): `POST .../actions/publish`, `unpublish`, `discardDraft`,
 * named after Strapi's document service methods.
 */
export const DRAFT_ACTIONS = ['publish', 'unpublish', 'discardDraft'] as const;
export type DraftAction = (typeof DRAFT_ACTIONS)[number];

/** `plugin::users-permissions.auth.register` */
export function usersPermissionsAction(controller: keyof typeof USERS_PERMISSIONS_ACTIONS, action: string): string {
  return `${UP}.${controller}.${action}`;
}

/** `api::article.article.find` */
export function contentAction(singularName: string, action: string): string {
  return `api::${singularName}.${singularName}.${action}`;
}

/**
 * The action that lets a role read documents of a type, whatever the type: `api::category.category.find`,
 * `plugin::users-permissions.role.find`. Strapi asks it of a relation's target before showing it.
 */
export function readAction(uid: string): string {
  return `${uid}.find`;
}

/** Strapi 5.54's defaults for the built-in roles (`DEFAULT_PERMISSIONS`, seeded on an empty store). */
export const DEFAULT_PERMISSIONS: Readonly<Record<'public' | 'authenticated', readonly string[]>> = {
  public: ['callback', 'connect', 'forgotPassword', 'resetPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation', 'refresh'].map(
    (action) => usersPermissionsAction('auth', action),
  ),
  authenticated: [
    usersPermissionsAction('user', 'me'),
    ...['changePassword', 'logout', 'getSessions', 'revokeSession'].map((action) => usersPermissionsAction('auth', action)),
  ],
};
