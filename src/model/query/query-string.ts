/**
 * The query string → the object Strapi's query middleware builds from it.
 */
import qs from 'qs';
import { ValidationError } from '../../errors.js';
import { queryMessages } from './messages.js';

/** Far above any real query, low enough that parsing stays cheap. */
export const MAX_QUERY_BYTES = 16 * 1024;
/** Strapi's qs depth (`packages/core/core/src/middlewares/query.ts`). */
export const MAX_QUERY_DEPTH = 20;

/**
 * Parses a query string (with or without its leading `?`) exactly as Strapi does:
 * `qs.parse(search, { strictNullHandling: true, arrayLimit: 100, depth: 20 })`. Deeper nesting is
 * refused (`strictDepth`) rather than silently kept as a literal key, and so is a string over 16 KB.
 *
 * @example
 * parseQueryString('?filters[title][$eq]=Hello&sort=title:desc&populate');
 * // → { filters: { title: { $eq: 'Hello' } }, sort: 'title:desc', populate: null }
 */
export function parseQueryString(search: string): Record<string, unknown> {
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (Buffer.byteLength(text) > MAX_QUERY_BYTES) {
    throw new ValidationError(queryMessages.queryTooLong(MAX_QUERY_BYTES), { source: 'query' });
  }
  try {
    return qs.parse(text, { strictNullHandling: true, arrayLimit: 100, depth: MAX_QUERY_DEPTH, strictDepth: true });
  } catch (error) {
    // qs reports `strictDepth` overflows as a RangeError; anything else is a real bug.
    if (error instanceof RangeError) {
      throw new ValidationError(queryMessages.queryTooDeep(MAX_QUERY_DEPTH), { source: 'query' }, { cause: error });
    }
    throw error;
  }
}
