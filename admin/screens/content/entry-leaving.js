/**
 * Leaving the entry form with unsaved changes: they are registered while the form holds them (so
 * that leaving asks first, and a session end keeps them), and changes kept at a session end are
 * offered back over the entry as read, or dropped.
 */
import { html, useState } from '../../lib/preact.js';
import { currentSession } from '../../lib/api.js';
import { dropKept, keptFor, useUnsavedChanges } from '../../lib/leaving.js';
import { strings } from '../../lib/strings.js';
import { pick } from './entry-values.js';

/**
 * @typedef {import('../../lib/leaving.js').Kept} Kept
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('./entry-form.js').EntryForm} EntryForm
 */

/**
 * The changes kept at a session end for the view shown, if any: `offer` after each read, `discard`
 * once restored or declined.
 */
export function useKeptChanges() {
  const [kept, setKept] = useState(/** @type {Kept | null} */ (null));
  /** @type {import('./entry-form.js').OnShown} */
  const offer = (key, loaded, restored) => {
    const waiting = restored ? null : keptFor(key, currentSession()?.user);
    // Kept on a new locale version: offered where its locale is missing still.
    const localizing = waiting?.mode === 'localize' && loaded.phase === 'missing';
    const fits = waiting && (waiting.mode === loaded.mode || localizing);
    setKept(fits ? waiting : null);
  };
  const discard = () => {
    dropKept();
    setKept(null);
  };
  return { kept, offer, discard };
}

/** @typedef {ReturnType<typeof useKeptChanges>} KeptChangesState */

/**
 * Kept changes restored over the form as it is now, to be saved on the version they were made on:
 * a change since then meets the conflict dialog.
 * @param {EntryForm} form
 * @param {KeptChangesState} kept
 */
export function restoreKept(form, kept) {
  const changes = kept.kept;
  if (!changes) return;
  kept.discard();
  form.setValues((shown) => ({ ...shown, ...pick(changes.values, Object.keys(form.view.original ?? {})) }));
  if (form.view.mode === 'edit') form.setView((shown) => ({ ...shown, etag: changes.etag }));
}

/**
 * Leaving a form with unsaved changes asks first; a session end keeps them (never a password or
 * private field).
 * @param {ContentType} type
 * @param {EntryForm} form
 */
export function useUnsavedEntry(type, form) {
  const { changed, values, view, key } = form;
  useUnsavedChanges(changed.length > 0, () => {
    const secret = (name) => type.schema.attributes[name]?.type === 'password' || type.schema.attributes[name]?.private;
    return {
      place: key,
      mode: view.mode,
      etag: view.etag,
      values: Object.fromEntries(changed.filter((name) => !secret(name)).map((name) => [name, values[name]])),
      withheld: changed.some(secret),
    };
  });
}

/**
 * @typedef {object} KeptChangesProps
 * @property {Kept} kept
 * @property {() => void} onRestore
 * @property {() => void} onDiscard
 */

/**
 * Changes kept when the session ended, offered back: restored over the entry as it is now, or dropped.
 * @param {KeptChangesProps} props
 */
export function KeptChanges({ kept, onRestore, onDiscard }) {
  const t = strings.kept;
  return html`<div class="panel recover" role="region" aria-labelledby="kept-title" data-test="kept-changes">
    <h2 id="kept-title">${t.title}</h2>
    <p>${t.text}${kept.withheld ? t.withheld : ''}</p>
    <div class="inline">
      <button type="button" class="primary" data-test="restore-kept" onClick=${onRestore}>${t.restore}</button>
      <button type="button" data-test="discard-kept" onClick=${onDiscard}>${t.discard}</button>
    </div>
  </div>`;
}
