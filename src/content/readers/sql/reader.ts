/**
 * The SQL reader: the read port (reader.ts) answered by PostgreSQL over the stored versions
 * (`folio_documents`, one row per document, status and locale, the version in `data`), with the
 * memory reader's answers — the same rows, in the same order, with the same totals. A list query
 * is one statement: its filters (where.ts), `_q` (search.ts) and sort (order.ts), then the version's
 * id (the order versions were created in, a list's own order), with the window as LIMIT and OFFSET
 * and, when asked, the total of the same snapshot. Every value goes as a placeholder.
 */
import { pageMeta, windowOf, type ModelLookup, type Paginated, type Pagination } from '../../../model/index.js';
import type { ContentType, Schemas } from '../../../schema/index.js';
import type { DocumentStatus } from '../../../storage/index.js';
import { storedStatus, type ContentReader, type ReadQuery, type ReadScope } from '../../reader.js';
import { NO_LOCALE, type DocumentRow } from '../../types.js';
import { orderBy, orderKeys, type OrderKey } from './order.js';
import { createParams, type SqlParams } from './params.js';
import { versionScope, type SqlContext } from './scope.js';
import { searchOf } from './search.js';
import { whereOf } from './where.js';

export interface SqlReaderDeps {
  /** Runs one statement on the project's database and answers its rows (the pool's `query`). */
  query<R>(text: string, values: unknown[]): Promise<R[]>;
  schemas: Schemas;
  /** The models of content types and components (see `createModelLookup`). */
  lookup: ModelLookup;
  /** The project's default locale now: a relation read from a row without a locale (in a component) resolves in it. */
  defaultLocale(): string;
  /** What `stateOf` answers (the store's own state). */
  stateOf(scope: ReadScope): unknown;
  /** What `shape` answers (presenting rows with the related rows it gathers). */
  shape: ContentReader['shape'];
}

/** A stored version as a statement answers it. */
interface VersionRow {
  data: DocumentRow;
  document_id: string;
  locale: string;
}

/** The rows a list query reads, as `FROM … WHERE …`, and what it is compiled with. */
interface Matching {
  context: SqlContext;
  from: string;
  keys: OrderKey[];
}

/** Versions in the order a list without sort has them (by id), after the query's own keys. */
const byId = (alias: string, id = `folio_id(${alias}.data)`) => `${id} ASC, ${alias}.document_id ASC, ${alias}.locale ASC`;

/** A new compile context for one statement. */
function contextFor(deps: SqlReaderDeps, params: SqlParams, status: DocumentStatus): SqlContext {
  let defaultLocale: string | undefined;
  let aliases = 0;
  return {
    params,
    schemas: deps.schemas,
    lookup: deps.lookup,
    status,
    // A placeholder only once a statement reads it: one it never names has no type.
    get defaultLocale() {
      return (defaultLocale ??= params.add(deps.defaultLocale(), 'text'));
    },
    alias: (prefix) => `${prefix}${++aliases}`,
  };
}

/**
 * The stored locale the query reads: undefined for every locale; null when it reads nothing (a
 * locale on a type without locales, or none on a localized type, as the memory store has no such rows).
 */
function storedLocale(type: ContentType, locale: ReadQuery['locale']): string | null | undefined {
  if (locale === '*') return undefined;
  if (type.localized) return locale;
  return locale === null ? NO_LOCALE : null;
}

/** The versions `query` matches, with its sort's keys; undefined when it can match none. */
function matching(deps: SqlReaderDeps, type: ContentType, query: ReadQuery, sorted: boolean): Matching | undefined {
  const locale = storedLocale(type, query.locale);
  if (locale === null) return undefined;
  const params = createParams();
  const context = contextFor(deps, params, query.status);
  const scope = versionScope(context, type, 'r');
  // The type's own versions in the status it stores; their relations in the status asked.
  const where = [`r.type = ${params.add(type.singularName, 'text')}`, `r.status = ${params.add(storedStatus(type, query.status), 'text')}`];
  if (locale !== undefined) where.push(`r.locale = ${params.add(locale, 'text')}`);
  if (query.filters) where.push(whereOf(context, query.filters, scope));
  const search = query.q === undefined ? undefined : searchOf(query.q, scope, params);
  if (search) where.push(search);
  const keys = sorted ? orderKeys(context, query.sort, scope) : [];
  return { context, from: `FROM folio_documents AS r WHERE ${where.join(' AND ')}`, keys };
}

/** A version as the memory store keeps it: its documentId and locale are its row's. */
function versionOf(type: ContentType, row: VersionRow): DocumentRow {
  const version = row.data;
  version.locale = type.localized ? row.locale : null;
  version.documentId = row.document_id;
  return version;
}

/**
 * LIMIT and OFFSET of the window `pagination` asks for, as `slice(start, start + limit)` takes it
 * (a limit without end: no LIMIT).
 */
function sqlWindow(pagination: Pagination): { offset: number; limit: number | null } {
  const { start, limit } = windowOf(pagination);
  const offset = Number.isFinite(start) ? Math.max(0, Math.trunc(start)) : start > 0 ? Number.MAX_SAFE_INTEGER : 0;
  const end = start + limit;
  return { offset, limit: Number.isFinite(end) && end <= Number.MAX_SAFE_INTEGER ? Math.max(0, Math.trunc(end) - offset) : null };
}

/** One window of a list, its total along when asked: one statement, so both see the same versions. */
async function select(deps: SqlReaderDeps, type: ContentType, query: ReadQuery, pagination: Pagination): Promise<Paginated<DocumentRow>> {
  const found = matching(deps, type, query, true);
  if (!found) return { rows: [], meta: { pagination: pageMeta(pagination, 0) } };
  const { context, from, keys } = found;
  const { offset, limit } = sqlWindow(pagination);
  const window = `LIMIT ${context.params.add(limit, 'bigint')} OFFSET ${context.params.add(offset, 'bigint')}`;
  if (!pagination.withCount) {
    const order = [orderBy(keys), byId('r')].filter((part) => part !== '').join(', ');
    const rows = await deps.query<VersionRow>(`SELECT r.data, r.document_id, r.locale ${from} ORDER BY ${order} ${window}`, context.params.values);
    return { rows: rows.map((row) => versionOf(type, row)), meta: { pagination: pageMeta(pagination, undefined) } };
  }
  // The keys are computed once per matching version, in the CTE, and sorted by from there; the
  // page is the one row of the count when it is empty.
  const columns = keys.map((key, index) => `, ${key.sql} AS k${index}`).join('');
  const pageOrder = (alias: string) =>
    [orderBy(keys, (_, index) => `${alias}.k${index}`), byId(alias, `${alias}.id_key`)].filter((part) => part !== '').join(', ');
  const text = `WITH matching AS MATERIALIZED (SELECT r.data, r.document_id, r.locale, folio_id(r.data) AS id_key${columns} ${from})
    SELECT (SELECT count(*) FROM matching)::integer AS total, page.data, page.document_id, page.locale
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT * FROM matching AS m ORDER BY ${pageOrder('m')} ${window}) AS page ON true
    ORDER BY ${pageOrder('page')}`;
  const rows = await deps.query<VersionRow & { total: number }>(text, context.params.values);
  const versions = rows.filter((row) => row.document_id !== null).map((row) => versionOf(type, row));
  return { rows: versions, meta: { pagination: pageMeta(pagination, rows[0]?.total ?? 0) } };
}

async function count(deps: SqlReaderDeps, type: ContentType, query: ReadQuery): Promise<number> {
  const found = matching(deps, type, query, false);
  if (!found) return 0;
  const rows = await deps.query<{ total: number }>(`SELECT count(*)::integer AS total ${found.from}`, found.context.params.values);
  return rows[0]?.total ?? 0;
}

async function get(deps: SqlReaderDeps, type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): Promise<DocumentRow | undefined> {
  const stored = type.localized ? locale : locale === null ? NO_LOCALE : null;
  // No version is stored under a documentId the database cannot hold (U+0000).
  if (stored === null || documentId.includes('\u0000')) return undefined;
  const rows = await deps.query<VersionRow>(
    'SELECT data, document_id, locale FROM folio_documents WHERE type = $1 AND document_id = $2 AND status = $3 AND locale = $4',
    [type.singularName, documentId, status, stored],
  );
  return rows[0] && versionOf(type, rows[0]);
}

/**
 * The reader over PostgreSQL (the tables and functions of the store's migrations).
 * @example
 * const reader = createSqlReader({
 *   query: async (text, values) => (await db.query(text, values)).rows, schemas, lookup,
 *   defaultLocale: () => config.i18n.defaultLocale, stateOf: (scope) => store.stateOf(scope), shape: (status, work) => gathering(status, work),
 * });
 */
export function createSqlReader(deps: SqlReaderDeps): ContentReader {
  return {
    select: (type, query, pagination) => select(deps, type, query, pagination),
    count: (type, query) => count(deps, type, query),
    get: (type, documentId, status, locale) => get(deps, type, documentId, status, locale),
    shape: (status, work) => deps.shape(status, work),
    stateOf: (scope) => deps.stateOf(scope),
  };
}
