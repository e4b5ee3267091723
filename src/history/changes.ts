/**
 * What one write did to each locale of a document, in history's words: which status it is about,
 * its action and the attributes it changed. Git's history works it out from two blobs, the
 * store's from the versions before and after the write; both go through here, so a version
 * reads the same whichever book keeps it.
 */
import { SYSTEM_FIELDS, type ContentType } from '../schema/index.js';
import { stableStringify, type DocumentStatus } from '../storage/index.js';
import { isSecretAttribute } from './diff/shapes.js';
import type { ContentChange, HistoryAction, StoredVersion } from './types.js';

/** Keys every stored version has that are no attribute a person changes. */
const BOOKKEEPING = new Set([...SYSTEM_FIELDS, 'locale']);

type Row = StoredVersion['row'];
/** What says which attributes are secrets: a content type, as loaded or as a file declares it. */
type Secrets = Pick<ContentType, 'attributes'>;

/**
 * The attributes whose value differs between two versions of one document: every attribute with
 * a value when there was none before, none when the version goes. Sorted by name. A password or
 * private attribute of `type` (the type the versions were written under, when known) is never
 * named: that a secret changed, and when, is itself a thing to keep from whoever reads history.
 * @example changedAttributes({ title: 'A', body: 'x' }, { title: 'B', body: 'x' }) // ['title']
 */
export function changedAttributes(before: Row | undefined, after: Row | undefined, type?: Secrets): string[] {
  if (!after) return [];
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const name of names) {
    if (BOOKKEEPING.has(name) || (type && isSecretAttribute(type.attributes[name]))) continue;
    const was = before?.[name];
    const is = after[name];
    if (was === undefined && (is === undefined || is === null)) continue;
    if (stableStringify(was ?? null) !== stableStringify(is ?? null)) changed.push(name);
  }
  return changed.sort();
}

/** One locale's part of a write: what history lists for it. */
export interface LocaleChange {
  locale: string | null;
  status: DocumentStatus;
  action: HistoryAction;
  changed: string[];
  /** The version `status` names as the write left it, or as it was before a delete. */
  row: Row | undefined;
  /** Both versions of the locale as the write left them. */
  after: { draft?: Row; published?: Row };
}

const byStatus = (versions: readonly StoredVersion[], locale: string | null) => {
  const found: { draft?: Row; published?: Row } = {};
  for (const { status, row } of versions) if (row.locale === locale) found[status] = row;
  return found;
};

/** Whether two versions hold the same; a version a write left untouched is the very same object. */
const same = (a: Row | undefined, b: Row | undefined) => a === b || (a !== undefined && b !== undefined && stableStringify(a) === stableStringify(b));

/**
 * The status an entry is about: the published version for publishing and unpublishing, the draft
 * for anything else (the only version of a type without draft & publish is its published one).
 */
function statusOf(type: Pick<ContentType, 'draftAndPublish'>, action: HistoryAction, before: { draft?: Row; published?: Row }, after: { draft?: Row; published?: Row }): DocumentStatus {
  if (!type.draftAndPublish) return 'published';
  if (action === 'publish' || action === 'unpublish') return 'published';
  if (action === 'delete') return before.draft ? 'draft' : 'published';
  return after.draft || before.draft ? 'draft' : 'published';
}

/**
 * The action a locale's part of a write is named by: the write's own, except for a locale that
 * only received shared values (an update there), or whose versions the write made or removed.
 */
function actionOf(action: HistoryAction, before: { draft?: Row; published?: Row }, after: { draft?: Row; published?: Row }, own: boolean): HistoryAction {
  const existed = before.draft !== undefined || before.published !== undefined;
  const exists = after.draft !== undefined || after.published !== undefined;
  if (!exists) return 'delete';
  if (!existed) return 'create';
  return own ? action : 'update';
}

/**
 * The locales a write changed, each with what history says of it; a locale the write left as it
 * was has none. `locale` is the one the write was made in (`*` for a delete of every locale).
 * @example localeChanges(change, 'fr') // [{ locale: 'fr', status: 'draft', action: 'update', changed: ['title'], … }, { locale: 'en', … shared values … }]
 */
export function localeChanges(change: Pick<ContentChange, 'type' | 'action' | 'before' | 'after'>, locale: string | null | '*'): LocaleChange[] {
  const locales = new Set<string | null>([...change.before, ...change.after].map(({ row }) => row.locale));
  const changes: LocaleChange[] = [];
  for (const code of locales) {
    const before = byStatus(change.before, code);
    const after = byStatus(change.after, code);
    if (same(before.draft, after.draft) && same(before.published, after.published)) continue;
    const action = actionOf(change.action, before, after, locale === '*' || code === locale);
    const status = statusOf(change.type, action, before, after);
    changes.push({
      locale: code,
      status,
      action,
      changed: action === 'delete' ? [] : changedAttributes(before[status], after[status], change.type),
      row: action === 'delete' ? before[status] : after[status] ?? before[status],
      after,
    });
  }
  return changes.sort((a, b) => String(a.locale).localeCompare(String(b.locale)));
}
