/**
 * The PostgreSQL store (`database.client: postgres`): documents and tables in one database that
 * several processes share, each serving from memory and told of the others' writes.
 * @module
 */
export { connectPostgres, describeFailure, isUnreachable, shownDatabase, type Change, type ConnectionEvents, type PostgresDatabase, type PostgresSettings } from './database.js';
export { migrate, MIGRATIONS } from './migrations.js';
export { openPostgresTable, type PostgresTable } from './table.js';
export { createPostgresDocuments } from './documents.js';
