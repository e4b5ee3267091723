/**
 * @module i18n — the project's locales: validation, the default locale, add/remove/default rules.
 */
export { addLocale, removeLocale, setDefaultLocale, resolveLocale, assertLocaleCode, type LocaleChange } from './locales.js';
export { i18nRoutes } from './routes.js';
