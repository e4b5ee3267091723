/**
 * A list's tools: its columns, page size, filters, bulk actions; filling in from another locale. (in French)
 */

/** @type {typeof import('../en/lists.js').listWords} */
export const listWords = {};
