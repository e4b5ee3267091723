/**
 * Sort keys → one comparator over in-memory rows.
 */
import type { Model } from '../types.js';
import { attributeOf, targetModel, valueKindOf } from './model.js';
import type { EvalContext, SortKey } from './types.js';
import { normalizer, type Comparable } from './values.js';

type Row = Record<string, unknown>;
type Getter = (row: Row | undefined) => Comparable | null;

/** Walks `path` from a row to a comparable: the first related row or entry stands for a to-many. */
function getter(path: readonly string[], model: Model, ctx: EvalContext): Getter {
  const [head, ...rest] = path;
  const attribute = head === undefined ? undefined : attributeOf(model, head);
  if (head === undefined || !attribute) throw new Error(`compareBy: ${model.uid} has no field ${path.join('.')}`);
  if (attribute.type === 'relation' || attribute.type === 'component') {
    const target = targetModel(attribute, ctx.lookup);
    if (!target || rest.length === 0) throw new Error(`compareBy: cannot sort ${model.uid} by ${path.join('.')}`);
    const next = getter(rest, target, ctx);
    if (attribute.type === 'relation') return (row) => (row ? next(ctx.related(model, head, row)[0]) : null);
    return (row) => {
      const value = row?.[head];
      const entry = Array.isArray(value) ? value[0] : value;
      return next(typeof entry === 'object' && entry !== null ? (entry as Row) : undefined);
    };
  }
  const kind = valueKindOf(attribute);
  if (!kind) throw new Error(`compareBy: cannot sort ${model.uid} by ${path.join('.')}`);
  const read = normalizer(kind);
  return (row) => (row ? read(row[head]) : null);
}

/**
 * A comparator for `Array.prototype.sort` (which is stable, so ties keep their order). NULLs are
 * the smallest values, as in SQLite, Strapi's default database: first in ascending order, last in
 * descending. Strings compare by code unit (SQLite's BINARY collation), dates and datetimes by
 * instant, bigintegers exactly. Sorting by a relation's field uses the first related row.
 *
 * @example
 * rows.sort(compareBy([{ path: ['views'], order: 'desc' }, { path: ['title'], order: 'asc' }], article, ctx));
 */
export function compareBy(sort: readonly SortKey[], model: Model, ctx: EvalContext): (a: Row, b: Row) => number {
  if (sort.length === 0) return () => 0;
  const getters = sort.map((key) => getter(key.path, model, ctx));
  const directions = sort.map((key) => (key.order === 'asc' ? 1 : -1));
  const count = getters.length;
  if (sort.every((key) => key.path.length === 1)) {
    // Reading a field of the row itself is cheaper than any cache.
    return (a, b) => {
      for (let i = 0; i < count; i++) {
        const order = compareValues(getters[i]!(a), getters[i]!(b));
        if (order !== 0) return order * directions[i]!;
      }
      return 0;
    };
  }
  // Paths through relations ask the service for related rows: read each row's keys once, not
  // once per comparison (O(n log n) times).
  const cache = new WeakMap<Row, Array<Comparable | null>>();
  const keysOf = (row: Row): Array<Comparable | null> => {
    let keys = cache.get(row);
    if (!keys) {
      keys = getters.map((get) => get(row));
      cache.set(row, keys);
    }
    return keys;
  };
  return (a, b) => {
    const left = keysOf(a);
    const right = keysOf(b);
    for (let i = 0; i < count; i++) {
      const order = compareValues(left[i]!, right[i]!);
      if (order !== 0) return order * directions[i]!;
    }
    return 0;
  };
}

/** NULL is the smallest value; both sides come from the same normalizer, so never mixed types. */
export function compareValues(x: Comparable | null, y: Comparable | null): number {
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}
