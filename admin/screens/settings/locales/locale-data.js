/**
 * What the locales screen reads and writes: the locales (`/api/i18n/locales`, docs/api/settings.md),
 * codes to offer, and how many entries of each localized content type a locale holds, counted with
 * the Content API, before removing it.
 */
import { ApiError, documentPath, listPath, request } from '../../../lib/api.js';
import { hasDrafts, isLocalized, isSingle, may } from '../../../lib/schema.js';

/**
 * @typedef {import('../../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../../lib/schema.js').Locale} Locale
 * @typedef {{ type: ContentType, count: number | null }} TypeCount `null`: not counted (the account
 *   may not read the type, or the count failed).
 * @typedef {{ total: number, byType: Record<string, number> }} HiddenDocuments What a removal stopped
 *   serving, as the server counted it (by singular name).
 */

/** Locale codes to offer when adding one: the most used languages, and regional forms often asked for. */
export const COMMON_CODES = [
  'ar', 'bg', 'ca', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'en-US', 'es', 'es-419', 'et', 'fi', 'fr', 'fr-CA',
  'he', 'hi', 'hr', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru',
  'sk', 'sl', 'sr', 'sv', 'th', 'tr', 'uk', 'vi', 'zh', 'zh-Hans', 'zh-Hant',
];

/**
 * A language's name in the language `inLanguage` (`de` in French: `allemand`), or `''` when the
 * browser cannot name it.
 * @param {string} code
 * @param {string} inLanguage
 */
export function languageName(code, inLanguage) {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? '';
  } catch {
    return ''; // not a code the browser reads (typed half-way)
  }
}

export const LOCALES_PATH = '/i18n/locales';
/** @param {string} code */
export const localePath = (code) => `${LOCALES_PATH}/${encodeURIComponent(code)}`;

/** @param {{ code: string, name: string }} locale */
export async function addLocale({ code, name }) {
  // No name: the server makes one from the code.
  const body = { code: code.trim(), ...(name.trim() ? { name: name.trim() } : {}) };
  /** @type {Locale} */
  const added = await request('POST', LOCALES_PATH, { body });
  return added;
}

/** @param {string} code */
export async function makeDefault(code) {
  /** @type {Locale} */
  const changed = await request('PUT', localePath(code), { body: { isDefault: true } });
  return changed;
}

/**
 * Removes a locale; answers what the removal hides, as the server counted it.
 * @param {string} code
 * @returns {Promise<HiddenDocuments>}
 */
export async function removeLocale(code) {
  const removed = await request('DELETE', localePath(code));
  return removed?.documents ?? { total: 0, byType: {} };
}

/**
 * The localized content types: every one the content-type builder lists, so that a type the
 * account may not read is named too (as not counted); the readable ones when it lists none.
 * @param {ContentType[]} readable
 * @returns {Promise<ContentType[]>}
 */
async function localizedTypes(readable) {
  const listed = await request('GET', '/content-type-builder/content-types').then(
    (answer) => /** @type {ContentType[]} */ (answer.data).filter((type) => type.uid.startsWith('api::')),
    () => readable,
  );
  return listed.filter(isLocalized).sort((a, b) => a.schema.displayName.localeCompare(b.schema.displayName));
}

/**
 * How many entries of `type` have a version (a draft, so published ones too) in `code`.
 * @param {ContentType} type
 * @param {string} code
 * @returns {Promise<number | null>}
 */
async function countIn(type, code) {
  const query = { locale: code, ...(hasDrafts(type) ? { status: 'draft' } : {}) };
  try {
    if (isSingle(type)) {
      await request('GET', documentPath(type, ''), { query });
      return 1;
    }
    const answer = await request('GET', listPath(type), { query: { ...query, pagination: { pageSize: 1 } } });
    return answer?.meta?.pagination?.total ?? null;
  } catch (error) {
    // A single type with no version in the locale is a 404.
    if (isSingle(type) && error instanceof ApiError && error.status === 404) return 0;
    return null;
  }
}

/**
 * Each localized type's entries in `code`, counted where the account may read the type.
 * @param {string} code
 * @param {Set<string>} permissions
 * @param {ContentType[]} readable The workspace's types.
 * @returns {Promise<TypeCount[]>}
 */
export async function countEntries(code, permissions, readable) {
  const types = await localizedTypes(readable);
  return Promise.all(types.map(async (type) => ({
    type,
    count: may(permissions, type, 'find') ? await countIn(type, code) : null,
  })));
}
