/**
 * A bounded cache of list answers (their JSON bytes), valid for one version of the data.
 *
 * Content is read far more often than it is written, and a site asks the same few list queries
 * again and again; evaluating one means a scan of every version in a locale. So an answer is
 * kept until anything it could depend on changes: the caller passes those things (the store's
 * generation, the users and roles tables, the locales) and the first call with different ones
 * drops every entry. Least recently used entries go first once `maxBytes` is reached.
 */

export interface AnswerCacheOptions {
  /** Total size of the cached answers and their keys. */
  maxBytes: number;
  /** Answers larger than this are never kept (one huge page must not flush all the others). */
  maxEntryBytes: number;
}

/** What an entry holds in memory, near enough: its bytes and its key (a query string). */
const sizeOf = (key: string, answer: Buffer) => answer.length + key.length;

export interface AnswerCache {
  /** The cached answer for `key`, if it was computed for these same `dependencies`. */
  get(key: string, dependencies: readonly unknown[]): Buffer | undefined;
  set(key: string, dependencies: readonly unknown[], answer: Buffer): void;
}

/**
 * @example
 * const cache = createAnswerCache({ maxBytes: 32 << 20, maxEntryBytes: 1 << 20 });
 * const deps = [store.generation(), users.rows()];
 * const bytes = cache.get(key, deps) ?? compute(); cache.set(key, deps, bytes);
 */
export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  let current: readonly unknown[] = [];

  /** Drops everything when the data the entries were computed from has changed. */
  function sameData(dependencies: readonly unknown[]): boolean {
    if (dependencies.length === current.length && dependencies.every((value, i) => value === current[i])) return true;
    entries.clear();
    bytes = 0;
    current = dependencies;
    return false;
  }

  return {
    get(key, dependencies) {
      if (!sameData(dependencies)) return undefined;
      const answer = entries.get(key);
      if (answer === undefined) return undefined;
      entries.delete(key);
      entries.set(key, answer);
      return answer;
    },

    set(key, dependencies, answer) {
      sameData(dependencies);
      if (answer.length > options.maxEntryBytes) return;
      const previous = entries.get(key);
      if (previous !== undefined) bytes -= sizeOf(key, previous);
      entries.delete(key);
      entries.set(key, answer);
      bytes += sizeOf(key, answer);
      for (const [oldest, old] of entries) {
        if (bytes <= options.maxBytes) break;
        entries.delete(oldest);
        bytes -= sizeOf(oldest, old);
      }
    },
  };
}
