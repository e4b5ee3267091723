/**
 * Bulk actions on the entries selected in a list: publish, unpublish or delete them, after a
 * question naming how many. The API has no bulk route, so each entry is one request (a few at a
 * time); then a summary says how many were done, and why each of the others was refused.
 */
import { html, useState } from '../../lib/preact.js';
import { ApiError, documentPath, request } from '../../lib/api.js';
import { strings } from '../../lib/strings.js';
import { Ask } from '../../ui/dialog.js';
import { scope } from './entry-data.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {'publish' | 'unpublish' | 'delete'} BulkAction
 * @typedef {{ action: BulkAction, done: number, total: number }} BulkProgress
 * @typedef {{ action: BulkAction, total: number, failures: { entry: Entry, reason: string }[] }} BulkSummary
 */

/** The bulk actions, in the order their buttons show; each needs `api::<type>.<type>.<action>`. */
export const BULK_ACTIONS = /** @type {const} */ (['publish', 'unpublish', 'delete']);

/** Requests in flight at once: enough to be quick, few enough to leave the server to others. */
const AT_ONCE = 4;

/**
 * Runs `work` on every item, `limit` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} work
 */
async function eachAtOnce(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One entry's request: its version in the list's locale is published, unpublished or deleted.
 * @param {ContentType} type
 * @param {BulkAction} action
 * @param {Entry} entry
 * @param {string} locale
 */
function actOn(type, action, entry, locale) {
  const path = documentPath(type, entry.documentId);
  const query = scope(type, { locale: locale || undefined });
  if (action === 'delete') return request('DELETE', path, { query });
  return request('POST', `${path}/actions/${action}`, { query });
}

/** Why the server refused: its field messages when it gives some (`title must be defined.`), else its message. */
function reasonOf(error) {
  const messages = error instanceof ApiError ? error.fieldErrors.map(([, message]) => message) : [];
  return messages.length > 0 ? [...new Set(messages)].join(' ') : error.message;
}

/**
 * The bulk actions of a list in `locale`: the one running and how far it is (`progress`), the
 * summary of the last one, and `run`, which calls `onDone` once every request is answered.
 * @param {ContentType} type
 * @param {string} locale
 * @param {() => void} onDone
 */
export function useBulk(type, locale, onDone) {
  const [progress, setProgress] = useState(/** @type {BulkProgress | null} */ (null));
  const [summary, setSummary] = useState(/** @type {BulkSummary | null} */ (null));
  /**
   * @param {BulkAction} action
   * @param {Entry[]} entries
   */
  async function run(action, entries) {
    setSummary(null);
    setProgress({ action, done: 0, total: entries.length });
    /** @type {Map<Entry, string>} */
    const refused = new Map();
    let done = 0;
    await eachAtOnce(entries, AT_ONCE, async (entry) => {
      try {
        await actOn(type, action, entry, locale);
      } catch (error) {
        refused.set(entry, reasonOf(error));
      }
      done += 1;
      setProgress({ action, done, total: entries.length });
    });
    // In the list's order, whichever answered first.
    const failures = entries.filter((entry) => refused.has(entry))
      .map((entry) => ({ entry, reason: refused.get(entry) ?? '' }));
    setProgress(null);
    setSummary({ action, total: entries.length, failures });
    onDone();
  }
  return { progress, summary, run, dismiss: () => setSummary(null) };
}

/**
 * @typedef {object} BulkBarProps
 * @property {number} count How many entries are selected.
 * @property {BulkAction[]} actions The actions the role holds on this type.
 * @property {BulkProgress | null} progress
 * @property {string} localeName The list's locale ('' for a type that is not localized), for the delete question.
 * @property {(action: BulkAction) => void} onConfirm
 * @property {() => void} onClear
 */

/**
 * What the selected entries can have done to them, each after a question naming how many; while
 * one runs, how far it is.
 * @param {BulkBarProps} props
 */
export function BulkBar({ count, actions, progress, localeName, onConfirm, onClear }) {
  const t = strings.bulk;
  const [asking, setAsking] = useState(/** @type {BulkAction | null} */ (null));
  const confirm = (action) => () => {
    setAsking(null);
    onConfirm(action);
  };
  /** @type {import('../../ui/dialog.js').AskAction} */
  const cancel = [strings.actions.cancel, () => setAsking(null), { test: 'cancel-bulk' }];
  return html`<div class="bulk-bar" role="group" aria-label=${t.selected(count)} data-test="bulk-bar">
    <span class="bulk-count" data-test="bulk-count">${t.selected(count)}</span>
    ${progress
      ? html`<span class="bulk-progress" role="status" data-test="bulk-progress">
        ${t[progress.action].working(progress.done, progress.total)}</span>`
      : html`${actions.map((action) => html`<button type="button" data-test=${`bulk-${action}`}
          class=${action === 'delete' ? 'danger-outline' : ''}
          onClick=${() => setAsking(action)}>${t[action].label}</button>`)}
        <button type="button" class="link" data-test="bulk-clear" onClick=${onClear}>${t.clear}</button>`}
    ${asking && html`<${Ask} test="ask-bulk" title=${t[asking].title(count)} text=${t[asking].text(localeName)}
      actions=${[[t[asking].confirm(count), confirm(asking),
        { test: 'confirm-bulk', kind: asking === 'delete' ? 'danger' : 'primary' }], cancel]} />`}
  </div>`;
}

/**
 * @typedef {object} BulkReportProps
 * @property {BulkSummary} summary
 * @property {(entry: Entry) => string} nameOf What names an entry to the editor.
 * @property {() => void} onDismiss
 */

/**
 * What the last bulk action did: how many of how many, and each refusal with the server's reason.
 * @param {BulkReportProps} props
 */
export function BulkReport({ summary, nameOf, onDismiss }) {
  const t = strings.bulk;
  const { action, total, failures } = summary;
  const kind = failures.length === 0 ? 'notice-success' : 'notice-error';
  return html`<div class=${`panel bulk-report ${kind}`} role="status" data-test="bulk-summary">
    <div class="bulk-report-head">
      <p data-test="bulk-done">${t[action].done(total - failures.length, total)}</p>
      <button type="button" class="plain dismiss" aria-label=${t.dismiss} data-test="bulk-dismiss"
        onClick=${onDismiss}></button>
    </div>
    ${failures.length > 0 && html`<p>${t.failed(failures.length)}</p>
      <ul class="bulk-failures">
        ${failures.map(({ entry, reason }) => html`<li key=${entry.documentId} data-test="bulk-failure">
          ${t.failure(nameOf(entry), reason)}</li>`)}
      </ul>`}
  </div>`;
}
