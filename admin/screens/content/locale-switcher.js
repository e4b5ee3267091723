/**
 * The locale versions of an entry, as links: the one shown marked, the ones not created yet said so.
 */
import { html } from '../../lib/preact.js';
import { contentHref } from '../../lib/routes.js';
import { isSingle } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';

/**
 * @typedef {object} LocaleSwitcherProps
 * @property {import('../../lib/schema.js').ContentType} type
 * @property {string | null} documentId
 * @property {string} locale The one shown.
 * @property {Map<string, unknown>} versions The locale versions that exist.
 * @property {import('../../lib/schema.js').Locale[]} locales
 * @property {boolean} creating A new entry: every locale is where it will be made.
 */

/** @param {LocaleSwitcherProps} props */
export function LocaleSwitcher({ type, documentId, locale, versions, locales, creating }) {
  const t = strings.entry;
  const id = isSingle(type) ? '' : documentId ?? '';
  const hrefIn = (code) => contentHref(type.schema.singularName, id, { locale: code });
  return html`<nav class="locales" aria-label=${t.localeVersions}>
    <span class="locales-label">${t.locale}</span>
    <ul>
      ${locales.map(({ code, name }) => {
        const exists = creating || versions.has(code);
        return html`<li>
          <a href=${hrefIn(code)} class=${exists ? '' : 'missing'} aria-current=${code === locale ? 'page' : undefined}
            data-test=${`locale-${code}`}>
            ${name}${!exists && html`<span class="visually-hidden">${t.notCreatedYet}</span>`}
          </a>
        </li>`;
      })}
    </ul>
  </nav>`;
}
