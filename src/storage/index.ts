/**
 * Crash-safe storage for foliocms: per-document JSON files, lowdb tables, atomic durable writes and
 * a cross-process lock, plus in-memory twins for tests.
 * @module
 */
export type { Adapter, DocumentAdapter, DocumentKey, DocumentStatus, Json, Row, StoredDocument, Table, TableData } from './types.js';
export { stableStringify } from './stable-json.js';
export { writeFileAtomic, removeFile, whenIdle, removeStaleTempFiles } from './atomic-write.js';
export type { WriteFileOptions, RemoveStaleTempFilesOptions } from './atomic-write.js';
export { withLock } from './lock.js';
export { createKeyedQueue } from './keyed-queue.js';
export type { LockOptions } from './lock.js';
export { openTable } from './json-table.js';
export type { OpenTableOptions } from './json-table.js';
export { createFileDocuments } from './document-files.js';
export type { FileDocumentsOptions } from './document-files.js';
export { createMemoryDocuments, createMemoryTable } from './memory.js';
