/**
 * Previous and Next under a paged table, with where the reader is ("Page 2 of 5 · 48 entries").
 */
import { html } from '../lib/preact.js';
import { strings } from '../lib/strings.js';

/**
 * @typedef {object} PagerProps
 * @property {number} page From 1.
 * @property {number} pageCount
 * @property {string} info What the pager says between its buttons.
 * @property {(page: number) => void} onPage
 */

/** @param {PagerProps} props */
export function Pager({ page, pageCount, info, onPage }) {
  const t = strings.list;
  return html`<nav class="pager" aria-label=${t.pages}>
    <button type="button" data-test="prev-page" disabled=${page <= 1}
      onClick=${() => onPage(page - 1)}>${t.previous}</button>
    <span data-test="page-info" aria-live="polite">${info}</span>
    <button type="button" data-test="next-page" disabled=${page >= pageCount}
      onClick=${() => onPage(page + 1)}>${t.next}</button>
  </nav>`;
}
