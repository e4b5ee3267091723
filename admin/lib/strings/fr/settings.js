/**
 * The API tokens, webhooks and locales settings. (in French)
 */

/** @type {typeof import('../en/settings.js').settingsWords} */
export const settingsWords = {};
