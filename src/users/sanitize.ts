/**
 * What leaves the server of a user, as in Strapi 5: never `password`, the two tokens or a
 * private attribute. Components, dynamic zones and relations are not populated here, as in Strapi
 * without `populate`; the role appears only when the caller passes it.
 */
import type { Model } from '../model/index.js';
import { presentRole, type RoleRow } from '../permissions/index.js';
import type { Attribute } from '../schema/index.js';
import { BUILT_IN_USER_FIELDS } from './input.js';
import type { UserRow } from './types.js';

/** The built-in fields returned, in Strapi's order. */
const PUBLIC_FIELDS = ['username', 'email', 'provider', 'confirmed', 'blocked'] as const;
const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

export interface SanitizeOptions {
  /** Adds `role` (null when the user has none): the populated form of POST /api/users and `populate=role`. */
  role?: RoleRow | null;
  /** Fields to keep (`fields=` of the query); `id` and `documentId` always stay. Absent: all. */
  fields?: readonly string[];
}

function isShown(attribute: Attribute): boolean {
  if (attribute.type === 'password' || attribute.private === true) return false;
  return attribute.type !== 'component' && attribute.type !== 'dynamiczone' && attribute.type !== 'relation';
}

/**
 * A role as it appears inside a user: no permissions, never its users.
 * @example sanitizeRole(role) // { id: 1, documentId: '…', name: 'Authenticated', description: '…', type: 'authenticated', createdAt, updatedAt, publishedAt }
 */
export function sanitizeRole(role: RoleRow): Record<string, unknown> {
  return presentRole(role);
}

/**
 * A stored user as clients see it.
 * @example sanitizeUser(userModel, row, { role }) // { id, documentId, username, email, provider, confirmed, blocked, createdAt, updatedAt, publishedAt, role }
 */
export function sanitizeUser(userModel: Model, row: UserRow, options: SanitizeOptions = {}): Record<string, unknown> {
  const keep = options.fields ? new Set(options.fields) : undefined;
  const kept = (name: string) => !keep || keep.has(name);
  const out: Record<string, unknown> = { id: row.id, documentId: row.documentId };
  for (const name of PUBLIC_FIELDS) if (kept(name)) out[name] = row[name] ?? null;
  for (const name of TIMESTAMPS) if (kept(name)) out[name] = row[name] ?? null;
  for (const [name, attribute] of Object.entries(userModel.attributes)) {
    if (BUILT_IN_USER_FIELDS.includes(name) || !isShown(attribute) || !kept(name)) continue;
    out[name] = row[name] ?? null;
  }
  if (options.role !== undefined) out.role = options.role === null ? null : sanitizeRole(options.role);
  return out;
}
