/**
 * Relation writes and reads that do not depend on where the targets live: Strapi's
 * connect/disconnect/set algorithm, and the relations to users and roles, which every model
 * stores by numeric id. The content store and the users table each say how a reference resolves.
 */
import type { RelationAttribute } from '../schema/index.js';
import type { Json, Row } from '../storage/index.js';
import type { RelationOperations, RelationRef } from './validate/index.js';

/** How a relation stores one target: a document's documentId, or a user's or role's numeric id. */
export type StoredRef = string | number;

export function isToMany(attribute: RelationAttribute): boolean {
  return attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
}

/**
 * The stored value of a relation after applying `input` to `current`: `set` replaces, then
 * `disconnect` removes and `connect` appends (Strapi's order); a to-one relation keeps the last.
 * `null` clears it. `resolve` answers the stored form of a reference, or throws naming it.
 * @example applyRelationInput(tags, ['a1'], { connect: [{ documentId: 'b2' }] }, (ref) => …) // ['a1', 'b2']
 */
export function applyRelationInput(attribute: RelationAttribute, current: Json | undefined, input: RelationOperations | null, resolve: (ref: RelationRef) => StoredRef): Json {
  const many = isToMany(attribute);
  if (input === null) return many ? [] : null;
  let values = ([] as StoredRef[]).concat((current ?? []) as StoredRef[]);
  if (input.set) values = input.set.map(resolve);
  for (const ref of input.disconnect ?? []) {
    const value = resolve(ref);
    values = values.filter((existing) => existing !== value);
  }
  for (const ref of input.connect ?? []) {
    const value = resolve(ref);
    if (!values.includes(value)) values.push(value);
  }
  if (many) return values;
  return values[values.length - 1] ?? null;
}

/**
 * The row of a table (users, roles) that a reference names, by `id` or by `documentId`.
 * @example findRowByRef(roles.rows(), { documentId: 'x1y2' })?.id // 2
 */
export function findRowByRef<T extends Row>(rows: readonly T[], ref: RelationRef): T | undefined {
  return 'id' in ref ? rows.find((row) => row.id === ref.id) : rows.find((row) => row.documentId === ref.documentId);
}

/**
 * The rows of a table (users, roles) that `row`'s relation `name` points at; for an inverse side
 * (`mappedBy`), the rows whose owning attribute points back at `row`.
 * @example relatedTableRows(userModel.attributes.role, user, 'role', roles.rows()) // [roleRow]
 */
export function relatedTableRows(attribute: RelationAttribute, row: Record<string, unknown>, name: string, targets: readonly Row[]): Row[] {
  if (attribute.mappedBy) {
    const by = attribute.mappedBy;
    return targets.filter((target) => ([] as unknown[]).concat(target[by] ?? []).includes(row.id));
  }
  const ids = ([] as unknown[]).concat(row[name] ?? []);
  return ids.map((id) => targets.find((target) => target.id === id)).filter((target): target is Row => target !== undefined);
}
