/**
 * The project's store when `database.client` is `postgres`: the connection (refused at start in one
 * line when the database cannot be reached), the migrated schema, the tables, and following what
 * the other processes on the same database write.
 */
import { ApplicationError } from '../errors.js';
import type { DatabaseConfig } from '../config/index.js';
import type { ContentService } from '../content/index.js';
import type { Logger } from '../log/index.js';
import type { Schemas } from '../schema/index.js';
import { connectPostgres, describeFailure, isUnreachable, migrate, openPostgresTable, shownDatabase, type PostgresDatabase, type PostgresTable, type Row } from '../storage/index.js';
import { TABLES, type TableName } from './paths.js';

export interface ProjectDatabase {
  db: PostgresDatabase;
  tables: Record<TableName, PostgresTable<Row>>;
  /** The migrations this open applied (none when the schema was current). */
  applied: number[];
}

/**
 * Connects, migrates and opens every table.
 * @example const { db, tables } = await openDatabase(config.database);
 */
export async function openDatabase(settings: DatabaseConfig): Promise<ProjectDatabase> {
  let db: PostgresDatabase;
  try {
    db = await connectPostgres(settings);
  } catch (error) {
    throw new ApplicationError(`cannot connect to the database ${shownDatabase(settings)} (config/database.yaml or DATABASE_URL): ${describeFailure(error, settings)}`);
  }
  const applied = await migrate(db);
  const tables = Object.fromEntries(await Promise.all(TABLES.map(async (name) => [name, await openPostgresTable(db, name)] as const))) as ProjectDatabase['tables'];
  return { db, tables, applied };
}

export interface FollowDatabaseOptions {
  database: ProjectDatabase;
  schemas(): Schemas;
  content: ContentService;
  log: Logger;
}

/**
 * Serves what the other processes on the database write: a table they changed is read again, a
 * document they changed is read and served as the file watcher serves one changed on disk. The
 * connection that listens is lost and back as the database is: both are logged, once each (the
 * loss at once, not at the next request). Once back, everything is caught up. Answers a stop
 * function.
 */
export async function followDatabase({ database, schemas, content, log }: FollowDatabaseOptions): Promise<() => Promise<void>> {
  const typeNamed = (name: string) => schemas().contentTypes.find((type) => type.singularName === name);
  const failed = (what: string) => (error: unknown) => {
    // The database gone: its loss has a line of its own (below), and its return catches up everything.
    if (isUnreachable(error) || isUnreachable((error as { cause?: unknown } | undefined)?.cause)) return;
    log.error(`${what} was not read again from the database`, error);
  };

  // No need to mark documents changed for the next write: on a shared store every write reads its document first.
  function document(typeName: string, documentId: string): Promise<unknown> | undefined {
    const type = typeNamed(typeName);
    return type && content.syncFromDisk(type, documentId).catch(failed(`${typeName} ${documentId}`));
  }

  return database.db.listen(
    (change) => {
      if (change.kind === 'document') return document(change.type, change.documentId);
      // Answered once served: the writer waits for it before it answers (see PostgresDatabase.transaction).
      return database.tables[change.name as TableName]?.catchUp(change.version).catch(failed(`table ${change.name}`));
    },
    {
      lost(cause) {
        log.error(`the connection to the database ${database.db.shown} was lost (${cause}): reconnecting; while it cannot be reached, writes answer 503 and reads are served from memory`);
      },
      back() {
        log.info('the connection to the database is back: catching up with what other processes wrote meanwhile');
        for (const table of Object.values(database.tables)) table.catchUp().catch(failed(`table ${table.name}`));
        for (const type of schemas().contentTypes) content.syncTypeFromDisk(type).catch(failed(type.singularName));
      },
    },
  );
}

/**
 * Why the database cannot take writes now, or undefined: asked by `/_health`, answered from one
 * `SELECT 1` at most once a second, so a balancer's polling costs the database next to nothing.
 * @example const problem = databaseProblem(database.db); await problem(); // undefined while it answers
 */
export function databaseProblem(db: PostgresDatabase): () => Promise<string | undefined> {
  let askedAt = -Infinity;
  let asking: Promise<string | undefined> | undefined;
  let last: string | undefined;
  return () => {
    if (asking) return asking;
    if (Date.now() - askedAt < 1000) return Promise.resolve(last);
    askedAt = Date.now();
    asking = db.query('SELECT 1').then(
      () => undefined,
      () => `The database cannot be reached (${db.shown})`,
    ).then((problem) => {
      last = problem;
      asking = undefined;
      return problem;
    });
    return asking;
  };
}
