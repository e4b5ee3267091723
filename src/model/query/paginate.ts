/**
 * Slicing a result list and building `meta.pagination` (Strapi's `transformPagedPaginationInfo`
 * and `transformOffsetPaginationInfo`).
 */
import type { OffsetMeta, PageMeta, Paginated, Pagination } from './types.js';

/**
 * How many pages of `pageSize` hold `total` entries; none when pages hold nothing.
 * @example pageCount(25, 10) // → 3
 */
export const pageCount = (total: number, pageSize: number): number => (pageSize > 0 ? Math.ceil(total / pageSize) : 0);

/**
 * The entries `pagination` asks for, as an offset and a length.
 * @example windowOf({ kind: 'page', page: 2, pageSize: 10, withCount: true }) // → { start: 10, limit: 10 }
 */
export function windowOf(pagination: Pagination): { start: number; limit: number } {
  return pagination.kind === 'page'
    ? { start: (pagination.page - 1) * pagination.pageSize, limit: pagination.pageSize }
    : { start: pagination.start, limit: pagination.limit };
}

/**
 * `meta.pagination` in the style `pagination` asks for, `total` being how many entries match in
 * all: `{ page, pageSize, pageCount, total }` or `{ start, limit, total }`; without `withCount`, no
 * `total` and no `pageCount` (and `total` is not needed).
 * @example pageMeta({ kind: 'offset', start: 0, limit: 5, withCount: true }, 12) // → { start: 0, limit: 5, total: 12 }
 */
export function pageMeta(pagination: Pagination, total: number | undefined): PageMeta | OffsetMeta {
  const counted = pagination.withCount && total !== undefined;
  if (pagination.kind === 'page') {
    const { page, pageSize } = pagination;
    return counted ? { page, pageSize, pageCount: pageCount(total, pageSize), total } : { page, pageSize };
  }
  const { start, limit } = pagination;
  return counted ? { start, limit, total } : { start, limit };
}

/**
 * The page of `rows` that `pagination` asks for, with `meta.pagination` (see pageMeta).
 *
 * @example
 * paginate(sortedRows, { kind: 'page', page: 2, pageSize: 10, withCount: true });
 * // → { rows: sortedRows.slice(10, 20), meta: { pagination: { page: 2, pageSize: 10, pageCount: 3, total: 25 } } }
 */
export function paginate<T>(rows: readonly T[], pagination: Pagination): Paginated<T> {
  const { start, limit } = windowOf(pagination);
  return { rows: rows.slice(start, start + limit), meta: { pagination: pageMeta(pagination, rows.length) } };
}
