/**
 * The memory reader: every answer from the store's index of versions, synchronously — the filter
 * compiled to a predicate, the indexes and text columns `selectRows` keeps per list of rows, then
 * `_q` and the window. What the files store serves from, and what PostgreSQL's cache serves from.
 */
import { contentTypeModel, matchesSearch, paginate, selectRows, type SortKey } from '../../model/index.js';
import type { ContentType } from '../../schema/index.js';
import type { DocumentRow } from '../types.js';
import { storedStatus, type ContentReader, type ReaderParts, type ReadQuery } from '../reader.js';

/**
 * @example const reader = createMemoryReader({ store, contexts: context.contexts });
 */
export function createMemoryReader({ store, contexts }: Pick<ReaderParts, 'store' | 'contexts'>): ContentReader {
  const storedRows = (type: ContentType, query: ReadQuery): readonly DocumentRow[] => {
    const status = storedStatus(type, query.status);
    return query.locale === '*' ? store.rowsInAllLocales(type, status) : store.rows(type, status, query.locale);
  };

  /** The rows a query matches, in `sort`'s order. */
  function matching(type: ContentType, query: ReadQuery, sort: readonly SortKey[]): readonly DocumentRow[] {
    const model = contentTypeModel(type);
    const rows = selectRows(storedRows(type, query), query.filters, sort, model, contexts(query.status).evaluate);
    return query.q ? rows.filter(matchesSearch(query.q, model)) : rows;
  }

  return {
    select: (type, query, pagination) => paginate(matching(type, query, query.sort), pagination),
    count: (type, query) => matching(type, query, []).length,
    get: (type, documentId, status, locale) => store.get(type, documentId, status, locale),
    shape: (status, work) => work(contexts(status).present),
    // A bucket's list of rows is made anew at every change of it; any change raises the generation.
    stateOf: (scope) => (scope === 'everything' ? store.generation() : store.rows(scope.type, scope.status, scope.locale)),
  };
}
