/**
 * Relations of a user row: its role, and the relations of custom attributes. Users and roles are
 * referenced by numeric id, as Strapi 5 still allows; content documents by documentId, through the
 * content store that the caller may lend ({@link ContentRelations}).
 */
import { ApplicationError, ValidationError } from '../errors.js';
import { applyRelationInput, findRowByRef, isRelationInput, isToMany, ROLE_UID, USER_UID, type Model, type ModelLookup, type RelationInput, type RelationRef, type StoredRef, type ValidatedValue } from '../model/index.js';
import type { RoleRow } from '../permissions/index.js';
import type { Attribute, RelationAttribute } from '../schema/index.js';
import type { Json, Row } from '../storage/index.js';
import { userMessages as m } from './messages.js';

/** What the content side lends for custom User relations to content types. */
export interface ContentRelations {
  /** The stored documentId of a reference, or undefined when there is no such entry. */
  resolve(target: string, ref: RelationRef): string | undefined;
  /** The rows a user's relation attribute points at (for filters and sort through it). */
  related(model: Model, attribute: string, row: Record<string, unknown>): Array<Record<string, unknown>>;
}

export interface RelationSources {
  users: readonly Row[];
  roles: readonly RoleRow[];
  content?: ContentRelations | undefined;
  lookup: ModelLookup;
}

function fieldError(path: string[], message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path, message, name: 'ValidationError' }] });
}

/** The stored form of one reference: a user's or role's id, a document's documentId. */
function resolveRef(attribute: RelationAttribute, ref: RelationRef, path: string[], sources: RelationSources): StoredRef {
  const label = path.join('.');
  if (attribute.target === USER_UID || attribute.target === ROLE_UID) {
    const found = findRowByRef<Row>(attribute.target === USER_UID ? sources.users : sources.roles, ref);
    if (!found) throw fieldError(path, m.noRelated(label, ref));
    return found.id;
  }
  if (!sources.content) throw fieldError(path, m.contentRelationUnavailable(label));
  const documentId = sources.content.resolve(attribute.target, ref);
  if (documentId === undefined) throw fieldError(path, m.noRelated(label, ref));
  return documentId;
}

function applyOperations(attribute: RelationAttribute, current: Json | undefined, input: RelationInput, sources: RelationSources): Json {
  return applyRelationInput(attribute, current, input, (ref) => resolveRef(attribute, ref, input.path, sources));
}

/**
 * The role id after applying a `role` payload to `current` (null on create). A user always has a
 * role: ending with none is `Users must have a role` on create and `Cannot remove role` on update.
 */
export function resolveRole(input: ValidatedValue, current: number | null, roleAttribute: RelationAttribute, sources: RelationSources): number {
  if (!isRelationInput(input)) throw new Error('role: expected a validated relation input');
  const next = applyOperations(roleAttribute, current, input, sources);
  if (typeof next !== 'number') throw fieldError(['role'], current === null ? m.roleRequired : m.cannotRemoveRole);
  return next;
}

/** The role new users get when the body names none: `advanced.defaultRole` (Strapi answers 400). */
export function defaultRole(roles: readonly RoleRow[], type: string): RoleRow {
  const role = roles.find((candidate) => candidate.type === type);
  if (!role) throw new ApplicationError(m.defaultRoleMissing);
  return role;
}

/**
 * The stored value of a custom attribute: relations resolved to ids or documentIds, components and
 * dynamic zones with their nested relations resolved and without entry ids (the whole list is
 * replaced on every write, so an entry id would name nothing).
 */
export function storedValue(attribute: Attribute, value: ValidatedValue, current: Json | undefined, name: string, sources: RelationSources): Json {
  if (attribute.type === 'relation') {
    if (attribute.mappedBy !== undefined) {
      const owner = `${attribute.target.split('.').pop()}.${attribute.mappedBy}`;
      throw fieldError([name], m.inverseRelation(name, owner));
    }
    if (!isRelationInput(value)) return isToMany(attribute) ? [] : null;
    return applyOperations(attribute, current, value, sources);
  }
  if (attribute.type === 'component' || attribute.type === 'dynamiczone') return storedEntries(value, attribute.type === 'component' ? attribute.component : undefined, sources);
  return value as Json;
}

function storedEntries(value: ValidatedValue, component: string | undefined, sources: RelationSources): Json {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((entry) => storedEntries(entry as ValidatedValue, component, sources));
  const entry = value as Record<string, ValidatedValue | undefined>;
  const uid = component ?? (entry.__component as string);
  const attributes = sources.lookup.component(uid)?.attributes ?? {};
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(entry)) {
    if (key === 'id' || item === undefined) continue;
    const attribute = attributes[key];
    out[key] = attribute ? storedValue(attribute, item, undefined, key, sources) : (item as Json);
  }
  return out;
}
