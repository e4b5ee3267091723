/** The built-in roles, Public and Authenticated, and seeding them on an empty store. */
import { newDocumentId, now } from '../ids.js';
import type { Row, Table } from '../storage/index.js';
import { DEFAULT_PERMISSIONS } from './actions.js';

export interface RoleRow extends Row {
  name: string;
  description: string;
  type: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

const ROLE_FIELDS = ['id', 'documentId', 'name', 'description', 'type', 'createdAt', 'updatedAt', 'publishedAt'] as const;

/** A role as the API returns it: Strapi's role fields, nothing else (no permissions, never its users). */
export type Role = Pick<RoleRow, (typeof ROLE_FIELDS)[number]>;

/**
 * @example presentRole(row) // { id, documentId, name, description, type, createdAt, updatedAt, publishedAt }
 */
export function presentRole(row: RoleRow): Role {
  const role = {} as Record<string, unknown>;
  for (const field of ROLE_FIELDS) role[field] = row[field];
  return role as Role;
}

/**
 * The role a person means on the command line, in config or in a URL: its numeric id, its type or
 * its name (both case-insensitive, type first), or its documentId. Undefined when none matches.
 * The one place that decides how a role is named.
 * @example findRole(roles.rows(), 'Authenticated')?.type // 'authenticated'
 */
export function findRole<T extends RoleRow>(rows: readonly T[], ref: string | number): T | undefined {
  const given = String(ref).trim();
  const lower = given.toLowerCase();
  return (
    (/^\d+$/.test(given) ? rows.find((row) => row.id === Number(given)) : undefined) ??
    rows.find((row) => row.type.toLowerCase() === lower) ??
    rows.find((row) => row.name.toLowerCase() === lower) ??
    rows.find((row) => row.documentId === given)
  );
}

export interface PermissionRow extends Row {
  action: string;
  /** id of the role holding it */
  role: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

export const BUILT_IN_ROLES = [
  { name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' },
  { name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public' },
] as const;

export interface SeedOptions {
  /** Extra actions granted when the roles are first created (config `bootstrapPermissions`). */
  extra?: { public?: readonly string[]; authenticated?: readonly string[] };
}

/**
 * Creates the built-in roles with Strapi's default permissions on an empty store, as Strapi does
 * at its first boot. Each step checks the data under the table lock, so two processes starting at
 * once seed once, and a crash between the two steps is finished by the next start (the permission
 * table counts as new while it has never held a row). Answers whether anything was created.
 * @example await seedBuiltInRoles(tables.roles, tables.permissions)
 */
export async function seedBuiltInRoles(roles: Table<RoleRow>, permissions: Table<PermissionRow>, options: SeedOptions = {}): Promise<boolean> {
  const createdRoles = roles.rows().length === 0 && (await roles.update((data) => {
    if (data.rows.length > 0) return false;
    const stamp = now();
    for (const role of BUILT_IN_ROLES) {
      data.rows.push({ id: data.nextId++, documentId: newDocumentId(), ...role, createdAt: stamp, updatedAt: stamp, publishedAt: stamp });
    }
    return true;
  }));
  const builtIn = roles.rows().filter((role) => role.type === 'public' || role.type === 'authenticated');
  const createdPermissions = permissions.rows().length === 0 && (await permissions.update((data) => {
    if (data.nextId !== 1) return false;
    const stamp = now();
    for (const role of builtIn) {
      const type = role.type as 'public' | 'authenticated';
      for (const action of new Set([...DEFAULT_PERMISSIONS[type], ...(options.extra?.[type] ?? [])])) {
        data.rows.push({ id: data.nextId++, documentId: newDocumentId(), action, role: role.id, createdAt: stamp, updatedAt: stamp, publishedAt: stamp });
      }
    }
    return data.rows.length > 0;
  }));
  return createdRoles || createdPermissions;
}
