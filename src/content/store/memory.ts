/**
 * The in-memory index of every stored version that reads answer from: versions by type, status and
 * locale (in creation order) and by document, the counters of the next row and component ids, and
 * the generation that goes up on every change.
 */
import type { DocumentStatus } from '../../storage/index.js';
import type { Schemas, ContentType } from '../../schema/index.js';
import type { DocumentRow } from '../types.js';
import { HAND_WRITTEN_IDS } from './hand-written.js';
import { maxComponentId } from './ids.js';

interface Bucket {
  rows: Map<string, DocumentRow>;
  /** Cached `[...rows.values()]`, rebuilt after a change. */
  list: DocumentRow[] | null;
}

/** The key of the versions of one status and locale: `<status>:<locale>` (no locale: empty). */
export function bucketKey(status: DocumentStatus, locale: string | null): string {
  return `${status}:${locale ?? ''}`;
}

export interface DocumentIndex {
  /** A type's versions by documentId, then by bucket key; made empty on first use. */
  typeDocuments(type: ContentType): Map<string, Map<string, DocumentRow>>;
  /** Puts a version in memory (in place of the one of its status and locale), raising the id counters past it. */
  remember(type: ContentType, status: DocumentStatus, row: DocumentRow): void;
  forget(type: ContentType, status: DocumentStatus, documentId: string, locale: string | null): void;
  /** The documentId that holds the numeric `id` within a type: ids are unique across documents. */
  idOwner(type: ContentType, id: number): string | undefined;
  rows(type: ContentType, status: DocumentStatus, locale: string | null): readonly DocumentRow[];
  rowsInAllLocales(type: ContentType, status: DocumentStatus): readonly DocumentRow[];
  get(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): DocumentRow | undefined;
  versions(type: ContentType, documentId: string): Array<{ status: DocumentStatus; row: DocumentRow }>;
  documentIds(type: ContentType): string[];
  generation(): number;
  /** One above the highest row id of a type in memory (hand-written ids aside); 1 for none. */
  rowIdFloor(type: ContentType): number;
  /** Takes the next row id of a type from the counter in memory. */
  takeRowId(type: ContentType): number;
  /** One above the highest component id in memory. */
  componentFloor(): number;
  /** Takes the next component id from the counter in memory. */
  takeComponentId(): number;
}

export function createDocumentIndex(schemas: Schemas): DocumentIndex {
  const buckets = new Map<string, Map<string, Bucket>>(); // type → bucket key → bucket
  const byDocument = new Map<string, Map<string, Map<string, DocumentRow>>>(); // type → documentId → bucket key → row
  const nextIds = new Map<string, number>();
  /**
   * One above the highest component id in memory: counted when a write first needs it rather than
   * at load, where walking every row's components took about 20 ms of the start with 10,000 documents.
   */
  let nextComponent: number | undefined;
  function componentFloor(): number {
    if (nextComponent === undefined) {
      let max = 0;
      for (const type of schemas.contentTypes) {
        for (const versions of typeDocuments(type).values()) {
          for (const row of versions.values()) max = Math.max(max, maxComponentId(row, type.attributes, schemas));
        }
      }
      nextComponent = max + 1;
    }
    return nextComponent;
  }
  let generation = 0;

  const typeBuckets = (type: ContentType) => {
    let map = buckets.get(type.singularName);
    if (!map) buckets.set(type.singularName, (map = new Map()));
    return map;
  };
  const typeDocuments = (type: ContentType) => {
    let map = byDocument.get(type.singularName);
    if (!map) byDocument.set(type.singularName, (map = new Map()));
    return map;
  };

  function remember(type: ContentType, status: DocumentStatus, row: DocumentRow): void {
    const key = bucketKey(status, row.locale);
    const all = typeBuckets(type);
    let bucket = all.get(key);
    if (!bucket) all.set(key, (bucket = { rows: new Map(), list: null }));
    // A version that takes a new id (a publish makes the published one anew) takes its place in
    // creation order too: the list stays in id order, as a start reads it.
    if (bucket.rows.get(row.documentId)?.id !== row.id) bucket.rows.delete(row.documentId);
    bucket.rows.set(row.documentId, row);
    bucket.list = null;
    generation++;
    const docs = typeDocuments(type);
    let versions = docs.get(row.documentId);
    if (!versions) docs.set(row.documentId, (versions = new Map()));
    versions.set(key, row);
    if (row.id < HAND_WRITTEN_IDS) nextIds.set(type.singularName, Math.max(nextIds.get(type.singularName) ?? 1, row.id + 1));
    if (nextComponent !== undefined) nextComponent = Math.max(nextComponent, maxComponentId(row, type.attributes, schemas) + 1);
  }

  function forget(type: ContentType, status: DocumentStatus, documentId: string, locale: string | null): void {
    const key = bucketKey(status, locale);
    const bucket = typeBuckets(type).get(key);
    if (bucket?.rows.delete(documentId)) bucket.list = null;
    generation++;
    const versions = typeDocuments(type).get(documentId);
    versions?.delete(key);
    if (versions?.size === 0) typeDocuments(type).delete(documentId);
  }

  function idOwner(type: ContentType, id: number): string | undefined {
    for (const [documentId, versions] of typeDocuments(type)) {
      for (const row of versions.values()) if (row.id === id) return documentId;
    }
    return undefined;
  }

  return {
    typeDocuments,
    remember,
    forget,
    idOwner,

    rows(type, status, locale) {
      const bucket = typeBuckets(type).get(bucketKey(status, locale));
      if (!bucket) return [];
      return (bucket.list ??= [...bucket.rows.values()]);
    },

    rowsInAllLocales(type, status) {
      const rows: DocumentRow[] = [];
      for (const [key, bucket] of typeBuckets(type)) if (key.startsWith(`${status}:`)) rows.push(...bucket.rows.values());
      return rows.sort((a, b) => a.id - b.id);
    },

    get(type, documentId, status, locale) {
      return typeDocuments(type).get(documentId)?.get(bucketKey(status, locale));
    },

    versions(type, documentId) {
      const versions = typeDocuments(type).get(documentId);
      if (!versions) return [];
      return [...versions].map(([key, row]) => ({ status: key.slice(0, key.indexOf(':')) as DocumentStatus, row }));
    },

    documentIds(type) {
      return [...typeDocuments(type).keys()];
    },

    generation: () => generation,

    rowIdFloor: (type) => nextIds.get(type.singularName) ?? 1,

    takeRowId(type) {
      const id = nextIds.get(type.singularName) ?? 1;
      nextIds.set(type.singularName, id + 1);
      return id;
    },

    componentFloor,

    takeComponentId() {
      const id = componentFloor();
      nextComponent = id + 1;
      return id;
    },
  };
}
