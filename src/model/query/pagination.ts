/**
 * `pagination[...]` (and top-level `page`/`pageSize`/`start`/`limit`) → {@link Pagination}, with
 * Strapi's defaults, caps and coercions (`core-api/service/pagination.ts`, `utils/pagination.ts`).
 */
import { PaginationError, ValidationError } from '../../errors.js';
import { queryMessages } from './messages.js';
import { assertSafeKey, invalidKey, isRecord, parseBoolean, type RawObject } from './raw.js';
import type { Pagination, RestQueryOptions } from './types.js';

const NAMES = ['page', 'pageSize', 'start', 'limit'] as const;
type Name = (typeof NAMES)[number];

const INTEGER = /^[+-]?\d+$/;

function details(key: string): Record<string, unknown> {
  return { key, source: 'query', param: 'pagination' };
}

/** An integer parameter; absent for undefined, null and '' (a blank form field means "not given"). */
function readInteger(name: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && INTEGER.test(value.trim())) {
    const number = Number(value);
    if (Number.isSafeInteger(number)) return number;
  }
  throw new PaginationError(queryMessages.invalidPaginationValue(name, value), details(name));
}

/**
 * Sub-minimum values (a negative page, a page size of 0) are refused with a 400 naming them.
 * Strapi coerces them silently; a client that sends them has a bug it should hear about.
 */
function atLeast(name: string, value: number, minimum: number, _strict: boolean): number {
  if (value >= minimum) return value;
  throw new PaginationError(queryMessages.paginationBelowMinimum(name, minimum, value), details(name));
}

/** Reads pagination from the whole query object (it also looks at the top-level shortcuts). */
export function parsePagination(query: RawObject, options: RestQueryOptions): Pagination {
  const nested = query.pagination;
  if (nested !== undefined && nested !== null && nested !== '' && !isRecord(nested)) {
    throw new ValidationError(queryMessages.invalidParameter('pagination', 'an object', nested), details('pagination'));
  }
  const given = new Map<Name, number>();
  // Top-level shortcuts first, so `pagination[...]` wins when both name the same value.
  for (const name of NAMES) {
    const value = readInteger(name, query[name]);
    if (value !== undefined) given.set(name, value);
  }
  let withCount = options.withCount;
  if (isRecord(nested)) {
    for (const key of Object.keys(nested)) {
      const site = { param: 'pagination', path: [] };
      assertSafeKey(site, key);
      if (key === 'withCount') {
        const flag = parseBoolean(nested.withCount);
        if (flag === undefined) throw new ValidationError(queryMessages.invalidWithCount, details(key));
        withCount = flag;
      } else if ((NAMES as readonly string[]).includes(key)) {
        const value = readInteger(key, nested[key]);
        if (value !== undefined) given.set(key as Name, value);
      } else if (options.strictParams) {
        throw invalidKey(site, key);
      }
    }
  }

  const strict = options.strictParams;
  const pageStyle = given.has('page') || given.has('pageSize');
  const offsetStyle = given.has('start') || given.has('limit');
  if (pageStyle && offsetStyle) throw new PaginationError(queryMessages.mixedPagination, details('pagination'));

  if (offsetStyle) {
    const start = atLeast('start', given.get('start') ?? 0, 0, strict);
    let limit = given.get('limit') ?? options.defaultLimit;
    // -1 asks for "as many as allowed".
    limit = limit === -1 ? options.maxLimit : atLeast('limit', limit, 1, strict);
    return { kind: 'offset', start, limit: Math.min(limit, options.maxLimit), withCount };
  }
  const page = atLeast('page', given.get('page') ?? 1, 1, strict);
  const pageSize = atLeast('pageSize', given.get('pageSize') ?? options.defaultLimit, 1, strict);
  return { kind: 'page', page, pageSize: Math.min(pageSize, options.maxLimit), withCount };
}
