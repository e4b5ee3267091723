// The store's history book, over its two storages: JSON lines in a temporary data folder, and
// PostgreSQL's folio_history on a real server. Both pass the same suite; the files storage has a
// few more tests of its own (what it leaves on disk, a line a crash cut short, unsafe names).
import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/errors.js';
import type { ContentType } from '../../src/schema/index.js';
import { connectPostgres, migrate, type PostgresDatabase } from '../../src/storage/index.js';
import { createStoreHistory, fileHistoryStorage, postgresHistoryStorage, type HistoryStorage } from '../../src/history/store/index.js';
import { localeChanges } from '../../src/history/changes.js';
import type { ContentChange, HistoryBook, StoredVersion } from '../../src/history/types.js';
import { tempDir } from '../_helpers/index.js';
import { startPostgres } from '../_helpers/postgres.js';

// Started before any suite runs: uvu begins running the queued suites at the first pause.
const postgres = await startPostgres();

const article: ContentType = {
  uid: 'api::article.article',
  kind: 'collectionType',
  singularName: 'article',
  pluralName: 'articles',
  displayName: 'Article',
  draftAndPublish: true,
  localized: true,
  attributes: {
    title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    price: { type: 'integer', pluginOptions: { i18n: { localized: false } } },
  },
  file: 'content-types/article.yaml',
};
/** The same type after a field was added to its schema. */
const articleLater: ContentType = { ...article, attributes: { ...article.attributes, summary: { type: 'text' } } };

const alice = { username: 'alice', email: 'alice@example.com' };
const gitUser = { username: 'Folio CLI', email: 'cli@example.com' };

type Row = StoredVersion['row'];
const row = (documentId: string, locale: string, values: Record<string, unknown>, publishedAt: string | null = null): Row =>
  ({ id: 1, documentId, locale, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt, ...values }) as Row;
const draft = (r: Row): StoredVersion => ({ status: 'draft', row: r });
const published = (r: Row): StoredVersion => ({ status: 'published', row: r });

/** A clock that ticks one second a call, from a fixed instant. */
function clock(): () => string {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 0, 1, 12, 0, tick++)).toISOString();
}

/** A book as one process has it, and how that process runs a write with it. */
interface Process {
  book: HistoryBook;
  /** Runs a write that records `change`: it lands, or fails after history's part (`fail`). */
  write(change: ContentChange, fail?: boolean): Promise<void>;
}

interface Store {
  /** A process over the store; each call another one, sharing the same data. */
  open(): Promise<Process>;
  cleanup(): Promise<void>;
}

const bookOver = (storage: HistoryStorage) => createStoreHistory(storage, { systemAuthor: () => gitUser, now: clock() });

// The versions the story below goes through.
const en1 = row('doc1', 'en', { title: 'Hello', price: 5 });
const fr1 = row('doc1', 'fr', { title: 'Bonjour', price: 5 });
const fr2 = row('doc1', 'fr', { title: 'Salut', price: 7 });
const en2 = row('doc1', 'en', { title: 'Hello', price: 7 });
const en2Published = row('doc1', 'en', { title: 'Hello', price: 7 }, '2026-01-02T00:00:00.000Z');

const change = (type: ContentType, action: ContentChange['action'], locale: ContentChange['locale'], before: StoredVersion[], after: StoredVersion[], author: ContentChange['author'] = alice): ContentChange =>
  ({ type, documentId: before[0]?.row.documentId ?? after[0]!.row.documentId, action, author, locale, before, after });

/** The writes of doc1, in order; the type's schema gains `summary` after the second one. */
const story: ContentChange[] = [
  change(article, 'create', 'en', [], [draft(en1)]),
  change(article, 'create', 'fr', [draft(en1)], [draft(en1), draft(fr1)]),
  // An update in fr that changes the shared price in en too.
  change(articleLater, 'update', 'fr', [draft(en1), draft(fr1)], [draft(en2), draft(fr2)]),
  change(articleLater, 'publish', 'en', [draft(en2), draft(fr2)], [draft(en2), published(en2Published), draft(fr2)], 'system'),
  change(articleLater, 'unpublish', 'en', [draft(en2), published(en2Published), draft(fr2)], [draft(en2), draft(fr2)]),
  change(articleLater, 'delete', '*', [draft(en2), draft(fr2)], []),
];

function historySuite(label: string, make: () => Promise<Store>, teardown?: () => Promise<void>): void {
  const test = suite<{ store: Store; one: Process }>(`store history over ${label}`);
  test.before.each(async (context) => {
    context.store = await make();
    context.one = await context.store.open();
  });
  test.after.each(async ({ store, one }) => {
    await one.book.close();
    await store.cleanup();
  });
  if (teardown) test.after(teardown);

  test('a write should become one entry per locale it changed, each listed newest first', async ({ one }) => {
    assert.equal(localeChanges(story[2]!, 'fr').map((c) => [c.locale, c.action]), [['en', 'update'], ['fr', 'update']]);
    for (const write of story) await one.write(write);

    const en = await one.book.list({ type: articleLater, documentId: 'doc1', locale: 'en' });
    assert.equal(en.map((entry) => entry.action), ['delete', 'unpublish', 'publish', 'update', 'create']);
    assert.equal(en.map((entry) => entry.status), ['draft', 'published', 'published', 'draft', 'draft']);
    assert.equal(en.map((entry) => entry.changed), [[], [], ['price', 'title'], ['price'], ['price', 'title']]);
    assert.equal(en.map((entry) => entry.author), [alice, alice, gitUser, alice, alice], "the CLI's writes are by git's own user");
    assert.ok(en.every((entry) => entry.locale === 'en'));

    const fr = await one.book.list({ type: articleLater, documentId: 'doc1', locale: 'fr' });
    assert.equal(fr.map((entry) => [entry.action, entry.changed]), [['delete', []], ['update', ['price', 'title']], ['create', ['price', 'title']]]);
    assert.equal(fr.map((entry) => entry.createdAt), ['2026-01-01T12:00:05.000Z', '2026-01-01T12:00:02.000Z', '2026-01-01T12:00:01.000Z']);

    const every = await one.book.list({ type: articleLater, documentId: 'doc1' });
    assert.equal(every.map((entry) => `${entry.locale} ${entry.action}`), ['fr delete', 'en delete', 'en unpublish', 'en publish', 'fr update', 'en update', 'fr create', 'en create']);
    const versions = every.map((entry) => entry.version);
    assert.is(new Set(versions).size, versions.length, 'every version id is unique');
    assert.equal(await one.book.list({ type: articleLater, documentId: 'doc1', locale: null }), [], 'a localized type has no version without a locale');
    assert.equal(await one.book.list({ type: articleLater, documentId: 'other' }), []);
  });

  test('the whole type should list every document, newest first', async ({ one }) => {
    await one.write(story[0]!);
    const other = row('doc2', 'en', { title: 'Second', price: 1 });
    await one.write(change(article, 'create', 'en', [], [draft(other)]));
    await one.write(story[1]!);
    const all = await one.book.list({ type: article });
    assert.equal(all.map((entry) => entry.locale + ' ' + entry.action), ['fr create', 'en create', 'en create']);
    assert.equal(all.map((entry) => entry.createdAt), ['2026-01-01T12:00:02.000Z', '2026-01-01T12:00:01.000Z', '2026-01-01T12:00:00.000Z']);
    assert.equal((await one.book.list({ type: article, locale: 'fr' })).length, 1);
  });

  test('version() should answer the row and the schema as they were then', async ({ one }) => {
    for (const write of story) await one.write(write);
    const en = await one.book.list({ type: articleLater, documentId: 'doc1', locale: 'en' });
    const [deleted, unpublished, , updated, created] = en;
    const query = { type: articleLater, documentId: 'doc1', locale: 'en' };

    const first = await one.book.version(query, created!.version);
    assert.equal(first, { entry: created, row: en1, type: article }, 'the type before `summary` was added');
    assert.equal((await one.book.version(query, updated!.version))?.row, en2);
    assert.equal((await one.book.version(query, updated!.version))?.type, articleLater);
    assert.equal((await one.book.version(query, unpublished!.version))?.row, en2Published, 'the published version as it was before unpublishing');
    assert.equal((await one.book.version(query, deleted!.version))?.row, en2, 'a delete keeps the version as it was before');
    assert.equal((await one.book.version({ type: articleLater, documentId: 'doc1' }, created!.version))?.entry, created, 'any locale');
  });

  test('version() should answer undefined for a version that is not one of the document', async ({ one }) => {
    await one.write(story[0]!);
    await one.write(story[1]!);
    const [fr] = await one.book.list({ type: article, documentId: 'doc1', locale: 'fr' });
    const query = { type: article, documentId: 'doc1', locale: 'fr' };
    assert.ok(await one.book.version(query, fr!.version));
    for (const version of ['nope', '', '12abc', '-1', '1; DROP TABLE folio_history', '99999999999999999999999', '123456789', '000001764158400000-000000-1']) {
      assert.is(await one.book.version(query, version), undefined, version);
    }
    assert.is(await one.book.version({ ...query, locale: 'en' }, fr!.version), undefined, 'another locale');
    assert.is(await one.book.version({ ...query, documentId: 'doc2' }, fr!.version), undefined, 'another document');
  });

  test('a write that failed should leave no entry', async ({ one }) => {
    await one.write(story[0]!);
    await one.write(story[1]!, true);
    await one.book.flush();
    assert.equal((await one.book.list({ type: article, documentId: 'doc1' })).map((entry) => entry.action), ['create']);
    assert.equal(await one.book.list({ type: article, locale: 'fr' }), []);
  });

  test('two processes over one store should see each other’s entries', async ({ store, one }) => {
    const two = await store.open();
    try {
      await one.write(story[0]!);
      await two.write(change(article, 'create', 'en', [], [draft(row('doc2', 'en', { title: 'Two', price: 2 }))]));
      await one.write(story[1]!);
      for (const { book } of [one, two]) {
        const all = await book.list({ type: article });
        assert.equal(all.map((entry) => entry.locale + ' ' + entry.action), ['fr create', 'en create', 'en create']);
        const [doc2] = await book.list({ type: article, documentId: 'doc2' });
        assert.equal((await book.version({ type: article, documentId: 'doc2' }, doc2!.version))?.row, row('doc2', 'en', { title: 'Two', price: 2 }));
      }
    } finally {
      await two.book.close();
    }
  });

  test('a type that is not localized should have its versions under the locale null', async ({ one }) => {
    const page: ContentType = { ...article, uid: 'api::page.page', singularName: 'page', pluralName: 'pages', displayName: 'Page', localized: false, draftAndPublish: false, attributes: { title: { type: 'string' } } };
    const home = { id: 1, documentId: 'home', locale: null, title: 'Home' } as Row;
    await one.write(change(page, 'create', null, [], [published(home)]));
    const [entry, ...none] = await one.book.list({ type: page, documentId: 'home', locale: null });
    assert.equal(none, []);
    assert.equal({ ...entry, version: '' }, { version: '', documentId: 'home', createdAt: '2026-01-01T12:00:00.000Z', author: alice, action: 'create', status: 'published', locale: null, changed: ['title'] });
    assert.equal((await one.book.version({ type: page, documentId: 'home', locale: null }, entry!.version))?.row, home);
    assert.equal(await one.book.list({ type: page, locale: 'en' }), []);
    assert.equal(await one.book.list({ type: article }), [], 'another type');
  });

  test('a write that changed no version should leave no entry, and behind() should be undefined', async ({ one }) => {
    await one.write(change(article, 'update', 'en', [draft(en1)], [draft(en1)]));
    assert.equal(await one.book.list({ type: article }), []);
    assert.is(one.book.behind(), undefined);
    assert.is(one.book.kind, 'store');
  });

  test.run();
}

// Files: the write is the caller's; history appends once it landed.
const filesProcess = (dataDir: string): Process => {
  const book = bookOver(fileHistoryStorage(dataDir));
  return {
    book,
    async write(write, fail) {
      const pending = book.record(write);
      await pending.with();
      if (fail) return pending.failed();
      await pending.landed();
    },
  };
};

historySuite('files', async () => {
  const dir = await tempDir('folio-history-');
  return { open: async () => filesProcess(dir.path), cleanup: dir.cleanup };
});

const files = suite('store history: files on disk');

files('entries should be JSON lines per document and each schema one file', async () => {
  const dir = await tempDir('folio-history-');
  try {
    const one = filesProcess(dir.path);
    for (const write of story.slice(0, 3)) await one.write(write);
    await one.book.close();
    const history = join(dir.path, 'history');
    assert.equal((await readdir(history)).sort(), ['article', 'schemas']);
    assert.equal(await readdir(join(history, 'article')), ['doc1.jsonl']);
    const lines = (await readFile(join(history, 'article', 'doc1.jsonl'), 'utf8')).split('\n');
    assert.is(lines.length, 5, 'four entries, each ending its line');
    assert.is(lines.at(-1), '');
    const versions = lines.slice(0, -1).map((line) => (JSON.parse(line) as { version: string }).version);
    assert.equal([...versions].sort(), versions, 'appended in version order');
    const schemas = await readdir(join(history, 'schemas'));
    assert.is(schemas.length, 2, 'one file per distinct schema');
    assert.ok(schemas.every((name) => /^[0-9a-f]{64}\.json$/.test(name)));
  } finally {
    await dir.cleanup();
  }
});

files('a line a crash cut short should be skipped, and the next entry start a line of its own', async () => {
  const dir = await tempDir('folio-history-');
  try {
    const one = filesProcess(dir.path);
    await one.write(story[0]!);
    await appendFile(join(dir.path, 'history', 'article', 'doc1.jsonl'), '{"version":"0017');
    await one.write(story[1]!);
    const entries = await one.book.list({ type: article, documentId: 'doc1' });
    assert.equal(entries.map((entry) => entry.locale + ' ' + entry.action), ['fr create', 'en create']);
  } finally {
    await dir.cleanup();
  }
});

files('an unsafe document id should be refused (said, never thrown at the write that landed), and read as no history', async () => {
  const dir = await tempDir('folio-history-');
  try {
    const lost: unknown[] = [];
    const book = createStoreHistory(fileHistoryStorage(dir.path), { systemAuthor: () => gitUser, now: clock(), onLost: (error) => lost.push(error) });
    for (const documentId of ['../escape', 'a/b', '..']) {
      const bad = { ...change(article, 'create', 'en', [], [draft(row(documentId, 'en', { title: 'x' }))]) };
      const pending = book.record(bad);
      await pending.with();
      await pending.landed();
      assert.instance(lost.pop(), ValidationError, documentId);
      assert.equal(await book.list({ type: article, documentId }), []);
      assert.is(await book.version({ type: article, documentId }, '1'), undefined);
    }
    assert.equal(await readdir(dir.path), [], 'nothing written');
  } finally {
    await dir.cleanup();
  }
});

files.run();

// PostgreSQL: history's part runs inside the write's transaction, and rolls back with it.

const settings = (connectionString: string) => ({
  connection: { connectionString, host: 'unused', port: 5432, database: 'unused', user: 'unused', password: null, ssl: false, schema: 'public' },
  pool: { min: 0, max: 4 },
});

const postgresProcess = (db: PostgresDatabase): Process => {
  const book = bookOver(postgresHistoryStorage(db));
  return {
    book,
    async write(write, fail) {
      const pending = book.record(write);
      try {
        await db.transaction(async () => {
          await db.query('SELECT 1'); // the write's own statements
          await pending.with();
          if (fail) throw new Error('the write failed');
        });
      } catch (error) {
        pending.failed();
        if (fail) return;
        throw error;
      }
      await pending.landed();
    },
  };
};

historySuite(
  'PostgreSQL',
  async () => {
    const url = await postgres.newDatabase();
    const databases: PostgresDatabase[] = [];
    // Each process has a connection of its own.
    const connect = async () => {
      const db = await connectPostgres(settings(url));
      databases.push(db);
      return db;
    };
    await migrate(await connect());
    return {
      open: async () => postgresProcess(await connect()),
      cleanup: async () => {
        await Promise.all(databases.map((db) => db.close()));
      },
    };
  },
  () => postgres.stop(),
);
