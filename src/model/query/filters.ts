/**
 * `filters` → the {@link Filter} AST, validated against the model and cast per attribute type
 * (docs/api/query-parameters.md). Every malformed value is a ValidationError naming its place; a Strapi
 * that answers some of them with a 500 is what we do better than.
 */
import type { Model, ModelLookup } from '../types.js';
import { queryMessages } from './messages.js';
import { requireTarget, valueKindOf, visibleAttribute } from './model.js';
import {
  asList,
  assertDepth,
  assertSafeKey,
  at,
  invalidAt,
  invalidKey,
  isRecord,
  isScalar,
  label,
  parseBoolean,
  type Site,
} from './raw.js';
import type { CompareOperator, FieldFilter, Filter, FilterValue, TextOperator, ValueKind } from './types.js';
import { castValue, EXPECTED } from './values.js';

const COMPARE = new Set<string>(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'] satisfies CompareOperator[]);
const TEXT = new Set<string>([
  '$eqi',
  '$nei',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
] satisfies TextOperator[]);
/** Operators whose value is a list by nature; any other operator given a list means OR. */
const LIST = new Set<string>(['$in', '$notIn', '$between']);
const NULL = new Set<string>(['$null', '$notNull']);
/** Exactly Strapi's set, case-sensitive: `$STARTSWITH` is an unknown key. */
const FIELD_OPERATORS = new Set<string>([...COMPARE, ...TEXT, ...LIST, ...NULL]);

/** Joins conjuncts; one needs no wrapper. */
function all(filters: Filter[]): Filter {
  return filters.length === 1 ? filters[0]! : { kind: 'and', filters };
}

function any(filters: Filter[]): Filter {
  return filters.length === 1 ? filters[0]! : { kind: 'or', filters };
}

/**
 * Parses a `filters` value against `model`; undefined when it filters nothing (absent, or only empty
 * objects, which Strapi accepts and drops).
 */
export function parseFilters(raw: unknown, model: Model, lookup: ModelLookup, site: Site): Filter | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!isRecord(raw) && !Array.isArray(raw)) {
    throw invalidAt(site, queryMessages.invalidParameter(label(site), 'an object', raw));
  }
  const conjuncts = parseWhere(raw, model, lookup, site, 0, false);
  return conjuncts.length === 0 ? undefined : all(conjuncts);
}

/**
 * One level of a where object: logical operators, attributes, and (inside a relation or component,
 * `onTarget`) operators that apply to the related `id`, as Strapi's `processRelationWhere` does.
 * Returns the conjuncts; empty when everything was empty.
 */
function parseWhere(raw: unknown, model: Model, lookup: ModelLookup, site: Site, depth: number, onTarget: boolean): Filter[] {
  assertDepth(site, depth);
  const list = asList(raw);
  if (list) {
    // An array of where objects is their conjunction (an `$or` entry may be such an array).
    return list.flatMap((entry, index) => parseGroupEntry(entry, model, lookup, at(site, String(index)), depth + 1, onTarget));
  }
  if (!isRecord(raw)) throw invalidAt(site, queryMessages.invalidFilterValue(label(site), 'an object', raw));

  const out: Filter[] = [];
  for (const key of Object.keys(raw)) {
    assertSafeKey(site, key);
    const value = raw[key];
    const here = at(site, key);
    if (key === '$and' || key === '$or') {
      const entries = asList(value);
      if (!entries) throw invalidAt(here, queryMessages.invalidFilterValue(label(here), 'an array of filters', value));
      const groups = entries
        .map((entry, index) => parseGroupEntry(entry, model, lookup, at(here, String(index)), depth + 1, onTarget))
        .filter((group) => group.length > 0)
        .map(all);
      // An empty group constrains nothing (knex drops an empty `where` callback), like `{}`.
      if (groups.length > 0) out.push(key === '$and' ? all(groups) : any(groups));
    } else if (key === '$not') {
      if (!isRecord(value) && !Array.isArray(value)) {
        throw invalidAt(here, queryMessages.invalidFilterValue(label(here), 'an object', value));
      }
      const inner = parseWhere(value, model, lookup, here, depth + 1, onTarget);
      if (inner.length > 0) out.push({ kind: 'not', filter: all(inner) });
    } else if (key.startsWith('$')) {
      if (!onTarget || !FIELD_OPERATORS.has(key)) throw invalidKey(site, key);
      out.push(...parseOperator('id', 'number', key, value, here));
    } else {
      out.push(...parseAttribute(key, value, model, lookup, site, depth));
    }
  }
  return out;
}

function parseGroupEntry(entry: unknown, model: Model, lookup: ModelLookup, site: Site, depth: number, onTarget: boolean): Filter[] {
  if (!isRecord(entry) && !Array.isArray(entry)) {
    throw invalidAt(site, queryMessages.invalidFilterValue(label(site), 'an object', entry));
  }
  return parseWhere(entry, model, lookup, site, depth, onTarget);
}

function parseAttribute(key: string, value: unknown, model: Model, lookup: ModelLookup, site: Site, depth: number): Filter[] {
  const attribute = visibleAttribute(model, key, site, lookup);
  const here = at(site, key);
  switch (attribute.type) {
    case 'dynamiczone':
      // Strapi cannot filter on dynamic zones (nor morph relations); neither can we.
      throw invalidKey(site, key);
    case 'relation':
    case 'component': {
      const target = requireTarget(attribute, lookup, site, key);
      const inner =
        isRecord(value) && !asList(value)
          ? parseWhere(value, target, lookup, here, depth + 1, true)
          : parseCondition('id', 'number', value, here, depth + 1);
      if (inner.length === 0) return [];
      return attribute.type === 'relation'
        ? [{ kind: 'relation', field: key, target: attribute.target, filter: all(inner) }]
        : [{ kind: 'component', field: key, component: attribute.component, filter: all(inner) }];
    }
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
    case 'enumeration':
    case 'integer':
    case 'biginteger':
    case 'decimal':
    case 'float':
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'time':
    case 'json':
    case 'blocks':
      return parseCondition(key, valueKindOf(attribute)!, value, here, depth + 1);
    default:
      return attribute satisfies never;
  }
}

/**
 * The value given to one field: a scalar means `$eq`, a list means `$in`, an object holds operators
 * (and `$not`, which Strapi also accepts at attribute level).
 */
function parseCondition(field: string, kind: ValueKind, value: unknown, site: Site, depth: number): Filter[] {
  assertDepth(site, depth);
  if (value === null || isScalar(value)) return parseOperator(field, kind, '$eq', value, site);
  const list = asList(value);
  if (list) return parseOperator(field, kind, '$in', list, site);
  if (!isRecord(value)) throw invalidAt(site, queryMessages.invalidFilterValue(label(site), EXPECTED[kind], value));

  const out: Filter[] = [];
  for (const operator of Object.keys(value)) {
    assertSafeKey(site, operator);
    const here = at(site, operator);
    if (operator === '$not') {
      const inner = parseCondition(field, kind, value[operator], here, depth + 1);
      if (inner.length > 0) out.push({ kind: 'not', filter: all(inner) });
    } else if (FIELD_OPERATORS.has(operator)) {
      out.push(...parseOperator(field, kind, operator, value[operator], here));
    } else {
      throw invalidKey(site, operator);
    }
  }
  return out;
}

/** One operator with its value; `site` is the operator's own place (`views.$gt`). */
function parseOperator(field: string, kind: ValueKind, operator: string, value: unknown, site: Site): Filter[] {
  const base = { kind: 'field', field, type: kind } as const;
  if (NULL.has(operator)) {
    // As Strapi casts `$null` and `$notNull`: the usual spellings, else anything truthy means true.
    const flag = parseBoolean(value) ?? Boolean(value);
    return [{ ...base, operator: operator as '$null' | '$notNull', value: flag }];
  }
  if (kind === 'json') {
    throw invalidAt(site, queryMessages.operatorNotSupported(operator, label(site), 'json'));
  }
  if (operator === '$in' || operator === '$notIn') {
    const entries = asList(value) ?? (value === null || isScalar(value) ? [value] : undefined);
    if (!entries) throw invalidAt(site, queryMessages.invalidFilterValue(label(site), `a list of ${EXPECTED[kind]}`, value));
    const values = entries.map((entry, index) => cast(kind, entry, at(site, String(index))));
    return [{ ...base, operator, value: values }];
  }
  if (operator === '$between') {
    const entries = asList(value);
    if (!entries || entries.length !== 2) {
      throw invalidAt(site, queryMessages.invalidFilterValue(label(site), `a list of two values`, value));
    }
    const bounds: [FilterValue, FilterValue] = [cast(kind, entries[0], at(site, '0')), cast(kind, entries[1], at(site, '1'))];
    return [{ ...base, operator, value: bounds }];
  }
  // Any other operator given a list means "any of these" (Strapi's applyOperator).
  const entries = asList(value);
  if (entries) {
    const alternatives = entries.map((entry, index) => single(field, kind, operator, entry, at(site, String(index))));
    return alternatives.length === 0 ? [] : [any(alternatives)];
  }
  return [single(field, kind, operator, value, site)];
}

function single(field: string, kind: ValueKind, operator: string, value: unknown, site: Site): FieldFilter {
  if (COMPARE.has(operator)) {
    return { kind: 'field', field, type: kind, operator: operator as CompareOperator, value: cast(kind, value, site) };
  }
  // Text operators compare text and are never cast; only `$eqi`/`$nei` have a meaning for null.
  if (value === null && (operator === '$eqi' || operator === '$nei')) {
    return { kind: 'field', field, type: kind, operator, value: null };
  }
  if (!isScalar(value)) throw invalidAt(site, queryMessages.invalidFilterValue(label(site), 'a string', value));
  return { kind: 'field', field, type: kind, operator: operator as TextOperator, value: String(value) };
}

function cast(kind: ValueKind, value: unknown, site: Site): FilterValue {
  const result = castValue(kind, value);
  if (result === undefined) throw invalidAt(site, queryMessages.invalidFilterValue(label(site), EXPECTED[kind], value));
  return result;
}
