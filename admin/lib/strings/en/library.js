/**
 * The media library screen, and the picker that is the same screen.
 */

export const libraryWords = {};
