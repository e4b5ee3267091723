/** Not built yet. */
import { html } from '../../lib/preact.js';

/** @param {{ code: string, onDone: (message: string) => void }} props */
export function ResetPasswordScreen(props) {
  return html`<h1 id="view-title">Reset</h1>`;
}
