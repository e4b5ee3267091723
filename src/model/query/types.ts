/**
 * The parsed, validated form of a REST query: what the parsers return and the evaluators take.
 * Everything here is plain data (no functions), so a parsed query can be logged or compared.
 */
import type { Model, ModelLookup } from '../types.js';

/** Comparison operators that cast their value to the attribute's type (Strapi's "cast" operators). */
export type CompareOperator = '$eq' | '$ne' | '$lt' | '$lte' | '$gt' | '$gte';

/** Operators that compare the text of a value; their value is never cast. */
export type TextOperator =
  | '$eqi'
  | '$nei'
  | '$startsWith'
  | '$startsWithi'
  | '$endsWith'
  | '$endsWithi'
  | '$contains'
  | '$notContains'
  | '$containsi'
  | '$notContainsi';

export type ListOperator = '$in' | '$notIn';
export type NullOperator = '$null' | '$notNull';

/** Every attribute-level operator of Strapi 5's `filters` (`$not` is a {@link Filter} node instead). */
export type FieldOperator = CompareOperator | TextOperator | ListOperator | NullOperator | '$between';

/**
 * How a field's values compare. Numbers for integer/decimal/float, `biginteger` as decimal digit
 * strings compared exactly, dates as `YYYY-MM-DD`, datetimes by instant, times as `HH:mm:ss.SSS`.
 * `json` (json and blocks) only supports `$null`/`$notNull`.
 */
export type ValueKind = 'string' | 'number' | 'biginteger' | 'boolean' | 'date' | 'datetime' | 'time' | 'json';

/** A filter value after casting: see {@link ValueKind} for which JavaScript type each kind uses. */
export type FilterValue = string | number | boolean | null;

interface FieldFilterBase {
  kind: 'field';
  /** Attribute (or system field) of the model the filter is evaluated against. */
  field: string;
  type: ValueKind;
}

/** A condition on one scalar field. */
export type FieldFilter =
  | (FieldFilterBase & { operator: CompareOperator; value: FilterValue })
  | (FieldFilterBase & { operator: TextOperator; value: string | null })
  | (FieldFilterBase & { operator: ListOperator; value: FilterValue[] })
  | (FieldFilterBase & { operator: '$between'; value: [FilterValue, FilterValue] })
  | (FieldFilterBase & { operator: NullOperator; value: boolean });

/**
 * The filter AST. `relation` and `component` nodes evaluate `filter` against the related rows or
 * component entries (true when any entry matches); a condition written directly on a relation
 * (`filters[category][$null]=true`, `filters[category]=3`) is a condition on the related `id`.
 */
export type Filter =
  | { kind: 'and'; filters: Filter[] }
  | { kind: 'or'; filters: Filter[] }
  | { kind: 'not'; filter: Filter }
  | FieldFilter
  | { kind: 'relation'; field: string; target: string; filter: Filter }
  | { kind: 'component'; field: string; component: string; filter: Filter };

/** One sort criterion. `path` has more than one segment when it goes through relations or components. */
export interface SortKey {
  path: string[];
  order: 'asc' | 'desc';
}

export type Pagination =
  | { kind: 'page'; page: number; pageSize: number; withCount: boolean }
  | { kind: 'offset'; start: number; limit: number; withCount: boolean };

/**
 * What to populate below one relation, component or dynamic zone. An empty node means "all fields,
 * nothing nested". `on` only appears on dynamic zones, keyed by component uid.
 */
export interface PopulateNode {
  fields?: string[];
  filters?: Filter;
  sort?: SortKey[];
  populate?: PopulateTree;
  count?: boolean;
  /**
   * The window of a to-many relation or a repeatable component, after filters and sort: the
   * document service's `populate: { tags: { start, limit } }`, what GraphQL's nested `pagination`
   * becomes. Absent: every entry.
   */
  start?: number;
  limit?: number;
  on?: Record<string, PopulateNode>;
}

/** Attribute name → what to populate. Keys are validated attribute names only. */
export type PopulateTree = Record<string, PopulateNode>;

export type PublicationStatus = 'published' | 'draft';

/** A validated query for `/api/<plural>` and single types. */
export interface ContentQuery {
  /** Absent when there is nothing to filter on. */
  filters?: Filter;
  sort: SortKey[];
  pagination: Pagination;
  /** Absent means every field. When present, `id` and `documentId` are included. */
  fields?: string[];
  populate: PopulateTree;
  /** `_q`, trimmed; absent when empty. */
  q?: string;
  status: PublicationStatus;
  /** Passed through unchecked apart from being a string; the service validates locale codes. */
  locale?: string;
}

/** A validated query for `/api/users`, as Strapi 5 reads it: offset only, no default limit. */
export interface UsersQuery {
  filters?: Filter;
  sort: SortKey[];
  fields?: string[];
  populate: PopulateTree;
  q?: string;
  start: number;
  /** Absent means every row. */
  limit?: number;
}

/** The `api.rest` settings that shape a content query. */
export interface RestQueryOptions {
  defaultLimit: number;
  maxLimit: number;
  withCount: boolean;
  strictParams: boolean;
}

/** What evaluation needs from the service: relation resolution and the model registry. */
export interface EvalContext {
  /** The rows `attribute` of `row` (a row of `model`) points at; empty when none. */
  related(model: Model, attribute: string, row: Record<string, unknown>): Array<Record<string, unknown>>;
  /**
   * What `related` answers for `row` depends on, as a string: rows with the same key have the same
   * related rows, so a filter through the relation is judged once per key in one evaluation. None
   * when it cannot be told (each row is then judged on its own).
   */
  relatedKey?(model: Model, attribute: string, row: Record<string, unknown>): string | undefined;
  lookup: ModelLookup;
}

export type PageMeta = { page: number; pageSize: number; pageCount?: number; total?: number };
export type OffsetMeta = { start: number; limit: number; total?: number };

export interface Paginated<T> {
  rows: T[];
  meta: { pagination: PageMeta | OffsetMeta };
}
