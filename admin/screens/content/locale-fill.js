/**
 * "Fill in from another locale": the values of the fields set per locale, copied from a locale
 * version that exists into the form of another (a new one, or one being edited). Nothing is saved:
 * the form holds them until the editor saves.
 */
import { html, useState } from '../../lib/preact.js';
import { isEditable, isPerLocale } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { isBlank, toControl } from '../../lib/values.js';
import { Ask } from '../../ui/dialog.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Component} Component
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {import('../../lib/schema.js').Locale} Locale
 * @typedef {import('./entry-values.js').Values} Values
 */

/**
 * The fields set per locale of a version read (populated as the form reads one), as the form's
 * controls hold them. The shared ones are left out: every locale version has them already.
 * @param {ContentType} type
 * @param {Entry} entry
 * @param {Map<string, Component>} components
 * @returns {Values}
 */
export function localizedValues(type, entry, components) {
  return Object.fromEntries(Object.entries(type.schema.attributes)
    .filter(([, attribute]) => isEditable(attribute) && isPerLocale(type, attribute))
    .map(([name, attribute]) => [name, toControl(attribute, entry[name], components)]));
}

/**
 * Whether the form holds something in a field set per locale, which filling in would replace.
 * @param {ContentType} type
 * @param {Values} values
 */
export const holdsLocalized = (type, values) => Object.entries(type.schema.attributes)
  .some(([name, attribute]) => isEditable(attribute) && isPerLocale(type, attribute) && name in values
    && attribute.type !== 'boolean' && !isBlank(attribute, values[name]));

/**
 * @typedef {object} LocaleFillProps
 * @property {Locale[]} locales The locales with a version to copy from, the first chosen at first.
 * @property {boolean} busy Whether the form is busy (the button waits).
 * @property {boolean} replaces Whether filling in replaces what the form holds: then it asks first.
 * @property {(code: string) => void} onFill
 */

/**
 * The locale to copy from and "Fill in"; when the form holds values that would be replaced, a
 * question first.
 * @param {LocaleFillProps} props
 */
export function LocaleFill({ locales, busy, replaces, onFill }) {
  const t = strings.localeFill;
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const code = locales.some((locale) => locale.code === chosen) ? chosen : locales[0]?.code ?? '';
  const name = locales.find((locale) => locale.code === code)?.name ?? code;
  const fill = () => {
    setAsking(false);
    onFill(code);
  };
  /** @type {[import('../../ui/dialog.js').AskAction, import('../../ui/dialog.js').AskAction]} */
  const actions = [[t.fill, fill, { test: 'confirm-fill', kind: 'primary' }],
    [strings.actions.cancel, () => setAsking(false), { test: 'cancel-fill' }]];
  return html`<div class="locale-fill" role="group" aria-labelledby="locale-fill-label" data-test="locale-fill">
    <span id="locale-fill-label">${t.label}</span>
    <label class="visually-hidden" for="locale-fill-from">${t.from}</label>
    <select id="locale-fill-from" data-test="fill-locale" value=${code}
      onChange=${(event) => setChosen(event.currentTarget.value)}>
      ${locales.map((locale) => html`<option value=${locale.code}>${locale.name}</option>`)}
    </select>
    <button type="button" data-test="fill-from-locale" disabled=${busy || !code}
      onClick=${() => (replaces ? setAsking(true) : fill())}>${t.fill}</button>
    ${asking && html`<${Ask} test="ask-fill" title=${t.askTitle(name)} text=${t.askText(name)} actions=${actions} />`}
  </div>`;
}
