/**
 * Version bookkeeping: what a document's versions are worth to a caller and to each other. The
 * state of a document in a locale (what `ETag` names and `If-Match` compares), the published copy
 * of a draft, a version renumbered as a copy, and the copies of shared (non-localized) attributes
 * that keep one value in every locale version of a status.
 */
import { createHmac, hash } from 'node:crypto';
import { PreconditionFailedError } from '../errors.js';
import { now } from '../ids.js';
import { isSharedAttribute, type ContentType, type Schemas } from '../schema/index.js';
import { stableStringify, type DocumentStatus, type Json } from '../storage/index.js';
import { renumberComponents } from './components.js';
import type { Version } from './options.js';
import type { ContentStore } from './store.js';
import type { DocumentRow } from './types.js';

export interface VersionBook {
  /**
   * The state of a document in one locale (`*`: in all): its versions as stored, draft and
   * published, each named by its row's keyed hash; undefined when it has no version there.
   */
  stateOf(type: ContentType, documentId: string, locale: string | null | '*'): string | undefined;
  /** Refuses (412) a conditional write whose document is no longer in a state the caller read. */
  assertPrecondition(type: ContentType, documentId: string | undefined, locale: string | null | '*', ifMatch: readonly string[] | undefined): void;
  /** The published copy of a draft: new row id and new component ids (ids are status-local). */
  publishedCopy(type: ContentType, draft: DocumentRow): DocumentRow;
  /** `row` with new component ids, as a version made from another one holds them. */
  renumbered(type: ContentType, row: DocumentRow): DocumentRow;
  /** The shared attributes of a type (see isSharedAttribute): none for a type that is not localized. */
  sharedNames(type: ContentType): string[];
  /** The document's other locale versions of `status` given `source`'s shared attributes where they differ. */
  sharedCopies(type: ContentType, source: DocumentRow, status: DocumentStatus): Version[];
  /** `source`'s shared attributes, as a new locale version of its document starts with them. */
  sharedValues(type: ContentType, source: DocumentRow): Record<string, Json>;
}

/**
 * `stateKey` keys the states: every process of a site must be given the same one, for a tag one
 * of them answered to hold in `If-Match` at another.
 * @example const book = createVersionBook(schemas, store, key); book.stateOf(article, 'abc123', 'fr') // 'q3F0…'
 */
export function createVersionBook(schemas: Schemas, store: ContentStore, stateKey: Buffer): VersionBook {
  /**
   * Each stored row's hash, made once: a stored row is never changed, a change stores a new one.
   * Keyed (HMAC), because the row holds private attributes: an unkeyed hash would let anyone who
   * reads a tag try guesses of them until one gives it (docs/api/content.md, "Stale writes are
   * refused"). It costs about a microsecond more than SHA-1 did, once per stored row.
   */
  const rowHashes = new WeakMap<DocumentRow, string>();
  const rowHash = (row: DocumentRow) => {
    let found = rowHashes.get(row);
    if (found === undefined) {
      found = createHmac('sha256', stateKey).update(stableStringify(row as Json)).digest('base64url');
      rowHashes.set(row, found);
    }
    return found;
  };

  /**
   * Any change to the versions (a write, a publish, a shared attribute copied from another locale,
   * an edit on disk) gives another state. One locale's state is two cached hashes side by side: a
   * read asks it on every answer.
   */
  function stateOf(type: ContentType, documentId: string, locale: string | null | '*'): string | undefined {
    if (locale !== '*') {
      const draft = store.get(type, documentId, 'draft', locale);
      const published = store.get(type, documentId, 'published', locale);
      if (!draft && !published) return undefined;
      return `${draft ? rowHash(draft).slice(0, 11) : '-'}${published ? rowHash(published).slice(0, 11) : '-'}`;
    }
    const parts = store.versions(type, documentId).map(({ status, row }) => `${status}:${row.locale ?? ''}:${rowHash(row)}`);
    return parts.length === 0 ? undefined : hash('sha1', parts.sort().join('|'), 'base64url').slice(0, 22);
  }

  /**
   * For every locale at once (a DELETE `?locale=*`), the state of any one locale the caller read
   * will do: it read that version, and that version has not changed.
   */
  function assertPrecondition(type: ContentType, documentId: string | undefined, locale: string | null | '*', ifMatch: readonly string[] | undefined): void {
    if (ifMatch === undefined) return;
    const current = documentId === undefined ? undefined : stateOf(type, documentId, locale);
    if (current !== undefined && (ifMatch.includes('*') || ifMatch.includes(current))) return;
    if (current !== undefined && locale === '*') {
      const locales = new Set(store.versions(type, documentId!).map(({ row }) => row.locale));
      if ([...locales].some((each) => ifMatch.includes(stateOf(type, documentId!, each) ?? ''))) return;
    }
    throw new PreconditionFailedError();
  }

  const renumbered = (type: ContentType, row: DocumentRow) => renumberComponents(schemas, type.attributes, row, store.nextComponentId) as DocumentRow;

  function publishedCopy(type: ContentType, draft: DocumentRow): DocumentRow {
    const existing = store.get(type, draft.documentId, 'published', draft.locale);
    return { ...renumbered(type, draft), id: store.nextRowId(type), createdAt: existing?.createdAt ?? draft.createdAt, updatedAt: draft.updatedAt, publishedAt: now() };
  }

  /** A row's attributes as one text, its component entries' ids left out (each version numbers its own). */
  function contentText(type: ContentType, row: DocumentRow, names: readonly string[]): string {
    const values: Record<string, Json> = {};
    for (const name of names) values[name] = row[name] ?? null;
    return stableStringify(renumberComponents(schemas, type.attributes, values, () => 0) as Json);
  }

  function sharedNames(type: ContentType): string[] {
    return Object.entries(type.attributes).filter(([, attribute]) => isSharedAttribute(type, attribute)).map(([name]) => name);
  }

  /** `source`'s value of the attribute `name`, with new component ids: copied into another version. */
  const copiedValue = (type: ContentType, source: DocumentRow, name: string): Json =>
    renumberComponents(schemas, { [name]: type.attributes[name]! }, { [name]: source[name] ?? null }, store.nextComponentId)[name] as Json;

  function sharedValues(type: ContentType, source: DocumentRow): Record<string, Json> {
    return Object.fromEntries(sharedNames(type).filter((name) => source[name] !== undefined).map((name) => [name, copiedValue(type, source, name)]));
  }

  /**
   * A working version (a draft, or the version of a type without draft & publish) that changes is
   * newer. A published version keeps its `updatedAt`, so that its locale stays as modified as it was
   * (publishing one locale neither publishes nor hides another locale's own changes), unless it now
   * holds what its draft holds: then it takes the draft's, and its locale is no longer modified.
   */
  function sharedCopies(type: ContentType, source: DocumentRow, status: DocumentStatus): Version[] {
    const shared = sharedNames(type);
    if (shared.length === 0) return [];
    const working = status === 'draft' || !type.draftAndPublish;
    const stamp = now();
    const wanted = new Map(shared.map((name) => [name, contentText(type, source, [name])]));
    const copies: Version[] = [];
    for (const { status: versionStatus, row } of store.versions(type, source.documentId)) {
      if (versionStatus !== status || row.locale === source.locale) continue;
      const differing = shared.filter((name) => contentText(type, row, [name]) !== wanted.get(name));
      if (differing.length === 0) continue;
      const next: DocumentRow = { ...row };
      for (const name of differing) next[name] = copiedValue(type, source, name);
      if (working) {
        next.updatedAt = stamp;
      } else {
        const draft = store.get(type, source.documentId, 'draft', row.locale);
        const names = Object.keys(type.attributes);
        if (draft && contentText(type, draft, names) === contentText(type, next, names)) next.updatedAt = draft.updatedAt;
      }
      copies.push({ status, row: next });
    }
    return copies;
  }

  return { stateOf, assertPrecondition, publishedCopy, renumbered, sharedNames, sharedCopies, sharedValues };
}
