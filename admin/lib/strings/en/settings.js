/**
 * The API tokens, webhooks and locales settings.
 */

export const settingsWords = {};
