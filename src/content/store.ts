/**
 * The in-memory index of every stored document version, loaded once at startup and kept in step
 * with the files: a write reaches memory only after it is durable. Reads never touch the disk.
 */
import type { DocumentAdapter, DocumentStatus, Json } from '../storage/index.js';
import type { Schemas, ContentType, Attribute } from '../schema/index.js';
import type { DocumentRow } from './types.js';

/** Non-localized types keep their single version under this name on disk (it is no locale code). */
const NO_LOCALE = 'default';

interface Bucket {
  rows: Map<string, DocumentRow>;
  /** Cached `[...rows.values()]`, rebuilt after a change. */
  list: DocumentRow[] | null;
}

export interface ContentStore {
  load(): Promise<void>;
  /** Versions of one status and locale (`null`: non-localized), in creation order. */
  rows(type: ContentType, status: DocumentStatus, locale: string | null): readonly DocumentRow[];
  /** Versions of one status in every locale. */
  rowsInAllLocales(type: ContentType, status: DocumentStatus): readonly DocumentRow[];
  get(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): DocumentRow | undefined;
  /** Every stored version of a document. */
  versions(type: ContentType, documentId: string): Array<{ status: DocumentStatus; row: DocumentRow }>;
  /** documentIds of a type, in creation order. */
  documentIds(type: ContentType): string[];
  /** Versions of one document as one write, landing in the order given (the draft first). */
  saveAll(type: ContentType, versions: ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>): Promise<void>;
  remove(type: ContentType, status: DocumentStatus, documentId: string, locale: string | null): Promise<void>;
  nextRowId(type: ContentType): number;
  nextComponentId(): number;
  /** Goes up on every change of any stored version: answers computed from the store keep until then. */
  generation(): number;
}

function bucketKey(status: DocumentStatus, locale: string | null): string {
  return `${status}:${locale ?? ''}`;
}

/** The component and dynamic-zone attributes of each attributes object, found once: load visits every row. */
const componentAttributes = new WeakMap<Record<string, Attribute>, Array<[string, Attribute]>>();

function componentAttributesOf(attributes: Record<string, Attribute>): Array<[string, Attribute]> {
  let found = componentAttributes.get(attributes);
  if (!found) {
    found = Object.entries(attributes).filter(([, attribute]) => attribute.type === 'component' || attribute.type === 'dynamiczone');
    componentAttributes.set(attributes, found);
  }
  return found;
}

/** Highest component `id` inside a stored value, walking components and dynamic zones by schema. */
function maxComponentId(value: Record<string, Json | undefined>, attributes: Record<string, Attribute>, schemas: Schemas): number {
  let max = 0;
  for (const [name, attribute] of componentAttributesOf(attributes)) {
    const stored = value[name];
    if (stored === undefined || stored === null) continue;
    for (const entry of Array.isArray(stored) ? stored : [stored]) {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
      if (typeof entry.id === 'number') max = Math.max(max, entry.id);
      const uid = attribute.type === 'component' ? attribute.component : (entry.__component as string);
      const component = schemas.components.get(uid);
      if (component) max = Math.max(max, maxComponentId(entry, component.attributes, schemas));
    }
  }
  return max;
}

/**
 * @example const store = createContentStore(project.documents, project.schemas); await store.load();
 */
export function createContentStore(documents: DocumentAdapter, schemas: Schemas): ContentStore {
  const buckets = new Map<string, Map<string, Bucket>>(); // type → bucket key → bucket
  const byDocument = new Map<string, Map<string, Map<string, DocumentRow>>>(); // type → documentId → bucket key → row
  const nextIds = new Map<string, number>();
  let nextComponent = 1;
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
    bucket.rows.set(row.documentId, row);
    bucket.list = null;
    generation++;
    const docs = typeDocuments(type);
    let versions = docs.get(row.documentId);
    if (!versions) docs.set(row.documentId, (versions = new Map()));
    versions.set(key, row);
    nextIds.set(type.singularName, Math.max(nextIds.get(type.singularName) ?? 1, row.id + 1));
    nextComponent = Math.max(nextComponent, maxComponentId(row, type.attributes, schemas) + 1);
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

  const fileKey = (type: ContentType, status: DocumentStatus, documentId: string, locale: string | null) => ({
    type: type.singularName,
    documentId,
    status,
    locale: locale ?? NO_LOCALE,
  });

  /** Memory follows the files only once they are durable. */
  async function saveAll(type: ContentType, versions: ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>): Promise<void> {
    await documents.putAll(versions.map(({ status, row }) => ({ key: fileKey(type, status, row.documentId, row.locale), value: row as Record<string, Json> })));
    for (const { status, row } of versions) remember(type, status, row);
  }

  return {
    async load() {
      for (const type of schemas.contentTypes) {
        for (const { key, value } of await documents.list(type.singularName)) {
          // The file's name says the locale. The value is ours (freshly read), so no copy of it.
          const row = value as DocumentRow;
          row.locale = type.localized ? key.locale : null;
          remember(type, key.status, row);
        }
      }
    },

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

    saveAll,

    async remove(type, status, documentId, locale) {
      await documents.remove(fileKey(type, status, documentId, locale));
      forget(type, status, documentId, locale);
    },

    nextRowId(type) {
      const id = nextIds.get(type.singularName) ?? 1;
      nextIds.set(type.singularName, id + 1);
      return id;
    },

    nextComponentId() {
      return nextComponent++;
    },

    generation: () => generation,
  };
}
