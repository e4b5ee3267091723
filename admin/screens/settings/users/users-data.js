/**
 * What the Users screen reads and writes (docs/api/users-and-roles.md): a page of accounts as the
 * hash's query asks for it (search, sort, page), the roles to give them, and an administrator's
 * changes. `/api/users` answers bare arrays and objects, without Strapi's `data` envelope.
 */
import { request } from '../../../lib/api.js';
import { hrefOf } from '../../../lib/routes.js';

/**
 * A user as `/api/users` answers it (its role when populated), and a role as the roles' list does.
 * @typedef {{ id: number, name: string, type: string, description?: string, nb_users?: number }} Role
 * @typedef {{ id: number, username: string, email: string, confirmed: boolean, blocked: boolean,
 *   role?: Role | null }} User
 * @typedef {{ page: number, sort: string, q: string }} UsersParams
 * @typedef {{ users: User[], more: boolean, total: number | null }} UsersPage
 */

export const PAGE_SIZE = 10;
const DEFAULT_SORT = 'username:asc';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';

/**
 * What the account may do here, by its role's actions: each shows or hides a control (the server
 * refuses the rest anyway).
 * @param {Set<string>} permissions
 */
export const userRights = (permissions) => ({
  count: permissions.has(`${USER}.count`),
  create: permissions.has(`${USER}.create`),
  update: permissions.has(`${USER}.update`),
  destroy: permissions.has(`${USER}.destroy`),
  // Without the roles' list the server leaves the role out of a user (`populate=role`), so the
  // role column and the role pickers need it.
  roles: permissions.has(`${ROLE}.find`),
});

/** @typedef {ReturnType<typeof userRights>} UserRights */

/**
 * The list's params from the hash's query, with the defaults filled in.
 * @param {Record<string, string>} query
 * @returns {UsersParams}
 */
export const usersParams = (query) => ({
  page: Math.max(1, Number.parseInt(query.page, 10) || 1),
  sort: query.sort || DEFAULT_SORT,
  q: query.q ?? '',
});

/**
 * The list's address, its params in the hash without the defaults.
 * @param {UsersParams} params
 */
export const usersHref = ({ page, sort, q }) => hrefOf({
  screen: 'settings',
  path: ['users'],
  query: { q, sort: sort === DEFAULT_SORT ? '' : sort, page: page > 1 ? page : '' },
});

/**
 * One page of users. One more than a page is asked for, to know whether there is a next page even
 * for an account that may not count them (`total` is then `null`).
 * @param {UsersParams} params
 * @param {UserRights} rights
 * @returns {Promise<UsersPage>}
 */
export async function loadUsers({ page, sort, q }, rights) {
  const populate = rights.roles ? 'role' : undefined;
  const query = { _q: q, sort, start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE + 1, populate };
  const [rows, total] = await Promise.all([
    request('GET', '/users', { query }),
    rights.count ? request('GET', '/users/count', { query: { _q: q } }) : null,
  ]);
  return { users: rows.slice(0, PAGE_SIZE), more: rows.length > PAGE_SIZE, total };
}

/**
 * Every role, as the role pickers offer them.
 * @returns {Promise<Role[]>}
 */
export const loadRoles = async () => (await request('GET', '/users-permissions/roles')).roles;

/**
 * @param {Record<string, unknown>} body `username`, `email`, `password`, `role`, `confirmed`, `blocked`.
 * @returns {Promise<User>}
 */
export const createUser = (body) => request('POST', '/users', { body });

/**
 * An account made for `email`, who gets a link to choose its password.
 * @param {{ email: string, role?: number }} body
 * @returns {Promise<User>}
 */
export const inviteUser = (body) => request('POST', '/users/invite', { body });

/**
 * Changes only what `changes` holds; answers the user with its role.
 * @param {number} id
 * @param {{ blocked?: boolean, role?: number }} changes
 * @returns {Promise<User>}
 */
export const updateUser = (id, changes) => request('PUT', `/users/${id}`, { body: changes });

/** @param {number} id */
export const deleteUser = (id) => request('DELETE', `/users/${id}`);
