/**
 * The roles and permissions service, with Strapi's rules: what `/api/users-permissions/roles…`
 * and `folio role` / `folio permission` call. It reads the tables from memory and changes them only
 * through `Table.update` (cross-process lock, fresh data), so a running server obeys a change made by
 * the CLI on its next request.
 */
import { ApplicationError, NotFoundError, ValidationError } from '../errors.js';
import { newDocumentId, now } from '../ids.js';
import type { Row, Table } from '../storage/index.js';
import { didYouMean } from '../suggest.js';
import { actionCatalogue, actionsFromTree, permissionTree, unknownActionsError, type CatalogueSchemas, type PermissionTree } from './catalogue.js';
import { assertCan, permissionsOf, type Actor } from './engine.js';
import { usersPermissionsAction } from './actions.js';
import { permissionMessages as messages } from './messages.js';
import { findRole, presentRole, type PermissionRow, type Role, type RoleRow } from './roles.js';
import { isPlainObject } from '../objects.js';

export type { Role };

/** An entry of the role list: with the number of users holding the role. */
export interface RoleWithUserCount extends Role {
  nb_users: number;
}

/** One role fetched alone: with its permission tree. */
export interface RoleWithPermissions extends Role {
  permissions: PermissionTree;
}

export interface RoleServiceDeps {
  roles: Pick<Table<RoleRow>, 'rows' | 'update'>;
  permissions: Pick<Table<PermissionRow>, 'rows' | 'update'>;
  /** Users rows carry `role`: the id of their role. Deleting a role moves its users to Public. */
  users: Pick<Table<Row>, 'rows' | 'update'>;
  schemas: CatalogueSchemas;
  /** The actions of the project's own routes (extensions add them), granted like any other. */
  customActions?: () => readonly string[];
}

/** A role reference as a user types it: an id, a type or a name (see `resolveRole`). */
export type RoleRef = string | number;

export interface GrantResult {
  role: Role;
  /** Actions the role did not hold before. */
  granted: string[];
  alreadyGranted: string[];
}

export interface RevokeResult {
  role: Role;
  /** Actions the role held before. */
  revoked: string[];
  notGranted: string[];
}

export interface RoleService {
  /** Every role with `nb_users`, in creation order (Strapi's order is unspecified). */
  list(): RoleWithUserCount[];
  /** One role with its permission tree, by numeric id (a number or a numeric string) or documentId; else 404 `Role not found`. */
  findOne(id: RoleRef): RoleWithPermissions;
  /** The full catalogue as a tree, every action disabled (`GET /api/users-permissions/permissions`). */
  permissionTree(): PermissionTree;
  /** POST: creates a role (and its permissions when the body has a tree). Needs `role.createRole`. */
  create(actor: Actor, body: unknown): Promise<Role>;
  /** PUT: changes `name`/`description`; replaces the permissions only when `permissions` is in the body. Needs `role.updateRole`. */
  update(actor: Actor, id: RoleRef, body: unknown): Promise<Role>;
  /** DELETE: moves the role's users to Public, deletes its permissions, then the role. Needs `role.deleteRole`. */
  remove(actor: Actor, id: RoleRef): Promise<{ role: Role; usersMoved: number }>;
  /** A role by id, type, name (case-insensitive) or documentId (see `findRole`), else 404 listing the roles with a suggestion. */
  resolveRole(ref: RoleRef): Role;
  /** Adds actions to a role. Needs `role.updateRole`. */
  grant(actor: Actor, ref: RoleRef, actions: readonly string[]): Promise<GrantResult>;
  /** Takes actions from a role. Needs `role.updateRole`. */
  revoke(actor: Actor, ref: RoleRef, actions: readonly string[]): Promise<RevokeResult>;
  /** The actions a role holds, sorted. */
  listGranted(ref: RoleRef): { role: Role; actions: string[] };
}


/** Keys a role body may carry: the ones we read, plus `users` (ignored, as Strapi does). */
const WRITABLE_KEYS = new Set(['name', 'description', 'type', 'permissions', 'users']);
/** Read-only fields a client may echo back from GET; ignored rather than refused. */
const ECHOED_KEYS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'nb_users']);


const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/**
 * The type Strapi gives a role created without one: `snakeCase(deburr(toLower(name)))`.
 * @example roleTypeFromName('Content Éditor') // 'content_editor'
 */
export function roleTypeFromName(name: string): string {
  const deburred = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøđðłþı]/g, (letter) => LIGATURES[letter]!);
  return deburred.split(/[^\p{L}\p{N}]+/u).filter(Boolean).join('_');
}

function fieldError(field: string, message: string, value: unknown): ValidationError {
  return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError', value }] });
}

/** Strapi's `_.isEmpty(body)` check, then the shape and keys of a role body. */
function roleBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '' || (Array.isArray(body) && body.length === 0)) throw new ValidationError(messages.emptyBody);
  if (!isPlainObject(body)) throw new ValidationError(messages.bodyNotObject);
  if (Object.keys(body).length === 0) throw new ValidationError(messages.emptyBody);
  for (const key of Object.keys(body)) {
    if (!WRITABLE_KEYS.has(key) && !ECHOED_KEYS.has(key)) throw new ValidationError(messages.invalidKey(key), { key, path: key, source: 'body' });
  }
  return body;
}

/** A trimmed, non-empty string, or undefined when the field is absent and not required. */
function text(body: Record<string, unknown>, field: string, required: boolean): string | undefined {
  const value = body[field];
  if (value === undefined) {
    if (required) throw fieldError(field, messages.required(field), value);
    return undefined;
  }
  if (typeof value !== 'string') throw fieldError(field, messages.notAString(field), value);
  const trimmed = value.trim();
  if (trimmed === '') throw fieldError(field, messages.blank(field), value);
  return trimmed;
}

/** A description may be empty; null counts as empty. */
function description(body: Record<string, unknown>): string | undefined {
  const value = body.description;
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value !== 'string') throw fieldError('description', messages.notAString('description'), value);
  return value;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Names and types are unique regardless of case, so `folio permission grant editor …` is never ambiguous. */
function assertUnique(rows: readonly RoleRow[], candidate: { id?: number; name?: string; type?: string }): void {
  for (const row of rows) {
    if (row.id === candidate.id) continue;
    if (candidate.name !== undefined && sameText(row.name, candidate.name)) throw fieldError('name', messages.duplicateName(row.name), candidate.name);
    if (candidate.type !== undefined && sameText(row.type, candidate.type)) throw fieldError('type', messages.duplicateType(row.type), candidate.type);
  }
}

function permissionRow(id: number, role: number, action: string, stamp: string): PermissionRow {
  return { id, documentId: newDocumentId(), action, role, createdAt: stamp, updatedAt: stamp, publishedAt: stamp };
}

/**
 * The roles and permissions service over the project's tables.
 * @example const roles = createRoleService({ ...tables, schemas }); await roles.grant(SYSTEM_ACTOR, 'public', ['api::article.article.find']);
 */
export function createRoleService(deps: RoleServiceDeps): RoleService {
  const { roles, permissions, users, schemas } = deps;
  const custom = () => deps.customActions?.() ?? [];
  const catalogue = () => actionCatalogue(schemas, custom());
  const heldBy = (roleId: number) => permissionsOf(permissions.rows(), roleId);

  /** By numeric id (number or digits) or documentId: the `:id` of the HTTP routes. */
  function findRow(id: RoleRef): RoleRow {
    const rows = roles.rows();
    let row: RoleRow | undefined;
    if (typeof id === 'number') row = rows.find((candidate) => candidate.id === id);
    else if (/^\d+$/.test(id)) row = rows.find((candidate) => candidate.id === Number(id));
    else row = rows.find((candidate) => candidate.documentId === id);
    if (!row) throw new NotFoundError(messages.roleNotFound);
    return row;
  }

  function resolveRow(ref: RoleRef): RoleRow {
    const rows = roles.rows();
    const row = findRole(rows, ref);
    if (row) return row;
    const given = String(ref).trim();
    const types = rows.map((candidate) => candidate.type);
    throw new NotFoundError(messages.unknownRole(given, types, didYouMean(given, [...types, ...rows.map((candidate) => candidate.name)])), { role: given });
  }

  /** Checks action ids against `known`; answers them without duplicates, in the order given. */
  function checkedActions(actions: readonly string[], known: ReadonlySet<string>): string[] {
    const unique = [...new Set(actions)];
    if (unique.length === 0) throw new ValidationError(messages.noActions);
    const unknown = unique.filter((action) => typeof action !== 'string' || !known.has(action)).map(String);
    if (unknown.length > 0) throw unknownActionsError(unknown, known);
    return unique;
  }

  return {
    list() {
      const counts = new Map<unknown, number>();
      for (const user of users.rows()) counts.set(user.role, (counts.get(user.role) ?? 0) + 1);
      return roles.rows().map((row) => ({ ...presentRole(row), nb_users: counts.get(row.id) ?? 0 }));
    },

    findOne(id) {
      const row = findRow(id);
      return { ...presentRole(row), permissions: permissionTree(schemas, heldBy(row.id), custom()) };
    },

    permissionTree() {
      return permissionTree(schemas, new Set(), custom());
    },

    async create(actor, input) {
      assertCan(actor, usersPermissionsAction('role', 'createRole'));
      const body = roleBody(input);
      const name = text(body, 'name', true)!;
      const type = text(body, 'type', false) ?? roleTypeFromName(name);
      const roleDescription = description(body) ?? '';
      if (type === '') throw fieldError('type', messages.typeNotDerivable(name), undefined);
      const granted = body.permissions === undefined ? [] : actionsFromTree(body.permissions, new Set(catalogue()));
      assertUnique(roles.rows(), { name, type }); // early, so a duplicate fails before any write
      const row = await roles.update((data) => {
        assertUnique(data.rows, { name, type });
        const stamp = now();
        const created: RoleRow = { id: data.nextId++, documentId: newDocumentId(), name, description: roleDescription, type, createdAt: stamp, updatedAt: stamp, publishedAt: stamp };
        data.rows.push(created);
        return created;
      });
      // Role first, permissions second: a crash in between leaves a role that may do nothing (fail closed).
      if (granted.length > 0) {
        await permissions.update((data) => {
          const stamp = now();
          for (const action of new Set(granted)) data.rows.push(permissionRow(data.nextId++, row.id, action, stamp));
        });
      }
      return presentRole(row);
    },

    async update(actor, id, input) {
      assertCan(actor, usersPermissionsAction('role', 'updateRole'));
      const body = roleBody(input);
      const current = findRow(id);
      const name = text(body, 'name', false);
      const newDescription = description(body);
      // `type` is the role's key for config (advanced.defaultRole) and the CLI: Strapi ignores it on
      // update; we accept it unchanged (so a GET can be echoed back) and refuse a change rather than drop it.
      if (body.type !== undefined && body.type !== current.type) throw fieldError('type', messages.typeCannotChange(current.type), body.type);
      const held = heldBy(current.id);
      // Only when `permissions` is in the body (the spec; Strapi deletes them all when it is absent).
      // Actions the role holds but the catalogue lost (a removed content type) may be echoed back.
      // `permissions: []` (what Strapi's own clients send when they mean "no change") changes nothing.
      const untouched = body.permissions === undefined || (Array.isArray(body.permissions) && body.permissions.length === 0);
      const wanted = untouched ? undefined : new Set(actionsFromTree(body.permissions, new Set([...catalogue(), ...held])));
      if (name !== undefined) assertUnique(roles.rows(), { id: current.id, name });
      const row = await roles.update((data) => {
        const fresh = data.rows.find((candidate) => candidate.id === current.id);
        if (!fresh) throw new NotFoundError(messages.roleNotFound);
        if (name !== undefined) {
          assertUnique(data.rows, { id: fresh.id, name });
          fresh.name = name;
        }
        if (newDescription !== undefined) fresh.description = newDescription;
        fresh.updatedAt = now();
        return { ...fresh };
      });
      if (wanted) {
        await permissions.update((data) => {
          const keep = new Set<string>();
          data.rows = data.rows.filter((permission) => {
            if (permission.role !== row.id) return true;
            if (!wanted.has(permission.action) || keep.has(permission.action)) return false;
            keep.add(permission.action);
            return true;
          });
          const stamp = now();
          for (const action of wanted) if (!keep.has(action)) data.rows.push(permissionRow(data.nextId++, row.id, action, stamp));
        });
      }
      return presentRole(row);
    },

    async remove(actor, id) {
      assertCan(actor, usersPermissionsAction('role', 'deleteRole'));
      const row = findRow(id);
      if (row.type === 'public') throw new ApplicationError(messages.cannotDeletePublicRole);
      const publicRole = roles.rows().find((candidate) => candidate.type === 'public');
      // Users first, then permissions, then the role: a crash at any point never leaves a user
      // pointing at a role that is gone. Users go to Public, as Strapi does (not the default role).
      const usersMoved = await users.update((data) => {
        const stamp = now();
        let moved = 0;
        for (const user of data.rows) {
          if (user.role !== row.id) continue;
          user.role = publicRole?.id ?? null;
          user.updatedAt = stamp;
          moved++;
        }
        return moved;
      });
      await permissions.update((data) => {
        data.rows = data.rows.filter((permission) => permission.role !== row.id);
      });
      await roles.update((data) => {
        data.rows = data.rows.filter((candidate) => candidate.id !== row.id);
      });
      return { role: presentRole(row), usersMoved };
    },

    resolveRole(ref) {
      return presentRole(resolveRow(ref));
    },

    async grant(actor, ref, actions) {
      assertCan(actor, usersPermissionsAction('role', 'updateRole'));
      const row = resolveRow(ref);
      const wanted = checkedActions(actions, new Set(catalogue()));
      const granted = await permissions.update((data) => {
        const held = new Set(data.rows.filter((permission) => permission.role === row.id).map((permission) => permission.action));
        const stamp = now();
        const added = wanted.filter((action) => !held.has(action));
        for (const action of added) data.rows.push(permissionRow(data.nextId++, row.id, action, stamp));
        return added;
      });
      return { role: presentRole(row), granted, alreadyGranted: wanted.filter((action) => !granted.includes(action)) };
    },

    async revoke(actor, ref, actions) {
      assertCan(actor, usersPermissionsAction('role', 'updateRole'));
      const row = resolveRow(ref);
      // Actions of a removed content type are no longer in the catalogue but can still be revoked.
      const wanted = checkedActions(actions, new Set([...catalogue(), ...heldBy(row.id)]));
      const revoke = new Set(wanted);
      const revoked = await permissions.update((data) => {
        const removed = new Set<string>();
        data.rows = data.rows.filter((permission) => {
          if (permission.role !== row.id || !revoke.has(permission.action)) return true;
          removed.add(permission.action);
          return false;
        });
        return wanted.filter((action) => removed.has(action));
      });
      return { role: presentRole(row), revoked, notGranted: wanted.filter((action) => !revoked.includes(action)) };
    },

    listGranted(ref) {
      const row = resolveRow(ref);
      return { role: presentRole(row), actions: [...heldBy(row.id)].sort() };
    },
  };
}
