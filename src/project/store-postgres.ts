/**
 * The PostgreSQL store: a project's tables, webhook deliveries and documents in one database that
 * several processes share, each told by the database what the others write. `data/` beside the
 * project keeps only what is not shared (the mail outbox, a generated JWT secret).
 */
import type { DatabaseConfig } from '../config/index.js';
import { sqlReader } from '../content/index.js';
import { createFileStore, createPostgresDocuments } from '../storage/index.js';
import { postgresDeliveries } from '../webhooks/index.js';
import { openHistory } from '../history/index.js';
import { databaseProblem, followDatabase, openDatabase } from './database.js';
import { accountRows, dataLeftBehind } from './holdings.js';
import { dataFolderPaths, type TableName } from './paths.js';
import { asDataStore, copyStoreData } from './store-copy.js';
import { openFilesStore } from './store-files.js';
import { dataShown, type ProjectStore, type ServedDocuments, type ServeOptions, type StoreOptions, type SwapFiles } from './store-kind.js';

/**
 * Connects and migrates (refused in one line when the database cannot be reached).
 * @example const store = await openPostgresStore(config.database, { files, paths });
 */
export async function openPostgresStore(settings: DatabaseConfig, { files, paths }: StoreOptions): Promise<ProjectStore> {
  const database = await openDatabase(settings);
  const { db, tables } = database;
  const documents = () => createPostgresDocuments(db);

  function serve({ contentTypes }: ServeOptions): ServedDocuments {
    return {
      documents: documents(),
      // Lists, counts and versions are asked of the database.
      reader: sqlReader(async <R>(text: string, values: unknown[]) => (await db.query(text, values)).rows as R[]),
      sweep: async () => void await files.removeStaleTempFiles(paths.data, { except: [] }),
      // A files project switched to a new database serves an empty site: said once, at start.
      startWarning: (count) => dataLeftBehind({
        database: { documents: count, ...accountRows(tables) },
        databaseShown: db.shown,
        dataDir: paths.data,
        dataShown: dataShown(paths),
        types: contentTypes,
      }),
      follow: ({ schemas, content, log }) => {
        const following = followDatabase({ database, schemas, content, log });
        following.catch((error: unknown) => log.error('listening to the database failed', error));
        return () => void following.then((stop) => stop(), () => undefined);
      },
      ready: Promise.resolve(),
      stop: async () => undefined,
    };
  }

  return {
    shown: db.shown,
    tables,
    deliveries: postgresDeliveries(db),
    migrated: database.applied,
    documents,
    serve,
    problem: databaseProblem(db),
    openHistory: ({ commit, log }) => openHistory({ projectDir: paths.root, dataDir: paths.data, commit, log, db }),
    close: () => db.close(),
  };
}

/**
 * An import's staged data taken over by the database of `settings`: copied in through the storage
 * interface, then the project's files swapped in; the database is put back as it was if either fails.
 * @example await takeOverPostgres(config.database, { files, paths }, stage.data, ['users'], swapFiles);
 */
export async function takeOverPostgres(settings: DatabaseConfig, options: StoreOptions, stagedData: string, names: readonly TableName[], swapFiles: SwapFiles): Promise<void> {
  const staged = asDataStore(await openFilesStore({ files: createFileStore(), paths: dataFolderPaths(stagedData) }));
  const database = await openPostgresStore(settings, options);
  try {
    await copyStoreData(staged, asDataStore(database), { tables: names, replace: true }, () => swapFiles([], undefined));
  } finally {
    await Promise.all([staged.close(), database.close()]);
  }
}
