/**
 * English words that change with what they are about: `1 entry`, `2 entries`; a single type's form
 * holds "content", a collection type's an "entry".
 */

/** `1 file`, `2 files`. */
export const count = (number, one, many) => `${number} ${number === 1 ? one : many}`;
export const entries = (number) => count(number, 'entry', 'entries');
export const thing = (single) => (single ? 'content' : 'entry');
