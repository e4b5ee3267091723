/**
 * The start (`#/`): where the content types are, or that the account may read none.
 */
import { html } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';

/** @typedef {{ types: import('../../lib/schema.js').ContentType[] }} ContentHomeProps */

/** @param {ContentHomeProps} props */
export function ContentHome({ types }) {
  const t = strings.content;
  useTitle(t.homeTitle);
  return html`<h1 id="view-title">${t.homeTitle}</h1>
    ${types.length > 0 ? html`<p>${t.chooseType}</p>` : html`<p class="muted">${t.noType}</p>`}`;
}
