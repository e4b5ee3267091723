/**
 * The tools over a list's table: the search, the locale and status filters, the page size, and the
 * column chooser (list-columns.js).
 */
import { html, useEffect, useState } from '../../lib/preact.js';
import { STATUSES } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { PAGE_SIZES } from './list-data.js';

/**
 * @typedef {object} ListFiltersProps
 * @property {import('./list-data.js').ListParams} params
 * @property {import('../../lib/schema.js').Locale[] | null} locales The locales to filter by, `null` for a
 *   type that is not localized.
 * @property {boolean} drafts Whether the type has drafts, to filter by status.
 * @property {(changes: Partial<import('./list-data.js').ListParams>) => void} onChange
 * @property {import('../../lib/preact.js').Children} [children] More tools, at the row's end (the columns).
 */

/**
 * The search, the locale and status filters and the page size, over the table.
 * @param {ListFiltersProps} props
 */
export function ListFilters({ params, locales, drafts, onChange, children }) {
  const t = strings.list;
  const [search, setSearch] = useState(params.q);
  useEffect(() => setSearch(params.q), [params.q]);
  const submit = (event) => {
    event.preventDefault();
    onChange({ q: search.trim() });
  };
  return html`<div class="filters">
    <form class="search" role="search" onSubmit=${submit}>
      <label for="list-search">${t.search}</label>
      <div class="inline">
        <input id="list-search" type="search" data-test="search" value=${search}
          onInput=${(event) => setSearch(event.currentTarget.value)} />
        <button type="submit" data-test="search-submit">${t.searchButton}</button>
      </div>
    </form>
    ${locales &&
    html`<div class="filter">
      <label for="list-locale">${t.locale}</label>
      <select id="list-locale" data-test="locale-select" value=${params.locale}
        onChange=${(event) => onChange({ locale: event.currentTarget.value })}>
        ${locales.map((locale) => html`<option value=${locale.code}>${locale.name}</option>`)}
      </select>
    </div>`}
    ${drafts &&
    html`<div class="filter">
      <label for="list-status">${t.status}</label>
      <select id="list-status" data-test="status-filter" value=${params.status}
        onChange=${(event) => onChange({ status: event.currentTarget.value })}>
        <option value="all">${t.allStatuses}</option>
        ${STATUSES.map((value) => html`<option value=${value}>${strings.status[value]}</option>`)}
      </select>
    </div>`}
    <div class="filter filter-narrow">
      <label for="list-page-size">${strings.listTools.pageSize}</label>
      <select id="list-page-size" data-test="page-size" value=${String(params.pageSize)}
        onChange=${(event) => onChange({ pageSize: Number(event.currentTarget.value) })}>
        ${PAGE_SIZES.map((size) => html`<option value=${String(size)}>${size}</option>`)}
      </select>
    </div>
    ${children}
  </div>`;
}

