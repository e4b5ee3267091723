// What `folio serve` on PostgreSQL says about its database: at start, that the database is empty
// while data/ still holds the project's documents and users (once, with the command that copies
// them); while serving, that the connection to the database was lost (once per loss, at once,
// naming the cause and never the password), beside the line that says it is back.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { eventually, folio, initProject, request } from '../_helpers/index.js';
import { startPostgres } from '../_helpers/postgres.js';
import { serve, type ServeProcess } from '../_helpers/server.js';

const postgres = await startPostgres();
const test = suite('folio serve on PostgreSQL: what it logs about its database');
test.after(() => postgres.stop());

const LEFT_BEHIND = /data\/ holds .*folio db copy --to <postgres-url>/;
const LOST = /the connection to the database .* was lost/;
const BACK = /the connection to the database is back/;

/** The lines of `text` that match `pattern`. */
const linesMatching = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line));

/** A files project with two articles (written by hand into data/) and one user, made by the CLI. */
async function filesProjectWithData(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const project = await initProject();
  const cli = async (args: string[]) => {
    const result = await folio([...args, '--dir', project.dir]);
    assert.is(result.code, 0, result.stderr);
  };
  await cli(['content-type', 'create', 'article', '--attr', 'title:string']);
  await cli(['user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'correct-horse-1']);
  for (const [documentId, title] of [['byhand0000000000000000a1', 'One'], ['byhand0000000000000000a2', 'Two']] as const) {
    const folder = join(project.dir, 'data/content/article', documentId);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'published.default.json'), `${JSON.stringify({ title })}\n`);
  }
  return project;
}

/** Runs `work` on a connection of the server's superuser, to another database than the project's. */
async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: `${postgres.adminUrl}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Ends every connection to the database at `url`, as an administrator (or a failover) would, once
 * the server listens on it: it names that connection `folio follower` (docs/postgresql.md), a moment after
 * its ready line.
 */
async function terminateConnections(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await eventually(() => asAdmin(async (admin) => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'folio follower'", [name])).rowCount === 1), 'the server listening');
  await new Promise((resolve) => setTimeout(resolve, 100)); // its LISTEN follows the name
  await asAdmin((admin) => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]));
}

test('an empty database while data/ holds documents and users: one warning at start that names them and the copy command; the server still serves', async () => {
  const project = await filesProjectWithData();
  const url = await postgres.newDatabase();
  let server: ServeProcess | undefined;
  try {
    server = await serve(project.dir, [], { DATABASE_URL: url });
    assert.is((await request(`${server.url}/_health`)).status, 204, 'an empty database may be intended: the server serves it');
    const warnings = linesMatching(server.stderr(), LEFT_BEHIND);
    assert.is(warnings.length, 1, server.stderr());
    assert.match(warnings[0]!, /^\S+ warn the database postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+ is empty \(no documents, no users\) but data\/ holds 2 documents and 1 user, which are not served from it: to move them in, stop the server and run folio db copy --to <postgres-url>$/);
    assert.not.ok(server.stderr().includes(new URL(url).password), 'the password is never shown');
  } finally {
    await server?.stop();
    await project.cleanup();
  }
});

test('no warning once the data is copied into the database, nor when data/ holds no documents and no users', async () => {
  const withData = await filesProjectWithData();
  const fresh = await initProject();
  let server: ServeProcess | undefined;
  try {
    const url = await postgres.newDatabase();
    const copied = await folio(['db', 'copy', '--to', url, '--dir', withData.dir]);
    assert.is(copied.code, 0, copied.stderr);
    server = await serve(withData.dir, [], { DATABASE_URL: url });
    assert.equal(linesMatching(server.stderr(), LEFT_BEHIND), [], 'the database holds the data (and data/ still does)');
    await server.stop();

    // A project made by `folio init` holds the built-in roles and permissions only: nothing to copy.
    server = await serve(fresh.dir, [], { DATABASE_URL: await postgres.newDatabase() });
    assert.equal(linesMatching(server.stderr(), LEFT_BEHIND), [], 'data/ holds nothing to copy');
  } finally {
    await server?.stop();
    await withData.cleanup();
    await fresh.cleanup();
  }
});

test('a database lost while serving is logged once, at once, with its cause and never the password; its return is logged; /_health says so meanwhile', async () => {
  const project = await initProject();
  const url = await postgres.newDatabase();
  const password = new URL(url).password;
  let server: ServeProcess | undefined;
  try {
    assert.is((await folio(['content-type', 'create', 'article', '--attr', 'title:string', '--dir', project.dir], { env: { DATABASE_URL: url } })).code, 0);
    assert.is((await folio(['permission', 'grant', 'public', 'api::article.article.create', '--dir', project.dir], { env: { DATABASE_URL: url } })).code, 0);
    server = await serve(project.dir, [], { DATABASE_URL: url });
    const stderr = server.stderr;
    assert.equal(linesMatching(stderr(), LOST), []);

    // Connections ended by the database (an administrator, a failover): logged without a request.
    await terminateConnections(url);
    await eventually(async () => linesMatching(stderr(), LOST).length === 1, 'the loss logged');
    const [lost] = linesMatching(stderr(), LOST);
    assert.match(lost!, /^\S+ error the connection to the database postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+ was lost \(terminating connection due to administrator command, 57P01\): reconnecting; while it cannot be reached, writes answer 503 and reads are served from memory$/);
    await eventually(async () => linesMatching(stderr(), BACK).length === 1, 'the return logged');

    // The database stopped: one line, however many requests fail meanwhile.
    await postgres.kill();
    await eventually(async () => linesMatching(stderr(), LOST).length === 2, 'the second loss logged');
    await eventually(async () => (await request(`${server!.url}/_health`)).status === 503, 'the health check failing');
    for (let i = 0; i < 5; i++) assert.is((await request(`${server.url}/api/articles`, { method: 'POST', body: { data: { title: `while down ${i}` } } })).status, 503);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a few tries to listen again, refused
    assert.is(linesMatching(stderr(), LOST).length, 2, stderr());
    assert.is(linesMatching(stderr(), BACK).length, 1, stderr());

    await postgres.restart();
    await eventually(async () => linesMatching(stderr(), BACK).length === 2, 'the second return logged');
    await eventually(async () => (await request(`${server!.url}/_health`)).status === 204, 'the health check passing again');
    assert.is(linesMatching(stderr(), LOST).length, 2, stderr());
    assert.equal(linesMatching(stderr(), / error /), linesMatching(stderr(), LOST), 'nothing else logged as an error: a catch-up the loss cut short is made again on its return');
    assert.not.ok(stderr().includes(password), 'the password is never shown');
  } finally {
    await server?.stop();
    await project.cleanup();
  }
});

test.run();
