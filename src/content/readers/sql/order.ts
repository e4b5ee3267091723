/**
 * A sort (SortKey[]) as the keys of ORDER BY, in the memory reader's order (compare.ts): NULL is
 * the smallest value (first ascending, last descending), texts compare by UTF-16 code unit, and a
 * key through a relation or a component reads the first related row that exists (in the stored
 * order; the owners of an inverse side in id order) or the first entry. Ties keep the order a
 * list without sort has, by id, which the reader adds as the last key.
 */
import { attributeOf, type Model, type SortKey } from '../../../model/index.js';
import { componentModelOf, firstComponentEntry, fromEntries, relationEntries, type RowScope, type SqlContext } from './scope.js';
import { comparesAsText, kindOf, orderable } from './values.js';

/** One key of ORDER BY, and its direction. */
export interface OrderKey {
  sql: string;
  order: 'asc' | 'desc';
}

/**
 * The keys `sort` orders rows of `scope` by.
 * @example orderKeys(context, [{ path: ['views'], order: 'desc' }], scope) // [{ sql: "folio_number(r.data -> 'views')", order: 'desc' }]
 */
export function orderKeys(context: SqlContext, sort: readonly SortKey[], scope: RowScope): OrderKey[] {
  return sort.map((key) => {
    const found = keyOf(context, key.path, scope, key.path);
    // A text read from a related row keeps its byte order out of the subquery.
    return { sql: found.text && key.path.length > 1 ? `${found.sql} COLLATE "C"` : found.sql, order: key.order };
  });
}

/**
 * ORDER BY's text for `keys` (named as `name` gives them), NULL as the smallest value.
 * @example orderBy([{ sql: 'k1', order: 'desc' }]) // 'k1 DESC NULLS LAST'
 */
export function orderBy(keys: readonly OrderKey[], name: (key: OrderKey, index: number) => string = (key) => key.sql): string {
  return keys.map((key, index) => `${name(key, index)} ${key.order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`).join(', ');
}

/** The comparable `path` leads to from a row of `scope`, and whether it is a text. */
function keyOf(context: SqlContext, path: readonly string[], scope: RowScope, whole: readonly string[]): { sql: string; text: boolean } {
  const [head, ...rest] = path;
  const attribute = head === undefined ? undefined : attributeOf(scope.model, head);
  if (head === undefined || !attribute) throw new Error(`sql reader: ${scope.model.uid} has no field ${whole.join('.')}`);
  if (attribute.type === 'relation') {
    if (rest.length === 0 || !context.lookup.model(attribute.target)) throw new Error(`sql reader: cannot sort ${scope.model.uid} by ${whole.join('.')}`);
    const entries = relationEntries(context, scope, head);
    if (!entries) return nothingAlong(context, rest, context.lookup.model(attribute.target)!, whole);
    const next = keyOf(context, rest, entries.scope, whole);
    return { sql: `(SELECT ${next.sql} ${fromEntries(entries)} ORDER BY ${entries.order} LIMIT 1)`, text: next.text };
  }
  if (attribute.type === 'component') {
    const model = componentModelOf(context.lookup, attribute.component);
    if (rest.length === 0 || !model) throw new Error(`sql reader: cannot sort ${scope.model.uid} by ${whole.join('.')}`);
    const first = firstComponentEntry(context, scope, head, model);
    const next = keyOf(context, rest, first.scope, whole);
    return { sql: `(SELECT ${next.sql} FROM ${first.from})`, text: next.text };
  }
  const kind = kindOf(attribute);
  if (!kind) throw new Error(`sql reader: cannot sort ${scope.model.uid} by ${whole.join('.')}`);
  return { sql: orderable(kind, scope.field(head)), text: comparesAsText(kind) };
}

/**
 * The key of a relation that leads to no row (its target type is not the project's): NULL, once
 * the rest of the path is found sortable, as the memory reader finds it when it compiles the sort.
 */
function nothingAlong(context: SqlContext, path: readonly string[], model: Model, whole: readonly string[]): { sql: string; text: boolean } {
  const [head, ...rest] = path;
  const attribute = head === undefined ? undefined : attributeOf(model, head);
  if (head === undefined || !attribute) throw new Error(`sql reader: ${model.uid} has no field ${whole.join('.')}`);
  const target = attribute.type === 'relation' ? context.lookup.model(attribute.target) : attribute.type === 'component' ? componentModelOf(context.lookup, attribute.component) : undefined;
  if (attribute.type === 'relation' || attribute.type === 'component') {
    if (rest.length === 0 || !target) throw new Error(`sql reader: cannot sort ${model.uid} by ${whole.join('.')}`);
    return nothingAlong(context, rest, target, whole);
  }
  if (!kindOf(attribute)) throw new Error(`sql reader: cannot sort ${model.uid} by ${whole.join('.')}`);
  return { sql: 'NULL', text: false };
}
