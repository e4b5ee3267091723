/**
 * One condition on a field (a FieldFilter) as a SQL boolean with the memory reader's three values
 * (compile-filter.ts): TRUE, FALSE, or NULL for unknown, which SQL's own NULL logic carries along.
 * A filter's value is read by the same SQL function as the stored one; a text the database cannot
 * hold (one with U+0000) is answered here, as it compares with the stored texts (which never hold one).
 */
import type { FieldFilter, FilterValue, ValueKind } from '../../../model/index.js';
import type { SqlParams } from './params.js';
import { comparable, comparesAsText, isNil, orderable } from './values.js';

/** What stands for a value the database cannot take: it holds U+0000. */
const NUL = '\u0000';

/** The comparable of a filter's value as a statement reads it: its json through the kind's function. */
const valueOf = (kind: ValueKind, value: FilterValue, params: SqlParams) => comparable(kind, params.add(JSON.stringify(value), 'json'));
const orderedValueOf = (kind: ValueKind, value: FilterValue, params: SqlParams) => orderable(kind, params.add(JSON.stringify(value), 'json'));

/**
 * The text a value of `kind` compares as, when it holds U+0000: a string, or a date-time the
 * normalizer takes as it is (24 units, T and Z in place); undefined when the value is no such text.
 */
function textWithNul(kind: ValueKind, value: FilterValue): string | undefined {
  if (typeof value !== 'string' || !value.includes(NUL) || !comparesAsText(kind)) return undefined;
  if (kind === 'string') return value;
  return kind === 'datetime' && value.length === 24 && value[10] === 'T' && value[23] === 'Z' ? value : undefined;
}

/** `constant` for a row whose value is not null, unknown for one whose value is. */
function whenNotNull(actual: string, constant: boolean): string {
  return constant ? `(${actual} IS NOT NULL OR NULL)` : `(${actual} IS NULL AND NULL)`;
}

/**
 * A three-valued SQL boolean: the condition `filter` on the json value `json`.
 * @example fieldCondition({ kind: 'field', field: 'views', type: 'number', operator: '$gt', value: 10 }, "r.data -> 'views'", params)
 * // "folio_number(r.data -> 'views') > folio_number($4::json)"
 */
export function fieldCondition(filter: FieldFilter, json: string, params: SqlParams): string {
  const kind = filter.type;
  switch (filter.operator) {
    case '$null':
      return filter.value ? isNil(json) : `NOT ${isNil(json)}`;
    case '$notNull':
      return filter.value ? `NOT ${isNil(json)}` : isNil(json);
    case '$eq':
    case '$ne':
      return equality(kind, filter.operator === '$ne', filter.value, json, params);
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return filter.value === null ? 'NULL' : ordering(kind, filter.operator, filter.value, json, params);
    case '$between':
      return between(kind, filter.value, json, params);
    case '$in':
    case '$notIn':
      return membership(kind, filter.operator === '$notIn', filter.value, json, params);
    case '$eqi':
    case '$nei':
      return caseless(filter.operator === '$nei', filter.value, json, params);
    case '$startsWith':
    case '$endsWith':
    case '$contains':
    case '$notContains':
    case '$startsWithi':
    case '$endsWithi':
    case '$containsi':
    case '$notContainsi':
      return textSearch(filter.operator, filter.value ?? '', json, params);
    default:
      return filter satisfies never;
  }
}

function equality(kind: ValueKind, negate: boolean, value: FilterValue, json: string, params: SqlParams): string {
  // `$eq: null` is IS NULL, `$ne: null` IS NOT NULL (Strapi's applyOperator).
  if (value === null) return negate ? `NOT ${isNil(json)}` : isNil(json);
  const actual = comparable(kind, json);
  if (textWithNul(kind, value) !== undefined) return whenNotNull(actual, negate);
  const target = comparesAsText(kind) ? `${valueOf(kind, value, params)} COLLATE "C"` : valueOf(kind, value, params);
  return `${actual} ${negate ? '<>' : '='} ${target}`;
}

const OPERATORS = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;

/**
 * A text with U+0000 cut at it: no stored text holds one, so `x < 'a\0b'` is `x <= 'a'` and
 * `x > 'a\0b'` is `x > 'a'`.
 */
function cutAtNul(operator: keyof typeof OPERATORS, text: string): [keyof typeof OPERATORS, string] {
  const cut = text.slice(0, text.indexOf(NUL));
  return [operator === '$lt' || operator === '$lte' ? '$lte' : '$gt', cut];
}

function ordering(kind: ValueKind, operator: keyof typeof OPERATORS, value: string | number | boolean, json: string, params: SqlParams): string {
  const withNul = textWithNul(kind, value);
  if (withNul !== undefined) {
    const [cutOperator, cut] = cutAtNul(operator, withNul);
    return `${orderable(kind, json)} ${OPERATORS[cutOperator]} ${orderedValueOf('string', cut, params)}`;
  }
  return `${orderable(kind, json)} ${OPERATORS[operator]} ${orderedValueOf(kind, value, params)}`;
}

/** `$between`: unknown when a bound reads as nothing, else both bounds held (inclusive). */
function between(kind: ValueKind, [low, high]: [FilterValue, FilterValue], json: string, params: SqlParams): string {
  if (low === null || high === null) return 'NULL';
  const actual = orderable(kind, json);
  const bound = (operator: keyof typeof OPERATORS, value: string | number | boolean) => {
    const withNul = textWithNul(kind, value);
    if (withNul === undefined) return { sql: orderedValueOf(kind, value, params), operator };
    const [cutOperator, cut] = cutAtNul(operator, withNul);
    return { sql: orderedValueOf('string', cut, params), operator: cutOperator };
  };
  const from = bound('$gte', low);
  const to = bound('$lte', high);
  return `CASE WHEN ${from.sql} IS NULL OR ${to.sql} IS NULL THEN NULL ELSE ${actual} ${OPERATORS[from.operator]} ${from.sql} AND ${actual} ${OPERATORS[to.operator]} ${to.sql} END`;
}

/**
 * `$in`/`$notIn`: an empty list is a constant (as knex makes it), else SQL's own `= ANY` and
 * `<> ALL`, whose NULL for a list holding null is the memory reader's unknown.
 */
function membership(kind: ValueKind, negate: boolean, values: readonly FilterValue[], json: string, params: SqlParams): string {
  if (values.length === 0) return negate ? 'TRUE' : 'FALSE';
  // A text with U+0000 equals no stored text: it only leaves the list.
  const kept = values.filter((value) => textWithNul(kind, value) === undefined);
  const actual = comparable(kind, json);
  if (kept.length === 0) return whenNotNull(actual, negate);
  const collate = comparesAsText(kind) ? ' COLLATE "C"' : '';
  return `${actual}${collate} ${negate ? '<> ALL' : '= ANY'} (ARRAY[${kept.map((value) => valueOf(kind, value, params)).join(', ')}])`;
}

/** `$eqi`/`$nei`: the value's text lower-cased, against the lower-cased filter text. */
function caseless(negate: boolean, value: string | null, json: string, params: SqlParams): string {
  if (value === null) return negate ? `NOT ${isNil(json)}` : isNil(json);
  const actual = `folio_lower(folio_text(${json}))`;
  const target = value.toLowerCase();
  if (target.includes(NUL)) return whenNotNull(actual, negate);
  return `${actual} ${negate ? '<>' : '='} ${params.add(target, 'text')}`;
}

/** The text operators: on the value's text (lower-cased for the `i` ones), the needle found or not. */
function textSearch(operator: FieldFilter['operator'], value: string, json: string, params: SqlParams): string {
  const insensitive = operator.endsWith('i');
  const negate = operator === '$notContains' || operator === '$notContainsi';
  const text = insensitive ? `folio_lower(folio_text(${json}))` : `folio_text(${json})`;
  const needle = insensitive ? value.toLowerCase() : value;
  if (needle.includes(NUL)) return whenNotNull(text, negate);
  const placeholder = params.add(needle, 'text');
  const found = operator.startsWith('$startsWith')
    ? `starts_with(${text}, ${placeholder})`
    : operator.startsWith('$endsWith')
      ? `right(${text}, length(${placeholder})) = ${placeholder}`
      : `strpos(${text}, ${placeholder}) > 0`;
  return negate ? `NOT (${found})` : found;
}
