/**
 * The notice at the top of a view: a success that fades, or an error that stays until dismissed.
 */
import { html } from '../lib/preact.js';
import { strings } from '../lib/strings.js';

/**
 * A notice's kind (its class: `notice-success`, …) and text; `place` is the view it is about.
 * @typedef {{ kind: string, text: string, place: string }} NoticeValue
 * @typedef {{ notice: NoticeValue | null, onDismiss: () => void }} NoticeProps
 */

/**
 * Always in the page, empty when there is nothing to say, so that screen readers hear what comes.
 * @param {NoticeProps} props
 */
export function Notice({ notice, onDismiss }) {
  const kind = notice ? ` notice-${notice.kind}` : '';
  return html`<div class=${`notice${kind}`} data-test="notice" role="status" aria-live="polite">
    ${notice &&
    html`<p>${notice.text}</p>
      <button type="button" class="plain dismiss" aria-label=${strings.page.dismiss} onClick=${onDismiss}></button>`}
  </div>`;
}
