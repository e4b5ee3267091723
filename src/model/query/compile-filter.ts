/**
 * The filter AST → one predicate over in-memory rows, compiled once per request.
 *
 * Semantics follow SQL as Strapi's SQLite/Postgres queries have them:
 * - Three-valued logic. A comparison with NULL is unknown, `$not` of unknown is unknown, and only a
 *   true result selects a row. So `$ne: 'x'`, `$notIn`, `$notContains` and `$not: { $eq: 'x' }` do
 *   NOT match rows whose value is null (Strapi builds `col <> 'x'`); ask for
 *   `$or: [{ f: { $ne: 'x' } }, { f: { $null: true } }]` to include them. `$eq: null`/`$ne: null`
 *   mean IS NULL / IS NOT NULL, as in Strapi's `applyOperator`.
 * - Relations and components behave as a LEFT JOIN: a row matches when ANY related row or entry
 *   matches, and a row with none is compared against one all-null entry (so
 *   `category: { name: { $null: true } }` matches rows without a category). Each relation
 *   condition is its own join, so `$and: [{ tags: { name: 'a' } }, { tags: { name: 'b' } }]`
 *   means "tagged a and tagged b"; `$not` around a relation condition means "no entry matches".
 * - LIKE-style operators compare text directly, so `%`, `_` and `\` in a value match literally.
 *   The i-variants lower-case with `toLowerCase()` (locale-independent).
 */
import type { Model } from '../types.js';
import { componentModel } from './model.js';
import type { EvalContext, FieldFilter, Filter } from './types.js';
import { normalizer, textOf, type Comparable } from './values.js';

/** SQL's three values: true, false, and null for unknown. */
type Truth = boolean | null;
type Row = Record<string, unknown>;
type Predicate = (row: Row) => Truth;

/** The all-null entry a LEFT JOIN yields for a row without related rows. */
const NULL_ROW: Row = Object.freeze({});
const NONE: readonly unknown[] = Object.freeze([]);

const isNil = (value: unknown): boolean => value === null || value === undefined;

/**
 * Compiles `filter` (undefined matches everything) into a predicate over rows of `model`.
 *
 * @example
 * const keep = compileFilter(query.filters, article, { lookup, related: (model, attribute, row) => resolve(model, attribute, row) });
 * const matching = rows.filter(keep);
 */
export function compileFilter(filter: Filter | undefined, model: Model, ctx: EvalContext): (row: Row) => boolean {
  if (!filter) return () => true;
  const predicate = compile(filter, model, ctx);
  return (row) => predicate(row) === true;
}

function compile(filter: Filter, model: Model, ctx: EvalContext): Predicate {
  switch (filter.kind) {
    case 'and': {
      const parts = filter.filters.map((part) => compile(part, model, ctx));
      return (row) => {
        let unknown = false;
        for (const part of parts) {
          const result = part(row);
          if (result === false) return false;
          if (result === null) unknown = true;
        }
        return unknown ? null : true;
      };
    }
    case 'or': {
      const parts = filter.filters.map((part) => compile(part, model, ctx));
      return (row) => {
        let unknown = false;
        for (const part of parts) {
          const result = part(row);
          if (result === true) return true;
          if (result === null) unknown = true;
        }
        return unknown ? null : false;
      };
    }
    case 'not': {
      const inner = compile(filter.filter, model, ctx);
      return (row) => {
        const result = inner(row);
        return result === null ? null : !result;
      };
    }
    case 'field':
      return compileField(filter);
    case 'relation': {
      const target = ctx.lookup.model(filter.target);
      if (!target) throw new Error(`compileFilter: no model ${filter.target} for ${model.uid}.${filter.field}`);
      const inner = compile(filter.filter, target, ctx);
      const { field } = filter;
      const judge = (row: Row) => anyEntry(row === NULL_ROW ? NONE : ctx.related(model, field, row), inner);
      const { relatedKey } = ctx;
      if (!relatedKey) return judge;
      // Many rows point at the same few entries (a category): each set of entries is judged once.
      const judged = new Map<string, Truth>();
      return (row) => {
        const key = row === NULL_ROW ? undefined : relatedKey(model, field, row);
        if (key === undefined) return judge(row);
        let truth = judged.get(key);
        if (truth === undefined) judged.set(key, (truth = judge(row)));
        return truth;
      };
    }
    case 'component': {
      const component = ctx.lookup.component(filter.component);
      if (!component) throw new Error(`compileFilter: no component ${filter.component} for ${model.uid}.${filter.field}`);
      const inner = compile(filter.filter, componentModel(component), ctx);
      const { field } = filter;
      return (row) => {
        const value = row[field];
        return anyEntry(Array.isArray(value) ? value : isNil(value) ? NONE : [value], inner);
      };
    }
    default:
      return filter satisfies never;
  }
}

/** EXISTS over the entries, with LEFT JOIN's null entry when there are none. */
function anyEntry(entries: readonly unknown[], inner: Predicate): Truth {
  if (entries.length === 0) return inner(NULL_ROW);
  let unknown = false;
  for (const entry of entries) {
    const result = inner(typeof entry === 'object' && entry !== null ? (entry as Row) : NULL_ROW);
    if (result === true) return true;
    if (result === null) unknown = true;
  }
  return unknown ? null : false;
}

/** `<` over one kind's comparables (never mixed: both sides went through the same normalizer). */
const less = (a: Comparable, b: Comparable): boolean => (a as number) < (b as number);

function compileField(filter: FieldFilter): Predicate {
  const { field } = filter;
  const read = normalizer(filter.type);
  const value = (row: Row) => read(row[field]);
  const text = (row: Row) => textOf(row[field]);

  switch (filter.operator) {
    case '$null': {
      const wanted = filter.value;
      return (row) => isNil(row[field]) === wanted;
    }
    case '$notNull': {
      const wanted = filter.value;
      return (row) => isNil(row[field]) !== wanted;
    }
    case '$eq':
    case '$ne': {
      const negate = filter.operator === '$ne';
      if (filter.value === null) return (row) => isNil(row[field]) !== negate;
      const target = read(filter.value);
      return (row) => {
        const actual = value(row);
        return actual === null || target === null ? null : (actual === target) !== negate;
      };
    }
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte': {
      const target = filter.value === null ? null : read(filter.value);
      if (target === null) return () => null;
      const test = ORDER_TESTS[filter.operator];
      return (row) => {
        const actual = value(row);
        return actual === null ? null : test(actual, target);
      };
    }
    case '$between': {
      const [low, high] = filter.value.map((bound) => (bound === null ? null : read(bound)));
      if (low === null || low === undefined || high === null || high === undefined) return () => null;
      return (row) => {
        const actual = value(row);
        return actual === null ? null : !less(actual, low) && !less(high, actual);
      };
    }
    case '$in':
    case '$notIn': {
      const negate = filter.operator === '$notIn';
      // knex turns an empty list into a constant: `IN ()` is false and `NOT IN ()` true, even for null.
      if (filter.value.length === 0) return () => negate;
      const targets = new Set<Comparable>();
      let listHasNull = false;
      for (const entry of filter.value) {
        const target = entry === null ? null : read(entry);
        if (target === null) listHasNull = true;
        else targets.add(target);
      }
      return (row) => {
        const actual = value(row);
        if (actual === null) return null;
        if (targets.has(actual)) return !negate;
        return listHasNull ? null : negate;
      };
    }
    case '$eqi':
    case '$nei': {
      const negate = filter.operator === '$nei';
      if (filter.value === null) return (row) => isNil(row[field]) !== negate;
      const target = filter.value.toLowerCase();
      return (row) => {
        const actual = text(row);
        return actual === null ? null : (actual.toLowerCase() === target) !== negate;
      };
    }
    case '$startsWith':
    case '$endsWith':
    case '$contains':
    case '$notContains':
    case '$startsWithi':
    case '$endsWithi':
    case '$containsi':
    case '$notContainsi': {
      const operator = filter.operator;
      const insensitive = operator.endsWith('i');
      const negate = operator === '$notContains' || operator === '$notContainsi';
      const needle = insensitive ? (filter.value ?? '').toLowerCase() : (filter.value ?? '');
      const test = operator.startsWith('$startsWith')
        ? (haystack: string) => haystack.startsWith(needle)
        : operator.startsWith('$endsWith')
          ? (haystack: string) => haystack.endsWith(needle)
          : (haystack: string) => haystack.includes(needle);
      return (row) => {
        const actual = text(row);
        if (actual === null) return null;
        return test(insensitive ? actual.toLowerCase() : actual) !== negate;
      };
    }
    default:
      return filter satisfies never;
  }
}

const ORDER_TESTS: Record<'$lt' | '$lte' | '$gt' | '$gte', (actual: Comparable, target: Comparable) => boolean> = {
  $lt: (actual, target) => less(actual, target),
  $lte: (actual, target) => !less(target, actual),
  $gt: (actual, target) => less(target, actual),
  $gte: (actual, target) => !less(actual, target),
};
