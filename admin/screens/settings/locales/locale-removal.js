/**
 * The question before removing a locale, with what the removal hides: how many entries of each
 * localized type have a version in it (counted first, where the account may read the type), which
 * stay stored but are no longer served.
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { Dialog } from '../../../ui/dialog.js';
import { countEntries, removeLocale } from './locale-data.js';

/**
 * @typedef {import('./locale-data.js').TypeCount} TypeCount
 * @typedef {import('./locale-data.js').HiddenDocuments} HiddenDocuments
 * @typedef {import('../../../lib/schema.js').Locale} Locale
 * @typedef {import('../../../lib/workspace.js').WorkspaceValue} WorkspaceValue
 */

/**
 * The counts, one line a localized type.
 * @param {{ counts: TypeCount[] | Error | null, code: string }} props
 */
function Counts({ counts, code }) {
  const t = strings.localeSettings;
  if (counts === null) {
    return html`<p class="muted" aria-live="polite" data-test="locale-counting">${t.counting(code)}</p>`;
  }
  if (counts instanceof Error) {
    return html`<p class="warning" data-test="locale-counts">${t.notCountable(counts.message)}</p>`;
  }
  if (counts.length === 0) return html`<p data-test="locale-counts">${t.noLocalizedTypes}</p>`;
  const counted = counts.filter((each) => each.count !== null);
  const total = counted.reduce((sum, each) => sum + (each.count ?? 0), 0);
  const unknown = counted.length < counts.length;
  return html`<div data-test="locale-counts">
    <p>${t.entriesIn(code)}</p>
    <ul class="counts">
      ${counts.map(({ type, count }) => html`<li key=${type.uid} data-test=${`count-${type.schema.singularName}`}
        class=${count === null ? 'muted' : ''}>
        ${count === null ? t.notCounted(type.schema.displayName) : t.typeCount(type.schema.displayName, count)}
      </li>`)}
    </ul>
    <p class="warning" data-test="locale-hidden-total">${unknown ? t.hiddenAtLeast(total) : t.hiddenTotal(total)}</p>
  </div>`;
}

/**
 * @typedef {object} LocaleRemovalProps
 * @property {Locale} locale
 * @property {WorkspaceValue} workspace
 * @property {(hidden: HiddenDocuments) => void} onRemoved With what the server says the removal hid.
 * @property {() => void} onCancel
 */

/** @param {LocaleRemovalProps} props */
export function LocaleRemoval({ locale, workspace, onRemoved, onCancel }) {
  const t = strings.localeSettings;
  const [counts, setCounts] = useState(/** @type {TypeCount[] | Error | null} */ (null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    countEntries(locale.code, workspace.permissions, workspace.types)
      .then((found) => live && setCounts(found), (failure) => live && setCounts(failure));
    return () => {
      live = false;
    };
  }, [locale.code]);
  const remove = async () => {
    setBusy(true);
    try {
      onRemoved(await removeLocale(locale.code));
    } catch (failure) {
      setError(failure.message);
      setBusy(false);
    }
  };
  return html`<${Dialog} labelId="remove-locale-title" describedBy="remove-locale-text" test="ask-remove-locale"
    onCancel=${onCancel}>
    <h2 id="remove-locale-title">${t.removeTitle(locale.name)}</h2>
    <p id="remove-locale-text">${t.removeText(locale.code)}</p>
    <${Counts} counts=${counts} code=${locale.code} />
    ${error && html`<p class="alert" role="alert" data-test="remove-locale-error">${error}</p>`}
    <div class="inline dialog-actions">
      <button type="button" class="danger" data-test="confirm-remove-locale" disabled=${busy || counts === null}
        onClick=${remove}>${t.removeCode(locale.code)}</button>
      <button type="button" data-test="cancel-remove-locale" data-autofocus onClick=${onCancel}>
        ${strings.actions.cancel}</button>
    </div>
  </${Dialog}>`;
}
