/**
 * The columns a list shows: chosen among its fields (list-fields.js), remembered per type in this
 * browser, and each cell as its field's type reads best.
 */
import { html, useState } from '../../lib/preact.js';
import { titleAttribute } from '../../lib/schema.js';
import { language, strings } from '../../lib/strings.js';
import { Stamp } from '../../ui/stamp.js';
import { StatusBadge } from '../../ui/status-badge.js';

/**
 * @typedef {import('./list-fields.js').ListField} ListField
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {import('../../lib/schema.js').Status} Status
 */

/** Where this browser remembers a type's columns: a list of field names under `<key>.<type uid>`. */
const COLUMNS_KEY = 'foliocms.editors.columns';

/**
 * The columns shown until the editor chooses: the main field, the status, the last change.
 * @param {ContentType} type
 */
const defaultColumns = (type) => [titleAttribute(type) ?? 'documentId', 'status', 'updatedAt'];

/** @returns {string[] | null} */
function remembered(type) {
  try {
    const names = JSON.parse(localStorage.getItem(`${COLUMNS_KEY}.${type.uid}`) ?? 'null');
    return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : null;
  } catch {
    return null; // storage refused (a private window), or not a list: nothing remembered
  }
}

function remember(type, names) {
  try {
    localStorage.setItem(`${COLUMNS_KEY}.${type.uid}`, JSON.stringify(names));
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
}

/**
 * The fields shown as columns, in the list's order, and a way to choose them (remembered). A field
 * the type no longer has is left out; with none left, the default columns show.
 * @param {ContentType} type
 * @param {ListField[]} fields
 * @returns {[ListField[], (names: string[]) => void]}
 */
export function useColumns(type, fields) {
  const [names, setNames] = useState(() => remembered(type));
  const shown = fields.filter((field) => (names ?? []).includes(field.name));
  const choose = (next) => {
    setNames(next);
    remember(type, next);
  };
  if (shown.length > 0) return [shown, choose];
  const defaults = defaultColumns(type);
  return [fields.filter((field) => defaults.includes(field.name)), choose];
}

/**
 * @typedef {object} ColumnChooserProps
 * @property {ListField[]} fields Every column the list may show.
 * @property {ListField[]} shown
 * @property {(names: string[]) => void} onChange
 */

/**
 * A disclosure with one checkbox per column; the last column shown cannot be taken away.
 * @param {ColumnChooserProps} props
 */
export function ColumnChooser({ fields, shown, onChange }) {
  const t = strings.listTools;
  const names = shown.map((field) => field.name);
  const toggle = (name, on) => onChange(fields
    .map((field) => field.name)
    .filter((candidate) => (candidate === name ? on : names.includes(candidate))));
  return html`<details class="tool">
    <summary data-test="columns">${t.columns}</summary>
    <fieldset class="tool-panel columns">
      <legend>${t.columnsShown}</legend>
      ${fields.map((field) => {
        const on = names.includes(field.name);
        return html`<label key=${field.name}>
          <input type="checkbox" data-test=${`column-${field.name}`} checked=${on} disabled=${on && names.length === 1}
            onChange=${(event) => toggle(field.name, event.currentTarget.checked)} />
          ${field.label}
        </label>`;
      })}
    </fieldset>
  </details>`;
}

/** A calendar date (`2026-03-01`) as the page's language writes it. */
function dayText(day) {
  const [year, month, date] = String(day).split('-').map(Number);
  const shown = new Date(year, month - 1, date);
  return Number.isNaN(shown.getTime()) ? String(day) : shown.toLocaleDateString(language, { dateStyle: 'medium' });
}

/**
 * @typedef {object} CellProps
 * @property {ListField} field
 * @property {Entry} entry
 * @property {Status | null} status
 */

/**
 * One field of one entry, as its type reads best: a badge, a date, Yes or No, the text (long text
 * cut to a line).
 * @param {CellProps} props
 */
export function Cell({ field, entry, status }) {
  const value = entry[field.name];
  if (field.type === 'status') return html`<${StatusBadge} status=${status} />`;
  if (value === null || value === undefined || value === '') return html`<span class="muted">—</span>`;
  switch (field.type) {
    case 'datetime':
      return html`<${Stamp} value=${value} />`;
    case 'date':
      return html`<time datetime=${value}>${dayText(value)}</time>`;
    case 'boolean':
      return value ? strings.listTools.yes : strings.listTools.no;
    case 'text':
    case 'richtext':
      return html`<span class="cell-long" title=${value}>${String(value)}</span>`;
    default:
      return String(value);
  }
}
