/**
 * The permission engine: a pure function over data in memory. No rule, or anything unexpected,
 * denies (fail closed).
 */
import { ForbiddenError } from '../errors.js';
import type { PermissionRow, RoleRow } from './roles.js';

/**
 * Who is calling: an anonymous caller (Public role), a signed-in user, a site or build with an API
 * token (exactly the token's actions, no role), or the system (the CLI).
 */
export type Actor =
  | { kind: 'public'; role: RoleRow | undefined; permissions: ReadonlySet<string> }
  | { kind: 'user'; user: { id: number; [key: string]: unknown }; role: RoleRow | undefined; permissions: ReadonlySet<string> }
  | { kind: 'token'; token: { id: number; name: string }; permissions: ReadonlySet<string> }
  | { kind: 'system' };

/** The CLI and in-process callers: skips permission checks. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ kind: 'system' });

/**
 * Whether `actor` may perform `action` (a Strapi action id).
 * @example can(publicActor, 'api::article.article.find') // true when Public holds it
 */
export function can(actor: Actor, action: string): boolean {
  // Fail closed on anything unexpected, even for the system actor: a missing action id is a bug.
  if (typeof action !== 'string' || action === '' || !actor) return false;
  if (actor.kind === 'system') return true;
  if (actor.kind === 'token') return actor.permissions.has(action);
  return actor.role !== undefined && actor.permissions.has(action);
}

/**
 * What every service write does first: refuse an actor that does not hold `action`. The HTTP routes
 * check the same action before (and choose 401 or 403); this keeps the rule where the write is,
 * for every caller to come.
 * @example assertCan(actor, 'plugin::users-permissions.user.create')
 */
export function assertCan(actor: Actor, action: string): void {
  if (!can(actor, action)) throw new ForbiddenError('Forbidden');
}

/**
 * The actor of a signed-in user: their role (by the user's `role` id) and what it holds.
 * @example actorOfUser(user, tables.roles.rows(), tables.permissions.rows())
 */
export function actorOfUser(user: { id: number; role?: unknown; [key: string]: unknown }, roles: readonly RoleRow[], permissions: readonly PermissionRow[]): Actor {
  const role = roles.find((row) => row.id === user.role);
  return { kind: 'user', user, role, permissions: permissionsOf(permissions, role?.id) };
}

const cache = new WeakMap<readonly PermissionRow[], Map<number, ReadonlySet<string>>>();
const NONE: ReadonlySet<string> = new Set();

/**
 * The actions each role holds, indexed once per version of the permissions table (the table
 * hands out a new rows array on every change, so the cache follows CLI changes by itself).
 * @example permissionsOf(tables.permissions.rows(), publicRole.id).has('api::article.article.find')
 */
export function permissionsOf(rows: readonly PermissionRow[], roleId: number | undefined): ReadonlySet<string> {
  if (roleId === undefined) return NONE;
  let byRole = cache.get(rows);
  if (!byRole) {
    const building = new Map<number, Set<string>>();
    for (const row of rows) {
      let set = building.get(row.role);
      if (!set) building.set(row.role, (set = new Set()));
      set.add(row.action);
    }
    byRole = building;
    cache.set(rows, byRole);
  }
  return byRole.get(roleId) ?? NONE;
}
