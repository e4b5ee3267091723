/**
 * A failure to load, with the server's message and a way to try again.
 */
import { html } from '../lib/preact.js';
import { strings } from '../lib/strings.js';

/**
 * @typedef {object} LoadErrorProps
 * @property {Error} error
 * @property {() => void} [onRetry] Offered as "Try again" when given.
 */

/** @param {LoadErrorProps} props */
export function LoadError({ error, onRetry }) {
  return html`<div class="alert" role="alert">
    <p>${error.message}</p>
    ${onRetry && html`<button type="button" onClick=${onRetry}>${strings.page.tryAgain}</button>`}
  </div>`;
}
