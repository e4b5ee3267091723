/**
 * The whole query object → a validated {@link ContentQuery} or {@link UsersQuery}.
 */
import { ValidationError } from '../../errors.js';
import type { Model, ModelLookup } from '../types.js';
import { parseFields } from './fields.js';
import { parseFilters } from './filters.js';
import { queryMessages, show } from './messages.js';
import { parsePagination } from './pagination.js';
import { parsePopulate } from './populate.js';
import { assertSafeKey, invalidKey, isRecord, type RawObject, type Site } from './raw.js';
import { parseSort } from './sort.js';
import type { ContentQuery, PublicationStatus, RestQueryOptions, UsersQuery } from './types.js';

/** Top-level parameters of the REST content API; anything else is ignored, or refused when strict. */
const CONTENT_PARAMS = new Set([
  'filters',
  'sort',
  'pagination',
  'fields',
  'populate',
  '_q',
  'status',
  'locale',
  'page',
  'pageSize',
  'start',
  'limit',
]);

const top = (param: string): Site => ({ param, path: [] });

function asQuery(raw: unknown): RawObject {
  if (raw === undefined || raw === null) return {};
  if (isRecord(raw)) return raw;
  throw new ValidationError(queryMessages.invalidParameter('query', 'an object', raw), { source: 'query' });
}

/** `_q`, trimmed; undefined when absent or blank. */
function parseSearch(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new ValidationError(queryMessages.invalidParameter('_q', 'a string', value), { key: '_q', source: 'query', param: '_q' });
  }
  const q = value.trim();
  return q === '' ? undefined : q;
}

/** Strapi's `DP.defaultToDraft`: anything but `published` reads drafts, unless strict. */
function parseStatus(value: unknown, strict: boolean): PublicationStatus {
  if (value === undefined || value === 'published') return 'published';
  if (value === 'draft') return 'draft';
  if (strict) {
    const received = typeof value === 'string' ? value : show(value);
    throw new ValidationError(queryMessages.invalidStatus(received), { key: 'status', source: 'query', param: 'status' });
  }
  return 'draft';
}

function parseLocale(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ValidationError(queryMessages.invalidLocale, { key: 'locale', source: 'query', param: 'locale' });
  return value;
}

/** Clauses shared by both endpoints, each parsed against `model`. */
function parseCommon(query: RawObject, model: Model, lookup: ModelLookup) {
  return {
    filters: parseFilters(query.filters, model, lookup, top('filters')),
    sort: parseSort(query.sort, model, lookup, top('sort')),
    fields: parseFields(query.fields, model, lookup, top('fields')),
    populate: parsePopulate(query.populate, model, lookup, top('populate')),
    q: parseSearch(query._q),
  };
}

/** Copies only the optional keys that have a value, so results compare cleanly. */
function withOptional<T extends object>(base: T, optional: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (base as Record<string, unknown>)[key] = value;
  }
  return base;
}

/**
 * Validates a REST content query (as {@link parseQueryString} returns it) against `model`.
 * Throws ValidationError or PaginationError (400) naming the problem; never a TypeError.
 *
 * @example
 * const query = parseContentQuery(parseQueryString('filters[views][$gt]=10&sort=title:desc'), article, lookup, {
 *   defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false,
 * });
 * // query.filters → { kind: 'field', field: 'views', type: 'number', operator: '$gt', value: 10 }
 * // query.sort → [{ path: ['title'], order: 'desc' }]; query.pagination → { kind: 'page', page: 1, pageSize: 25, withCount: true }
 */
export function parseContentQuery(raw: unknown, model: Model, lookup: ModelLookup, rest: RestQueryOptions): ContentQuery {
  const query = asQuery(raw);
  // `lookup` reached the database unchecked in early v5 (GHSA-495j): always refused.
  if (Object.hasOwn(query, 'lookup')) {
    throw new ValidationError(queryMessages.invalidLookup, { key: 'lookup', source: 'query', param: 'lookup' });
  }
  for (const key of Object.keys(query)) {
    assertSafeKey(top(key), key);
    if (rest.strictParams && !CONTENT_PARAMS.has(key)) throw invalidKey(top(key), key);
  }
  const { filters, sort, fields, populate, q } = parseCommon(query, model, lookup);
  const result: ContentQuery = {
    sort,
    pagination: parsePagination(query, rest),
    populate,
    status: parseStatus(query.status, rest.strictParams),
  };
  return withOptional(result, { filters, fields, q, locale: parseLocale(query.locale) });
}

/** A `start`/`limit` of the users endpoints: Strapi's convert-query-params rules. */
function readUsersInteger(value: unknown, name: 'start' | 'limit'): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value) : NaN;
  const message = name === 'start' ? queryMessages.invalidStart : queryMessages.invalidLimit;
  if (!Number.isSafeInteger(number) || (number < 0 && !(name === 'limit' && number === -1))) {
    throw new ValidationError(message, { key: name, source: 'query', param: name });
  }
  return number;
}

/**
 * Validates a `/api/users` query as Strapi 5 reads it: filters, sort, fields, populate, `_q`
 * and top-level `start`/`limit` apply; `page`, `pageSize`, `pagination[...]`, `where` and other keys
 * are ignored; there is no default limit (`limit=-1` also means all).
 *
 * @example
 * parseUsersQuery(parseQueryString('filters[username]=ada&start=0&limit=10'), userModel, lookup);
 * // → { filters: { kind: 'field', field: 'username', ... }, sort: [], populate: {}, start: 0, limit: 10 }
 */
export function parseUsersQuery(raw: unknown, userModel: Model, lookup: ModelLookup): UsersQuery {
  const query = asQuery(raw);
  for (const key of Object.keys(query)) assertSafeKey(top(key), key);
  const { filters, sort, fields, populate, q } = parseCommon(query, userModel, lookup);
  const start = readUsersInteger(query.start, 'start') ?? 0;
  const limit = readUsersInteger(query.limit, 'limit');
  return withOptional<UsersQuery>({ sort, populate, start }, { filters, fields, q, limit: limit === -1 ? undefined : limit });
}
