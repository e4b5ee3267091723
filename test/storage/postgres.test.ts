// The storage contract against PostgreSQL: the same suites the file and memory adapters pass, on a
// real server, each test on a database of its own.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connectPostgres, createPostgresDocuments, describeFailure, migrate, MIGRATIONS, openPostgresTable, type PostgresDatabase, type Row } from '../../src/storage/index.js';
import { ServiceUnavailableError } from '../../src/errors.js';
import { startPostgres } from '../_helpers/postgres.js';
import { documentContract, tableContract } from './contract.js';

const postgres = await startPostgres();

const settings = (connectionString: string) => ({
  connection: { connectionString, host: 'unused', port: 5432, database: 'unused', user: 'unused', password: null, ssl: false, schema: 'public' },
  pool: { min: 0, max: 4 },
});

async function freshDatabase(): Promise<{ db: PostgresDatabase; url: string }> {
  const url = await postgres.newDatabase();
  const db = await connectPostgres(settings(url));
  await migrate(db);
  return { db, url };
}

documentContract('createPostgresDocuments(db)', async () => {
  const { db } = await freshDatabase();
  return { subject: createPostgresDocuments(db), cleanup: () => db.close() };
});

tableContract('openPostgresTable(db, name)', async () => {
  const { db } = await freshDatabase();
  return { subject: await openPostgresTable(db, 'counters'), cleanup: () => db.close() };
});

const schema = suite('PostgreSQL schema and processes');

schema('migrate should create every table once, record its version, and do nothing the second time', async () => {
  const url = await postgres.newDatabase();
  const db = await connectPostgres(settings(url));
  try {
    assert.equal(await migrate(db), MIGRATIONS.map((migration) => migration.version));
    assert.equal(await migrate(db), []);
    const { rows } = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name");
    assert.equal(rows.map((row) => row.table_name), ['folio_deliveries', 'folio_documents', 'folio_history', 'folio_history_schemas', 'folio_migrations', 'folio_rows', 'folio_sequences', 'folio_tables']);
  } finally {
    await db.close();
  }
});

schema('migration 3 should carry the webhook deliveries a version 2 database kept as table rows into folio_deliveries', async () => {
  const { db } = await freshDatabase();
  try {
    // The database as version 2 left it: deliveries as rows of the `deliveries` table.
    await db.query("DELETE FROM folio_migrations WHERE version = 3; DROP TABLE folio_deliveries; INSERT INTO folio_tables (name, next_id, version) VALUES ('deliveries', 2, 1)");
    const waiting = { id: 1, documentId: '000001764158400000-42-000001', webhook: 3, event: 'entry.create', body: '{"event":"entry.create"}', subject: 'api::note.note:abc', status: 'pending', attempts: 1, nextAttemptAt: 1764158410000, claimedUntil: 1764158415000, lastStatus: 503, lastError: null, createdAt: '2026-11-26T12:00:00.000Z', finishedAt: null };
    await db.query("INSERT INTO folio_rows (table_name, id, data) VALUES ('deliveries', 1, $1::json)", [JSON.stringify(waiting)]);
    assert.equal(await migrate(db), [3]);
    const { rows } = await db.query('SELECT * FROM folio_deliveries');
    assert.equal(rows, [{
      key: waiting.documentId, webhook: 3, event: 'entry.create', subject: 'api::note.note:abc', body: waiting.body, status: 'pending', attempts: 1,
      next_attempt_at: '1764158410000', claimed_until: '0', last_status: 503, last_error: null, created_at: waiting.createdAt, finished_at: null,
    }]);
    assert.equal((await db.query("SELECT count(*)::int AS n FROM folio_rows WHERE table_name = 'deliveries'")).rows, [{ n: 0 }]);
  } finally {
    await db.close();
  }
});

schema('migrate should refuse a database whose schema is newer than this release knows', async () => {
  const { db } = await freshDatabase();
  try {
    await db.query("INSERT INTO folio_migrations (version, name) VALUES (999, 'from the future')");
    const refused = await migrate(db).then(() => 'migrated', (error: Error) => error.message);
    assert.match(refused, /has schema version 999, newer than this foliocms knows \(\d+\): upgrade foliocms/);
  } finally {
    await db.close();
  }
});

schema('holding should name the documents whose committed versions hold a value, in any status and locale, and only those', async () => {
  const { db } = await freshDatabase();
  try {
    const documents = createPostgresDocuments(db);
    await documents.put({ type: 'tag', documentId: 'a', status: 'draft', locale: 'en' }, { name: 'News', rank: 1 });
    await documents.put({ type: 'tag', documentId: 'b', status: 'published', locale: 'fr' }, { name: 'News', rank: 2 });
    await documents.put({ type: 'tag', documentId: 'c', status: 'draft', locale: 'en' }, { name: 'Sport', rank: 1 });
    await documents.put({ type: 'other', documentId: 'd', status: 'draft', locale: 'en' }, { name: 'News' });
    assert.equal((await documents.shared!.holding('tag', 'name', 'News')).sort(), ['a', 'b']);
    assert.equal((await documents.shared!.holding('tag', 'rank', 1)).sort(), ['a', 'c']);
    assert.equal(await documents.shared!.holding('tag', 'rank', '1'), [], 'a number is not its text');
    assert.equal(await documents.shared!.holding('tag', 'name', 'news'), []);
  } finally {
    await db.close();
  }
});

schema('two processes updating one table at the same instant should both land, neither overwriting the other', async () => {
  const { db, url } = await freshDatabase();
  const other = await connectPostgres(settings(url));
  try {
    const a = await openPostgresTable<Row>(db, 'users');
    const b = await openPostgresTable<Row>(other, 'users');
    const add = (name: string) => (data: { nextId: number; rows: Row[] }) => {
      const id = data.nextId++;
      data.rows.push({ id, documentId: name, name });
      return id;
    };
    const ids = await Promise.all([a.update(add('ada')), b.update(add('grace')), a.update(add('linus')), b.update(add('margaret'))]);
    assert.equal([...ids].sort(), [1, 2, 3, 4]);
    await a.catchUp();
    assert.equal(a.rows().map((row) => row.documentId).sort(), ['ada', 'grace', 'linus', 'margaret']);
  } finally {
    await other.close();
    await db.close();
  }
});

schema('a process should be told of another one’s writes, and not of its own', async () => {
  const { db, url } = await freshDatabase();
  const other = await connectPostgres(settings(url));
  const seen: unknown[] = [];
  const ownSeen: unknown[] = [];
  const stop = await db.listen((change) => seen.push(change), { lost: () => undefined, back: () => undefined });
  const stopOwn = await other.listen((change) => ownSeen.push(change), { lost: () => undefined, back: () => undefined });
  try {
    await createPostgresDocuments(other).put({ type: 'article', documentId: 'abc', status: 'draft', locale: 'en' }, { title: 'Hi' });
    const table = await openPostgresTable<Row>(other, 'roles');
    await table.update((data) => void data.rows.push({ id: data.nextId++, documentId: 'r1' }));
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(seen, [{ kind: 'document', type: 'article', documentId: 'abc' }, { kind: 'table', name: 'roles', version: '1' }]);
    assert.equal(ownSeen, []);
  } finally {
    await stop();
    await stopOwn();
    await other.close();
    await db.close();
  }
});

schema('a write while the database is down should fail as a ServiceUnavailableError naming the database, never its password; it works again once the database is back', async () => {
  const { db } = await freshDatabase();
  const documents = createPostgresDocuments(db);
  const key = { type: 'article', documentId: 'abc', status: 'draft', locale: 'en' } as const;
  try {
    await postgres.kill();
    const failed = await documents.put(key, { title: 'lost?' }).then(() => undefined, (error: unknown) => error);
    assert.instance(failed, ServiceUnavailableError);
    assert.match((failed as Error).message, /^The database cannot be reached \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+\); the write was not made$/);
    await postgres.restart();
    await documents.put(key, { title: 'kept' });
    assert.equal(await documents.get(key), { title: 'kept' });
  } finally {
    await db.close();
  }
});

/** Ends every connection to the database at `url`, as an administrator (or a failover) would. */
async function terminateConnections(url: string): Promise<void> {
  const admin = await connectPostgres(settings(`${postgres.adminUrl}/postgres`));
  try {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [new URL(url).pathname.slice(1)]);
  } finally {
    await admin.close();
  }
}

schema('a follower should be told once that its connection was lost, with the cause and never the password, and once that it is back', async () => {
  const { db, url } = await freshDatabase();
  const told: string[] = [];
  const stop = await db.listen(() => undefined, { lost: (cause) => told.push(`lost: ${cause}`), back: () => told.push('back') });
  try {
    await terminateConnections(url);
    for (let i = 0; i < 100 && told.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(told, ['lost: terminating connection due to administrator command, 57P01', 'back']);
  } finally {
    await stop();
    await db.close();
  }
});

schema('a connection ended while a transaction or a lock holds it should fail that work as a ServiceUnavailableError, not end the process', async () => {
  const { db, url } = await freshDatabase();
  try {
    const inTransaction = db.transaction(async (client) => {
      await client.query('SELECT 1');
      await terminateConnections(url);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the loss arrives between two queries
      await client.query('SELECT 1');
    });
    assert.instance(await inTransaction.then(() => undefined, (error: unknown) => error), ServiceUnavailableError);
    const underLock = db.exclusive('article', async () => {
      await terminateConnections(url);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return 'done';
    });
    assert.is(await underLock, 'done', 'a lock lost with its connection is released by the database');
    assert.equal((await db.query('SELECT 1 AS one')).rows, [{ one: 1 }], 'the pool makes new connections');
  } finally {
    await db.close();
  }
});

schema('describeFailure should say why a connection failed without the password or the connection string, even when the error repeats them', () => {
  const url = 'postgres://folio:hunter2%21x@db.internal:5432/site';
  const error = Object.assign(new Error(`could not connect with ${url} (password hunter2!x)`), { code: '08001' });
  assert.is(describeFailure(error, settings(url)), 'could not connect with postgres://folio@db.internal:5432/site (password [redacted]), 08001');
  const refused = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
  assert.is(describeFailure(refused, settings(url)), 'ECONNREFUSED');
  assert.is(describeFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), settings(url)), 'connect ECONNREFUSED 127.0.0.1:5432');
});

schema.after(() => postgres.stop());
schema.run();
