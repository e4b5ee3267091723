/**
 * A collection type's entries: a table of ten a page, searched, sorted, filtered by locale and by
 * editorial status. The list's state lives in the hash, so reloading or going back keeps it.
 */
import { html, useContext, useEffect, useState } from './preact.js';
import { listPath, request } from './api.js';
import { editorialStatus, hasDrafts, humanize, isLocalized, may, STATUS_LABELS, titleAttribute } from './schema.js';
import { href, LoadError, navigate, Stamp, StatusBadge, useTitle, Workspace } from './ui.js';

const PAGE_SIZE = 10;
const DEFAULT_SORT = 'updatedAt:desc';

/** Where each list was left, so that "back to the list" returns to the same page and filters. */
const lastQueries = new Map();

export const listHref = (type) => href(type.schema.singularName, '', lastQueries.get(type.uid));

function listParams(type, query, defaultLocale) {
  const page = Math.max(1, Number.parseInt(query.page, 10) || 1);
  const status = hasDrafts(type) && STATUS_LABELS[query.status] ? query.status : 'all';
  const locale = isLocalized(type) ? query.locale || defaultLocale : '';
  return { page, sort: query.sort || DEFAULT_SORT, q: query.q ?? '', status, locale };
}

/** The params as the hash keeps them, without the defaults. */
const hashQuery = ({ page, sort, q, status, locale }, defaultLocale) => ({
  page: page > 1 ? page : '',
  sort: sort === DEFAULT_SORT ? '' : sort,
  q,
  status: status === 'all' ? '' : status,
  locale: locale === defaultLocale ? '' : locale,
});

/** Reads every page of a list (`fields` only), for what the API cannot select by itself. */
async function readAll(type, query) {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await request('GET', listPath(type), { query: { ...query, pagination: { page, pageSize: 100 } } });
    rows.push(...data);
    if (page >= (meta?.pagination?.pageCount ?? 1)) return rows;
  }
}

/** The published `updatedAt` of each given document, to tell drafts, published and modified apart. */
async function publishedStamps(type, documentIds, locale) {
  if (documentIds.length === 0) return new Map();
  const { data } = await request('GET', listPath(type), {
    query: { status: 'published', locale, fields: ['updatedAt'], filters: { documentId: { $in: documentIds } }, pagination: { pageSize: documentIds.length } },
  });
  return new Map(data.map((entry) => [entry.documentId, entry]));
}

async function loadPage(type, { page, sort, q, status, locale }) {
  const base = { sort, _q: q, locale: locale || undefined };
  const pagination = { page, pageSize: PAGE_SIZE };
  if (!hasDrafts(type)) {
    const { data, meta } = await request('GET', listPath(type), { query: { ...base, pagination } });
    return { rows: data.map((entry) => ({ entry, status: null })), pagination: meta.pagination };
  }
  if (status === 'all') {
    const { data, meta } = await request('GET', listPath(type), { query: { ...base, status: 'draft', pagination } });
    const published = await publishedStamps(type, data.map((entry) => entry.documentId), locale || undefined);
    return { rows: data.map((entry) => ({ entry, status: editorialStatus(entry, published.get(entry.documentId)) })), pagination: meta.pagination };
  }
  // The API cannot select by editorial status: read the drafts' and published versions' stamps
  // (in the list's order and search), keep the matching ones, then fetch that page's entries.
  const [drafts, published] = await Promise.all([
    readAll(type, { ...base, status: 'draft', fields: ['updatedAt'] }),
    readAll(type, { locale: locale || undefined, status: 'published', fields: ['updatedAt'] }),
  ]);
  const publishedById = new Map(published.map((entry) => [entry.documentId, entry]));
  const matching = drafts.filter((draft) => editorialStatus(draft, publishedById.get(draft.documentId)) === status);
  const shown = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const total = { page, pageSize: PAGE_SIZE, pageCount: Math.ceil(matching.length / PAGE_SIZE), total: matching.length };
  if (shown.length === 0) return { rows: [], pagination: total };
  const { data } = await request('GET', listPath(type), {
    query: { status: 'draft', locale: locale || undefined, filters: { documentId: { $in: shown.map((entry) => entry.documentId) } }, pagination: { pageSize: PAGE_SIZE } },
  });
  const byId = new Map(data.map((entry) => [entry.documentId, entry]));
  return { rows: shown.flatMap((stamp) => (byId.has(stamp.documentId) ? [{ entry: byId.get(stamp.documentId), status }] : [])), pagination: total };
}

function SortHeader({ field, label, sort, onSort }) {
  const [current, direction] = sort.split(':');
  const active = current === field;
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  return html`<th scope="col" aria-sort=${active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
    <button type="button" class="sort" data-test=${`sort-${field}`} onClick=${() => onSort(`${field}:${next}`)}>
      ${label}<span class="sort-mark" aria-hidden="true">${active ? (direction === 'asc' ? '▲' : '▼') : ''}</span>
    </button>
  </th>`;
}

/**
 * A page of the list: its rows (each entry with its editorial status, `null` without drafts), and
 * the server's `pagination`. A reload keeps the rows shown while `loading`.
 * @typedef {{ phase: 'loading' | 'ready' | 'error', rows: { entry: Entry, status: string | null }[],
 *   pagination?: { page: number, pageSize: number, pageCount: number, total: number }, error?: Error }} ListState
 * @typedef {import('./schema.js').Entry} Entry
 */

export function ListView({ type, query }) {
  const workspace = useContext(Workspace);
  const { singularName, displayName } = type.schema;
  const params = listParams(type, query, workspace.defaultLocale);
  const key = JSON.stringify(params);
  const [state, setState] = useState(/** @type {ListState} */ ({ phase: 'loading', rows: [] }));
  const [search, setSearch] = useState(params.q);
  useTitle(humanize(type.schema.pluralName ?? displayName));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setSearch(params.q), [params.q]);
  useEffect(() => {
    lastQueries.set(type.uid, hashQuery(params, workspace.defaultLocale));
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

  const go = (changes) => navigate(href(singularName, '', hashQuery({ ...params, page: 1, ...changes }, workspace.defaultLocale)));
  const title = titleAttribute(type);
  const firstColumn = title ?? 'documentId';
  const localized = isLocalized(type) && workspace.locales.length > 0;
  const drafts = hasDrafts(type);
  const mayOpen = may(workspace.permissions, type, 'findOne');
  const { pagination } = state;
  const pageCount = Math.max(1, pagination?.pageCount ?? 1);
  const entryHref = (entry) => href(singularName, entry.documentId, { locale: localized ? entry.locale ?? params.locale : '' });

  return html`<section class="list" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${displayName}</h1>
      ${may(workspace.permissions, type, 'create') &&
      html`<a class="button primary" data-test="create" href=${href(singularName, 'new', { locale: localized ? params.locale : '' })}>Create an entry</a>`}
    </header>
    ${type.schema.description && html`<p class="muted">${type.schema.description}</p>`}

    <div class="filters">
      <form class="search" role="search" onSubmit=${(event) => {
        event.preventDefault();
        go({ q: search.trim() });
      }}>
        <label for="list-search">Search</label>
        <div class="inline">
          <input id="list-search" type="search" data-test="search" value=${search} onInput=${(event) => setSearch(event.currentTarget.value)} />
          <button type="submit" data-test="search-submit">Search</button>
        </div>
      </form>
      ${localized &&
      html`<div class="filter">
        <label for="list-locale">Locale</label>
        <select id="list-locale" data-test="locale-select" value=${params.locale} onChange=${(event) => go({ locale: event.currentTarget.value })}>
          ${workspace.locales.map((locale) => html`<option value=${locale.code}>${locale.name}</option>`)}
        </select>
      </div>`}
      ${drafts &&
      html`<div class="filter">
        <label for="list-status">Status</label>
        <select id="list-status" data-test="status-filter" value=${params.status} onChange=${(event) => go({ status: event.currentTarget.value })}>
          <option value="all">All</option>
          ${Object.entries(STATUS_LABELS).map(([value, label]) => html`<option value=${value}>${label}</option>`)}
        </select>
      </div>`}
    </div>

    ${state.phase === 'error' && html`<${LoadError} error=${state.error} onRetry=${() => setAttempt(attempt + 1)} />`}
    ${state.phase !== 'error' &&
    html`<div class="table-wrap" aria-busy=${state.phase === 'loading' ? 'true' : 'false'}>
      <table data-test="entries">
        <caption class="visually-hidden">${displayName} entries, sortable by the column buttons</caption>
        <thead>
          <tr>
            <${SortHeader} field=${firstColumn} label=${title ? humanize(title) : 'Document id'} sort=${params.sort} onSort=${(sort) => go({ sort })} />
            ${drafts && html`<th scope="col">Status</th>`}
            ${localized && html`<th scope="col" class="col-locale">Locale</th>`}
            <${SortHeader} field="updatedAt" label="Updated" sort=${params.sort} onSort=${(sort) => go({ sort })} />
          </tr>
        </thead>
        <tbody>
          ${state.rows.map(
            ({ entry, status }) => html`<tr key=${entry.documentId} data-test=${`row-${entry.documentId}`}>
              <td class="col-title">
                ${mayOpen
                  ? html`<a href=${entryHref(entry)}>${entry[firstColumn] || html`<span class="muted">Untitled</span>`}</a>`
                  : entry[firstColumn] || html`<span class="muted">Untitled</span>`}
              </td>
              ${drafts && html`<td><${StatusBadge} status=${status} /></td>`}
              ${localized && html`<td class="col-locale">${entry.locale}</td>`}
              <td><${Stamp} value=${entry.updatedAt} /></td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${state.phase === 'loading' && state.rows.length === 0 && html`<p class="muted empty">Loading…</p>`}
      ${state.phase === 'ready' &&
      state.rows.length === 0 &&
      html`<p class="muted empty">${params.q || params.status !== 'all' ? 'No entries match.' : 'No entries yet.'}</p>`}
    </div>
    <nav class="pager" aria-label="Pages">
      <button type="button" data-test="prev-page" disabled=${params.page <= 1} onClick=${() => go({ page: params.page - 1 })}>Previous</button>
      <span data-test="page-info" aria-live="polite">Page ${params.page} of ${pageCount}${pagination ? ` · ${pagination.total} ${pagination.total === 1 ? 'entry' : 'entries'}` : ''}</span>
      <button type="button" data-test="next-page" disabled=${params.page >= pageCount} onClick=${() => go({ page: params.page + 1 })}>Next</button>
    </nav>`}
  </section>`;
}
