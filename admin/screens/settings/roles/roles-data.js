/**
 * What the Roles screen reads and writes (`/api/users-permissions/…`, docs/api/users-and-roles.md):
 * the roles with their number of users, one role with its permission tree, the tree of every
 * action (for a new role), and the writes, which answer `{ ok: true }` only.
 */
import { request } from '../../../lib/api.js';
import { hrefOf } from '../../../lib/routes.js';

/**
 * A role as the list answers it (`nb_users`), or alone with its `permissions`.
 * @typedef {import('./permissions.js').PermissionTree} PermissionTree
 * @typedef {{ id: number, documentId?: string, name: string, description: string, type: string,
 *   nb_users?: number, permissions?: PermissionTree }} Role
 */

const ROLE = 'plugin::users-permissions.role';

/**
 * What the account may do here, by its role's actions.
 * @param {Set<string>} permissions
 */
export const roleRights = (permissions) => ({
  open: permissions.has(`${ROLE}.findOne`),
  create: permissions.has(`${ROLE}.createRole`),
  update: permissions.has(`${ROLE}.updateRole`),
  remove: permissions.has(`${ROLE}.deleteRole`),
  // The tree of every action, which a new role starts from.
  tree: permissions.has('plugin::users-permissions.permissions.getPermissions'),
});

/** @typedef {ReturnType<typeof roleRights>} RoleRights */

/**
 * Public (visitors not signed in) and Authenticated (the default role of a new account) are the
 * plugin's own: every project has them, and the page offers to delete neither.
 * @param {Role} role
 */
export const isBuiltIn = (role) => role.type === 'public' || role.type === 'authenticated';

/**
 * The list's address, or a role's (`id`, or `new`).
 * @param {string | number} [id]
 */
export const rolesHref = (id = '') => hrefOf({ screen: 'settings', path: ['roles', String(id)] });

const rolePath = (id) => `/users-permissions/roles/${encodeURIComponent(id)}`;

/** @returns {Promise<Role[]>} */
export const listRoles = async () => (await request('GET', '/users-permissions/roles')).roles;

/**
 * @param {string} id
 * @returns {Promise<Role>}
 */
export const readRole = async (id) => (await request('GET', rolePath(id))).role;

/**
 * The id of the signed-in account's own role, or `null` when it cannot be read.
 * @returns {Promise<number | null>}
 */
export async function ownRoleId() {
  try {
    return (await request('GET', '/users/me', { query: { populate: 'role' } })).role?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Every action, none allowed: what a new role starts from.
 * @returns {Promise<PermissionTree>}
 */
export const everyAction = async () => (await request('GET', '/users-permissions/permissions')).permissions;

/**
 * Creates the role, and answers it. The server answers `{ ok: true }` alone, so the role is found
 * in the list by its name, which no other role has in any case.
 * @param {{ name: string, description: string, permissions?: PermissionTree }} body
 * @returns {Promise<Role | undefined>}
 */
export async function createRole(body) {
  await request('POST', '/users-permissions/roles', { body });
  const name = body.name.trim().toLowerCase();
  return (await listRoles()).find((role) => role.name.toLowerCase() === name);
}

/**
 * Changes the name, the description and the permissions (all of them: the tree as the page shows it).
 * @param {string} id
 * @param {{ name: string, description: string, permissions: PermissionTree }} body
 */
export const updateRole = (id, body) => request('PUT', rolePath(id), { body });

/**
 * Deletes the role; its users get the Public role.
 * @param {number} id
 */
export const deleteRole = (id) => request('DELETE', rolePath(id));
