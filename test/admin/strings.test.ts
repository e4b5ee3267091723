/**
 * The page's words in every language it speaks (`admin/lib/strings/<language>/`), read as they are
 * by Node: French holds every word English has, in the same shape (a string where English has a
 * string, a function of as many values where English has a function), translated, and written
 * the French way. A specification of completeness: it holds each part of the page to it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import { en } from '../../admin/lib/strings/en/index.js';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import { fr } from '../../admin/lib/strings/fr/index.js';

type Words = { [key: string]: string | ((...values: unknown[]) => string) | Words };

const test = suite("the page's words in French");

/** Words French writes as English does: names, codes and the few words the two languages share. */
const SAME_IN_FRENCH = new Set([
  'foliocms', 'Strapi', 'OK', 'API', 'JSON', 'URL', 'ID', 'Markdown', 'Webhook', 'Webhooks',
  'Version', 'Versions', 'Code', 'Description', 'Type', 'Types', 'Action', 'Actions', 'Date',
  'Message', 'Messages', 'Permissions', 'Public', 'Source', 'Options', 'Navigation', 'Image', 'Images',
  'Article', 'Articles', 'Page', 'Pages', 'Total', 'Local', 'Minimum', 'Maximum', 'Dimensions',
  'Plugin', 'Plugins', 'Condition', 'Conditions', 'Secret', 'Ctrl', 'Alt', 'Cmd', 'Tab', 'Esc',
]);

/** Every word of `words` with its path (`['list', 'pageInfo']`: a key may hold a dot), depth first. */
function* walk(words: Words, path: string[] = []): Generator<[string[], Words[string]]> {
  for (const [key, value] of Object.entries(words)) {
    if (value !== null && typeof value === 'object') yield* walk(value, [...path, key]);
    else yield [[...path, key], value];
  }
}

const at = (words: Words, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], words);
/** How a message names a word: `list.pageInfo`. */
const named = (path: string[]) => path.join('.');

/** Whether French may say `text` as English does: it has no letters, or only words the two write alike. */
const sameInFrench = (text: string) => (text.match(/\p{L}+/gu) ?? []).every((word) => SAME_IN_FRENCH.has(word));

/** What a word is: `string`, `function of 2`, `missing`… */
function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'function') return `function of ${value.length}`;
  if (value !== null && typeof value === 'object') return 'group';
  return typeof value;
}

/**
 * A value that reads as text, a number and a list at once (`${name}`, `count === 1`, `names.join(', ')`),
 * to call a word's function without knowing what it takes.
 */
const anything = (): unknown => Object.assign(['X'], { toString: () => 'X' });

/** What `word` says: the string, or the function called with as many placeholders as it takes (if it can be). */
function said(word: unknown): string | undefined {
  if (typeof word === 'string') return word;
  if (typeof word !== 'function') return undefined;
  try {
    const text = word(...Array.from({ length: word.length }, anything));
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined; // a word that needs real values is checked by the screens' tests
  }
}

/** The rules of French typography a string breaks, by name. */
function typographyOf(text: string): string[] {
  const broken: string[] = [];
  if (/'/.test(text)) broken.push('a straight apostrophe (’)');
  if (/"|“|”/.test(text)) broken.push('English quotes (« »)');
  if (/\.\.\./.test(text)) broken.push('three dots (…)');
  // A space before ; : ! ? is a narrow no-break one, as inside « »; an address's colon has none.
  if (/[ \u00a0][;:!?]/.test(text)) broken.push('a plain space before ; : ! ? (U+202F)');
  if (/[\p{L}\d)»][;:!?](\s|$)/u.test(text)) broken.push('no space before ; : ! ? (U+202F)');
  if (/«[^\u202f]|[^\u202f]»/.test(text)) broken.push('« » without narrow no-break spaces inside (U+202F)');
  return broken;
}

test('every word of English is in French, of the same kind: a string, or a function of as many values', () => {
  const differing = [...walk(en)]
    .map(([path, english]) => [named(path), kindOf(english), kindOf(at(fr, path))])
    .filter(([, english, french]) => english !== french)
    .map(([path, english, french]) => `${path}: ${french} in French, ${english} in English`);
  assert.equal(differing, []);
});

test('French has no word English lacks', () => {
  const extra = [...walk(fr)].map(([path]) => path).filter((path) => at(en, path) === undefined).map(named);
  assert.equal(extra, []);
});

test('no French string is the English one, but for names, codes and the words the two share', () => {
  const untranslated = [...walk(en)]
    .filter(([path, english]) => typeof english === 'string' && at(fr, path) === english)
    .filter(([, english]) => !sameInFrench(String(english)))
    .map(([path, english]) => `${named(path)}: ${JSON.stringify(english)}`);
  assert.equal(untranslated, []);
});

test('French words are written the French way: ’ apostrophes, « » quotes, …, and narrow spaces before ; : ! ?', () => {
  const broken = [...walk(fr)]
    .map(([path, word]) => [path, said(word)] as const)
    .filter((entry): entry is readonly [string[], string] => entry[1] !== undefined)
    .flatMap(([path, text]) => typographyOf(text).map((rule) => `${named(path)}: ${rule} in ${JSON.stringify(text)}`));
  assert.equal(broken, []);
});

test('French agrees with what it counts: 0 and 1 in the singular, 2 and more in the plural', () => {
  assert.is(fr.schema.files(0), '0 fichier');
  assert.is(fr.schema.files(1), '1 fichier');
  assert.is(fr.schema.files(2), '2 fichiers');
  assert.is(fr.list.pageInfo(1, 3, 1), 'Page 1 sur 3 · 1 entrée');
  assert.is(fr.list.pageInfo(2, 3, 1234), 'Page 2 sur 3 · 1\u202f234 entrées');
  assert.is(fr.schema.lengthAtLeast(1), 'Au moins 1 caractère');
  assert.is(fr.history.changedFields(['Titre'], 2), 'Champs modifiés\u202f: Titre et 2 autres');
});

test('French agrees with what a form holds: a single type’s « contenu » (m.), a collection’s « entrée » (f.)', () => {
  assert.is(fr.entry.unpublishTitle(true), 'Dépublier ce contenu\u202f?');
  assert.is(fr.entry.unpublishTitle(false), 'Dépublier cette entrée\u202f?');
  assert.is(fr.entry.readOnly(true), 'Votre compte peut lire ce contenu, mais pas le modifier.');
  assert.is(fr.entry.readOnly(false), 'Votre compte peut lire cette entrée, mais pas la modifier.');
  assert.match(fr.entry.deleteQuestion(false, 'Français (fr)', true), /la supprimer supprime toute l’entrée\.$/);
  const question = fr.entry.deleteQuestion(true, 'Français (fr)', false);
  assert.match(question, /ou tout le contenu dans toutes les langues\u202f\?$/);
});

test.run();
