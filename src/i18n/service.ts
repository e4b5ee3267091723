/**
 * The locales as the settings routes change them (`POST|PUT|DELETE /api/i18n/locales`): each call
 * takes its caller and checks its `plugin::i18n.locales.*` action, applies the same rules as
 * `folio locale` (locales.ts), and has the serving process read config/i18n.yaml again at once, so
 * the next request, this caller's included, sees the change.
 */
import { NotFoundError, ValidationError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import { assertCan, localeAction, SYSTEM_ACTOR, type Actor } from '../permissions/index.js';
import type { I18nConfig } from '../config/index.js';
import type { ContentType } from '../schema/index.js';
import { addLocale, changeLocale, listLocales, localeFieldError, removeLocale, type LocaleChange, type LocaleEntry } from './locales.js';
import { localeMessages as m } from './messages.js';

export interface LocaleServiceDeps {
  /** Where config/i18n.yaml is, and the data folder its lock is kept in. */
  where: LocaleChange;
  /** The locales the server serves now. */
  i18n(): I18nConfig;
  /** Reads config/i18n.yaml again into the server's config, now (its file watch would, a moment later). */
  reload(): void;
  /** How many documents of each content type have a version in a locale (a draft or a published one). */
  documentsIn(code: string): Promise<Record<string, number>>;
}

/** What removing a locale stops serving. */
export interface HiddenDocuments {
  total: number;
  /** By content type (singular name); types with none are left out. */
  byType: Record<string, number>;
}

export interface RemovedLocale extends LocaleEntry {
  documents: HiddenDocuments;
  /** Says what the removal hides, or null when no document had a version in the locale. */
  warning: string | null;
}

/** A locale body: what is written, and what a locale read answers, echoed back. */
const BODY_KEYS = new Set(['code', 'name', 'isDefault']);
const ECHOED_KEYS = new Set(['id', 'documentId', 'createdAt', 'updatedAt']);

interface LocaleBody {
  code?: string;
  name?: string;
  isDefault?: boolean;
}

function localeBody(body: unknown): LocaleBody {
  if (!isPlainObject(body)) throw new ValidationError(m.bodyNotObject);
  for (const key of Object.keys(body)) {
    if (!BODY_KEYS.has(key) && !ECHOED_KEYS.has(key)) throw new ValidationError(m.invalidKey(key), { key, path: key, source: 'body' });
  }
  const parsed: LocaleBody = {};
  for (const field of ['code', 'name'] as const) {
    if (body[field] === undefined) continue;
    if (typeof body[field] !== 'string') throw localeFieldError(field, m.notAString(field));
    parsed[field] = body[field];
  }
  if (body.isDefault !== undefined) {
    if (typeof body.isDefault !== 'boolean') throw localeFieldError('isDefault', m.notABoolean('isDefault'));
    parsed.isDefault = body.isDefault;
  }
  return parsed;
}

export type LocaleService = ReturnType<typeof createLocaleService>;

/**
 * @example
 * const locales = createLocaleService({ where, i18n: () => config.i18n, reload, documentsIn });
 * await locales.add(actor, { code: 'de', isDefault: false }) // { id: 3, documentId, name: 'German (de)', code: 'de', isDefault: false }
 */
export function createLocaleService(deps: LocaleServiceDeps) {
  /** A locale by its id (as listed), documentId or code; else 404 `Locale not found`. */
  function find(ref: string): LocaleEntry {
    const locales = listLocales(deps.i18n());
    const found = /^\d+$/.test(ref)
      ? locales.find((locale) => locale.id === Number(ref))
      : locales.find((locale) => locale.documentId === ref || locale.code === ref);
    if (!found) throw new NotFoundError(m.notFound);
    return found;
  }

  /** The locale as listed once the server follows the file again. */
  function written(code: string): LocaleEntry {
    deps.reload();
    return find(code);
  }

  return {
    /** Adds a locale (`{ code, name?, isDefault? }`). Needs `plugin::i18n.locales.create`. */
    async add(actor: Actor, body: unknown): Promise<LocaleEntry> {
      assertCan(actor, localeAction('create'));
      const { code, name, isDefault } = localeBody(body);
      if (code === undefined) throw localeFieldError('code', m.required('code'));
      const locale = await addLocale(deps.where, code, name, { isDefault });
      return written(locale.code);
    },

    /** Renames a locale or makes it the default one (`{ name?, isDefault? }`). Needs `plugin::i18n.locales.update`. */
    async update(actor: Actor, ref: string, body: unknown): Promise<LocaleEntry> {
      assertCan(actor, localeAction('update'));
      const current = find(ref);
      const { code, name, isDefault } = localeBody(body);
      if (code !== undefined && code !== current.code) throw localeFieldError('code', m.codeFixed(current.code));
      if (name !== undefined && name.trim() === '') throw localeFieldError('name', m.required('name'));
      const locale = await changeLocale(deps.where, current.code, { name, isDefault });
      return written(locale.code);
    },

    /**
     * Removes a locale (never the default one) and answers how many documents have versions in
     * it: they stay stored, but are no longer served. Needs `plugin::i18n.locales.delete`.
     */
    async remove(actor: Actor, ref: string): Promise<RemovedLocale> {
      assertCan(actor, localeAction('delete'));
      const current = find(ref);
      const byType = await deps.documentsIn(current.code);
      await removeLocale(deps.where, current.code);
      deps.reload();
      const total = Object.values(byType).reduce((sum, count) => sum + count, 0);
      return { ...current, isDefault: false, documents: { total, byType }, warning: total === 0 ? null : m.hides(current.code, total) };
    },
  };
}

/** What counting a locale's documents needs of the content service (its document-service read). */
export interface LocalizedReads {
  findMany(type: ContentType, params: Record<string, unknown>, actor: Actor): Promise<Record<string, unknown>[]>;
}

/**
 * How many documents of each localized type have a version (draft or published) in `code`, read
 * as the system: what removing the locale would stop serving.
 * @example await documentsInLocale(project.content, project.schemas.contentTypes, 'fr') // { article: 2, homepage: 1 }
 */
export async function documentsInLocale(content: LocalizedReads, types: readonly ContentType[], code: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const type of types.filter((candidate) => candidate.localized)) {
    const ids = new Set<unknown>();
    for (const status of ['draft', 'published']) {
      for (const row of await content.findMany(type, { locale: code, status, fields: ['documentId'] }, SYSTEM_ACTOR)) ids.add(row.documentId);
    }
    if (ids.size > 0) counts[type.singularName] = ids.size;
  }
  return counts;
}
