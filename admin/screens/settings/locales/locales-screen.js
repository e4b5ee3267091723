/**
 * The locales (`#/settings/locales`): the project's locales and, as far as the account's role
 * allows (`plugin::i18n.locales.*`), adding one, making one the default and removing one (after
 * saying what that hides). After each change the workspace is read again, so that the content
 * screens offer the locales as they are now.
 */
import { html, useState } from '../../../lib/preact.js';
import { humanize } from '../../../lib/schema.js';
import { language, strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { describedBy, FormRow, useForm } from '../../../ui/form-field.js';
import { addLocale, COMMON_CODES, languageName, makeDefault } from './locale-data.js';
import { LocaleRemoval } from './locale-removal.js';

/**
 * @typedef {import('../../../lib/schema.js').Locale} Locale
 * @typedef {import('../../../lib/workspace.js').WorkspaceValue} WorkspaceValue
 * @typedef {import('./locale-data.js').HiddenDocuments} HiddenDocuments
 */


/**
 * @typedef {object} AddLocaleProps
 * @property {Locale[]} locales The project's, whose codes are not offered again.
 * @property {(added: Locale) => Promise<void>} onAdded
 */

/**
 * A locale's code (common ones offered as it is typed, named in the page's language) and name
 * (left empty, the server makes one from the code, as the placeholder shows).
 * @param {AddLocaleProps} props
 */
function AddLocale({ locales, onAdded }) {
  const t = strings.localeSettings;
  const blank = { code: '', name: '' };
  const { values, setValues, change, errors, busy, submit } = useForm(blank, {
    fields: ['code', 'name'],
    save: addLocale,
    onSaved: (added) => {
      setValues(blank);
      return onAdded(added);
    },
  });
  const { code, name } = values;
  const taken = new Set(locales.map((locale) => locale.code.toLowerCase()));
  const offered = COMMON_CODES.filter((candidate) => !taken.has(candidate.toLowerCase()));
  // The server names a locale in English from its code: "German (de)".
  const madeName = code.trim() && languageName(code.trim(), 'en');
  const { fields } = errors;
  return html`<form class="panel add-locale" aria-labelledby="add-locale-title" onSubmit=${submit} noValidate>
    <h2 id="add-locale-title">${t.addTitle}</h2>
    ${errors.general && html`<p class="alert" role="alert" data-test="add-locale-error">${errors.general}</p>`}
    <div class="form-line">
      <${FormRow} id="locale-code" label=${t.code} hint=${t.codeHint} error=${fields.code}>
        <input id="locale-code" class="mono" data-test="locale-code" list="locale-codes" value=${code} required
          autocomplete="off" spellcheck="false" aria-invalid=${fields.code ? 'true' : undefined}
          aria-describedby=${describedBy('locale-code', t.codeHint, fields.code)}
          onInput=${(event) => change({ code: event.currentTarget.value })} />
        <datalist id="locale-codes">
          ${offered.map((each) => html`<option value=${each}>${languageName(each, language)}</option>`)}
        </datalist>
      </${FormRow}>
      <${FormRow} id="locale-name" label=${t.name} error=${fields.name}>
        <input id="locale-name" data-test="locale-name" value=${name}
          placeholder=${madeName ? t.namePlaceholder(`${madeName} (${code.trim()})`) : ''}
          aria-describedby=${describedBy('locale-name', '', fields.name)}
          onInput=${(event) => change({ name: event.currentTarget.value })} />
      </${FormRow}>
      <button type="submit" class="primary" data-test="add-locale" disabled=${busy}>${t.add}</button>
    </div>
  </form>`;
}

/**
 * @typedef {object} LocaleRowProps
 * @property {Locale} locale
 * @property {(action: string) => boolean} may
 * @property {boolean} busy Another change is being made.
 * @property {() => void} onDefault
 * @property {() => void} onRemove
 */

/** @param {LocaleRowProps} props */
function LocaleRow({ locale, may, busy, onDefault, onRemove }) {
  const t = strings.localeSettings;
  return html`<tr data-test=${`locale-${locale.code}`}>
    <th scope="row" class="col-title">${locale.name}</th>
    <td class="mono">${locale.code}</td>
    <td>${locale.isDefault
      && html`<span class="badge badge-default" data-test="default-locale">${t.isDefault}</span>`}</td>
    <td class="row-actions">
      ${!locale.isDefault && may('update') && html`<button type="button" data-test="make-default" disabled=${busy}
        aria-label=${t.makeDefaultNamed(locale.name)} onClick=${onDefault}>${t.makeDefault}</button>`}
      ${!locale.isDefault && may('delete') && html`<button type="button" class="danger-outline"
        data-test="remove-locale" disabled=${busy} aria-label=${t.removeNamed(locale.name)} onClick=${onRemove}>
        ${strings.actions.remove}</button>`}
    </td>
  </tr>`;
}

/** @param {{ route: import('../../../lib/routes.js').Route, workspace: WorkspaceValue }} props */
export function LocalesScreen({ workspace }) {
  const t = strings.localeSettings;
  const { locales, notify, permissions } = workspace;
  useTitle(strings.nav.locales, strings.nav.settings);
  const [removing, setRemoving] = useState(/** @type {Locale | null} */ (null));
  const [busy, setBusy] = useState(false);
  /** @param {string} action */
  const may = (action) => permissions.has(`plugin::i18n.locales.${action}`);

  /** After a change: the workspace read again (the list shown is its), then the change said. */
  const changed = async (text) => {
    try {
      await workspace.reload();
      notify('success', text);
    } catch (error) {
      notify('error', t.notReread(text, error.message));
    }
  };
  const setDefault = async (locale) => {
    setBusy(true);
    try {
      await makeDefault(locale.code);
      await changed(t.madeDefault(locale.name));
    } catch (error) {
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  /** @param {Locale} locale @param {HiddenDocuments} hidden */
  const removed = async (locale, hidden) => {
    setRemoving(null);
    const typeName = (name) => workspace.types.find((type) => type.schema.singularName === name)?.schema.displayName
      ?? humanize(name);
    const byType = Object.entries(hidden.byType).map(([name, count]) => t.typeCount(typeName(name), count));
    await changed(t.removed(locale.name, locale.code, hidden.total, byType));
  };

  return html`<section class="settings-view" aria-labelledby="view-title">
    <header class="view-head"><h1 id="view-title">${strings.nav.locales}</h1></header>
    <p class="muted lead">${t.lead}</p>
    <div class="table-wrap">
      <table data-test="locales">
        <caption class="visually-hidden">${strings.nav.locales}</caption>
        <thead><tr>
          <th scope="col">${t.name}</th><th scope="col">${t.code}</th><th scope="col">${t.defaultColumn}</th>
          <th scope="col"><span class="visually-hidden">${t.actionsColumn}</span></th>
        </tr></thead>
        <tbody>${locales.map((locale) => html`<${LocaleRow} key=${locale.code} locale=${locale} may=${may}
          busy=${busy} onDefault=${() => setDefault(locale)} onRemove=${() => setRemoving(locale)} />`)}</tbody>
      </table>
      ${locales.length === 0 && html`<p class="muted empty">${t.none}</p>`}
    </div>
    ${may('create') && html`<${AddLocale} locales=${locales} onAdded=${(added) => changed(t.added(added.name))} />`}
    ${removing && html`<${LocaleRemoval} locale=${removing} workspace=${workspace}
      onRemoved=${(hidden) => removed(removing, hidden)} onCancel=${() => setRemoving(null)} />`}
  </section>`;
}
