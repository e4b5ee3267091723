/**
 * A date and time, as a table cell shows it.
 */
import { html } from '../lib/preact.js';
import { language } from '../lib/strings.js';

/** @typedef {{ value: string | null | undefined }} StampProps */

/**
 * Date and time as the page's language writes them; the time is hidden on narrow screens.
 * @param {StampProps} props
 */
export function Stamp({ value }) {
  if (!value) return html`<span class="muted">—</span>`;
  const date = new Date(value);
  const time = date.toLocaleTimeString(language, { timeStyle: 'short' });
  return html`<time datetime=${value} title=${date.toLocaleString(language)}>
    ${date.toLocaleDateString(language, { dateStyle: 'medium' })}<span class="stamp-time">${' '}${time}</span>
  </time>`;
}
