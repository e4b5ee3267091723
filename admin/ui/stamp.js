/**
 * A date and time, as a table cell shows it.
 */
import { html } from '../lib/preact.js';

/** @typedef {{ value: string | null | undefined }} StampProps */

/**
 * Date and time in the reader's locale; the time is hidden on narrow screens.
 * @param {StampProps} props
 */
export function Stamp({ value }) {
  if (!value) return html`<span class="muted">—</span>`;
  const date = new Date(value);
  const time = date.toLocaleTimeString(undefined, { timeStyle: 'short' });
  return html`<time datetime=${value} title=${date.toLocaleString()}>
    ${date.toLocaleDateString(undefined, { dateStyle: 'medium' })}<span class="stamp-time">${' '}${time}</span>
  </time>`;
}
