/**
 * The Markdown editor of richtext fields, and its preview.
 */

export const markdownWords = {};
