/**
 * A collection type's entries: a table of ten a page, searched, sorted, filtered by locale and by
 * editorial status. The list's state lives in the hash, so reloading or going back keeps it.
 */
import { html, useContext, useEffect, useState } from '../../lib/preact.js';
import { navigate } from '../../lib/router.js';
import { contentHref } from '../../lib/routes.js';
import { hasDrafts, humanize, isLocalized, may, STATUSES, titleAttribute } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { Workspace } from '../../lib/workspace.js';
import { LoadError } from '../../ui/load-error.js';
import { Pager } from '../../ui/pager.js';
import { SortHeader } from '../../ui/sort-header.js';
import { Stamp } from '../../ui/stamp.js';
import { StatusBadge } from '../../ui/status-badge.js';
import { hashQuery, listParams, loadPage, rememberList } from './list-data.js';

/**
 * A page of the list: its rows (each entry with its editorial status, `null` without drafts), and
 * the server's `pagination`. A reload keeps the rows shown while `loading`.
 * @typedef {{ phase: 'loading' | 'ready' | 'error', rows: import('./list-data.js').ListPage['rows'],
 *   pagination?: import('./list-data.js').Pagination, error?: Error }} ListState
 */

/**
 * @typedef {object} ListFiltersProps
 * @property {import('./list-data.js').ListParams} params
 * @property {import('../../lib/schema.js').Locale[] | null} locales The locales to filter by, `null` for a
 *   type that is not localized.
 * @property {boolean} drafts Whether the type has drafts, to filter by status.
 * @property {(changes: Partial<import('./list-data.js').ListParams>) => void} onChange
 */

/**
 * The search, and the locale and status filters, over the table.
 * @param {ListFiltersProps} props
 */
function ListFilters({ params, locales, drafts, onChange }) {
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
  </div>`;
}

/**
 * @typedef {object} ListViewProps
 * @property {import('../../lib/schema.js').ContentType} type
 * @property {Record<string, string>} query The hash's: page, sort, q, status, locale.
 */

/** @param {ListViewProps} props */
export function ListView({ type, query }) {
  const t = strings.list;
  const workspace = useContext(Workspace);
  const { singularName, displayName } = type.schema;
  const params = listParams(type, query, workspace.defaultLocale);
  const key = JSON.stringify(params);
  const [state, setState] = useState(/** @type {ListState} */ ({ phase: 'loading', rows: [] }));
  useTitle(humanize(type.schema.pluralName ?? displayName));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    rememberList(type, hashQuery(params, workspace.defaultLocale));
    let current = true;
    setState((previous) => ({ ...previous, phase: 'loading' }));
    loadPage(type, params).then(
      (page) => current && setState({ phase: 'ready', ...page }),
      (error) => current && setState({ phase: 'error', rows: [], error }),
    );
    return () => {
      current = false;
    };
  }, [type.uid, key, attempt]);

  const go = (changes) => {
    const next = hashQuery({ ...params, page: 1, ...changes }, workspace.defaultLocale);
    navigate(contentHref(singularName, '', next));
  };
  const title = titleAttribute(type);
  const firstColumn = title ?? 'documentId';
  const localized = isLocalized(type) && workspace.locales.length > 0;
  const drafts = hasDrafts(type);
  const mayOpen = may(workspace.permissions, type, 'findOne');
  const { pagination } = state;
  const pageCount = Math.max(1, pagination?.pageCount ?? 1);
  const localeOf = (entry) => (localized ? entry.locale ?? params.locale : '');
  const entryHref = (entry) => contentHref(singularName, entry.documentId, { locale: localeOf(entry) });
  const newHref = contentHref(singularName, 'new', { locale: localized ? params.locale : '' });
  const name = (entry) => entry[firstColumn] || html`<span class="muted">${t.untitled}</span>`;
  const sortBy = (sort) => go({ sort });

  return html`<section class="list" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${displayName}</h1>
      ${may(workspace.permissions, type, 'create')
        && html`<a class="button primary" data-test="create" href=${newHref}>${t.create}</a>`}
    </header>
    ${type.schema.description && html`<p class="muted">${type.schema.description}</p>`}

    <${ListFilters} params=${params} locales=${localized ? workspace.locales : null} drafts=${drafts} onChange=${go} />

    ${state.phase === 'error' && html`<${LoadError} error=${state.error} onRetry=${() => setAttempt(attempt + 1)} />`}
    ${state.phase !== 'error' &&
    html`<div class="table-wrap" aria-busy=${state.phase === 'loading' ? 'true' : 'false'}>
      <table data-test="entries">
        <caption class="visually-hidden">${t.caption(displayName)}</caption>
        <thead>
          <tr>
            <${SortHeader} field=${firstColumn} label=${title ? humanize(title) : t.documentId} sort=${params.sort}
              onSort=${sortBy} />
            ${drafts && html`<th scope="col">${t.status}</th>`}
            ${localized && html`<th scope="col" class="col-locale">${t.locale}</th>`}
            <${SortHeader} field="updatedAt" label=${t.updated} sort=${params.sort} onSort=${sortBy} />
          </tr>
        </thead>
        <tbody>
          ${state.rows.map(({ entry, status }) => html`<tr key=${entry.documentId}
            data-test=${`row-${entry.documentId}`}>
            <td class="col-title">
              ${mayOpen ? html`<a href=${entryHref(entry)}>${name(entry)}</a>` : name(entry)}
            </td>
            ${drafts && html`<td><${StatusBadge} status=${status} /></td>`}
            ${localized && html`<td class="col-locale">${entry.locale}</td>`}
            <td><${Stamp} value=${entry.updatedAt} /></td>
          </tr>`)}
        </tbody>
      </table>
      ${state.phase === 'loading' && state.rows.length === 0
        && html`<p class="muted empty">${strings.page.loading}</p>`}
      ${state.phase === 'ready' && state.rows.length === 0 &&
      html`<p class="muted empty">${params.q || params.status !== 'all' ? t.noMatch : t.noEntries}</p>`}
    </div>
    <${Pager} page=${params.page} pageCount=${pageCount} onPage=${(page) => go({ page })}
      info=${t.pageInfo(params.page, pageCount, pagination?.total)} />`}
  </section>`;
}
