/**
 * What a collection type's list reads: a page of entries as the hash's query asks for it (page
 * size, search, sort, locale, editorial status, filters on its fields), and where each list was left.
 */
import { listPath, request } from '../../lib/api.js';
import { contentHref } from '../../lib/routes.js';
import { editorialStatus, hasDrafts, isLocalized, STATUSES } from '../../lib/schema.js';
import { filterFields } from './list-fields.js';
import { filtersFromQuery, filtersToQuery, strapiFilters } from './list-filter-model.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {import('../../lib/schema.js').Status} Status
 * @typedef {import('./list-filter-model.js').ListFilter} ListFilter
 * @typedef {{ page: number, pageSize: number, sort: string, q: string, status: Status | 'all', locale: string,
 *   filters: ListFilter[] }} ListParams
 * @typedef {{ page: number, pageSize: number, pageCount: number, total: number }} Pagination
 * @typedef {{ rows: { entry: Entry, status: Status | null }[], pagination: Pagination }} ListPage
 */

/** The page sizes offered, the first by default. */
export const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULT_SORT = 'updatedAt:desc';

/** Where each list was left, so that "back to the list" returns to the same page and filters. */
const lastQueries = new Map();

/** @param {ContentType} type */
export const listHref = (type) => contentHref(type.schema.singularName, '', lastQueries.get(type.uid));

/** @param {ContentType} type */
export const rememberList = (type, query) => lastQueries.set(type.uid, query);

/**
 * The list's params from the hash's query, with the defaults filled in.
 * @param {ContentType} type
 * @param {Record<string, string>} query
 * @param {string} defaultLocale
 * @returns {ListParams}
 */
export function listParams(type, query, defaultLocale) {
  const page = Math.max(1, Number.parseInt(query.page, 10) || 1);
  const pageSize = PAGE_SIZES.find((size) => String(size) === query.pageSize) ?? PAGE_SIZES[0];
  const status = hasDrafts(type) ? STATUSES.find((known) => known === query.status) ?? 'all' : 'all';
  const locale = isLocalized(type) ? query.locale || defaultLocale : '';
  const filters = filtersFromQuery(filterFields(type), query);
  return { page, pageSize, sort: query.sort || DEFAULT_SORT, q: query.q ?? '', status, locale, filters };
}

/**
 * The params as the hash keeps them, without the defaults.
 * @param {ListParams} params
 * @param {string} defaultLocale
 */
export const hashQuery = ({ page, pageSize, sort, q, status, locale, filters }, defaultLocale) => ({
  page: page > 1 ? page : '',
  pageSize: pageSize === PAGE_SIZES[0] ? '' : pageSize,
  sort: sort === DEFAULT_SORT ? '' : sort,
  q,
  status: status === 'all' ? '' : status,
  locale: locale === defaultLocale ? '' : locale,
  ...filtersToQuery(filters),
});

/** Reads every page of a list (`fields` only), for what the API cannot select by itself. */
async function readAll(type, query) {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const pagination = { page, pageSize: 100 };
    const { data, meta } = await request('GET', listPath(type), { query: { ...query, pagination } });
    rows.push(...data);
    if (page >= (meta?.pagination?.pageCount ?? 1)) return rows;
  }
}

/** The published `updatedAt` of each given document, to tell drafts, published and modified apart. */
async function publishedStamps(type, documentIds, locale) {
  if (documentIds.length === 0) return new Map();
  const filters = { documentId: { $in: documentIds } };
  const pagination = { pageSize: documentIds.length };
  const { data } = await request('GET', listPath(type), {
    query: { status: 'published', locale, fields: ['updatedAt'], filters, pagination },
  });
  return new Map(data.map((entry) => [entry.documentId, entry]));
}

/**
 * One page of the list, each entry with its editorial status (`null` for a type without drafts).
 * @param {ContentType} type
 * @param {ListParams} params
 * @returns {Promise<ListPage>}
 */
export async function loadPage(type, { page, pageSize, sort, q, status, locale, filters }) {
  const base = { sort, _q: q, locale: locale || undefined, filters: strapiFilters(filterFields(type), filters) };
  const pagination = { page, pageSize };
  if (!hasDrafts(type)) {
    const { data, meta } = await request('GET', listPath(type), { query: { ...base, pagination } });
    return { rows: data.map((entry) => ({ entry, status: null })), pagination: meta.pagination };
  }
  if (status === 'all') {
    const { data, meta } = await request('GET', listPath(type), { query: { ...base, status: 'draft', pagination } });
    const published = await publishedStamps(type, data.map((entry) => entry.documentId), locale || undefined);
    const rows = data.map((entry) => ({ entry, status: editorialStatus(entry, published.get(entry.documentId)) }));
    return { rows, pagination: meta.pagination };
  }
  // The API cannot select by editorial status: read the drafts' and published versions' stamps
  // (in the list's order and search), keep the matching ones, then fetch that page's entries.
  const [drafts, published] = await Promise.all([
    readAll(type, { ...base, status: 'draft', fields: ['updatedAt'] }),
    readAll(type, { locale: locale || undefined, status: 'published', fields: ['updatedAt'] }),
  ]);
  const publishedById = new Map(published.map((entry) => [entry.documentId, entry]));
  const matching = drafts.filter((draft) => editorialStatus(draft, publishedById.get(draft.documentId)) === status);
  const shown = matching.slice((page - 1) * pageSize, page * pageSize);
  const pageCount = Math.ceil(matching.length / pageSize);
  const total = { page, pageSize, pageCount, total: matching.length };
  if (shown.length === 0) return { rows: [], pagination: total };
  const ofPage = { documentId: { $in: shown.map((entry) => entry.documentId) } };
  const { data } = await request('GET', listPath(type), {
    query: { status: 'draft', locale: locale || undefined, filters: ofPage, pagination: { pageSize } },
  });
  const byId = new Map(data.map((entry) => [entry.documentId, entry]));
  // An entry deleted meanwhile is left out.
  const rows = shown
    .filter((stamp) => byId.has(stamp.documentId))
    .map((stamp) => ({ entry: byId.get(stamp.documentId), status }));
  return { rows, pagination: total };
}
