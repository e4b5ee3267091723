/**
 * The store's history book: history kept by the store itself (PostgreSQL's `folio_history`, or
 * data/history/ for a files store outside git). Each write becomes one entry per locale it changed
 * (see changes.ts), with the version as the write left it and the content type's schema then.
 */
import { createHash } from 'node:crypto';
import type { ContentType } from '../../schema/index.js';
import { stableStringify } from '../../storage/index.js';
import { localeChanges } from '../changes.js';
import type { ContentChange, HistoryAuthor, HistoryBook, HistoryEntry, HistoryQuery, HistoryVersion, PendingChange } from '../types.js';
import type { HistorySchema, HistoryStorage, NewHistoryEntry, StoredHistoryEntry } from './storage.js';

export interface StoreHistoryOptions {
  /** Who the CLI's writes (author `'system'`) are by: git's own user. */
  systemAuthor: () => HistoryAuthor;
  /** ISO 8601 now; the clock by default. */
  now?: () => string;
  /** Told of an entry that could not be kept after its write landed (a disk that refuses). */
  onLost?: (error: unknown) => void;
}

/** The schema of a content type under the hash of its stable JSON; worked out once per type object. */
const schemas = new WeakMap<ContentType, HistorySchema>();
function schemaOf(type: ContentType): HistorySchema {
  let schema = schemas.get(type);
  if (!schema) {
    schema = { hash: createHash('sha256').update(stableStringify(type)).digest('hex'), type };
    schemas.set(type, schema);
  }
  return schema;
}

/** What a list answers of a stored entry: the entry, without what only the store needs. */
const entryOf = (stored: StoredHistoryEntry): HistoryEntry => ({
  version: stored.version,
  documentId: stored.documentId,
  createdAt: stored.createdAt,
  author: stored.author,
  action: stored.action,
  status: stored.status,
  locale: stored.locale,
  changed: stored.changed,
});

/**
 * @example const history = createStoreHistory(fileHistoryStorage('data'), { systemAuthor: () => gitUser });
 */
export function createStoreHistory(storage: HistoryStorage, options: StoreHistoryOptions): HistoryBook {
  const now = options.now ?? (() => new Date().toISOString());
  /** Appends on their way in (after their write landed): lists, flush and close wait for them. */
  const inFlight = new Set<Promise<unknown>>();
  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  function record(change: ContentChange): PendingChange {
    const author = change.author === 'system' ? options.systemAuthor() : change.author;
    const createdAt = now();
    const schema = schemaOf(change.type);
    const entries: NewHistoryEntry[] = localeChanges(change, change.locale).map((locale) => ({
      createdAt,
      author,
      action: locale.action,
      status: locale.status,
      locale: locale.locale,
      changed: locale.changed,
      type: change.type.uid,
      documentId: change.documentId,
      row: locale.row,
      schema: schema.hash,
    }));
    const append = () => (entries.length === 0 ? Promise.resolve() : storage.append(change.type, change.documentId, entries, schema));
    let settledAs: 'landed' | 'failed' | undefined;

    return {
      async with() {
        if (storage.appendsWhen === 'with') await append();
      },
      landed() {
        if (settledAs) return;
        settledAs = 'landed';
        if (storage.appendsWhen !== 'landed') return;
        // History never fails a write that landed: an entry that cannot be kept is said, not thrown.
        const tracked = append().catch((error: unknown) => options.onLost?.(error));
        inFlight.add(tracked);
        void tracked.then(() => inFlight.delete(tracked));
        return tracked;
      },
      failed() {
        settledAs ??= 'failed';
      },
    };
  }

  return {
    kind: 'store',
    record,
    // The media library has no history of its own here: the API's history is the documents'.
    recordFiles: () => ({ with: async () => undefined, landed: () => undefined, failed: () => undefined }),

    async list(query: HistoryQuery) {
      await settled();
      return (await storage.list(query.type, query.documentId, query.locale)).map(entryOf);
    },

    async version(query, version): Promise<HistoryVersion | undefined> {
      await settled();
      const stored = await storage.entry(query.type, query.documentId, version);
      if (!stored || (query.locale !== undefined && stored.locale !== query.locale)) return undefined;
      // The type as it was then; the current one when its schema is not kept (a file lost).
      const type = (await storage.schema(stored.schema)) ?? query.type;
      return { entry: entryOf(stored), row: stored.row, type };
    },

    behind: () => undefined,
    flush: settled,
    async close() {
      await settled();
      await storage.close?.();
    },
  };
}
