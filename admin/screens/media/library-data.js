/**
 * What the media library reads and writes: a page of files as its params ask for it (search,
 * sort, page, page size, kinds), a file's information, its bytes replaced, the entries that use it,
 * and its deletion. `GET /api/upload/files` answers a bare array with no total (docs/api/media.md):
 * a page asks for one file more than it shows, to know whether there is a next page.
 */
import { request } from '../../lib/api.js';
import { kindFilter } from './files.js';

/**
 * The library's state as the address keeps it (`#/media?q=…&sort=name&page=2&pageSize=48`).
 * @typedef {{ q: string, sort: SortKey, page: number, pageSize: number }} LibraryParams
 * @typedef {keyof typeof SORTS} SortKey
 * @typedef {import('./files.js').UploadFile} UploadFile
 * @typedef {{ files: UploadFile[], more: boolean }} LibraryPage
 * @typedef {{ name?: string, alternativeText?: string | null, caption?: string | null }} FileInfo
 */

/** Each sort the screen offers, by the key the address keeps, as the API's `sort`. */
export const SORTS = {
  newest: 'createdAt:desc',
  oldest: 'createdAt:asc',
  name: 'name:asc',
  'name-desc': 'name:desc',
  largest: 'size:desc',
  smallest: 'size:asc',
};

export const PAGE_SIZES = [12, 24, 48, 96];

/** @type {LibraryParams} */
export const DEFAULT_PARAMS = { q: '', sort: 'newest', page: 1, pageSize: 24 };

/**
 * The params from the address's query, the defaults for what it leaves out or gets wrong.
 * @param {Record<string, string>} query
 * @returns {LibraryParams}
 */
export function libraryParams(query) {
  const sort = Object.hasOwn(SORTS, query.sort) ? /** @type {SortKey} */ (query.sort) : DEFAULT_PARAMS.sort;
  const size = Number.parseInt(query.pageSize, 10);
  return {
    q: query.q ?? '',
    sort,
    page: Math.max(1, Number.parseInt(query.page, 10) || 1),
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PARAMS.pageSize,
  };
}

/**
 * The params as the address keeps them, without the defaults.
 * @param {LibraryParams} params
 */
export const hashQuery = ({ q, sort, page, pageSize }) => ({
  q,
  sort: sort === DEFAULT_PARAMS.sort ? '' : sort,
  page: page > 1 ? page : '',
  pageSize: pageSize === DEFAULT_PARAMS.pageSize ? '' : pageSize,
});

/**
 * One page of the library, and whether a next one has files.
 * @param {LibraryParams} params
 * @param {readonly string[]} [kinds] Only files of these kinds (a media attribute's `allowedTypes`).
 * @returns {Promise<LibraryPage>}
 */
export async function loadFiles({ q, sort, page, pageSize }, kinds) {
  const name = q.trim() ? { name: { $containsi: q.trim() } } : undefined;
  const kind = kindFilter(kinds);
  const filters = name && kind ? { $and: [name, kind] } : name ?? kind;
  // The API's sort is by one field: ties (files of one size) keep a stable order by id.
  const order = [SORTS[sort], `id:${SORTS[sort].endsWith(':asc') ? 'asc' : 'desc'}`];
  const query = { filters, sort: order, start: (page - 1) * pageSize, limit: pageSize + 1 };
  const files = await request('GET', '/upload/files', { query });
  return { files: files.slice(0, pageSize), more: files.length > pageSize };
}

/**
 * A form for `POST /api/upload`: the file (if any) and its information as `fileInfo`.
 * @param {FileInfo} info
 * @param {File} [file]
 */
function uploadForm(info, file) {
  const body = new FormData();
  if (file) body.append('files', file, file.name);
  body.append('fileInfo', JSON.stringify(info));
  return body;
}

/**
 * Uploads one file with its information; `onProgress` follows its bytes.
 * @param {File} file
 * @param {FileInfo} info
 * @param {import('../../lib/api.js').Progress} onProgress
 * @returns {Promise<UploadFile>}
 */
export async function uploadFile(file, info, onProgress) {
  const [stored] = await request('POST', '/upload', { body: uploadForm(info, file), onProgress });
  return stored;
}

/**
 * Changes a file's name, alternative text or caption; with `file`, its bytes too (same address, new URL).
 * @param {number} id
 * @param {FileInfo} info
 * @param {File} [file]
 * @param {import('../../lib/api.js').Progress} [onProgress]
 * @returns {Promise<UploadFile>}
 */
export const updateFile = (id, info, file, onProgress) =>
  request('POST', '/upload', { query: { id }, body: uploadForm(info, file), onProgress });

/**
 * The entries that use a file, as far as the account may read them, and how many others do.
 * @typedef {{ __type: string, id: number, documentId: string, locale?: string | null,
 *   publishedAt?: string | null, [key: string]: any }} RelatedEntry
 * @param {number} id
 * @returns {Promise<{ related: RelatedEntry[], hidden: number }>}
 */
export async function loadUses(id) {
  const file = await request('GET', `/upload/files/${id}`, { query: { populate: 'related' } });
  return { related: file.related ?? [], hidden: file.relatedHidden ?? 0 };
}

/** @param {number} id */
export const deleteFile = (id) => request('DELETE', `/upload/files/${id}`);
