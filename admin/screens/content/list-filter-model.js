/**
 * A list's filters on its fields: the conditions each kind of field offers, how a filter is kept
 * in the address (`views.gt=5`, `title.contains=news`, `updatedAt.between=2026-01-01..2026-01-31`,
 * `category.in=news,blog`, `title.isEmpty=yes`), how it is sent (Strapi's `filters[…]`, see
 * https://docs.strapi.io/cms/api/rest/filters) and how it is said on its chip. No DOM, no requests.
 */
import { language, strings } from '../../lib/strings.js';

/**
 * @typedef {import('./list-fields.js').ListField} ListField
 * @typedef {'text' | 'number' | 'date' | 'datetime' | 'time' | 'boolean' | 'choice'} FilterKind
 * A filter: the field, the condition, and its value as the address holds it (`''` for a condition
 * without one, `from..to` for `between`, `a,b` for `in`).
 * @typedef {{ field: string, operator: string, value: string }} ListFilter
 */

/** @type {Record<string, FilterKind>} */
const KIND_OF_TYPE = {
  string: 'text', text: 'text', richtext: 'text', email: 'text', uid: 'text',
  integer: 'number', biginteger: 'number', float: 'number', decimal: 'number',
  date: 'date', datetime: 'datetime', time: 'time', boolean: 'boolean', enumeration: 'choice',
};

const ORDERED = ['eq', 'lt', 'gt', 'between', 'isEmpty', 'isNotEmpty'];
/** @type {Record<FilterKind, string[]>} The conditions of each kind, in the order they are offered. */
const OPERATORS = {
  text: ['contains', 'notContains', 'eq', 'startsWith', 'endsWith', 'isEmpty', 'isNotEmpty'],
  number: ORDERED,
  date: ORDERED,
  datetime: ORDERED,
  time: ORDERED,
  boolean: ['isTrue', 'isFalse'],
  choice: ['in', 'isEmpty', 'isNotEmpty'],
};

/** Conditions with no value to type; the address holds them as `yes` (an empty value is left out of it). */
const VALUELESS = new Set(['isEmpty', 'isNotEmpty', 'isTrue', 'isFalse']);
const PRESENT = 'yes';
const RANGE = '..';
const LIST = ',';

/** @param {string} type A field's type. */
export const kindOf = (type) => KIND_OF_TYPE[type] ?? 'text';

/** @param {FilterKind} kind */
export const operatorsOf = (kind) => OPERATORS[kind];

/** @param {string} operator */
export const takesValue = (operator) => !VALUELESS.has(operator);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** Whether `text` is one value of the kind, as its control gives it. */
function isValue(kind, text) {
  if (kind === 'number') return text.trim() !== '' && Number.isFinite(Number(text));
  if (kind === 'date' || kind === 'datetime') return DAY.test(text) && !Number.isNaN(Date.parse(text));
  if (kind === 'time') return TIME.test(text);
  return text !== '';
}

/**
 * Whether a filter can be sent: a condition of the field's kind with the value it needs.
 * @param {FilterKind} kind
 * @param {string} operator
 * @param {string} value
 */
export function isComplete(kind, operator, value) {
  if (!OPERATORS[kind].includes(operator)) return false;
  if (VALUELESS.has(operator)) return true;
  if (operator === 'between') {
    const bounds = value.split(RANGE);
    return bounds.length === 2 && bounds.every((bound) => isValue(kind, bound));
  }
  if (operator === 'in') return value.split(LIST).every((choice) => choice !== '');
  return isValue(kind, value);
}

/**
 * The filters the address holds (`<field>.<condition>=<value>`), those it names wrongly left out.
 * @param {ListField[]} fields
 * @param {Record<string, string>} query
 * @returns {ListFilter[]}
 */
export function filtersFromQuery(fields, query) {
  /** @type {ListFilter[]} */
  const found = [];
  for (const [key, text] of Object.entries(query)) {
    const match = /^([A-Za-z_][\w-]*)\.([A-Za-z]+)$/.exec(key);
    const field = match && fields.find((candidate) => candidate.name === match[1]);
    if (!match || !field) continue;
    const operator = match[2];
    const value = VALUELESS.has(operator) ? '' : text;
    if (isComplete(kindOf(field.type), operator, value)) found.push({ field: field.name, operator, value });
  }
  return found;
}

/**
 * The filters as the address keeps them.
 * @param {ListFilter[]} filters
 * @returns {Record<string, string>}
 */
export const filtersToQuery = (filters) => Object.fromEntries(filters.map(({ field, operator, value }) =>
  [`${field}.${operator}`, VALUELESS.has(operator) ? PRESENT : value]));

/** The start of a day in the reader's time zone (`days` later), as the API compares date-times. */
function dayStart(day, days = 0) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days).toISOString();
}

/**
 * One condition of Strapi's. A date-time is filtered by the reader's days: "on" a day is from its
 * start to the next day's, "after" it from the next day's start.
 * @param {FilterKind} kind
 * @param {string} operator
 * @param {string} value
 * @returns {Record<string, unknown>}
 */
function conditionOf(kind, operator, value) {
  const days = kind === 'datetime';
  const [from = '', to = ''] = value.split(RANGE);
  switch (operator) {
    case 'contains': return { $containsi: value };
    case 'notContains': return { $notContainsi: value };
    case 'startsWith': return { $startsWithi: value };
    case 'endsWith': return { $endsWithi: value };
    case 'eq': return days ? { $gte: dayStart(value), $lt: dayStart(value, 1) } : { $eq: value };
    case 'lt': return days ? { $lt: dayStart(value) } : { $lt: value };
    case 'gt': return days ? { $gte: dayStart(value, 1) } : { $gt: value };
    case 'between': return days ? { $gte: dayStart(from), $lt: dayStart(to, 1) } : { $between: [from, to] };
    case 'in': return { $in: value.split(LIST) };
    case 'isTrue': return { $eq: true };
    case 'isFalse': return { $eq: false };
    case 'isEmpty': return { $null: true };
    // `isNotEmpty`, the last: filters are checked when read (`isComplete`).
    default: return { $notNull: true };
  }
}

/**
 * The list's filters as the API's `filters` parameter (all of them must hold), or `undefined`.
 * @example strapiFilters(fields, [{ field: 'views', operator: 'gt', value: '5' }])
 * // { $and: [{ views: { $gt: '5' } }] }
 * @param {ListField[]} fields
 * @param {ListFilter[]} filters
 */
export function strapiFilters(fields, filters) {
  const wheres = filters.flatMap((filter) => {
    const field = fields.find((candidate) => candidate.name === filter.field);
    return field ? [{ [filter.field]: conditionOf(kindOf(field.type), filter.operator, filter.value) }] : [];
  });
  return wheres.length > 0 ? { $and: wheres } : undefined;
}

const DAY_WORDS = { eq: 'on', lt: 'before', gt: 'after' };
const SIGNS = { eq: 'equal', lt: 'lessThan', gt: 'greaterThan' };

/**
 * A condition's name for a kind of field: "contains", "<", "before", "is one of".
 * @param {FilterKind} kind
 * @param {string} operator
 * @returns {string}
 */
export function operatorLabel(kind, operator) {
  const words = kind === 'date' || kind === 'datetime' ? DAY_WORDS : kind === 'text' ? {} : SIGNS;
  return strings.listFilters.operators[words[operator] ?? operator] ?? operator;
}

/** A day as the page's language writes it. */
function dayText(day) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date).toLocaleDateString(language, { dateStyle: 'medium' });
}

/**
 * What a filter's chip says: "Views > 5", "Title contains “news”", "Updated between … and …".
 * @param {ListField} field
 * @param {ListFilter} filter
 */
export function describeFilter(field, { operator, value }) {
  const t = strings.listFilters;
  const kind = kindOf(field.type);
  const days = kind === 'date' || kind === 'datetime';
  const one = (text) => (days ? dayText(text) : kind === 'text' ? t.quoted(text) : text);
  const [from = '', to = ''] = value.split(RANGE);
  const shown = !takesValue(operator) ? ''
    : operator === 'between' ? t.range(one(from), one(to))
    : operator === 'in' ? value.split(LIST).join(', ')
    : one(value);
  return t.chip(field.label, operatorLabel(kind, operator), shown);
}
