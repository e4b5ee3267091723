/**
 * Slicing a result list and building `meta.pagination` (Strapi's `transformPagedPaginationInfo`
 * and `transformOffsetPaginationInfo`).
 */
import type { Paginated, Pagination } from './types.js';

/**
 * How many pages of `pageSize` hold `total` entries; none when pages hold nothing.
 * @example pageCount(25, 10) // → 3
 */
export const pageCount = (total: number, pageSize: number): number => (pageSize > 0 ? Math.ceil(total / pageSize) : 0);

/**
 * The page of `rows` that `pagination` asks for, with `meta.pagination` in the matching style:
 * `{ page, pageSize, pageCount, total }` or `{ start, limit, total }`; without `withCount`, no
 * `total` and no `pageCount`.
 *
 * @example
 * paginate(sortedRows, { kind: 'page', page: 2, pageSize: 10, withCount: true });
 * // → { rows: sortedRows.slice(10, 20), meta: { pagination: { page: 2, pageSize: 10, pageCount: 3, total: 25 } } }
 */
export function paginate<T>(rows: readonly T[], pagination: Pagination): Paginated<T> {
  const total = rows.length;
  if (pagination.kind === 'page') {
    const { page, pageSize, withCount } = pagination;
    const start = (page - 1) * pageSize;
    return {
      rows: rows.slice(start, start + pageSize),
      meta: {
        pagination: withCount ? { page, pageSize, pageCount: pageCount(total, pageSize), total } : { page, pageSize },
      },
    };
  }
  const { start, limit, withCount } = pagination;
  return {
    rows: rows.slice(start, start + limit),
    meta: { pagination: withCount ? { start, limit, total } : { start, limit } },
  };
}
