/**
 * A token's value, shown once: just after the token was made or regenerated. The server keeps only
 * its hash and never answers it again, and the page keeps it nowhere: closing the dialog drops it.
 */
import { html, useRef, useState } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { Dialog } from '../../../ui/dialog.js';

/**
 * @typedef {object} TokenValueProps
 * @property {import('./token-data.js').Token} token The answer of the create or regenerate, with `accessKey`.
 * @property {boolean} regenerated
 * @property {() => void} onClose
 */

/** @param {TokenValueProps} props */
export function TokenValue({ token, regenerated, onClose }) {
  const t = strings.tokens;
  const [copied, setCopied] = useState(/** @type {'' | 'copied' | 'failed'} */ (''));
  const field = useRef(/** @type {HTMLInputElement | null} */ (null));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.accessKey ?? '');
      setCopied('copied');
    } catch {
      // No clipboard here (a page served over plain HTTP from another host): selected, to copy by hand.
      field.current?.select();
      setCopied('failed');
    }
  };
  const said = { '': '', copied: t.copied, failed: t.copyByHand };
  return html`<${Dialog} labelId="token-value-title" describedBy="token-value-once" test="token-value-dialog"
    onCancel=${onClose}>
    <h2 id="token-value-title">${regenerated ? t.regeneratedTitle(token.name) : t.createdTitle(token.name)}</h2>
    <p id="token-value-once" class="warning" data-test="token-once">${t.onlyOnce}</p>
    <label class="label" for="token-value">${t.value}</label>
    <div class="inline token-value">
      <input id="token-value" ref=${field} class="mono" data-test="token-value" readonly value=${token.accessKey}
        spellcheck="false" onFocus=${(event) => event.currentTarget.select()} />
      <button type="button" data-test="copy-token" data-autofocus onClick=${copy}>${t.copy}</button>
    </div>
    <p class="hint" aria-live="polite" data-test="copy-status">${said[copied]}</p>
    <div class="dialog-actions">
      <button type="button" class="primary" data-test="token-value-done" onClick=${onClose}>${t.done}</button>
    </div>
  </${Dialog}>`;
}
