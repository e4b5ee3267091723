/** Databases for tests on a running PostgreSQL server (see postgres.ts, and the runner's PostgreSQL pass). */
import pg from 'pg';
import { testDatabasePrefix } from '../../scripts/postgres-server.mjs';

let counter = 0;

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (no database in it); answers its URL.
 * Its name, `folio_test_<run>_<pid>_<n>`, is the test runner's to remove at the end of its run
 * (a server of FOLIO_TEST_DATABASE_URL outlives the run).
 * @example const url = await createDatabase('postgres://postgres:pw@127.0.0.1:5433');
 */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `${testDatabasePrefix()}${process.pid}_${++counter}`;
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}
