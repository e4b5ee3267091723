/**
 * Crash-safe storage for foliocms: per-document JSON files, lowdb tables, atomic durable writes and
 * a cross-process lock, plus in-memory twins for tests.
 * @module
 */
export type { Adapter, CommitOptions, DocumentAdapter, SharedDocuments, DocumentKey, DocumentStatus, DocumentVersions, Json, Row, StoredDocument, Table, TableData } from './types.js';
export { stableStringify } from './stable-json.js';
export { isSafeName, parseDocumentFileName } from './document-reader.js';
export { createFileStore, withFileStore } from './file-store.js';
export type { FileStore, FileStoreOptions } from './file-store.js';
export type { DirectoryFile, FileData, WriteFileOptions, WriteFs } from './atomic-write.js';
export type { RemoveStaleTempFilesOptions } from './temp-files.js';
export type { LockOptions } from './lock.js';
export { createKeyedQueue } from './keyed-queue.js';
export { mapLimit } from './map-limit.js';
export { openTable } from './json-table.js';
export type { OpenTableOptions } from './json-table.js';
export { createFileDocuments } from './document-files.js';
export type { FileDocumentsOptions, PathSaid } from './document-files.js';
export { createMemoryDocuments, createMemoryTable } from './memory.js';
export { connectPostgres, createPostgresDocuments, describeFailure, isUnreachable, migrate, MIGRATIONS, openPostgresTable, shownDatabase } from './postgres/index.js';
export type { Change, ConnectionEvents, PostgresDatabase, PostgresSettings, PostgresTable } from './postgres/index.js';
