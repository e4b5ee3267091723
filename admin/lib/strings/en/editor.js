/**
 * The rich-text editor of blocks fields.
 */

export const editorWords = {};
