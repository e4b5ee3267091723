/**
 * A list's tools: its columns, page size, filters, bulk actions; filling in from another locale.
 */

export const listWords = {};
