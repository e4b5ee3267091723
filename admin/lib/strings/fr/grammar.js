/**
 * French words that change with what they are about. French counts 0 and 1 in the singular
 * (`0 entrée`, `1 entrée`, `2 entrées`) and groups thousands with a narrow space (`1 234`). A single
 * type's form holds « contenu » (masculine), a collection type's an « entrée » (feminine): the
 * words around them agree (`ce contenu`, `cette entrée`).
 */

const numbers = new Intl.NumberFormat('fr-FR');

/** `1 fichier`, `2 fichiers`. */
export const count = (number, one, many) => `${numbers.format(number)} ${Math.abs(number) < 2 ? one : many}`;
export const entries = (number) => count(number, 'entrée', 'entrées');

/**
 * What a form holds, with the words that agree with it: `this` (« cette entrée »), `whole`
 * (« toute l’entrée »), `it` as an object (« la modifier »).
 * @param {boolean} single A single type's.
 */
export const thing = (single) => (single
  ? { this: 'ce contenu', whole: 'tout le contenu', it: 'le' }
  : { this: 'cette entrée', whole: 'toute l’entrée', it: 'la' });

/** `Cette entrée` at the start of a sentence. */
export const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);
