/**
 * Uniqueness of `unique` and `uid` attributes across the documents of a type, per status and locale.
 * A write checks its values against the stored versions and against the values other writes have
 * claimed and not yet stored; on a store other processes share, writes that set such values take
 * turns across every process and read the documents holding them again first.
 */
import type { ContentType } from '../schema/index.js';
import type { DocumentStatus, Json } from '../storage/index.js';
import type { ContentStore } from './store.js';

export interface Uniqueness {
  /** The validator's `isUnique` for a write of `documentId` in one status and locale (top-level attributes only). */
  isUniqueIn(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): (attribute: string, value: unknown, path: string[]) => boolean;
  /**
   * Claims the unique values of a validated payload until the write is durable. Called in the same
   * synchronous run as the validation, so no other write can slip in between. Answers the release.
   */
  claim(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null, input: Record<string, unknown>): () => void;
  /**
   * Runs `write`, a write of `data`; when it sets a unique or uid attribute on a shared store, in the
   * type's turn across processes, after reading again the documents that hold its values.
   */
  turn<T>(type: ContentType, data: unknown, write: () => Promise<T>): Promise<T>;
}

export interface UniquenessDeps {
  store: ContentStore;
  /** The process's own queue of writes by key (a turn queues locally before it asks the store's lock). */
  inQueue<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Reads one document again from the store, in that document's turn. */
  reread(type: ContentType, documentId: string): Promise<unknown>;
}

/** Whether `name` is a top-level attribute whose values must be unique (a uid, or `unique: true`). */
const isUniqueAttribute = (type: ContentType, name: string): boolean => {
  const attribute = type.attributes[name];
  return attribute !== undefined && (attribute.type === 'uid' || ('unique' in attribute && attribute.unique === true));
};

/**
 * @example const unique = createUniqueness({ store, inQueue, reread }); const release = unique.claim(type, id, 'draft', 'en', input);
 */
export function createUniqueness({ store, inQueue, reread }: UniquenessDeps): Uniqueness {
  /**
   * Unique values claimed by writes still on their way to disk, so that two documents written at
   * once cannot both pass the uniqueness check with the same value: claim key → value → documentId.
   */
  const claims = new Map<string, Map<unknown, string>>();
  const claimKey = (type: ContentType, status: DocumentStatus, locale: string | null, attribute: string) => `${type.uid}|${status}|${locale ?? ''}|${attribute}`;

  function isUniqueIn(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null) {
    return (attribute: string, value: unknown, path: string[]) => {
      if (path.length > 1) return true; // uniqueness inside components is per entry, not enforced across documents
      const claimedBy = claims.get(claimKey(type, status, locale, attribute))?.get(value);
      if (claimedBy !== undefined && claimedBy !== documentId) return false;
      return !store.rows(type, status, locale).some((row) => row.documentId !== documentId && row[attribute] === value);
    };
  }

  function claim(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null, input: Record<string, unknown>): () => void {
    const claimed: Array<[Map<unknown, string>, unknown]> = [];
    for (const [name, value] of Object.entries(input)) {
      if (value === null || value === undefined || !isUniqueAttribute(type, name)) continue;
      const key = claimKey(type, status, locale, name);
      let values = claims.get(key);
      if (!values) claims.set(key, (values = new Map()));
      values.set(value, documentId);
      claimed.push([values, value]);
    }
    return () => {
      for (const [values, value] of claimed) if (values.get(value) === documentId) values.delete(value);
    };
  }

  /** The unique and uid attributes a payload sets (to a value or to null), top-level only. */
  function uniqueNamesIn(type: ContentType, data: unknown): string[] {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
    return Object.keys(data).filter((name) => isUniqueAttribute(type, name));
  }

  /**
   * On a shared store, such writes of a type take turns across every process (the type's lock is
   * always taken before the document's), and the documents holding the values it sets are read
   * again first, including those whose notice is still on its way, so that its uniqueness check sees
   * what the others committed a moment ago. Any other write goes straight on.
   */
  function turn<T>(type: ContentType, data: unknown, write: () => Promise<T>): Promise<T> {
    const names = store.shared ? uniqueNamesIn(type, data) : [];
    if (names.length === 0) return write();
    const key = `unique:${type.uid}`;
    // Local writers queue here before asking for the lock: each waiter would hold a connection otherwise.
    return inQueue(key, () =>
      store.exclusive(key, async () => {
        const holders = new Set<string>();
        for (const name of names) {
          const value = (data as Record<string, Json | undefined>)[name];
          if (value === null || value === undefined || typeof value === 'object') continue; // null is never taken; an object is refused by validation
          for (const documentId of await store.holdersOf(type, name, value)) holders.add(documentId);
          for (const status of ['draft', 'published'] as const) {
            for (const row of store.rowsInAllLocales(type, status)) if (row[name] === value) holders.add(row.documentId);
          }
        }
        for (const documentId of holders) await reread(type, documentId);
        return write();
      }),
    );
  }

  return { isUniqueIn, claim, turn };
}
