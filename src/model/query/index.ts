/**
 * Strapi v5's REST query language over in-memory documents: parse and validate `filters`, `sort`,
 * `pagination`, `fields`, `populate`, `_q`, `status` and `locale` (docs/api/query-parameters.md), then
 * evaluate them with compiled predicates and comparators, without I/O.
 * @module
 */
export type {
  CompareOperator,
  ContentQuery,
  EvalContext,
  FieldFilter,
  FieldOperator,
  Filter,
  FilterValue,
  ListOperator,
  NullOperator,
  OffsetMeta,
  PageMeta,
  Paginated,
  Pagination,
  PopulateNode,
  PopulateTree,
  PublicationStatus,
  RestQueryOptions,
  SortKey,
  TextOperator,
  UsersQuery,
  ValueKind,
} from './types.js';
export { queryMessages } from './messages.js';
export { parseQueryString, MAX_QUERY_BYTES, MAX_QUERY_DEPTH } from './query-string.js';
export { parseContentQuery, parseUsersQuery } from './params.js';
export { compileFilter } from './compile-filter.js';
export { compareBy } from './compare.js';
export { selectRows } from './select.js';
export { matchesSearch } from './search.js';
export { pageCount, pageMeta, paginate, windowOf } from './paginate.js';
export { pickFields } from './fields.js';
export { attributeOf } from './model.js';
