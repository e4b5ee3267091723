/**
 * A collection type's entries: a table of the columns the editor chose (list-columns.js), 10 to 100
 * a page, searched, sorted, filtered by locale, by editorial status and on any of its fields
 * (list-filter-bar.js), with bulk actions on the entries selected (list-bulk.js). The list's state
 * lives in the hash, so reloading or going back keeps it; the columns are remembered in this browser.
 */
import { html, useContext, useEffect, useState } from '../../lib/preact.js';
import { navigate } from '../../lib/router.js';
import { contentHref } from '../../lib/routes.js';
import { hasDrafts, humanize, isLocalized, may, titleAttribute } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { Workspace } from '../../lib/workspace.js';
import { LoadError } from '../../ui/load-error.js';
import { Pager } from '../../ui/pager.js';
import { SortHeader } from '../../ui/sort-header.js';
import { BULK_ACTIONS, BulkBar, BulkReport, useBulk } from './list-bulk.js';
import { Cell, ColumnChooser, useColumns } from './list-columns.js';
import { hashQuery, listParams, loadPage, rememberList } from './list-data.js';
import { columnFields, filterFields } from './list-fields.js';
import { FilterBar } from './list-filter-bar.js';
import { ListFilters } from './list-toolbar.js';

/**
 * A page of the list: its rows (each entry with its editorial status, `null` without drafts), and
 * the server's `pagination`. A reload keeps the rows shown while `loading`.
 * @typedef {{ phase: 'loading' | 'ready' | 'error', rows: import('./list-data.js').ListPage['rows'],
 *   pagination?: import('./list-data.js').Pagination, error?: Error }} ListState
 * @typedef {import('./list-fields.js').ListField} ListField
 * @typedef {import('../../lib/schema.js').Entry} Entry
 */

/**
 * The entries selected for a bulk action, on the page shown: a new page, sort or filter starts
 * with none.
 * @param {string} key The list's params, as they compare.
 */
function useSelection(key) {
  const [selected, setSelected] = useState(() => new Set());
  useEffect(() => setSelected(new Set()), [key]);
  /** @param {string[]} ids @param {boolean} on */
  const toggle = (ids, on) => setSelected((previous) => {
    const next = new Set(previous);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  });
  return { selected, toggle, clear: () => setSelected(new Set()) };
}

/**
 * @typedef {object} EntriesTableProps
 * @property {string} caption
 * @property {ListState['rows']} rows
 * @property {ListField[]} columns
 * @property {string} sort
 * @property {(sort: string) => void} onSort
 * @property {ReturnType<typeof useSelection> | null} selection `null` when no bulk action is offered.
 * @property {((entry: Entry) => string) | null} hrefOf Where an entry opens, `null` for a role that may not.
 * @property {(entry: Entry) => string} nameOf
 * @property {string | null} title The type's main field.
 */

/**
 * The table: a checkbox per row (and one for the page) when there are bulk actions, the chosen
 * columns, the first one a link to the entry.
 * @param {EntriesTableProps} props
 */
function EntriesTable({ caption, rows, columns, sort, onSort, selection, hrefOf, nameOf, title }) {
  const t = strings.list;
  const ids = rows.map(({ entry }) => entry.documentId);
  const chosen = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;
  // The first column opens the entry; an entry without its main field is "Untitled" there.
  const first = (entry, status) => {
    const [field] = columns;
    const cell = field.name === title && !entry[field.name]
      ? html`<span class="muted">${t.untitled}</span>`
      : html`<${Cell} field=${field} entry=${entry} status=${status} />`;
    return hrefOf ? html`<a href=${hrefOf(entry)}>${cell}</a>` : cell;
  };
  return html`<table data-test="entries">
    <caption class="visually-hidden">${caption}</caption>
    <thead>
      <tr>
        ${selection && html`<th scope="col" class="col-select">
          <input type="checkbox" data-test="select-all" aria-label=${strings.bulk.selectAll}
            checked=${ids.length > 0 && chosen === ids.length} indeterminate=${chosen > 0 && chosen < ids.length}
            disabled=${ids.length === 0} onChange=${(event) => selection.toggle(ids, event.currentTarget.checked)} />
        </th>`}
        ${columns.map((field) => (field.sortable
          ? html`<${SortHeader} key=${field.name} field=${field.name} label=${field.label} sort=${sort}
            onSort=${onSort} />`
          : html`<th scope="col" key=${field.name}>${field.label}</th>`))}
      </tr>
    </thead>
    <tbody>
      ${rows.map(({ entry, status }) => html`<tr key=${entry.documentId} data-test=${`row-${entry.documentId}`}
        class=${selection?.selected.has(entry.documentId) ? 'selected' : ''}>
        ${selection && html`<td class="col-select">
          <input type="checkbox" data-test=${`select-${entry.documentId}`}
            aria-label=${strings.bulk.select(nameOf(entry))} checked=${selection.selected.has(entry.documentId)}
            onChange=${(event) => selection.toggle([entry.documentId], event.currentTarget.checked)} />
        </td>`}
        ${columns.map((field, index) => html`<td key=${field.name}
          class=${index === 0 ? 'col-title' : field.name === 'locale' ? 'col-locale' : ''}>
          ${index === 0 ? first(entry, status) : html`<${Cell} field=${field} entry=${entry} status=${status} />`}
        </td>`)}
      </tr>`)}
    </tbody>
  </table>`;
}

/**
 * @typedef {object} ListViewProps
 * @property {import('../../lib/schema.js').ContentType} type
 * @property {Record<string, string>} query The hash's: page, pageSize, sort, q, status, locale, and the filters.
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
  const localized = isLocalized(type) && workspace.locales.length > 0;
  const allColumns = columnFields(type, localized);
  const [columns, chooseColumns] = useColumns(type, allColumns);
  const selection = useSelection(key);
  const bulk = useBulk(type, params.locale, () => {
    selection.clear();
    setAttempt((count) => count + 1);
  });
  // A summary is about the page it was made on: another page, sort or filter closes it.
  useEffect(() => bulk.dismiss(), [key]);

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
  const drafts = hasDrafts(type);
  const { permissions } = workspace;
  // Publishing and unpublishing are for types with drafts only.
  const offered = (action) => (drafts || action === 'delete') && may(permissions, type, action);
  const bulkActions = BULK_ACTIONS.filter(offered);
  const { pagination } = state;
  const pageCount = Math.max(1, pagination?.pageCount ?? 1);
  const localeOf = (entry) => (localized ? entry.locale ?? params.locale : '');
  const entryHref = (entry) => contentHref(singularName, entry.documentId, { locale: localeOf(entry) });
  const newHref = contentHref(singularName, 'new', { locale: localized ? params.locale : '' });
  const nameOf = (entry) => (title && entry[title]) || strings.bulk.untitled(entry.documentId);
  const chosen = state.rows.map(({ entry }) => entry).filter((entry) => selection.selected.has(entry.documentId));
  // While an action runs, the bar says how far it is, whatever is selected meanwhile.
  const bulkCount = bulk.progress ? bulk.progress.total : chosen.length;
  const localeName = localized
    ? workspace.locales.find(({ code }) => code === params.locale)?.name ?? params.locale : '';
  const filtered = params.q || params.status !== 'all' || params.filters.length > 0;

  return html`<section class="list" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${displayName}</h1>
      ${may(permissions, type, 'create')
        && html`<a class="button primary" data-test="create" href=${newHref}>${t.create}</a>`}
    </header>
    ${type.schema.description && html`<p class="muted">${type.schema.description}</p>`}

    <${ListFilters} params=${params} locales=${localized ? workspace.locales : null} drafts=${drafts} onChange=${go}>
      <${ColumnChooser} fields=${allColumns} shown=${columns} onChange=${chooseColumns} />
    </${ListFilters}>
    <${FilterBar} fields=${filterFields(type)} filters=${params.filters} onChange=${(filters) => go({ filters })} />

    ${bulk.summary && html`<${BulkReport} summary=${bulk.summary} nameOf=${nameOf} onDismiss=${bulk.dismiss} />`}
    ${bulkActions.length > 0 && bulkCount > 0 && html`<${BulkBar} count=${bulkCount} actions=${bulkActions}
      progress=${bulk.progress} localeName=${localeName} onConfirm=${(action) => bulk.run(action, chosen)}
      onClear=${selection.clear} />`}
    ${state.phase === 'error' && html`<${LoadError} error=${state.error} onRetry=${() => setAttempt(attempt + 1)} />`}
    ${state.phase !== 'error' &&
    html`<div class="table-wrap" aria-busy=${state.phase === 'loading' ? 'true' : 'false'}>
      <${EntriesTable} caption=${t.caption(displayName)} rows=${state.rows} columns=${columns} sort=${params.sort}
        onSort=${(sort) => go({ sort })} selection=${bulkActions.length > 0 ? selection : null}
        hrefOf=${may(permissions, type, 'findOne') ? entryHref : null} nameOf=${nameOf} title=${title} />
      ${state.phase === 'loading' && state.rows.length === 0
        && html`<p class="muted empty">${strings.page.loading}</p>`}
      ${state.phase === 'ready' && state.rows.length === 0
        && html`<p class="muted empty">${filtered ? t.noMatch : t.noEntries}</p>`}
    </div>
    <${Pager} page=${params.page} pageCount=${pageCount} onPage=${(page) => go({ page })}
      info=${t.pageInfo(params.page, pageCount, pagination?.total)} />`}
  </section>`;
}
