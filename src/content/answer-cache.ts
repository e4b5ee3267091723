/**
 * A bounded cache of list answers (their JSON bytes), each valid for one version of what it read.
 *
 * Content is read far more often than it is written, and a site asks the same few list queries
 * again and again; evaluating one means a scan of every version in a locale. So an answer is kept
 * with its scope (what it could depend on: one type's versions in one status and locale, or
 * everything) and the dependencies it was computed from; asked again, it is served only while the
 * caller finds the same dependencies for that scope. A write to one type and locale thus leaves the
 * answers of the others in place. Least recently used entries go first once `maxBytes` is reached.
 *
 * Once the cache is full, an answer computed for the first time is not kept: one asked once (a
 * search, a new range, a crawler paging through) would only push out one asked again and again,
 * and keeping it, to evict it a moment later, cost a fifth of the throughput of such queries
 * (10,000 documents). Computed a second time while the cache is full, an answer is kept.
 */

export interface AnswerCacheOptions {
  /** Total size of the cached answers and their keys. */
  maxBytes: number;
  /** Answers larger than this are never kept (one huge page must not flush all the others). */
  maxEntryBytes: number;
}

interface Entry<S> {
  answer: Buffer;
  scope: S;
  dependencies: readonly unknown[];
}

/** Keys computed once while the cache was full are remembered up to this many, then forgotten all at once. */
const SEEN_KEYS = 10_000;

/** What an entry holds in memory, near enough: its bytes and its key (a query string). */
const sizeOf = (key: string, answer: Buffer) => answer.length + key.length;

export interface AnswerCache<S> {
  /** The cached answer for `key`, if `current(scope)` still gives the dependencies it was computed from. */
  get(key: string, current: (scope: S) => readonly unknown[]): Buffer | undefined;
  set(key: string, scope: S, dependencies: readonly unknown[], answer: Buffer): void;
}

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * @example
 * const cache = createAnswerCache<'all'>({ maxBytes: 32 << 20, maxEntryBytes: 1 << 20 });
 * const current = () => [store.generation()];
 * const bytes = cache.get(key, current) ?? compute(); cache.set(key, 'all', current('all'), bytes);
 */
export function createAnswerCache<S>(options: AnswerCacheOptions): AnswerCache<S> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  const entries = new Map<string, Entry<S>>();
  let bytes = 0;
  /** Keys whose answer was computed, and not kept, while the cache was full. */
  const seen = new Set<string>();

  function drop(key: string, entry: Entry<S>): void {
    entries.delete(key);
    bytes -= sizeOf(key, entry.answer);
  }

  return {
    get(key, current) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (!same(entry.dependencies, current(entry.scope))) {
        drop(key, entry);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },

    set(key, scope, dependencies, answer) {
      const previous = entries.get(key);
      if (previous !== undefined) drop(key, previous);
      if (answer.length > options.maxEntryBytes) return;
      if (previous === undefined && bytes + sizeOf(key, answer) > options.maxBytes && !seen.delete(key)) {
        if (seen.size >= SEEN_KEYS) seen.clear();
        seen.add(key);
        return;
      }
      entries.set(key, { answer, scope, dependencies });
      bytes += sizeOf(key, answer);
      for (const [oldest, old] of entries) {
        if (bytes <= options.maxBytes) break;
        drop(oldest, old);
      }
    },
  };
}
