/**
 * A role's permission tree, as the roles endpoints answer and take it (docs/api/users-and-roles.md):
 * `{ "<api or plugin>": { controllers: { <controller>: { <action>: { enabled, policy } } } } }`, with
 * the settings' actions (`admin::webhooks.read`) under the type `admin` (docs/api/settings.md).
 * No markup: the sections the Roles page shows it in, and the tree changed one group at a time.
 */

/**
 * @typedef {{ enabled: boolean, policy: string }} ActionEntry
 * @typedef {Record<string, { controllers: Record<string, Record<string, ActionEntry>> }>} PermissionTree
 * @typedef {'api' | 'plugin' | 'settings'} SectionKind
 * @typedef {{ type: string, kind: SectionKind, name: string, controllers: string[] }} Section
 */

/** Where the settings' actions sit in the tree. */
const SETTINGS_TYPE = 'admin';
/** The content types' APIs first, as Strapi's Roles page lists them, then the plugins, then the settings. */
const KIND_ORDER = { api: 0, plugin: 1, settings: 2 };

/** @param {string} type */
const kindOf = (type) => (type === SETTINGS_TYPE ? 'settings' : type.startsWith('api::') ? 'api' : 'plugin');

/**
 * The tree's sections, one per API or plugin (`api::article`, `plugin::upload`, `admin`), in the
 * page's order; each with its controllers in the server's order.
 * @example sectionsOf(tree)[0] // { type: 'api::article', kind: 'api', name: 'article', controllers: ['article'] }
 * @param {PermissionTree} tree
 * @returns {Section[]}
 */
export function sectionsOf(tree) {
  return Object.entries(tree)
    .map(([type, { controllers }]) => ({
      type,
      kind: /** @type {SectionKind} */ (kindOf(type)),
      name: type.split('::').pop() ?? type,
      controllers: Object.keys(controllers),
    }))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));
}

/**
 * The action id of a place in the tree, as roles and the CLI name it.
 * @example actionId('api::article', 'article', 'find') // 'api::article.article.find'
 * @example actionId('admin', 'webhooks', 'read') // 'admin::webhooks.read'
 * @param {string} type
 * @param {string} controller
 * @param {string} action
 */
export const actionId = (type, controller, action) =>
  (type === SETTINGS_TYPE ? `admin::${controller}.${action}` : `${type}.${controller}.${action}`);

/**
 * The tree with `actions` of one controller allowed or not; the rest is shared with `tree`.
 * @param {PermissionTree} tree
 * @param {string} type
 * @param {string} controller
 * @param {string[]} actions
 * @param {boolean} enabled
 * @returns {PermissionTree}
 */
export function withActions(tree, type, controller, actions, enabled) {
  const entries = { ...tree[type].controllers[controller] };
  for (const action of actions) entries[action] = { ...entries[action], enabled };
  const controllers = { ...tree[type].controllers, [controller]: entries };
  return { ...tree, [type]: { ...tree[type], controllers } };
}

/**
 * Every allowed action id of the tree, sorted: two trees allow the same when these are equal.
 * @param {PermissionTree} tree
 */
export function allowedIds(tree) {
  const ids = [];
  for (const [type, { controllers }] of Object.entries(tree)) {
    for (const [controller, actions] of Object.entries(controllers)) {
      for (const [action, entry] of Object.entries(actions)) {
        if (entry.enabled) ids.push(actionId(type, controller, action));
      }
    }
  }
  return ids.sort();
}
