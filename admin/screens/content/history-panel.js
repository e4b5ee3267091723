/**
 * The History panel of an entry's edit view: the versions of the locale shown (who, when, what,
 * which fields), one of them beside the current draft with the fields that differ marked, and
 * "Restore this version" behind a question. The server keeps the history and decides each request
 * (`…/history`, `…/history/<version>`, `…/actions/restore`); a role without the right is told so
 * quietly, in the panel.
 */
import { html, useEffect, useRef, useState } from '../../lib/preact.js';
import { ApiError, documentPath, entryOf, historyPath, request } from '../../lib/api.js';
import { humanize } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { Ask, Dialog } from '../../ui/dialog.js';
import { actionLabel, authorName, comparisonRows, whenText } from './history-compare.js';

/**
 * One entry of a history list, as the server answers it.
 * @typedef {{ version: string, createdAt: string, author?: { username?: string, email?: string, token?: string },
 *   action: string, status?: string, locale?: string | null, changed?: string[] }} HistoryEntry
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Component} Component
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {{ phase: string, entries: HistoryEntry[], page: number, pageCount: number, error?: string }} ListState
 * @typedef {{ phase: string, data?: Entry | null, error?: string }} VersionState
 */

const PAGE_SIZE = 20;
const t = strings.history;

/** What a failed history request means to the editor, in the panel. */
function problemOf(error, what) {
  const none = error instanceof ApiError && (error.status === 404 || error.status === 405 || error.status === 501);
  if (error instanceof ApiError && error.status === 403) return t.mayNot(what);
  if (none) return t.noHistory;
  return error.message;
}

/**
 * @typedef {object} VersionItemProps
 * @property {HistoryEntry} entry
 * @property {number} index
 * @property {boolean} chosen
 * @property {(name: string) => string} labelOf
 * @property {string[]} order The form's fields, in its order.
 * @property {() => void} onChoose
 */

/**
 * One version's line in the list: when, who, what, and which fields it changed (by their labels).
 * @param {VersionItemProps} props
 */
function VersionItem({ entry, index, chosen, labelOf, order, onChoose }) {
  // In the order the form shows the fields; a field the type no longer has goes last.
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  const changed = [...(entry.changed ?? [])].sort((a, b) => rank(a) - rank(b));
  const shownFields = changed.slice(0, 6).map(labelOf);
  const more = changed.length - shownFields.length;
  return html`<li>
    <button type="button" class="version" data-test=${`history-version-${index}`} data-version=${entry.version}
      aria-current=${chosen ? 'true' : undefined} onClick=${onChoose}>
      <span class="version-line">
        <time datetime=${entry.createdAt} class="version-when" data-test="history-when">
          ${whenText(entry.createdAt)}
        </time>
        ${entry.status === 'published' && html`<span class="badge badge-published">${t.publishedVersion}</span>`}
      </span>
      <span class="version-line">
        <span data-test="history-action">${actionLabel(entry.action)}</span>
        <span class="muted">${t.by}</span>
        <span class="version-who" data-test="history-author" title=${entry.author?.email ?? ''}>
          ${authorName(entry.author)}
        </span>
      </span>
      ${changed.length > 0 && html`<span class="version-changed muted" data-test="history-changed">
        ${t.changedFields(shownFields, more)}
      </span>`}
    </button>
  </li>`;
}

/**
 * The versions, newest first, read a page at a time, and the way to move between them with the
 * arrow keys. The focus starts on Close while the list loads; it moves to the newest version once
 * shown.
 * @param {ContentType} type
 * @param {string | null} documentId
 * @param {object} query
 * @param {import('../../lib/preact.js').Ref<HTMLButtonElement | null>} closeRef
 */
function useVersions(type, documentId, query, closeRef) {
  const [list, setList] = useState(/** @type {ListState} */ ({ phase: 'loading', entries: [], page: 0, pageCount: 0 }));
  const [attempt, setAttempt] = useState(0);
  const listRef = useRef(/** @type {HTMLOListElement | null} */ (null));
  const focusFirst = useRef(false);

  async function loadPage(page) {
    const pagination = { page, pageSize: PAGE_SIZE };
    const answer = await request('GET', historyPath(type, documentId), { query: { ...query, pagination } });
    const entries = Array.isArray(answer?.data) ? answer.data : [];
    const answered = answer?.meta?.pagination ?? {};
    return { entries, page: answered.page ?? page, pageCount: answered.pageCount ?? page };
  }

  useEffect(() => {
    let live = true;
    setList((shown) => ({ ...shown, phase: 'loading', error: '' }));
    loadPage(1).then(
      (loaded) => {
        if (!live) return;
        focusFirst.current = document.activeElement === closeRef.current;
        setList({ phase: 'ready', ...loaded });
      },
      (error) => {
        const problem = problemOf(error, t.seeHistory);
        if (live) setList({ phase: 'error', entries: [], page: 0, pageCount: 0, error: problem });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (list.phase !== 'ready' || !focusFirst.current) return;
    focusFirst.current = false;
    listRef.current?.querySelector('button')?.focus();
  }, [list]);

  async function more() {
    setList((shown) => ({ ...shown, phase: 'more' }));
    try {
      const loaded = await loadPage(list.page + 1);
      const { page, pageCount } = loaded;
      setList((shown) => ({ phase: 'ready', entries: [...shown.entries, ...loaded.entries], page, pageCount }));
    } catch (error) {
      setList((shown) => ({ ...shown, phase: 'ready', error: problemOf(error, t.seeHistory) }));
    }
  }

  // Up and Down move between the versions, as in a list.
  function moveFocus(event) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll('button.version') ?? [])];
    const at = buttons.indexOf(/** @type {any} */ (document.activeElement));
    if (at === -1) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(buttons.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)));
    /** @type {HTMLElement | undefined} */ (buttons[next])?.focus();
  }

  return { list, listRef, more, moveFocus, retry: () => setAttempt(attempt + 1) };
}

/**
 * @typedef {object} ComparisonTableProps
 * @property {import('./history-compare.js').ComparisonRow[]} rows
 * @property {string} when The version's date.
 * @property {boolean} onlyDiffering
 */

/**
 * The chosen version beside the current draft, field by field.
 * @param {ComparisonTableProps} props
 */
function ComparisonTable({ rows, when, onlyDiffering }) {
  const differing = rows.filter((row) => row.differs);
  return html`<div class="compare-wrap">
    <table class="compare history-compare" data-test="history-compare">
      <caption class="visually-hidden">${t.caption(when)}</caption>
      <thead>
        <tr>
          <th scope="col">${t.field}</th><th scope="col">${t.thisVersion}</th><th scope="col">${t.currentDraft}</th>
        </tr>
      </thead>
      <tbody>
        ${(onlyDiffering ? differing : rows).map((row) => html`<tr key=${row.name} class=${row.differs ? 'differs' : ''}
          data-test=${`history-row-${row.name}`} data-differs=${row.differs ? 'true' : 'false'}>
          <th scope="row">
            ${row.label}${row.differs && html`<span class="badge badge-modified" data-test="history-differs">
              ${row.note || t.differs}
            </span>`}
          </th>
          <td data-test=${`history-then-${row.name}`} class=${row.unknown ? 'muted' : ''}>${row.thenText}</td>
          <td data-test=${`history-now-${row.name}`} class=${row.unknown ? 'muted' : ''}>${row.nowText}</td>
        </tr>`)}
        ${onlyDiffering && differing.length === 0 && html`<tr><td colspan="3">${t.noneDiffers}</td></tr>`}
      </tbody>
    </table>
  </div>`;
}

/**
 * The History panel, a dialog over the form. `query` is the locale the form shows (as its reads
 * send it), `current` the draft as stored, `etag` the version the form was read at (a restore is
 * made on it, like a save); `dirty` says the form holds unsaved changes, which a restore replaces:
 * the question says so. `onRestored(notice)` after a restore (the form is read again);
 * `onConflict()` when the entry changed since it was read (412).
 * @typedef {object} HistoryPanelProps
 * @property {ContentType} type
 * @property {string | null} documentId
 * @property {object} query
 * @property {object} populate
 * @property {Entry | null | undefined} current
 * @property {string} [etag]
 * @property {boolean} dirty
 * @property {boolean} mayRestore
 * @property {Map<string, Component>} components
 * @property {string} [localeName]
 * @property {(notice: string) => void} onRestored
 * @property {() => void} onConflict
 * @property {() => void} onClose
 */

/** @param {HistoryPanelProps} props */
export function HistoryPanel(props) {
  const { type, documentId, query, populate, current, etag, dirty, mayRestore, components, localeName } = props;
  const { onRestored, onConflict, onClose } = props;
  const closeRef = useRef(/** @type {HTMLButtonElement | null} */ (null));
  const { list, listRef, more, moveFocus, retry } = useVersions(type, documentId, query, closeRef);
  const [chosen, setChosen] = useState(/** @type {HistoryEntry | null} */ (null));
  const [version, setVersion] = useState(/** @type {VersionState} */ ({ phase: 'none' }));
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const [asking, setAsking] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState('');
  const detailTitle = useRef(/** @type {HTMLHeadingElement | null} */ (null));
  // The version chosen last, whose answer the comparison waits for.
  const latest = useRef('');
  const labelOf = (name) => humanize(name);

  async function choose(entry) {
    latest.current = entry.version;
    setChosen(entry);
    setRestoreError('');
    setVersion({ phase: 'loading' });
    // The comparison is where the editor goes next: on a narrow screen it is below the list.
    requestAnimationFrame(() => detailTitle.current?.focus());
    try {
      // Populated as the form reads the entry, so components, relations and media compare too.
      const path = historyPath(type, documentId, entry.version);
      const answer = await request('GET', path, { query: { ...query, populate } });
      // Another version chosen meanwhile: its answer is the one to show.
      if (latest.current === entry.version) setVersion({ phase: 'ready', data: entryOf(answer) });
    } catch (error) {
      if (latest.current !== entry.version) return;
      const empty = error instanceof ApiError && error.status === 404;
      setVersion({ phase: 'error', error: empty ? t.emptyVersion : problemOf(error, t.seeVersions) });
    }
  }

  async function restore() {
    if (!chosen) return;
    setAsking(false);
    setRestoring(true);
    setRestoreError('');
    try {
      const body = { version: chosen.version };
      await request('POST', `${documentPath(type, documentId)}/actions/restore`, { query, body, ifMatch: etag });
      onRestored(t.restored(whenText(chosen.createdAt), authorName(chosen.author)));
    } catch (error) {
      setRestoring(false);
      if (error instanceof ApiError && error.status === 412) onConflict();
      else setRestoreError(problemOf(error, t.restoreVersions));
    }
  }

  const rows = version.phase === 'ready' && version.data ? comparisonRows(type, version.data, current, components) : [];
  const differing = rows.filter((row) => row.differs);
  const who = chosen ? authorName(chosen.author) : '';
  const when = chosen ? whenText(chosen.createdAt) : '';

  const order = Object.keys(type.schema.attributes);
  const listPart = list.phase === 'error'
    ? html`<div class="history-problem" data-test="history-unavailable" role="status">
        <p class="muted">${list.error}</p>
        <button type="button" onClick=${retry}>${strings.page.tryAgain}</button>
      </div>`
    : list.phase === 'loading' ? html`<p class="muted" aria-live="polite">${strings.page.loading}</p>`
    : list.entries.length === 0 ? html`<p class="muted" data-test="history-empty">${t.noVersions}</p>`
    : html`<ol class="versions" ref=${listRef} data-test="history-list" aria-label=${t.versionsNewestFirst}
        onKeyDown=${moveFocus}>
        ${list.entries.map((entry, index) => html`<${VersionItem} key=${entry.version} entry=${entry} index=${index}
          chosen=${chosen?.version === entry.version} labelOf=${labelOf} order=${order}
          onChoose=${() => choose(entry)} />`)}
      </ol>
      ${list.error && html`<p class="field-error" role="alert">${list.error}</p>`}
      ${list.page < list.pageCount && html`<button type="button" class="wide" data-test="history-more"
        disabled=${list.phase === 'more'} onClick=${more}>
        ${list.phase === 'more' ? strings.page.loading : t.showOlder}</button>`}`;

  const summary = t.summary(differing.map((row) => row.label)) + (dirty ? t.unsavedNotCompared : '');
  const comparison = version.phase === 'ready' && html`
    <p role="status" data-test="history-summary">${summary}</p>
    <label class="history-filter">
      <input type="checkbox" data-test="history-only-differing" checked=${onlyDiffering}
        onChange=${(event) => setOnlyDiffering(event.currentTarget.checked)} />
      ${t.onlyDiffering}
    </label>
    <${ComparisonTable} rows=${rows} when=${when} onlyDiffering=${onlyDiffering} />
    ${restoreError && html`<p class="field-error" role="alert" data-test="history-restore-error">${restoreError}</p>`}
    ${mayRestore && html`<div class="inline dialog-actions">
      <button type="button" class="primary" data-test="history-restore" disabled=${restoring}
        onClick=${() => setAsking(true)}>
        ${restoring ? t.restoring : t.restore}</button>
    </div>`}`;
  const detailPart = !chosen
    ? list.phase === 'ready' && list.entries.length > 0 && html`<p class="muted history-hint">${t.chooseVersion}</p>`
    : html`<h3 id="history-detail-title" ref=${detailTitle} tabindex="-1" data-test="history-detail-title">
        ${t.versionOf(when)}
      </h3>
      <p class="muted">${t.versionBy(actionLabel(chosen.action), who, chosen.status === 'published')}</p>
      ${version.phase === 'loading' && html`<p class="muted" aria-live="polite">${strings.page.loading}</p>`}
      ${version.phase === 'error'
        && html`<p class="muted" role="status" data-test="history-version-error">${version.error}</p>`}
      ${comparison}`;

  /** @type {[import('../../ui/dialog.js').AskAction, import('../../ui/dialog.js').AskAction]} */
  const restoreActions = [
    [dirty ? t.restoreAndLose : t.restoreConfirm, restore,
      { test: 'history-restore-confirm', kind: dirty ? 'danger' : 'primary' }],
    [strings.actions.cancel, () => setAsking(false), { test: 'history-restore-cancel' }],
  ];
  return html`<${Dialog} labelId="history-title" test="history-panel" wide onCancel=${onClose}>
    <div class="history">
      <div class="history-head">
        <h2 id="history-title">${t.title}${localeName ? html`<span class="muted"> · ${localeName}</span>` : ''}</h2>
        <button type="button" class="plain dismiss" ref=${closeRef} aria-label=${t.close} data-test="history-close"
          onClick=${onClose}></button>
      </div>
      <div class="history-body">
        <section class="history-versions" aria-label=${t.versions}>${listPart}</section>
        <section class="history-detail" aria-labelledby=${chosen ? 'history-detail-title' : undefined}
          aria-label=${chosen ? undefined : t.version} data-test="history-detail">${detailPart}</section>
      </div>
    </div>
    ${asking && chosen && html`<${Ask} test="history-restore-ask" title=${t.restoreTitle}
      text=${t.restoreText(when, who, dirty)} actions=${restoreActions} />`}
  </${Dialog}>`;
}
