/**
 * The History panel of an entry's edit view: the versions of the locale shown (who, when, what,
 * which fields), one of them beside the current draft with the fields that differ marked, and
 * "Restore this version" behind a question. The server keeps the history and decides each request
 * (`…/history`, `…/history/<version>`, `…/actions/restore`); a role without the right is told so
 * quietly, in the panel.
 */
import { html, useEffect, useRef, useState } from './preact.js';
import { ApiError, historyPath, documentPath, entryOf, request } from './api.js';
import { humanize, summarize } from './schema.js';
import { Ask, Dialog } from './ui.js';

/**
 * One entry of a history list, as the server answers it.
 * @typedef {{ version: string, createdAt: string, author?: { username?: string, email?: string, token?: string },
 *   action: string, status?: string, locale?: string | null, changed?: string[] }} HistoryEntry
 * @typedef {import('./schema.js').ContentType} ContentType
 * @typedef {import('./schema.js').Component} Component
 * @typedef {import('./schema.js').Entry} Entry
 */

const PAGE_SIZE = 20;

const ACTION_LABELS = {
  create: 'Created',
  update: 'Saved',
  delete: 'Deleted',
  publish: 'Published',
  unpublish: 'Unpublished',
  discardDraft: 'Discarded the draft’s changes',
  restore: 'Restored an earlier version',
};

/** `Saved`, `Published`, …; an action this page does not know yet keeps its own name. */
export const actionLabel = (action) => ACTION_LABELS[action] ?? humanize(String(action ?? ''));

/** A person by their username (else email), an API token by its name. */
export function authorName(author) {
  if (!author) return 'Unknown';
  if (typeof author.token === 'string') return `API token ${author.token}`;
  return author.username || author.email || 'Unknown';
}

/** Date and time in the reader's locale, to the second: two saves a minute apart read apart. */
export const whenText = (value) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value ?? '') : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
};

/** What a failed history request means to the editor, in the panel. */
function problemOf(error, what) {
  if (error instanceof ApiError && error.status === 403) return `Your account may not ${what}.`;
  if (error instanceof ApiError && (error.status === 404 || error.status === 405 || error.status === 501)) return 'This server keeps no history for this entry.';
  return error.message;
}

// ---- Comparing a version with the current draft ----

/** A value with object keys sorted and component ids left out, so equal content compares equal. */
function canonical(value, dropIds) {
  if (Array.isArray(value)) return value.map((item) => canonical(item, dropIds));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => !(dropIds && key === 'id') && key !== '__key').sort();
    return Object.fromEntries(keys.map((key) => [key, canonical(value[key], dropIds)]));
  }
  return value;
}

/** A relation's documentIds, or a media field's file ids, whether the value is populated or not. */
const idsOf = (value, key) => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
  .map((item) => (item && typeof item === 'object' ? item[key] ?? item.id : item));

/** What two values are compared by; `undefined` when the answer left the attribute out (not known). */
function compareKey(attribute, value) {
  if (value === undefined) return undefined;
  switch (attribute.type) {
    case 'relation': return JSON.stringify(idsOf(value, 'documentId'));
    case 'media': return JSON.stringify(idsOf(value, 'id'));
    case 'component':
    case 'dynamiczone': return JSON.stringify(canonical(value, true));
    case 'blocks':
    case 'json': return JSON.stringify(canonical(value, false));
    case 'datetime': {
      const time = Date.parse(value);
      return Number.isNaN(time) ? JSON.stringify(value) : String(time);
    }
    case 'boolean': return String(value === true);
    default: return value === null || value === '' ? '' : String(value);
  }
}

const clip = (text, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

/**
 * A value as one short text: scalars as the form shows them, rich content summarised ("3 blocks",
 * "Section: 2 entries"). `known` names what the current draft populates (a relation's entries, a
 * media field's files), for a version that holds only their ids.
 */
function shownValue(attribute, value, components, known, missing = 'Not shown to your account') {
  if (value === undefined) return missing;
  const { type } = attribute;
  if (type === 'relation' || type === 'media') {
    const key = type === 'relation' ? 'documentId' : 'id';
    const items = Array.isArray(value) ? value : value === null ? [] : [value];
    // Populated: summarised as the form summarises; ids only: named from the current draft where it has them.
    if (items.every((item) => item && typeof item === 'object')) return summarize(attribute, value, components);
    const knownItems = Array.isArray(known) ? known : known ? [known] : [];
    const names = new Map(knownItems.map((item) => [idsOf(item, key)[0], item]));
    const label = (id) => {
      const found = names.get(id);
      if (found && typeof found === 'object') return summarize(attribute, found, components);
      return type === 'media' ? `File ${id}` : String(id);
    };
    if (items.length === 0) return type === 'media' ? 'No file' : 'None';
    return items.map(label).join(', ');
  }
  if (type === 'component' || type === 'dynamiczone' || type === 'blocks') return summarize(attribute, value, components);
  if (type === 'json') return value === null ? '(empty)' : clip(JSON.stringify(value));
  if (value === null || value === '') return '(empty)';
  if (type === 'boolean') return value ? 'Yes' : 'No';
  if (type === 'datetime') return whenText(value);
  return clip(String(value));
}

/** Rich content is summarised, so a difference there is said in words besides the summaries. */
const SUMMARISED = new Set(['component', 'dynamiczone', 'blocks', 'json', 'relation', 'media']);

/**
 * The comparison's rows: every attribute the form shows (never a password or private one), with
 * the version's value, the current draft's, and whether they differ.
 */
export function comparisonRows(type, version, current, components) {
  return Object.entries(type.schema.attributes)
    .filter(([, attribute]) => attribute.type !== 'password' && !attribute.private)
    .map(([name, attribute]) => {
      const [then, now] = [version?.[name], current?.[name]];
      const [thenKey, nowKey] = [compareKey(attribute, then), compareKey(attribute, now)];
      const differs = thenKey !== undefined && nowKey !== undefined && thenKey !== nowKey;
      // What a version's answer leaves out (relations, media and components, unless it populates them) is not compared.
      const thenText = shownValue(attribute, then, components, now, 'Not shown in history');
      const nowText = shownValue(attribute, now, components, now);
      // Two summaries that read alike ("3 blocks" both) say that the content changed.
      const note = differs && (SUMMARISED.has(attribute.type) || thenText === nowText) ? 'changed' : '';
      return { name, label: humanize(name), thenText, nowText, differs, note, unknown: thenKey === undefined || nowKey === undefined };
    });
}

// ---- The panel ----

/**
 * One version's line in the list: when, who, what, and which fields it changed (by their labels).
 * @param {{ entry: HistoryEntry, index: number, chosen: boolean, labelOf: (name: string) => string, order: string[], onChoose: () => void }} props
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
        <time datetime=${entry.createdAt} class="version-when" data-test="history-when">${whenText(entry.createdAt)}</time>
        ${entry.status === 'published' && html`<span class="badge badge-published">Published version</span>`}
      </span>
      <span class="version-line">
        <span data-test="history-action">${actionLabel(entry.action)}</span>
        <span class="muted"> by </span>
        <span class="version-who" data-test="history-author" title=${entry.author?.email ?? ''}>${authorName(entry.author)}</span>
      </span>
      ${changed.length > 0 && html`<span class="version-changed muted" data-test="history-changed">
        Changed: ${shownFields.join(', ')}${more > 0 ? ` and ${more} more` : ''}</span>`}
    </button>
  </li>`;
}

/**
 * The History panel, a dialog over the form. `query` is the locale the form shows (as its reads
 * send it), `current` the draft as stored, `etag` the version the form was read at (a restore is
 * made on it, like a save); `dirty` says the form holds unsaved changes, which a restore replaces:
 * the question says so. `onRestored(notice)` after a restore (the form is read again);
 * `onConflict()` when the entry changed since it was read (412).
 * @param {{ type: ContentType, documentId: string | null, query: object, current: Entry | null, etag?: string, dirty: boolean,
 *   mayRestore: boolean, components: Map<string, Component>, localeName?: string,
 *   onRestored: (notice: string) => void, onConflict: () => void, onClose: () => void, populate: object }} props
 */
export function HistoryPanel({ type, documentId, query, populate, current, etag, dirty, mayRestore, components, localeName, onRestored, onConflict, onClose }) {
  const [list, setList] = useState(/** @type {{ phase: string, entries: HistoryEntry[], page: number, pageCount: number, error?: string }} */ ({ phase: 'loading', entries: [], page: 0, pageCount: 0 }));
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState(/** @type {HistoryEntry | null} */ (null));
  const [version, setVersion] = useState(/** @type {{ phase: string, data?: Entry | null, error?: string }} */ ({ phase: 'none' }));
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const [asking, setAsking] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState('');
  const listRef = useRef(/** @type {HTMLOListElement | null} */ (null));
  const detailTitle = useRef(/** @type {HTMLHeadingElement | null} */ (null));
  const closeRef = useRef(/** @type {HTMLButtonElement | null} */ (null));
  const focusFirst = useRef(false);
  // The version chosen last, whose answer the comparison waits for.
  const latest = useRef('');
  const labelOf = (name) => humanize(name);

  async function loadPage(page) {
    const answer = await request('GET', historyPath(type, documentId), { query: { ...query, pagination: { page, pageSize: PAGE_SIZE } } });
    const entries = Array.isArray(answer?.data) ? answer.data : [];
    const pagination = answer?.meta?.pagination ?? {};
    return { entries, page: pagination.page ?? page, pageCount: pagination.pageCount ?? page };
  }

  useEffect(() => {
    let live = true;
    setList((shown) => ({ ...shown, phase: 'loading', error: '' }));
    loadPage(1).then(
      (loaded) => {
        if (!live) return;
        // The focus starts on Close while the list loads; it moves to the newest version once shown.
        focusFirst.current = document.activeElement === closeRef.current;
        setList({ phase: 'ready', ...loaded });
      },
      (error) => live && setList({ phase: 'error', entries: [], page: 0, pageCount: 0, error: problemOf(error, "see this entry's history") }),
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
      setList((shown) => ({ phase: 'ready', entries: [...shown.entries, ...loaded.entries], page: loaded.page, pageCount: loaded.pageCount }));
    } catch (error) {
      setList((shown) => ({ ...shown, phase: 'ready', error: problemOf(error, "see this entry's history") }));
    }
  }

  async function choose(entry) {
    latest.current = entry.version;
    setChosen(entry);
    setRestoreError('');
    setVersion({ phase: 'loading' });
    // The comparison is where the editor goes next: on a narrow screen it is below the list.
    requestAnimationFrame(() => detailTitle.current?.focus());
    try {
      // Populated as the form reads the entry, so components, relations and media compare too.
      const answer = await request('GET', historyPath(type, documentId, entry.version), { query: { ...query, populate } });
      // Another version chosen meanwhile: its answer is the one to show.
      if (latest.current === entry.version) setVersion({ phase: 'ready', data: entryOf(answer) });
    } catch (error) {
      if (latest.current !== entry.version) return;
      const empty = error instanceof ApiError && error.status === 404;
      setVersion({ phase: 'error', error: empty ? 'This version holds no content to show (the entry did not exist in it).' : problemOf(error, 'see the versions of this entry') });
    }
  }

  async function restore() {
    if (!chosen) return;
    setAsking(false);
    setRestoring(true);
    setRestoreError('');
    try {
      await request('POST', `${documentPath(type, documentId)}/actions/restore`, { query, body: { version: chosen.version }, ifMatch: etag });
      onRestored(`Restored the version of ${whenText(chosen.createdAt)} by ${authorName(chosen.author)}.`);
    } catch (error) {
      setRestoring(false);
      if (error instanceof ApiError && error.status === 412) onConflict();
      else setRestoreError(problemOf(error, 'restore versions'));
    }
  }

  // Up and Down move between the versions, as in a list.
  function moveFocus(event) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll('button.version') ?? [])];
    const at = buttons.indexOf(/** @type {any} */ (document.activeElement));
    if (at === -1) return;
    event.preventDefault();
    /** @type {HTMLElement | undefined} */ (buttons[Math.max(0, Math.min(buttons.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))])?.focus();
  }

  const rows = version.phase === 'ready' && version.data ? comparisonRows(type, version.data, current, components) : [];
  const differing = rows.filter((row) => row.differs);
  const who = chosen ? authorName(chosen.author) : '';
  const when = chosen ? whenText(chosen.createdAt) : '';

  const listPart = list.phase === 'error'
    ? html`<div class="history-problem" data-test="history-unavailable" role="status">
        <p class="muted">${list.error}</p>
        <button type="button" onClick=${() => setAttempt(attempt + 1)}>Try again</button>
      </div>`
    : list.phase === 'loading' ? html`<p class="muted" aria-live="polite">Loading…</p>`
    : list.entries.length === 0 ? html`<p class="muted" data-test="history-empty">No versions recorded yet.</p>`
    : html`<ol class="versions" ref=${listRef} data-test="history-list" aria-label="Versions, newest first" onKeyDown=${moveFocus}>
        ${list.entries.map((entry, index) => html`<${VersionItem} key=${entry.version} entry=${entry} index=${index}
          chosen=${chosen?.version === entry.version} labelOf=${labelOf} order=${Object.keys(type.schema.attributes)} onChoose=${() => choose(entry)} />`)}
      </ol>
      ${list.error && html`<p class="field-error" role="alert">${list.error}</p>`}
      ${list.page < list.pageCount && html`<button type="button" class="wide" data-test="history-more" disabled=${list.phase === 'more'} onClick=${more}>
        ${list.phase === 'more' ? 'Loading…' : 'Show older versions'}</button>`}`;

  const detailPart = !chosen
    ? list.phase === 'ready' && list.entries.length > 0 && html`<p class="muted history-hint">Choose a version to see it beside the current draft.</p>`
    : html`<h3 id="history-detail-title" ref=${detailTitle} tabindex="-1" data-test="history-detail-title">Version of ${when}</h3>
      <p class="muted">${actionLabel(chosen.action)} by ${who}${chosen.status === 'published' ? ' (the published version)' : ''}.</p>
      ${version.phase === 'loading' && html`<p class="muted" aria-live="polite">Loading…</p>`}
      ${version.phase === 'error' && html`<p class="muted" role="status" data-test="history-version-error">${version.error}</p>`}
      ${version.phase === 'ready' && html`
        <p role="status" data-test="history-summary">${differing.length === 0 ? 'No field differs from the current draft.'
          : `${differing.length === 1 ? '1 field differs' : `${differing.length} fields differ`} from the current draft: ${differing.map((row) => row.label).join(', ')}.`}
          ${dirty ? ' Your unsaved changes are not part of the comparison.' : ''}</p>
        <label class="history-filter">
          <input type="checkbox" data-test="history-only-differing" checked=${onlyDiffering} onChange=${(event) => setOnlyDiffering(event.currentTarget.checked)} />
          Only the fields that differ
        </label>
        <div class="compare-wrap">
          <table class="compare history-compare" data-test="history-compare">
            <caption class="visually-hidden">The version of ${when} beside the current draft; fields that differ are marked.</caption>
            <thead><tr><th scope="col">Field</th><th scope="col">This version</th><th scope="col">Current draft</th></tr></thead>
            <tbody>
              ${(onlyDiffering ? differing : rows).map((row) => html`<tr key=${row.name} class=${row.differs ? 'differs' : ''} data-test=${`history-row-${row.name}`} data-differs=${row.differs ? 'true' : 'false'}>
                <th scope="row">${row.label}${row.differs && html`<span class="badge badge-modified" data-test="history-differs">${row.note || 'differs'}</span>`}</th>
                <td data-test=${`history-then-${row.name}`} class=${row.unknown ? 'muted' : ''}>${row.thenText}</td>
                <td data-test=${`history-now-${row.name}`} class=${row.unknown ? 'muted' : ''}>${row.nowText}</td>
              </tr>`)}
              ${onlyDiffering && differing.length === 0 && html`<tr><td colspan="3">No field differs.</td></tr>`}
            </tbody>
          </table>
        </div>
        ${restoreError && html`<p class="field-error" role="alert" data-test="history-restore-error">${restoreError}</p>`}
        ${mayRestore && html`<div class="inline dialog-actions">
          <button type="button" class="primary" data-test="history-restore" disabled=${restoring} onClick=${() => setAsking(true)}>
            ${restoring ? 'Restoring…' : 'Restore this version'}</button>
        </div>`}`}`;

  return html`<${Dialog} labelId="history-title" test="history-panel" wide onCancel=${onClose}>
    <div class="history">
      <div class="history-head">
        <h2 id="history-title">History${localeName ? html`<span class="muted"> · ${localeName}</span>` : ''}</h2>
        <button type="button" class="plain dismiss" ref=${closeRef} aria-label="Close history" data-test="history-close" onClick=${onClose}></button>
      </div>
      <div class="history-body">
        <section class="history-versions" aria-label="Versions">${listPart}</section>
        <section class="history-detail" aria-labelledby=${chosen ? 'history-detail-title' : undefined} aria-label=${chosen ? undefined : 'Version'} data-test="history-detail">${detailPart}</section>
      </div>
    </div>
    ${asking && chosen && html`<${Ask} test="history-restore-ask" title="Restore this version?"
      text=${`Restore the version of ${when} by ${who}? The current draft is replaced; it stays in history.${dirty ? ' The unsaved changes in your form are lost.' : ''}`}
      actions=${[[dirty ? 'Restore and lose my changes' : 'Restore', restore, { test: 'history-restore-confirm', kind: dirty ? 'danger' : 'primary' }],
        ['Cancel', () => setAsking(false), { test: 'history-restore-cancel' }]]} />`}
  </${Dialog}>`;
}
