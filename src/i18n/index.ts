/**
 * @module i18n — the project's locales: validation, the default locale, add/remove/default rules.
 */
export { addLocale, removeLocale, setDefaultLocale, resolveLocale, assertLocaleCode, listLocales, type LocaleChange, type LocaleEntry } from './locales.js';
