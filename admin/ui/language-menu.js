/**
 * The menu of the languages the page speaks, showing the one it speaks: in the top bar, and on the
 * sign-in form, so that the page can be read before anyone signs in.
 */
import { html } from '../lib/preact.js';
import { language, LANGUAGES, strings } from '../lib/strings.js';

/** @typedef {{ onChoose: (code: string) => void }} LanguageMenuProps */

/**
 * `onChoose` gets the code of another language (`fr`); the page shows it once loaded again.
 * @param {LanguageMenuProps} props
 */
export function LanguageMenu({ onChoose }) {
  const choose = (event) => {
    const code = event.currentTarget.value;
    // Until the page loads again in the new language, the menu names the one it speaks, also when
    // the choice waits on a question (unsaved changes) that the editor may answer by staying.
    event.currentTarget.value = language;
    onChoose(code);
  };
  return html`<label class="language">
    <span class="visually-hidden">${strings.page.language}</span>
    <select data-test="language" value=${language} onChange=${choose}>
      ${Object.entries(LANGUAGES).map(([code, { name }]) => html`<option value=${code} lang=${code}>${name}</option>`)}
    </select>
  </label>`;
}
