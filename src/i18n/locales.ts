/**
 * Locales live in `config/i18n.yaml` (`locales: [{ code, name }]`, `defaultLocale`). These are the
 * rules for changing them; the CLI calls them and a running server picks the file up live.
 */
import { createHash } from 'node:crypto';
import type { Document } from 'yaml';
import { defaultLocaleName, editConfigFile, LOCALE_CODE, type I18nConfig, type Locale } from '../config/index.js';
import { ValidationError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { localeMessages as m } from './messages.js';

/** A locale as `GET /api/i18n/locales` answers it (Strapi's i18n plugin). */
export interface LocaleEntry {
  id: number;
  documentId: string;
  name: string;
  code: string;
  isDefault: boolean;
}

/**
 * The project's locales as Strapi's i18n plugin lists them. Locales live in config, not in a
 * table: their documentId is derived from the code, so it is stable.
 * @example listLocales(config.i18n)[0] // { id: 1, documentId: '…', name: 'English (en)', code: 'en', isDefault: true }
 */
export function listLocales(i18n: I18nConfig): LocaleEntry[] {
  return i18n.locales.map((locale, index) => ({
    id: index + 1,
    documentId: createHash('sha256').update(`locale:${locale.code}`).digest('hex').slice(0, 24),
    name: locale.name,
    code: locale.code,
    isDefault: locale.code === i18n.defaultLocale,
  }));
}

/** A ValidationError naming the field it is about, as Strapi's validators answer: `details.errors[].path`. */
export function localeFieldError(field: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}

/** Throws a ValidationError naming the bad code unless it is a locale code. */
export function assertLocaleCode(code: string): void {
  if (code.length > 35 || !LOCALE_CODE.test(code)) throw localeFieldError('code', m.notACode(code));
}

/**
 * The locale a request or command means: the default one when none is given, else the given
 * one, which must have been added. Answers the code.
 * @example resolveLocale(config.i18n, undefined) // 'en'
 */
export function resolveLocale(i18n: I18nConfig, code: string | undefined): string {
  if (code === undefined) return i18n.defaultLocale;
  const codes = i18n.locales.map((locale) => locale.code);
  if (!codes.includes(code)) {
    throw new ValidationError(m.notAdded(code, codes, didYouMean(code, codes)));
  }
  return code;
}

function currentLocales(current: Record<string, unknown>): Locale[] {
  return (current.locales as Locale[] | undefined) ?? [{ code: 'en', name: 'English (en)' }];
}

function writeLocales(doc: Document, locales: Locale[]): void {
  doc.setIn(['locales'], doc.createNode(locales));
}

export interface LocaleChange {
  projectDir: string;
  dataDir: string;
}

export interface AddLocaleOptions {
  /** Makes it the default locale too, in the same write. */
  isDefault?: boolean;
}

/**
 * Adds a locale to the project.
 * @example await addLocale({ projectDir, dataDir }, 'fr') // { code: 'fr', name: 'French (fr)' }
 */
export async function addLocale(where: LocaleChange, code: string, name?: string, options: AddLocaleOptions = {}): Promise<Locale> {
  assertLocaleCode(code);
  const locale = { code, name: name?.trim() || defaultLocaleName(code) };
  return editConfigFile(where.projectDir, where.dataDir, 'i18n', (doc, current) => {
    const locales = currentLocales(current);
    if (locales.some((existing) => existing.code.toLowerCase() === code.toLowerCase())) throw localeFieldError('code', m.exists(code));
    writeLocales(doc, [...locales, locale]);
    if (options.isDefault) doc.setIn(['defaultLocale'], code);
    else if (current.defaultLocale === undefined) doc.setIn(['defaultLocale'], locales[0]?.code ?? code);
    return locale;
  });
}

/**
 * Removes a locale; the default locale cannot be removed.
 * @example await removeLocale({ projectDir, dataDir }, 'fr')
 */
export async function removeLocale(where: LocaleChange, code: string): Promise<Locale> {
  return editConfigFile(where.projectDir, where.dataDir, 'i18n', (doc, current) => {
    const locales = currentLocales(current);
    const locale = findLocale(locales, code);
    const defaultLocale = (current.defaultLocale as string | undefined) ?? 'en';
    if (locale.code === defaultLocale) throw new ValidationError(m.defaultNotRemovable(code));
    writeLocales(doc, locales.filter((existing) => existing.code !== locale.code));
    return locale;
  });
}

/**
 * Makes an added locale the default one.
 * @example await setDefaultLocale({ projectDir, dataDir }, 'fr')
 */
export async function setDefaultLocale(where: LocaleChange, code: string): Promise<Locale> {
  return changeLocale(where, code, { isDefault: true });
}

export interface LocaleEdit {
  /** A new display name. */
  name?: string;
  /** true makes it the default locale; false is refused on the default one (another must become it). */
  isDefault?: boolean;
}

/**
 * Renames an added locale, or makes it the default one, in one write.
 * @example await changeLocale({ projectDir, dataDir }, 'fr', { name: 'Français', isDefault: true })
 */
export async function changeLocale(where: LocaleChange, code: string, edit: LocaleEdit): Promise<Locale> {
  return editConfigFile(where.projectDir, where.dataDir, 'i18n', (doc, current) => {
    const locales = currentLocales(current);
    const locale = findLocale(locales, code);
    const isDefault = locale.code === ((current.defaultLocale as string | undefined) ?? 'en');
    if (edit.isDefault === false && isDefault) throw localeFieldError('isDefault', m.defaultStays(locale.code));
    const name = edit.name?.trim();
    const changed = name ? { ...locale, name } : locale;
    if (name) writeLocales(doc, locales.map((existing) => (existing.code === locale.code ? changed : existing)));
    if (edit.isDefault) doc.setIn(['defaultLocale'], locale.code);
    return changed;
  });
}

function findLocale(locales: Locale[], code: string): Locale {
  assertLocaleCode(code);
  const locale = locales.find((existing) => existing.code === code);
  if (!locale) {
    const codes = locales.map((existing) => existing.code);
    throw new ValidationError(m.unknown(code, codes, didYouMean(code, codes)));
  }
  return locale;
}
