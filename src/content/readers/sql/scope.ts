/**
 * The rows a condition or a sort key is read on, in SQL: a stored version (a row of
 * `folio_documents`), a row of a table (users, roles, media files: `folio_rows`), or a component
 * entry (inline in its owner's `data`); and the rows a relation or component of one of them leads
 * to, as the memory reader resolves them (content/relations.ts `related`, context.ts `contexts`):
 * - a relation's targets in the stored order: each target's version in the row's status (the
 *   `published` one for a type without draft & publish) and locale (the row's, or the default
 *   locale for a row without one, when the target is localized); a target without one is left out;
 * - the inverse side (`mappedBy`): the owners whose attribute holds the row's documentId, in id order;
 * - `localizations`: the document's versions in the other locales, in id order;
 * - a relation to users, roles or files: the rows with the numeric ids it holds (the inverse side:
 *   the rows whose attribute holds the row's `id`, in id order);
 * - a component's entries in the stored order (a single one is an entry of its own).
 */
import { LOCALIZATIONS, ROLE_UID, USER_UID, type Model, type ModelLookup } from '../../../model/index.js';
import { FILE_UID, type ContentType, type RelationAttribute, type Schemas } from '../../../schema/index.js';
import type { DocumentStatus } from '../../../storage/index.js';
import { NO_LOCALE } from '../../types.js';
import { jsonKey, type SqlParams } from './params.js';

/** The table the rows of a relation to users, roles or files are in (the names of the project's tables). */
const TABLES: Record<string, string> = { [USER_UID]: 'users', [ROLE_UID]: 'roles', [FILE_UID]: 'files' };

/** What a statement is compiled with. */
export interface SqlContext {
  params: SqlParams;
  schemas: Schemas;
  lookup: ModelLookup;
  /** The status the query reads: related rows are read in it. */
  status: DocumentStatus;
  /** The placeholder of the default locale. */
  defaultLocale: string;
  /** A new alias, never given before in the statement: `t3`. */
  alias(prefix: string): string;
}

/** One row a condition is read on. */
export interface RowScope {
  model: Model;
  /** The json of its attribute or system field `name` (SQL NULL when it has none). */
  field(name: string): string;
  /** Its `documentId` when it is a string (the owners of an inverse side point at it), else NULL. */
  documentId: string;
  /** Its `id` as json. */
  id: string;
  /** The locale its relations are read in: its own, or the default locale (a function: the default's placeholder is made when used). */
  relationLocale(): string;
  /** For a stored version: its alias and type (its other locales are its `localizations`). */
  version?: { alias: string; type: ContentType };
}

/** The rows a relation or component leads to: `FROM … WHERE …`, in `order`, each read as `scope`. */
export interface Entries {
  from: string;
  where: string[];
  order: string;
  scope: RowScope;
  /** Whether one of them meets `more`, when there is a better way to ask than EXISTS over `from` (see anyOf). */
  exists?(more: readonly string[]): string;
}

/**
 * Whether one of `entries` meets `more` (a two-valued SQL condition).
 * @example anyOf(entries, ["(folio_number(t2.data -> 'views') > folio_number($6::json)) IS TRUE"])
 */
export function anyOf(entries: Entries, more: readonly string[] = []): string {
  return entries.exists ? entries.exists(more) : `EXISTS (SELECT ${fromEntries(entries, more)})`;
}

/**
 * `FROM … WHERE …` of some entries, with `more` conditions.
 * @example fromEntries(entries, ['t2.id > 3']) // "FROM folio_documents AS t2 WHERE t2.type = $4::text AND t2.id > 3"
 */
export function fromEntries(entries: Entries, more: readonly string[] = []): string {
  const where = [...entries.where, ...more];
  return where.length === 0 ? `FROM ${entries.from}` : `FROM ${entries.from} WHERE ${where.join(' AND ')}`;
}

/**
 * A stored version of `type` under `alias`: its documentId and locale are its row's (as the store
 * sets them when it reads one), the rest its `data`.
 * @example versionScope(context, article, 'r').field('title') // "r.data -> 'title'"
 */
export function versionScope(context: SqlContext, type: ContentType, alias: string): RowScope {
  const model: Model = { uid: type.uid, attributes: type.attributes, localized: type.localized, draftAndPublish: type.draftAndPublish, isComponent: false };
  return {
    model,
    field: (name) =>
      name === 'documentId' ? `to_json(${alias}.document_id)` : name === 'locale' ? (type.localized ? `to_json(${alias}.locale)` : 'NULL::json') : `${alias}.data -> ${jsonKey(name)}`,
    documentId: `${alias}.document_id`,
    id: `${alias}.data -> 'id'`,
    relationLocale: () => (type.localized ? `${alias}.locale` : context.defaultLocale),
    version: { alias, type },
  };
}

/** A row of a table (a user, a role, a media file) under `alias`. */
function tableScope(context: SqlContext, model: Model, alias: string): RowScope {
  return {
    model,
    field: (name) => `${alias}.data -> ${jsonKey(name)}`,
    documentId: `CASE WHEN json_typeof(${alias}.data -> 'documentId') = 'string' THEN ${alias}.data ->> 'documentId' END`,
    id: `${alias}.data -> 'id'`,
    relationLocale: () => `coalesce(${alias}.data ->> 'locale', ${context.defaultLocale})`,
  };
}

/** A component entry, the json `entry` (a value that is no object reads as an entry without fields). */
function entryScope(context: SqlContext, model: Model, entry: string): RowScope {
  return {
    model,
    field: (name) => `${entry} -> ${jsonKey(name)}`,
    documentId: `CASE WHEN json_typeof(${entry} -> 'documentId') = 'string' THEN ${entry} ->> 'documentId' END`,
    id: `${entry} -> 'id'`,
    relationLocale: () => `coalesce(${entry} ->> 'locale', ${context.defaultLocale})`,
  };
}

/** The model of a component, as the memory reader sees one. */
export function componentModelOf(lookup: ModelLookup, uid: string): Model | undefined {
  const component = lookup.component(uid);
  return component && { uid: component.uid, attributes: component.attributes, localized: false, draftAndPublish: false, isComponent: true };
}

/** The versions of `type` a row of `scope` reads its relations to in: their status and locale. */
function targetVersions(context: SqlContext, scope: RowScope, type: ContentType, alias: string): string[] {
  const { params } = context;
  return [
    `${alias}.type = ${params.add(type.singularName, 'text')}`,
    `${alias}.status = ${params.add(type.draftAndPublish ? context.status : 'published', 'text')}`,
    `${alias}.locale = ${type.localized ? scope.relationLocale() : params.add(NO_LOCALE, 'text')}`,
  ];
}

/** Versions in the order a list without sort has them: by id. */
const versionOrder = (alias: string) => `folio_id(${alias}.data), ${alias}.document_id, ${alias}.locale`;

/**
 * The rows of `table` that `where` keeps, as `alias`, looked up on their own first: the fence
 * (OFFSET 0) keeps the planner from testing a condition on the related rows before their key has
 * picked them (it did: every row of the type, at each level of nesting).
 */
const fenced = (table: string, alias: string, where: readonly string[]) => `(SELECT * FROM ${table} AS ${alias} WHERE ${where.join(' AND ')} OFFSET 0) AS ${alias}`;

/**
 * The rows relation `name` of a row of `scope` leads to; none (undefined) when it can lead to
 * none (no such relation, or a target type the project lacks).
 * @example relationEntries(context, scope, 'category') // { from: 'folio_entries(r.data -> …) AS e2 CROSS JOIN LATERAL (SELECT * FROM folio_documents AS t1 …) AS t1', … }
 */
export function relationEntries(context: SqlContext, scope: RowScope, name: string): Entries | undefined {
  const { model } = scope;
  if (name === LOCALIZATIONS && model.localized) return localizations(context, scope);
  const attribute = Object.hasOwn(model.attributes, name) ? model.attributes[name] : undefined;
  if (!attribute || attribute.type !== 'relation') return undefined;
  const targetModel = context.lookup.model(attribute.target);
  const table = TABLES[attribute.target];
  if (table !== undefined) return targetModel && tableEntries(context, scope, attribute, name, table, targetModel);
  const type = context.schemas.byUid(attribute.target);
  if (!type || !targetModel) return undefined;
  const alias = context.alias('t');
  const target = versionScope(context, type, alias);
  if (attribute.mappedBy !== undefined) {
    // The owners, of the target type, whose attribute points back at this row.
    const where = [...targetVersions(context, scope, type, alias), `folio_refers(${alias}.data -> ${jsonKey(attribute.mappedBy)}, ${scope.documentId})`];
    const entries: Entries = { from: fenced('folio_documents', alias, where), where: [], order: versionOrder(alias), scope: { ...target, model: targetModel } };
    return { ...entries, exists: (more) => ownersAmong(context, scope, type, alias, attribute.mappedBy!, more) };
  }
  const list = context.alias('e');
  const key = [...targetVersions(context, scope, type, alias), `json_typeof(${list}.entry) = 'string'`, `${alias}.document_id = (${list}.entry #>> '{}')`];
  return {
    from: `folio_entries(${scope.field(name)}) AS ${list} CROSS JOIN LATERAL ${fenced('folio_documents', alias, key)}`,
    where: [],
    order: `${list}.n`,
    scope: { ...target, model: targetModel },
  };
}

/**
 * Whether an owner meeting `more` points at the row of `scope`, asked as one set for every row
 * (its documentId, and its locale for a localized type, among the owners' references): PostgreSQL
 * makes the set once and looks each row up in it, rather than reading every owner for every row.
 */
function ownersAmong(context: SqlContext, scope: RowScope, type: ContentType, alias: string, attribute: string, more: readonly string[]): string {
  const { params } = context;
  const refs = context.alias('e');
  const where = [
    `${alias}.type = ${params.add(type.singularName, 'text')}`,
    `${alias}.status = ${params.add(type.draftAndPublish ? context.status : 'published', 'text')}`,
    ...(type.localized ? [] : [`${alias}.locale = ${params.add(NO_LOCALE, 'text')}`]),
    `json_typeof(${refs}.entry) = 'string'`,
    ...more,
  ];
  const [row, owner] = type.localized ? [`(${scope.documentId}, ${scope.relationLocale()})`, `${refs}.entry #>> '{}', ${alias}.locale`] : [`${scope.documentId}`, `${refs}.entry #>> '{}'`];
  return `coalesce(${row} IN (SELECT ${owner} FROM folio_documents AS ${alias} CROSS JOIN LATERAL folio_entries(${alias}.data -> ${jsonKey(attribute)}) AS ${refs} WHERE ${where.join(' AND ')}), false)`;
}

/** The rows of a table a relation to users, roles or files leads to. */
function tableEntries(context: SqlContext, scope: RowScope, attribute: RelationAttribute, name: string, table: string, model: Model): Entries {
  const alias = context.alias('t');
  const inTable = `${alias}.table_name = ${context.params.add(table, 'text')}`;
  const target = tableScope(context, model, alias);
  if (attribute.mappedBy !== undefined) {
    const list = context.alias('e');
    const pointsBack = `EXISTS (SELECT FROM folio_entries(${alias}.data -> ${jsonKey(attribute.mappedBy)}) AS ${list} WHERE folio_same(${list}.entry, ${scope.id}))`;
    return { from: fenced('folio_rows', alias, [inTable, pointsBack]), where: [], order: `${alias}.id`, scope: target };
  }
  const list = context.alias('e');
  return {
    from: `folio_entries(${scope.field(name)}) AS ${list} CROSS JOIN LATERAL ${fenced('folio_rows', alias, [inTable, `${alias}.id = folio_row_id(${list}.entry)`])}`,
    where: [],
    order: `${list}.n`,
    scope: target,
  };
}

/** A stored version's `localizations`: its document's versions in the other locales, in the status read. */
function localizations(context: SqlContext, scope: RowScope): Entries | undefined {
  const { version } = scope;
  const type = version && context.schemas.byUid(version.type.uid);
  if (!version || !type) return undefined;
  const alias = context.alias('t');
  const { params } = context;
  const where = [
    `${alias}.type = ${params.add(type.singularName, 'text')}`,
    `${alias}.status = ${params.add(type.draftAndPublish ? context.status : 'published', 'text')}`,
    `${alias}.document_id = ${version.alias}.document_id`,
    `${alias}.locale <> ${version.alias}.locale`,
  ];
  return { from: fenced('folio_documents', alias, where), where: [], order: versionOrder(alias), scope: versionScope(context, type, alias) };
}

/**
 * The entries of component attribute `name` of a row of `scope`, each read as a row of `model`.
 * @example componentEntries(context, scope, 'sections', sectionModel).order // 'e4.n'
 */
export function componentEntries(context: SqlContext, scope: RowScope, name: string, model: Model): Entries {
  const list = context.alias('e');
  return { from: `folio_entries(${scope.field(name)}) AS ${list}`, where: [], order: `${list}.n`, scope: entryScope(context, model, `${list}.entry`) };
}

/**
 * The first entry of component attribute `name` (the first of a list, or the only one), as a sort
 * by a field of a component reads it: `FROM …` of one row, maybe without an entry.
 * @example firstComponentEntry(context, scope, 'seo', seoModel).scope.field('metaTitle') // "c5.entry -> 'metaTitle'"
 */
export function firstComponentEntry(context: SqlContext, scope: RowScope, name: string, model: Model): { from: string; scope: RowScope } {
  const alias = context.alias('c');
  const value = `${alias}_value.value`;
  return {
    from: `(SELECT ${scope.field(name)} AS value) AS ${alias}_value, LATERAL (SELECT CASE WHEN json_typeof(${value}) = 'array' THEN ${value} -> 0 ELSE ${value} END AS entry) AS ${alias}`,
    scope: entryScope(context, model, `${alias}.entry`),
  };
}
