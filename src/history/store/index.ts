/**
 * History kept by the store itself: the book (`createStoreHistory`) over a storage of entries, one
 * per store: JSON lines under data/history/ for files, the `folio_history` tables for PostgreSQL.
 * @module
 */
export { createStoreHistory } from './book.js';
export type { StoreHistoryOptions } from './book.js';
export { fileHistoryStorage } from './files.js';
export { postgresHistoryStorage } from './postgres.js';
export type { HistorySchema, HistoryStorage, HistoryType, NewHistoryEntry, StoredHistoryEntry } from './storage.js';
