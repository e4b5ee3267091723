/**
 * The entry form's action bar: Save, Publish, Unpublish, Discard changes, History and Delete as the
 * account's role allows, and the questions before what cannot be taken back.
 */
import { html, useEffect, useRef } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { Ask } from '../../ui/dialog.js';

/**
 * @typedef {object} ConfirmDeleteProps
 * @property {string} what The question.
 * @property {string} busy The action running, if any (`delete`, `delete-all`).
 * @property {() => void} onConfirm
 * @property {(() => void) | undefined} onConfirmAll Given for an entry in several locales.
 * @property {() => void} onCancel
 */

/**
 * Asks before deleting. With `onConfirmAll` (an entry that exists in several locales), it offers
 * to delete this locale version or the whole entry, every locale with it.
 * @param {ConfirmDeleteProps} props
 */
function ConfirmDelete({ what, busy, onConfirm, onConfirmAll, onCancel }) {
  const t = strings.entry;
  const cancel = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(() => cancel.current?.focus(), []);
  const label = busy === 'delete' ? t.deleting : onConfirmAll ? t.deleteVersion : t.delete;
  const escape = (event) => event.key === 'Escape' && onCancel();
  return html`<div class="confirm" role="group" aria-labelledby="confirm-text" onKeyDown=${escape}>
    <p id="confirm-text" data-test="confirm-delete-text">${t.cannotBeUndone(what)}</p>
    <div class="inline">
      <button type="button" class="danger" data-test="confirm-delete" disabled=${!!busy}
        onClick=${onConfirm}>${label}</button>
      ${onConfirmAll && html`<button type="button" class="danger" data-test="confirm-delete-all" disabled=${!!busy}
        onClick=${onConfirmAll}>${busy === 'delete-all' ? t.deleting : t.deleteEveryLocale}</button>`}
      <button type="button" ref=${cancel} data-test="cancel-delete"
        onClick=${onCancel}>${strings.actions.cancel}</button>
    </div>
  </div>`;
}

/**
 * What the bar shows is decided by the entry view: `may` names the actions the role holds and the
 * form allows now; `localeName` is the locale shown ('' for a type that is not localized).
 * @typedef {object} EntryActionBarProps
 * @property {import('./entry-actions.js').EntryActions} actions
 * @property {string} busy
 * @property {boolean} dirty
 * @property {boolean} drafts Whether the type has drafts (Save draft, Publish).
 * @property {boolean} single
 * @property {string} localeName
 * @property {import('../../lib/schema.js').Status | null | undefined} status
 * @property {{ write: boolean, publish: boolean, unpublish: boolean, discard: boolean, delete: boolean,
 *   deleteAll: boolean }} may
 * @property {string} deleting The question before a delete.
 * @property {(() => void) | undefined} onHistory Given when History is offered.
 */

/** @param {EntryActionBarProps} props */
export function EntryActionBar({ actions, busy, dirty, drafts, single, localeName, status, may, deleting, onHistory }) {
  const t = strings.entry;
  const { confirming, setConfirming, asking, setAsking, onPublish, onStatusAction, onDelete } = actions;
  const button = (test, action, label, onClick, disabled = false) => html`<button type="button" data-test=${test}
    disabled=${!!busy || disabled} onClick=${onClick}>${busy === action ? t.working : label}</button>`;
  const answer = (action, done) => () => {
    setAsking('');
    onStatusAction(action, done);
  };
  /** @type {import('../../ui/dialog.js').AskAction} */
  const cancel = [strings.actions.cancel, () => setAsking(''), { test: 'cancel-ask' }];
  const saveLabel = busy === 'save' ? t.saving : drafts ? t.saveDraft : t.save;
  return html`<div class="actions">
      ${may.write
        && html`<button type="submit" class="primary" data-test="save" disabled=${!!busy}>${saveLabel}</button>`}
      ${may.publish && button('publish', 'publish', t.publish, onPublish, status === 'published' && !dirty)}
      ${may.unpublish && button('unpublish', 'unpublish', t.unpublish, () => setAsking('unpublish'))}
      ${may.discard && button('discard', 'discardDraft', t.discard, () => setAsking('discardDraft'))}
      ${dirty && html`<span class="unsaved" data-test="unsaved">${t.unsaved}</span>`}
      ${onHistory && html`<button type="button" class="push" data-test="history" aria-haspopup="dialog"
        disabled=${busy === 'reload'} onClick=${onHistory}>${t.history}</button>`}
      ${may.delete && html`<button type="button" class="danger-outline push" data-test="delete"
        disabled=${!!busy || confirming} onClick=${() => setConfirming(true)}>${t.delete}</button>`}
    </div>
    ${confirming && html`<${ConfirmDelete} what=${deleting} busy=${busy} onConfirm=${() => onDelete()}
      onConfirmAll=${may.deleteAll ? () => onDelete(true) : undefined} onCancel=${() => setConfirming(false)} />`}
    ${asking === 'unpublish' && html`<${Ask} test="ask-unpublish" title=${t.unpublishTitle(single)}
      text=${t.unpublishText(localeName)}
      actions=${[[t.unpublish, answer('unpublish', t.unpublished), { test: 'confirm-unpublish', kind: 'danger' }],
        cancel]} />`}
    ${asking === 'discardDraft' && html`<${Ask} test="ask-discard" title=${t.discardTitle} text=${t.discardText}
      actions=${[[t.discard, answer('discardDraft', t.discarded), { test: 'confirm-discard', kind: 'danger' }],
        cancel]} />`}`;
}
