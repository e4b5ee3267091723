/**
 * The in-memory index of every stored document version, loaded once at startup and kept in step
 * with the files: a write reaches memory only after it is durable. Reads never touch the disk.
 * The parts are in store/: the contract (contract.ts), the index in memory (memory.ts), reading the
 * files into it (from-files.ts), versions written by hand (hand-written.ts) and ids (ids.ts).
 */
import type { CommitOptions, DocumentAdapter, DocumentStatus, Json } from '../storage/index.js';
import type { Schemas, ContentType } from '../schema/index.js';
import { NO_LOCALE, type DocumentRow } from './types.js';
import type { ContentStore } from './store/contract.js';
import { loadDocuments, syncDocument } from './store/from-files.js';
import { COMPONENT_IDS_AHEAD, COMPONENT_SEQUENCE, idReservations, ROW_IDS_AHEAD, rowSequence } from './store/ids.js';
import { createDocumentIndex } from './store/memory.js';

export type { ContentStore, SyncReport } from './store/contract.js';
export { HAND_WRITTEN_IDS, handWrittenId } from './store/hand-written.js';

const fileKey = (type: ContentType, status: DocumentStatus, documentId: string, locale: string | null) => ({
  type: type.singularName,
  documentId,
  status,
  locale: locale ?? NO_LOCALE,
});

/**
 * @example const store = createContentStore(project.documents, project.schemas); await store.load();
 */
export function createContentStore(documents: DocumentAdapter, schemas: Schemas): ContentStore {
  const index = createDocumentIndex(schemas);
  const shared = documents.shared;
  const ids = idReservations(shared);

  /** Memory follows the files only once they are durable. */
  async function saveAll(
    type: ContentType,
    versions: ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>,
    options?: CommitOptions,
  ): Promise<void> {
    const stored = versions.map(({ status, row }) => ({
      key: fileKey(type, status, row.documentId, row.locale),
      value: row as Record<string, Json>,
    }));
    await documents.putAll(stored, options);
    for (const { status, row } of versions) index.remember(type, status, row);
  }

  return {
    load: (refused = () => undefined) => loadDocuments(documents, schemas, index, refused),

    rows: index.rows,
    rowsInAllLocales: index.rowsInAllLocales,
    get: index.get,
    versions: index.versions,
    documentIds: index.documentIds,

    saveAll,

    async remove(type, status, documentId, locale, options) {
      await documents.remove(fileKey(type, status, documentId, locale), options);
      index.forget(type, status, documentId, locale);
    },

    nextRowId: (type) => (shared ? ids.take(rowSequence(type)) : index.takeRowId(type)),

    nextComponentId: () => (shared ? ids.take(COMPONENT_SEQUENCE) : index.takeComponentId()),

    async prepareIds(type, input) {
      if (!shared) return;
      // Every component of the input is an object: their count bounds the component ids it takes.
      const objects = JSON.stringify(input ?? null).split('{').length;
      await ids.reserve(rowSequence(type), ROW_IDS_AHEAD, index.rowIdFloor(type));
      await ids.reserve(COMPONENT_SEQUENCE, COMPONENT_IDS_AHEAD + 2 * objects, index.componentFloor());
    },

    exclusive: (key, work) => (shared ? shared.exclusive(key, work) : work()),

    shared: shared !== undefined,

    holdersOf: async (type, attribute, value) => (shared ? shared.holding(type.singularName, attribute, value) : []),

    generation: index.generation,

    syncDocument: (type, documentId, accept) => syncDocument(documents, index, type, documentId, accept),

    documentIdsOnDisk: (type) => documents.documentIds(type.singularName),
  };
}
