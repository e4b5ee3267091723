/**
 * A sortable table's column header: a button that sorts by the column, ascending then descending.
 */
import { html } from '../lib/preact.js';

/**
 * @typedef {object} SortHeaderProps
 * @property {string} field What the column sorts by.
 * @property {string} label
 * @property {string} sort The table's sort, `<field>:<asc|desc>`.
 * @property {(sort: string) => void} onSort
 */

/** @param {SortHeaderProps} props */
export function SortHeader({ field, label, sort, onSort }) {
  const [current, direction] = sort.split(':');
  const active = current === field;
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  const ariaSort = active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return html`<th scope="col" aria-sort=${ariaSort}>
    <button type="button" class="sort" data-test=${`sort-${field}`} onClick=${() => onSort(`${field}:${next}`)}>
      ${label}<span class="sort-mark" aria-hidden="true">${active ? (direction === 'asc' ? '▲' : '▼') : ''}</span>
    </button>
  </th>`;
}
