/**
 * The in-memory index of every stored document version, loaded once at startup and kept in step
 * with the files: a write reaches memory only after it is durable. Reads never touch the disk.
 */
import { createHash } from 'node:crypto';
import { stableStringify, type CommitOptions, type DocumentAdapter, type DocumentKey, type DocumentStatus, type Json, type StoredDocument } from '../storage/index.js';
import type { Schemas, ContentType, Attribute } from '../schema/index.js';
import { NO_LOCALE, type DocumentRow } from './types.js';


interface Bucket {
  rows: Map<string, DocumentRow>;
  /** Cached `[...rows.values()]`, rebuilt after a change. */
  list: DocumentRow[] | null;
}

export interface ContentStore {
  /**
   * Reads every document of the schemas' types. A version written by hand gets its documentId from
   * its folder and, without an `id` or timestamps, the ones {@link handWrittenId} and its file's
   * changes give (see syncDocument); a version whose `id` another document holds, or whose
   * documentId is not its folder's, is not served and told to `refused`.
   */
  load(refused?: (file: string, problems: string[]) => void): Promise<void>;
  /** Versions of one status and locale (`null`: non-localized), in creation order. */
  rows(type: ContentType, status: DocumentStatus, locale: string | null): readonly DocumentRow[];
  /** Versions of one status in every locale. */
  rowsInAllLocales(type: ContentType, status: DocumentStatus): readonly DocumentRow[];
  get(type: ContentType, documentId: string, status: DocumentStatus, locale: string | null): DocumentRow | undefined;
  /** Every stored version of a document. */
  versions(type: ContentType, documentId: string): Array<{ status: DocumentStatus; row: DocumentRow }>;
  /** documentIds of a type, in creation order. */
  documentIds(type: ContentType): string[];
  /**
   * Versions of one document as one write, landing in the order given (the draft first);
   * `options.with` commits with it (see CommitOptions).
   */
  saveAll(type: ContentType, versions: ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>, options?: CommitOptions): Promise<void>;
  remove(type: ContentType, status: DocumentStatus, documentId: string, locale: string | null, options?: CommitOptions): Promise<void>;
  nextRowId(type: ContentType): number;
  nextComponentId(): number;
  /**
   * Before a write that may take ids: with a store several processes share, makes sure ids are
   * reserved for it (`input` bounds how many components it may make). Nothing to do on files.
   */
  prepareIds(type: ContentType, input: unknown): Promise<void>;
  /** Runs a write of `key` while no other process writes it (at once when no other process can). */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Whether other processes write the same documents (then a write re-reads its document first). */
  readonly shared: boolean;
  /**
   * With a shared store, the documents whose committed versions hold `value` as `attribute`,
   * whether or not this process has heard of them yet; none otherwise (memory is the store then).
   */
  holdersOf(type: ContentType, attribute: string, value: Json): Promise<string[]>;
  /** Goes up on every change of any stored version: answers computed from the store keep until then. */
  generation(): number;
  /**
   * Brings one document's versions in memory in line with its files, for changes made by something
   * else (git, an editor): a changed or new version that `accept` finds no problem with replaces
   * the one in memory, a version whose file is gone is forgotten, and one that cannot be read or
   * is refused keeps its last good version in memory. Answers what it did and what it refused.
   * A version written by hand without an `id` gets {@link handWrittenId}, the same at every edit
   * and every start; without timestamps, its file's: `updatedAt` (and a published version's
   * `publishedAt`) its modification time, `createdAt` the one it had in memory, else the file's
   * birth time where the file system keeps one, else its modification time. Nothing is written.
   */
  syncDocument(type: ContentType, documentId: string, accept: (status: DocumentStatus, row: DocumentRow) => string[]): Promise<SyncReport>;
  /** documentIds of a type that have files on disk (for a whole type folder that changed). */
  documentIdsOnDisk(type: ContentType): Promise<string[]>;
}

/** What `syncDocument` did with one document. */
export interface SyncReport {
  changed: number;
  removed: number;
  /**
   * Versions whose file was not taken (`<type>/<documentId>/<status>.<locale>.json` under content/),
   * with why; their last good version, if any, is kept (`kept`: there is one, and it is served).
   */
  refused: Array<{ file: string; problems: string[]; kept: boolean }>;
}

/** Ids a process keeps reserved ahead of its writes: documents of one type, and components. */
const ROW_IDS_AHEAD = 100;
const COMPONENT_IDS_AHEAD = 1000;
const COMPONENT_SEQUENCE = 'components';
const rowSequence = (type: ContentType) => `documents:${type.singularName}`;

function bucketKey(status: DocumentStatus, locale: string | null): string {
  return `${status}:${locale ?? ''}`;
}

/**
 * The lowest id {@link handWrittenId} gives. The ids the server hands out count up from 1 and
 * never reach it, and an id at or above it never raises the next one the server hands out.
 */
export const HAND_WRITTEN_IDS = 2 ** 52;

/**
 * The id of a version written by hand without one: from a hash of what names it (type, documentId,
 * status and the locale of its file name, `default` for a type that is not localized), so it is the
 * same at every edit of the file, at every start, and whatever other files appear, and nothing has
 * to be written for it. It lies from {@link HAND_WRITTEN_IDS} to below Number.MAX_SAFE_INTEGER; it
 * is checked against the other ids like any id (two of them meet once in about 4.5 × 10^15 pairs).
 * @example handWrittenId('category', 'byhand1', 'published', 'default') // 4503599627370496 ≤ id < 9007199254740991
 */
export function handWrittenId(type: string, documentId: string, status: DocumentStatus, locale: string): number {
  const digest = createHash('sha256').update(JSON.stringify([type, documentId, status, locale])).digest();
  // 52 bits of the hash (6.5 bytes), kept below 2^52 - 1 so that the id stays below MAX_SAFE_INTEGER.
  const bits = digest.readUIntBE(0, 6) * 16 + (digest[6]! >> 4);
  return HAND_WRITTEN_IDS + (bits % (HAND_WRITTEN_IDS - 1));
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
  /**
   * One above the highest component id in memory: counted when a write first needs it rather than
   * at load, where walking every row's components took about 20 ms of the start with 10,000 documents.
   */
  let nextComponent: number | undefined;
  function componentFloor(): number {
    if (nextComponent === undefined) {
      let max = 0;
      for (const type of schemas.contentTypes) {
        for (const versions of typeDocuments(type).values()) for (const row of versions.values()) max = Math.max(max, maxComponentId(row, type.attributes, schemas));
      }
      nextComponent = max + 1;
    }
    return nextComponent;
  }
  let generation = 0;

  // With a store several processes share, ids come from it in blocks (see prepareIds): the highest
  // id seen in memory is then only the floor of the next block, never an id handed out.
  const shared = documents.shared;
  const reserved = new Map<string, { next: number; end: number }>();
  async function reserve(sequence: string, ahead: number, floor: number): Promise<void> {
    const block = reserved.get(sequence);
    if (block && block.end - block.next >= ahead) return;
    const count = 2 * ahead;
    const first = await shared!.reserveIds(sequence, count, floor);
    reserved.set(sequence, { next: first, end: first + count });
  }
  function take(sequence: string): number {
    const block = reserved.get(sequence);
    // prepareIds keeps a margin far above what the writes of one process take between two reservations.
    if (!block || block.next >= block.end) throw new Error(`no ${sequence} id is reserved: prepareIds was not awaited before the write`);
    return block.next++;
  }

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

  const fileKey = (type: ContentType, status: DocumentStatus, documentId: string, locale: string | null) => ({
    type: type.singularName,
    documentId,
    status,
    locale: locale ?? NO_LOCALE,
  });

  /** The documentId that holds the numeric `id` within a type: ids are unique across documents. */
  function idOwner(type: ContentType, id: number): string | undefined {
    for (const [documentId, versions] of typeDocuments(type)) {
      for (const row of versions.values()) if (row.id === id) return documentId;
    }
    return undefined;
  }

  /**
   * Fills in what a version written by hand leaves out (see syncDocument): its `id`, and its
   * timestamps from its file's. Answers whether the id was filled in.
   */
  async function completeHandWritten(type: ContentType, key: DocumentKey, row: DocumentRow, current: DocumentRow | undefined): Promise<boolean> {
    const withoutId = row.id === undefined;
    if (withoutId) row.id = handWrittenId(type.singularName, key.documentId, key.status, key.locale);
    const published = key.status === 'published';
    if (!published && row.publishedAt === undefined) row.publishedAt = null;
    if (row.createdAt !== undefined && row.updatedAt !== undefined && row.publishedAt !== undefined) return withoutId;
    const times = await documents.fileTimes?.(key);
    if (!times) return withoutId; // a store of no files, or the file went meanwhile (its removal is news to come)
    const modified = new Date(times.modifiedMs).toISOString();
    row.updatedAt ??= modified;
    if (published) row.publishedAt ??= modified;
    // A file's birth time is when it was made, so the same at every start while it is edited in place;
    // an editor or a checkout that replaces the file makes a new one. Never after the modification.
    row.createdAt ??= current?.createdAt ?? new Date(Math.min(times.bornMs ?? times.modifiedMs, times.modifiedMs)).toISOString();
    return withoutId;
  }

  async function syncDocument(type: ContentType, documentId: string, accept: (status: DocumentStatus, row: DocumentRow) => string[]): Promise<SyncReport> {
    const report: SyncReport = { changed: 0, removed: 0, refused: [] };
    const { versions, broken } = await documents.readDocument(type.singularName, documentId);
    const onDisk = new Set<string>();
    const fileOf = (status: DocumentStatus, locale: string) => `${type.singularName}/${documentId}/${status}.${locale}.json`;
    const inMemory = (status: DocumentStatus, locale: string | null) => typeDocuments(type).get(documentId)?.get(bucketKey(status, locale));
    for (const { key, path, reason } of broken) {
      const locale = type.localized ? key.locale : null;
      onDisk.add(bucketKey(key.status, locale));
      // The reason names the file by its full path; the report names it already.
      const problem = reason.startsWith(`${path}: `) ? reason.slice(path.length + 2) : reason;
      report.refused.push({ file: fileOf(key.status, key.locale), problems: [problem], kept: inMemory(key.status, locale) !== undefined });
    }
    for (const { key, value } of versions) {
      const row = value as DocumentRow;
      const locale = type.localized ? key.locale : null;
      onDisk.add(bucketKey(key.status, locale));
      const current = inMemory(key.status, locale);
      row.locale = locale;
      const problems: string[] = [];
      if (row.documentId !== undefined && row.documentId !== documentId) problems.push(`documentId must be "${documentId}", the name of its folder`);
      row.documentId = documentId;
      const givenId = await completeHandWritten(type, key, row, current);
      if (problems.length === 0 && current && stableStringify(current) === stableStringify(row)) continue; // our own write, or no change
      if (!Number.isSafeInteger(row.id) || row.id < 1) problems.push('id must be a positive integer');
      else {
        const owner = idOwner(type, row.id);
        if (owner !== undefined && owner !== documentId) problems.push(givenId ? `the id it is given, having none, ${row.id}, is the id of document ${owner}: give it an id of its own` : `id ${row.id} is the id of document ${owner}`);
        const versions = typeDocuments(type).get(documentId);
        const sibling = [...(versions?.entries() ?? [])].find(([bucket, other]) => bucket !== bucketKey(key.status, locale) && other.id === row.id);
        // Each version of a document has an id of its own (the draft and the published copy differ).
        if (sibling) problems.push(`id ${row.id} is also the id of this document's ${sibling[0].split(':')[0]} version${sibling[1].locale ? ` in ${sibling[1].locale}` : ''}`);
      }
      problems.push(...accept(key.status, row));
      if (problems.length > 0) {
        report.refused.push({ file: fileOf(key.status, key.locale), problems, kept: current !== undefined });
        continue;
      }
      remember(type, key.status, row);
      report.changed++;
    }
    for (const [bucket, row] of [...(typeDocuments(type).get(documentId) ?? new Map<string, DocumentRow>())]) {
      if (onDisk.has(bucket)) continue;
      forget(type, bucket.slice(0, bucket.indexOf(':')) as DocumentStatus, documentId, row.locale);
      report.removed++;
    }
    return report;
  }

  /** A stored version's id for ordering: one without a valid id sorts last (and is refused). */
  const idOf = (value: Record<string, Json>) => (typeof value.id === 'number' ? value.id : Number.MAX_SAFE_INTEGER);

  /** Memory follows the files only once they are durable. */
  async function saveAll(type: ContentType, versions: ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>, options?: CommitOptions): Promise<void> {
    await documents.putAll(versions.map(({ status, row }) => ({ key: fileKey(type, status, row.documentId, row.locale), value: row as Record<string, Json> })), options);
    for (const { status, row } of versions) remember(type, status, row);
  }

  return {
    async load(refused = () => undefined) {
      for (const type of schemas.contentTypes) {
        const owners = new Map<number, string>(); // id → documentId, across every version of the type
        const stored = await documents.list(type.singularName);
        // Versions written by hand get what they leave out first (their timestamps from their files).
        const given = new Set<StoredDocument>();
        const incomplete = stored.filter(({ value }) => value.id === undefined || value.createdAt === undefined || value.updatedAt === undefined || value.publishedAt === undefined);
        await Promise.all(incomplete.map(async (version) => {
          if (await completeHandWritten(type, version.key, version.value as DocumentRow, undefined)) given.add(version);
        }));
        // In id order, the order they were created in: a list without `sort` answers in it, as
        // Strapi's does, however the store happens to list them (a folder listing, by name). An id
        // a file holds comes before the same id given to a file without one, so it keeps it.
        stored.sort((a, b) => idOf(a.value) - idOf(b.value) || Number(given.has(a)) - Number(given.has(b)));
        for (const version of stored) {
          const { key, value } = version;
          // The file's name says the locale. The value is ours (freshly read), so no copy of it.
          const row = value as DocumentRow;
          row.locale = type.localized ? key.locale : null;
          const file = `${type.singularName}/${key.documentId}/${key.status}.${key.locale}.json`;
          if (row.documentId !== undefined && row.documentId !== key.documentId) {
            refused(file, [`documentId must be "${key.documentId}", the name of its folder`]);
            continue;
          }
          row.documentId = key.documentId;
          if (!Number.isSafeInteger(row.id) || row.id < 1) {
            refused(file, ['id must be a positive integer']);
            continue;
          }
          const owner = owners.get(row.id);
          if (owner !== undefined) {
            const id = given.has(version) ? `the id it is given, having none, ${row.id},` : `id ${row.id}`;
            refused(file, [owner === key.documentId ? `${id} is also the id of another version of this document` : `${id} is the id of document ${owner}`]);
            continue;
          }
          owners.set(row.id, key.documentId);
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

    async remove(type, status, documentId, locale, options) {
      await documents.remove(fileKey(type, status, documentId, locale), options);
      forget(type, status, documentId, locale);
    },

    nextRowId(type) {
      if (shared) return take(rowSequence(type));
      const id = nextIds.get(type.singularName) ?? 1;
      nextIds.set(type.singularName, id + 1);
      return id;
    },

    nextComponentId() {
      if (shared) return take(COMPONENT_SEQUENCE);
      const id = componentFloor();
      nextComponent = id + 1;
      return id;
    },

    async prepareIds(type, input) {
      if (!shared) return;
      // Every component of the input is an object: their count bounds the component ids it takes.
      const objects = JSON.stringify(input ?? null).split('{').length;
      await reserve(rowSequence(type), ROW_IDS_AHEAD, nextIds.get(type.singularName) ?? 1);
      await reserve(COMPONENT_SEQUENCE, COMPONENT_IDS_AHEAD + 2 * objects, componentFloor());
    },

    exclusive: (key, work) => (shared ? shared.exclusive(key, work) : work()),

    shared: shared !== undefined,

    holdersOf: async (type, attribute, value) => (shared ? shared.holding(type.singularName, attribute, value) : []),

    generation: () => generation,

    syncDocument,

    documentIdsOnDisk: (type) => documents.documentIds(type.singularName),
  };
}
