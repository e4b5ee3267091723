/**
 * The words the page shows, in the language its user chose: `?lang=fr` in the page's address, or
 * the language menu of the top bar, remembered in this browser; without a choice, the browser's
 * own language when the page speaks it, else English. Each language is one folder of
 * `strings/` (`strings/en/`, `strings/fr/`), every word in it once, keyed by the part of the page
 * that shows it. A string with something in it is a function of what goes in
 * (`strings.list.pageInfo(2, 5, 48)`), so that a language can order its words as it does. The
 * server's own messages (a refused sign-in, a validation error) come in the server's words.
 * Only the language shown is loaded: the modules that import this one wait for its words.
 * Readable outside a browser: a test imports it as it is.
 */

/** @typedef {import('./strings/en/index.js').Strings} Strings */

/**
 * The languages the page speaks, each with its name in its own words (as the menu shows it) and
 * its words, loaded when chosen.
 * @type {Record<string, { name: string, load: () => Promise<Strings> }>}
 */
export const LANGUAGES = {
  en: { name: 'English', load: () => import('./strings/en/index.js').then((module) => module.en) },
  fr: { name: 'Français', load: () => import('./strings/fr/index.js').then((module) => module.fr) },
};

/** Where this browser remembers the choice. */
const LANGUAGE_KEY = 'foliocms.editors.language';

const spoken = (code) => (typeof code === 'string' && Object.hasOwn(LANGUAGES, code) ? code : undefined);

function remembered() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage refused (a private window): nothing remembered
  }
}

/** Keeps `code` as this browser's choice; the page shows it once loaded again. */
function rememberLanguage(code) {
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // Storage refused: the choice lasts as long as the address that carries it.
  }
}

/**
 * The language to show: the address's `?lang=` (remembered from then on), the remembered choice,
 * the first of the browser's languages the page speaks, else English.
 * @returns {string}
 */
function chosenLanguage() {
  if (typeof location === 'undefined') return 'en';
  const asked = spoken(new URLSearchParams(location.search).get('lang'));
  if (asked) {
    rememberLanguage(asked);
    return asked;
  }
  const preferred = (navigator.languages ?? [navigator.language]).map((tag) => tag.split('-')[0]);
  return spoken(remembered()) ?? preferred.map(spoken).find(Boolean) ?? 'en';
}

/** The code of the language the page speaks (`en`, `fr`). */
export const language = chosenLanguage();
/** Every word the page shows, in `language`. */
export const strings = await LANGUAGES[language].load();

/**
 * Shows the page in the language `code` from now on: remembered, then the page loaded again
 * without the address's `?lang=` (which would choose again).
 * @param {string} code
 */
export function chooseLanguage(code) {
  if (!spoken(code)) return;
  rememberLanguage(code);
  const address = new URL(location.href);
  address.searchParams.delete('lang');
  if (address.search === location.search) location.reload();
  else location.replace(address.href);
}
