/**
 * Every valid action id of a project, and Strapi's permission tree built from it
 * (as Strapi's roles endpoints answer it): `{ "<type>": { controllers: { "<controller>": { "<action>": { enabled, policy } } } } }`.
 */
import { ValidationError } from '../errors.js';
import type { ContentType } from '../schema/index.js';
import { nearest } from '../suggest.js';
import {
  COLLECTION_TYPE_ACTIONS, CONTENT_TYPE_BUILDER_ACTIONS, contentTypeBuilderAction, DRAFT_ACTIONS, SETTINGS_ACTIONS, SINGLE_TYPE_ACTIONS, UPLOAD_ACTIONS,
  USERS_PERMISSIONS_ACTIONS, contentAction, localeAction, uploadAction, usersPermissionsAction,
} from './actions.js';
import { permissionMessages } from './messages.js';
import { isPlainObject } from '../objects.js';

/** The i18n plugin's one content-API action: `GET /api/i18n/locales`. */
export const I18N_LIST_LOCALES = localeAction('listLocales');

/**
 * Strapi's admin actions have two parts (`admin::api-tokens.read`); in the permission tree they sit
 * under the type `admin`, their first part as the controller: `admin.controllers['api-tokens'].read`.
 */
const ADMIN_TYPE = 'admin';

/** What the catalogue needs of the loaded content types. */
export interface CatalogueSchemas {
  contentTypes: readonly (Pick<ContentType, 'kind' | 'singularName'> & Partial<Pick<ContentType, 'draftAndPublish'>>)[];
}

/** Action-entry keys are exactly these two; `policy` is always `''` (Strapi 5.54). */
export interface ActionEntry {
  enabled: boolean;
  policy: string;
}

export type PermissionTree = Record<string, { controllers: Record<string, Record<string, ActionEntry>> }>;

const catalogues = new WeakMap<object, readonly string[]>();

/**
 * Every valid action id: the content actions of each content type, then users-permissions, upload,
 * the content-type builder, i18n, then the site owner's settings (SETTINGS_ACTIONS).
 * @example actionCatalogue(schemas).includes('api::article.article.find') // true
 */
export function actionCatalogue(schemas: CatalogueSchemas, custom: readonly string[] = NO_CUSTOM_ACTIONS): readonly string[] {
  if (custom.length > 0) return withCustomActions(actionCatalogue(schemas), custom);
  let catalogue = catalogues.get(schemas.contentTypes);
  if (!catalogue) {
    const ids: string[] = [];
    for (const type of schemas.contentTypes) {
      const actions = type.kind === 'singleType' ? SINGLE_TYPE_ACTIONS : COLLECTION_TYPE_ACTIONS;
      for (const action of actions) ids.push(contentAction(type.singularName, action));
      if (type.draftAndPublish) for (const action of DRAFT_ACTIONS) ids.push(contentAction(type.singularName, action));
    }
    for (const [controller, actions] of Object.entries(USERS_PERMISSIONS_ACTIONS)) {
      for (const action of actions) ids.push(usersPermissionsAction(controller as keyof typeof USERS_PERMISSIONS_ACTIONS, action));
    }
    for (const action of UPLOAD_ACTIONS) ids.push(uploadAction(action));
    for (const [controller, actions] of Object.entries(CONTENT_TYPE_BUILDER_ACTIONS)) {
      for (const action of actions) ids.push(contentTypeBuilderAction(controller as keyof typeof CONTENT_TYPE_BUILDER_ACTIONS, action as never));
    }
    ids.push(I18N_LIST_LOCALES, ...SETTINGS_ACTIONS);
    catalogue = Object.freeze(ids);
    catalogues.set(schemas.contentTypes, catalogue);
  }
  return catalogue;
}

const NO_CUSTOM_ACTIONS: readonly string[] = Object.freeze([]);
const extended = new WeakMap<readonly string[], { base: readonly string[]; catalogue: readonly string[] }>();

/** The catalogue with the actions of a project's own routes after it (see docs/custom-code.md), made once per pair of lists. */
function withCustomActions(base: readonly string[], custom: readonly string[]): readonly string[] {
  const kept = extended.get(custom);
  if (kept?.base === base) return kept.catalogue;
  const known = new Set(base);
  const catalogue = Object.freeze([...base, ...custom.filter((id) => !known.has(id))]);
  extended.set(custom, { base, catalogue });
  return catalogue;
}

/**
 * `api::article.article.find` → `['api::article', 'article', 'find']`, `admin::webhooks.read` →
 * `['admin', 'webhooks', 'read']`; undefined when the id has neither shape.
 */
export function splitAction(id: string): [type: string, controller: string, action: string] | undefined {
  if (id.includes('__proto__')) return undefined;
  const admin = /^admin::([^.:]+)\.([^.]+)$/.exec(id);
  if (admin) return [ADMIN_TYPE, admin[1]!, admin[2]!];
  const match = /^([^.:]+::[^.]+)\.([^.]+)\.([^.]+)$/.exec(id);
  if (!match) return undefined;
  return [match[1]!, match[2]!, match[3]!];
}

/** The action id of a place in the permission tree: splitAction's inverse. */
function joinAction(type: string, controller: string, action: string): string {
  return type === ADMIN_TYPE ? `admin::${controller}.${action}` : `${type}.${controller}.${action}`;
}

/**
 * Strapi's permission tree: every action of the catalogue, `enabled: true` for the granted ones.
 * Granted actions that are no longer in the catalogue (say, of a removed content type) still appear,
 * as Strapi adds stored actions with `_.set`.
 * @example permissionTree(schemas, new Set(['api::article.article.find']))['api::article'].controllers.article.find // { enabled: true, policy: '' }
 */
export function permissionTree(schemas: CatalogueSchemas, granted: ReadonlySet<string> = new Set(), custom: readonly string[] = NO_CUSTOM_ACTIONS): PermissionTree {
  const tree: PermissionTree = {};
  const place = (id: string, enabled: boolean) => {
    const parts = splitAction(id);
    if (!parts) return; // a hand-edited row that names no place in the tree
    const [type, controller, action] = parts;
    const controllers = (tree[type] ??= { controllers: {} }).controllers;
    (controllers[controller] ??= {})[action] = { enabled, policy: '' };
  };
  const catalogue = actionCatalogue(schemas, custom);
  for (const id of catalogue) place(id, granted.has(id));
  const known = new Set(catalogue);
  for (const id of granted) if (!known.has(id)) place(id, true);
  return tree;
}

const TYPE_KEYS = new Set(['controllers']);
const ENTRY_KEYS = new Set(['enabled', 'policy']);

function invalidKey(path: readonly string[]): ValidationError {
  const key = path[path.length - 1]!;
  return new ValidationError(permissionMessages.invalidKey(key, path.slice(0, -1)), { key, path: path.join('.'), source: 'body' });
}

function shapeError(path: readonly string[], message: string, value: unknown): ValidationError {
  return new ValidationError(message, { errors: [{ path: [...path], message, name: 'ValidationError', value }] });
}

/**
 * The error for action ids that are not in `known`, with a suggestion for each.
 * @example throw unknownActionsError(['api::article.article.fnd'], catalogue)
 */
export function unknownActionsError(unknown: readonly string[], known: Iterable<string>): ValidationError {
  const candidates = [...known];
  const guesses = unknown.map((action) => ({ action, guess: nearest(action, candidates) }));
  const [first] = guesses;
  const message =
    guesses.length === 1 && first
      ? permissionMessages.unknownAction(first.action, first.guess === undefined ? missingContentType(first.action, candidates) : `; did you mean "${first.guess}"?`)
      : permissionMessages.unknownActions(guesses);
  return new ValidationError(message, { actions: [...unknown] });
}

/** `; there is no content type "x"` when `action` is `api::x.…` and no known action is of `api::x`. */
function missingContentType(action: string, known: readonly string[]): string {
  const type = /^api::([^.]+)\./.exec(action)?.[1];
  if (type === undefined || known.some((id) => id.startsWith(`api::${type}.`))) return '';
  return permissionMessages.noContentType(type);
}

/**
 * The enabled action ids of a permission tree sent in a request body. The shape is checked
 * (400 naming the bad path), `policy` is ignored, entries whose `enabled` is false or missing grant
 * nothing, and every action id must be in `known` (400 naming the unknown ones, with suggestions).
 * An empty array counts as an empty tree, as Strapi accepts `permissions: []`.
 * @example actionsFromTree({ 'api::article': { controllers: { article: { find: { enabled: true } } } } }, catalogue) // ['api::article.article.find']
 */
export function actionsFromTree(tree: unknown, known: Iterable<string>, path: readonly string[] = ['permissions']): string[] {
  if (Array.isArray(tree) && tree.length === 0) return [];
  if (!isPlainObject(tree)) throw shapeError(path, permissionMessages.treeNotObject(path.join('.')), tree);
  const knownSet = known instanceof Set ? (known as ReadonlySet<string>) : new Set(known);
  const enabled: string[] = [];
  const unknown: string[] = [];
  for (const [type, typeEntry] of Object.entries(tree)) {
    const typePath = [...path, type];
    if (!isPlainObject(typeEntry)) throw shapeError(typePath, permissionMessages.treeNotObject(typePath.join('.')), typeEntry);
    for (const key of Object.keys(typeEntry)) if (!TYPE_KEYS.has(key)) throw invalidKey([...typePath, key]);
    const controllersPath = [...typePath, 'controllers'];
    const controllers = typeEntry.controllers;
    if (!isPlainObject(controllers)) throw shapeError(controllersPath, permissionMessages.treeNotObject(controllersPath.join('.')), controllers);
    for (const [controller, actions] of Object.entries(controllers)) {
      const controllerPath = [...controllersPath, controller];
      if (!isPlainObject(actions)) throw shapeError(controllerPath, permissionMessages.treeNotObject(controllerPath.join('.')), actions);
      for (const [action, entry] of Object.entries(actions)) {
        const entryPath = [...controllerPath, action];
        if (!isPlainObject(entry)) throw shapeError(entryPath, permissionMessages.treeNotObject(entryPath.join('.')), entry);
        for (const key of Object.keys(entry)) if (!ENTRY_KEYS.has(key)) throw invalidKey([...entryPath, key]);
        // Strapi grants on any truthy `enabled`; a string "false" would then grant, so only booleans are accepted.
        if (entry.enabled !== undefined && typeof entry.enabled !== 'boolean') {
          const enabledPath = [...entryPath, 'enabled'];
          throw shapeError(enabledPath, permissionMessages.enabledNotBoolean(enabledPath.join('.')), entry.enabled);
        }
        const id = joinAction(type, controller, action);
        if (!knownSet.has(id)) unknown.push(id);
        else if (entry.enabled === true) enabled.push(id);
      }
    }
  }
  if (unknown.length > 0) throw unknownActionsError(unknown, knownSet);
  return enabled;
}
