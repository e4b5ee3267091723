/**
 * The History panel's place in the entry view: open over the form on an entry that exists, closed
 * by a move to another entry or locale; a restore reads the form again, a stale one meets the
 * conflict dialog.
 */
import { html, useContext, useEffect, useState } from '../../lib/preact.js';
import { populateOf } from '../../lib/schema.js';
import { Workspace } from '../../lib/workspace.js';
import { scope } from './entry-data.js';
import { HistoryPanel } from './history-panel.js';

/**
 * Whether the panel is open; it closes when the view is replaced by another entry or locale.
 * @param {import('./entry-form.js').EntryForm} form
 */
export function useHistoryPanel(form) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (form.replacing) setOpen(false);
  }, [form.key, form.reloads]);
  return { open, show: () => setOpen(true), close: () => setOpen(false) };
}

/** @typedef {ReturnType<typeof useHistoryPanel>} HistoryPanelState */

/**
 * @typedef {object} EntryHistoryProps
 * @property {import('../../lib/schema.js').ContentType} type
 * @property {string | null} documentId
 * @property {string} locale
 * @property {string} localeName The locale's name, '' for a type that is not localized.
 * @property {import('./entry-form.js').EntryForm} form
 * @property {HistoryPanelState} panel
 * @property {boolean} mayRestore
 * @property {() => void} onRestored After a restore: what was kept from a session end goes, the form is read again.
 * @property {() => void} onConflict
 */

/** @param {EntryHistoryProps} props */
export function EntryHistory(props) {
  const { type, documentId, locale, localeName, form, panel, mayRestore, onRestored, onConflict } = props;
  const { components, types, notify } = useContext(Workspace);
  const { view } = form;
  return html`<${HistoryPanel} type=${type} documentId=${documentId} query=${scope(type, { locale })}
    populate=${populateOf(type.schema.attributes, components, types)} current=${view.entry} etag=${view.etag}
    dirty=${form.dirty} mayRestore=${mayRestore} components=${components} localeName=${localeName}
    onClose=${panel.close}
    onRestored=${(text) => {
      // Read again like after a save, but from what is stored now: the restored version replaces the form.
      panel.close();
      onRestored();
      notify('success', text);
      form.reload();
    }}
    onConflict=${() => {
      panel.close();
      onConflict();
    }} />`;
}
