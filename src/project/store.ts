/**
 * A project's store, chosen once: the files in `data/` or a PostgreSQL database, as
 * `database.client` (or DATABASE_URL) names it. Each kind is one module (store-files.ts,
 * store-postgres.ts) that builds everything a project keeps in it — its tables, its webhook
 * deliveries, its documents, how a server follows what others write there, and why it cannot take
 * writes now — so that `openProject`, `folio db copy` and `folio import` never ask which it is.
 * A new kind is one more module here, and the storage contract suite run against its documents.
 */
import type { DatabaseConfig } from '../config/index.js';
import { openFilesStore } from './store-files.js';
import { openPostgresStore } from './store-postgres.js';
import type { ProjectStore, StoreOptions } from './store-kind.js';

export { dataShown, type FollowOptions, type ProjectStore, type ServedDocuments, type ServeOptions, type StoreOptions } from './store-kind.js';

/**
 * The store `config.database` names, opened (a database connected and migrated).
 * @example const store = await openStore(config.database, { files, paths });
 */
export function openStore(database: DatabaseConfig, options: StoreOptions): Promise<ProjectStore> {
  return database.client === 'postgres' ? openPostgresStore(database, options) : openFilesStore(options);
}
