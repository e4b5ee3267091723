/**
 * What the entry view reads: the draft of one entry (or a single type) in one locale, with every
 * attribute the form edits populated, its editorial status, and which locale versions exist.
 */
import { listPath, readEntry, request } from '../../lib/api.js';
import { editorialStatus, hasDrafts, isLocalized, isSingle } from '../../lib/schema.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {import('../../lib/schema.js').Locale} Locale
 * @typedef {import('../../lib/schema.js').Status} Status
 */

/**
 * What the entry view shows (`phase`), for the route (`key`: type, document and locale) it was read
 * for. A form edits the version read (`mode: 'edit'`, its `entry`), creates one (`create`), or a new
 * locale version (`localize`) from `source`; `original` holds its controls' first values, `etag` the
 * version its writes are made on. `missing`: not in this locale, in those of `versions` only.
 * @typedef {object} EntryState
 * @property {'loading' | 'form' | 'missing' | 'absent' | 'error'} phase
 * @property {string} key
 * @property {'edit' | 'create' | 'localize'} [mode]
 * @property {Entry | null} [entry]
 * @property {Entry | null} [source]
 * @property {Status | null} [status]
 * @property {Map<string, Status | null>} [versions] Each locale version's status (`null` where unknown).
 * @property {Record<string, any>} [original]
 * @property {string} [etag]
 * @property {Error} [error]
 */

/**
 * A read's or write's query: `status` only on types with drafts, `locale` only on localized ones.
 * @param {ContentType} type
 * @param {{ status?: string, locale?: string }} query
 */
export function scope(type, { status, locale }) {
  return { status: hasDrafts(type) ? status : undefined, locale: isLocalized(type) ? locale : undefined };
}

/**
 * The locale versions that exist (`Map<code, status>`; the status is `null` where unknown).
 * @param {ContentType} type
 * @param {string | null} documentId
 * @param {Entry | null} draft
 * @param {Locale[]} locales
 * @returns {Promise<Map<string, Status | null>>}
 */
async function localeVersions(type, documentId, draft, locales) {
  if (!isSingle(type)) {
    const query = {
      locale: '*',
      filters: { documentId: { $eq: documentId } },
      fields: ['locale', 'updatedAt'],
      pagination: { pageSize: 100 },
    };
    const versionsIn = (status) => request('GET', listPath(type), { query: { ...scope(type, { status }), ...query } });
    const [drafts, published] = await Promise.all([
      versionsIn('draft'),
      hasDrafts(type) ? versionsIn('published') : { data: [] },
    ]);
    const publishedIn = new Map(published.data.map((entry) => [entry.locale, entry]));
    const statusOf = (entry) => (hasDrafts(type) ? editorialStatus(entry, publishedIn.get(entry.locale)) : null);
    return new Map(drafts.data.map((entry) => [entry.locale, statusOf(entry)]));
  }
  // A single type has no list to ask, but each of its versions names the others (`localizations`).
  let found = draft;
  const populate = { localizations: { fields: ['locale'] } };
  for (const { code } of locales) {
    if (found) break;
    const query = { ...scope(type, { status: 'draft', locale: code }), fields: ['locale'], populate };
    found = await readEntry(type, null, query);
  }
  return new Map((found ? [found, ...(found.localizations ?? [])] : []).map((version) => [version.locale, null]));
}

/** The published version's stamp, or `null`; asked of the list where there is one, which answers no 404. */
async function publishedVersion(type, documentId, locale) {
  const query = { ...scope(type, { status: 'published', locale }), fields: ['updatedAt'] };
  if (isSingle(type)) return readEntry(type, null, query);
  const filters = { documentId: { $eq: documentId } };
  const { data } = await request('GET', listPath(type), { query: { ...query, filters } });
  return data[0] ?? null;
}

/**
 * What the view shows: `form` (an entry to edit, or a new one), `missing` (the document exists in
 * other locales only) or `absent` (no such document). The draft is read with every attribute the
 * form edits populated (`populate`, from `populateOf`).
 * @param {ContentType} type
 * @param {string | null} documentId
 * @param {string} locale
 * @param {Locale[]} locales
 * @param {object} populate
 * @returns {Promise<Omit<EntryState, 'key'>>}
 */
export async function loadEntry(type, documentId, locale, locales, populate) {
  if (documentId === 'new') return { phase: 'form', mode: 'create', entry: null, status: null, versions: new Map() };
  const draft = await readEntry(type, documentId, { ...scope(type, { status: 'draft', locale }), populate });
  const [published, versions] = await Promise.all([
    draft && hasDrafts(type) ? publishedVersion(type, documentId, locale) : null,
    isLocalized(type) ? localeVersions(type, documentId, draft, locales) : new Map(),
  ]);
  if (draft) {
    const status = hasDrafts(type) ? editorialStatus(draft, published) : null;
    if (isLocalized(type)) versions.set(draft.locale ?? locale, status);
    return { phase: 'form', mode: 'edit', entry: draft, status, versions };
  }
  if (versions.size > 0) return { phase: 'missing', versions };
  // A single type is 404 until its first save, which creates it.
  if (isSingle(type)) return { phase: 'form', mode: 'create', entry: null, status: null, versions };
  return { phase: 'absent' };
}
