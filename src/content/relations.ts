/**
 * Relations are stored on their owning side only, as target documentIds (numeric ids for users and
 * roles). Reading resolves them to the target's version in the same status and locale; the inverse
 * side (`mappedBy`) is computed from the owners, so the two sides can never disagree.
 */
import { ValidationError } from '../errors.js';
import { applyRelationInput, findRowByRef, relatedTableRows, ROLE_UID, USER_UID, type RelationOperations, type RelationRef, type StoredRef } from '../model/index.js';
import { FILE_UID, type Schemas, type ContentType, type MediaKind, type RelationAttribute } from '../schema/index.js';
import type { DocumentStatus, Json, Row } from '../storage/index.js';
import type { ContentStore } from './store.js';
import type { DocumentRow } from './types.js';

export interface RelationContext {
  schemas: Schemas;
  /** What writes resolve a relation's references against. */
  store: ContentStore;
  users: { rows(): readonly Row[] };
  roles: { rows(): readonly Row[] };
  /** The media library's records, which media attributes point at by id. */
  files: { rows(): readonly Row[] };
}

/**
 * Where a read finds the rows its relations point at: the store's index of every version, or the
 * rows a reader gathered for one answer (see readers/gather.ts).
 */
export interface RowSource {
  get(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): DocumentRow | undefined;
  /** The versions of `owner` in one status and locale whose relation `attribute` holds `documentId`, in creation order. */
  owners(owner: ContentType, status: DocumentStatus, locale: string | null, attribute: string, documentId: string): readonly DocumentRow[];
  /** Every stored version of a document. */
  versions(type: ContentType, documentId: string): ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>;
}

/**
 * The store's index as a RowSource.
 * @example related(ctx, attribute, row, 'published', 'en', 'category', storeRows(store))
 */
export function storeRows(store: ContentStore): RowSource {
  return {
    get: store.get,
    owners: (owner, status, locale, attribute, documentId) =>
      store.rows(owner, status, locale).filter((candidate) => {
        const value = candidate[attribute];
        return Array.isArray(value) ? value.includes(documentId) : value === documentId;
      }),
    versions: store.versions,
  };
}

/** The table a relation to users, roles or files reads, by target uid. */
function tableOf(ctx: RelationContext, target: string): { rows(): readonly Row[] } | undefined {
  return target === USER_UID ? ctx.users : target === ROLE_UID ? ctx.roles : target === FILE_UID ? ctx.files : undefined;
}

/**
 * The kind of file a MIME type is, as `allowedTypes` names them.
 * @example mediaKind('image/png') // 'images'
 */
export function mediaKind(mime: unknown): MediaKind {
  const type = typeof mime === 'string' ? mime.split('/')[0] : '';
  return type === 'image' ? 'images' : type === 'video' ? 'videos' : type === 'audio' ? 'audios' : 'files';
}

/** The owning attribute on the target when `attribute` is an inverse side. */
function owner(attribute: RelationAttribute, schemas: Schemas): { type: ContentType; name: string } | undefined {
  if (!attribute.mappedBy) return undefined;
  const type = schemas.byUid(attribute.target);
  return type ? { type, name: attribute.mappedBy } : undefined;
}

export function isInverseSide(attribute: RelationAttribute): boolean {
  return attribute.mappedBy !== undefined;
}

/** Which version of a target to show next to a row read in `status`. */
function targetVersion(target: ContentType, status: DocumentStatus, locale: string | null): { status: DocumentStatus; locale: string | null } {
  return { status: target.draftAndPublish ? status : 'published', locale: target.localized ? locale : null };
}

/** The locale a row's relations resolve in: its own, or the default one for a row without (a component's). */
const rowLocale = (row: Record<string, unknown>, defaultLocale: string): string => (row.locale as string | null | undefined) ?? defaultLocale;

/**
 * The rows `row`'s relation points to, as they should be read alongside it, found in `source`.
 * @example related(ctx, articleType.attributes.category, row, 'published', 'en', 'category', storeRows(store)) // [categoryRow]
 */
export function related(ctx: RelationContext, attribute: RelationAttribute, row: Record<string, unknown>, status: DocumentStatus, defaultLocale: string, name: string, source: RowSource): Array<Record<string, unknown>> {
  const locale = rowLocale(row, defaultLocale);
  const table = tableOf(ctx, attribute.target);
  if (table) return relatedTableRows(attribute, row, name, table.rows());
  const target = ctx.schemas.byUid(attribute.target);
  if (!target) return [];
  const where = targetVersion(target, status, locale);
  const inverse = owner(attribute, ctx.schemas);
  if (inverse) {
    return typeof row.documentId === 'string' ? [...source.owners(inverse.type, where.status, where.locale, inverse.name, row.documentId)] : [];
  }
  const documentIds = ([] as unknown[]).concat(row[name] ?? []);
  const rows: DocumentRow[] = [];
  for (const documentId of documentIds) {
    const found = typeof documentId === 'string' ? source.get(target, documentId, where.status, where.locale) : undefined;
    if (found) rows.push(found);
  }
  return rows;
}

/**
 * What {@link related} reads for `row` through a relation stored on `row` (a content type's, not
 * an inverse side's, nor one to users, roles or files): its locale and the value it holds. Two
 * rows with the same key have the same related rows from the same source; undefined otherwise.
 * @example relatedKey(ctx, articleType.attributes.category, row, 'en', 'category') // 'fr\u0000sc0000…'
 */
export function relatedKey(ctx: RelationContext, attribute: RelationAttribute, row: Record<string, unknown>, defaultLocale: string, name: string): string | undefined {
  if (tableOf(ctx, attribute.target) || owner(attribute, ctx.schemas)) return undefined;
  const value = row[name];
  // A locale has no NUL: what follows it is the value whole. One documentId (a to-one) as it is
  // after `s`, anything else as JSON after `j`, so that no two values share a key.
  return `${rowLocale(row, defaultLocale)}\u0000${typeof value === 'string' ? `s${value}` : `j${JSON.stringify(value ?? null)}`}`;
}

/** Answers the stored form (documentId or numeric id) of a reference, or fails naming it. */
function resolveRef(ctx: RelationContext, attribute: RelationAttribute, ref: RelationRef, path: string): StoredRef {
  const table = tableOf(ctx, attribute.target);
  if (table) {
    const found = findRowByRef(table.rows(), ref);
    if (!found) throw relationError(path, ref);
    const allowed = attribute.media?.allowedTypes;
    if (allowed && !allowed.includes(mediaKind(found.mime))) {
      const message = `${path} takes ${allowed.join(', ')}: file ${found.id} (${String(found.name)}) is ${mediaKind(found.mime)} (${String(found.mime)})`;
      throw new ValidationError(message, { errors: [{ path: path.split('.'), message, name: 'ValidationError' }] });
    }
    return found.id;
  }
  const target = ctx.schemas.byUid(attribute.target)!;
  if ('documentId' in ref) {
    if (ctx.store.versions(target, ref.documentId).length === 0) throw relationError(path, ref);
    return ref.documentId;
  }
  for (const documentId of ctx.store.documentIds(target)) {
    if (ctx.store.versions(target, documentId).some(({ row }) => row.id === ref.id)) return documentId;
  }
  throw relationError(path, ref);
}

function relationError(path: string, ref: RelationRef): ValidationError {
  const what = 'id' in ref ? `id ${ref.id}` : `documentId "${ref.documentId}"`;
  const message = `${path}: no related entry with ${what}`;
  return new ValidationError(message, { errors: [{ path: path.split('.'), message, name: 'ValidationError' }] });
}

/**
 * The stored value of a relation after applying `input` to the current one (see
 * {@link applyRelationInput}), its references resolved against the content store and tables.
 * @example applyRelation(ctx, attribute, ['a1'], { connect: [{ documentId: 'b2' }] }, 'tags') // ['a1', 'b2']
 */
export function applyRelation(ctx: RelationContext, attribute: RelationAttribute, current: Json | undefined, input: RelationOperations | null, path: string): Json {
  return applyRelationInput(attribute, current, input, (ref) => resolveRef(ctx, attribute, ref, path));
}
