/**
 * @module i18n — the project's locales: validation, the default locale, add/remove/default rules.
 */
export { addLocale, changeLocale, removeLocale, setDefaultLocale, resolveLocale, assertLocaleCode, listLocales, type LocaleChange, type LocaleEdit, type LocaleEntry } from './locales.js';
export { createLocaleService, documentsInLocale, type HiddenDocuments, type LocaleService, type LocaleServiceDeps, type LocalizedReads, type RemovedLocale } from './service.js';
export { localeMessages } from './messages.js';
