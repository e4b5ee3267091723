/**
 * The Markdown editor of richtext fields, and its preview. (in French)
 */

/** @type {typeof import('../en/markdown.js').markdownWords} */
export const markdownWords = {};
