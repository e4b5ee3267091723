/**
 * The media library screen, and the picker that is the same screen. (in French)
 */

/** @type {typeof import('../en/library.js').libraryWords} */
export const libraryWords = {};
