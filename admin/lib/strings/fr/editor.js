/**
 * The rich-text editor of blocks fields. (in French)
 */

/** @type {typeof import('../en/editor.js').editorWords} */
export const editorWords = {};
