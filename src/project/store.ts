/**
 * A project's store, chosen once: the files in `data/` or a PostgreSQL database, as
 * `database.client` (or DATABASE_URL) names it. Each kind is one module (store-files.ts,
 * store-postgres.ts) that builds everything a project keeps in it — its tables, its webhook
 * deliveries, its documents, how a server follows what others write there, and why it cannot take
 * writes now — so that `openProject`, `folio db copy` and `folio import` never ask which it is.
 * A new kind is one more module here, and the storage contract suite run against its documents.
 */
import { defaults, loadConfig, type DatabaseConfig } from '../config/index.js';
import { createFileStore } from '../storage/index.js';
import { dataFolderPaths, projectPaths } from './paths.js';
import { asDataStore, type DataStore } from './store-copy.js';
import { openFilesStore, takeOverFiles } from './store-files.js';
import { openPostgresStore, takeOverPostgres } from './store-postgres.js';
import type { ProjectStore, StoreOptions, SwapFiles } from './store-kind.js';
import type { ProjectPaths, TableName } from './paths.js';

export { dataShown, type FollowOptions, type ProjectStore, type ServedDocuments, type ServeOptions, type StoreOptions, type SwapFiles } from './store-kind.js';

/**
 * The store `config.database` names, opened (a database connected and migrated).
 * @example const store = await openStore(config.database, { files, paths });
 */
export function openStore(database: DatabaseConfig, options: StoreOptions): Promise<ProjectStore> {
  return database.client === 'postgres' ? openPostgresStore(database, options) : openFilesStore(options);
}

/** The store the config of the project at `root` names (`database.client`, or DATABASE_URL), as a command that moves data uses it. */
export async function openDataStore(root: string, env: Record<string, string | undefined>): Promise<DataStore> {
  const config = await loadConfig(root, { env });
  return asDataStore(await openStore(config.database, { files: createFileStore(), paths: projectPaths(root, env) }));
}

/** The files store in `dataDir` (made when missing), whatever a project's config names. */
export async function openFilesDataStore(dataDir: string): Promise<DataStore> {
  return asDataStore(await openStore({ ...defaults.database, client: 'files' }, { files: createFileStore(), paths: dataFolderPaths(dataDir) }));
}

/** The PostgreSQL store of `settings` (connected and migrated), for the project at `paths`. */
export async function openPostgresDataStore(settings: DatabaseConfig, paths: ProjectPaths): Promise<DataStore> {
  return asDataStore(await openStore({ ...settings, client: 'postgres' }, { files: createFileStore(), paths }));
}

/**
 * The documents and the `tables` an import staged in `stagedData` (a files store) taken over by the
 * store `database` names, at once with the project's files `swapFiles` renames into place: on files,
 * the staged folder and table files are renamed in with them (nothing is opened); on a database,
 * they are copied in first, and the database put back as it was if the files' swap fails.
 * @example await takeOverStaged(config.database, paths, stage.data, ['users', 'roles'], swapFiles);
 */
export function takeOverStaged(database: DatabaseConfig, paths: ProjectPaths, stagedData: string, tables: readonly TableName[], swapFiles: SwapFiles): Promise<void> {
  return database.client === 'postgres'
    ? takeOverPostgres(database, { files: createFileStore(), paths }, stagedData, tables, swapFiles)
    : takeOverFiles(paths, stagedData, tables, swapFiles);
}
