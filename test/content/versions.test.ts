/**
 * Version bookkeeping, on a real content store in memory with the sample project's types: the state
 * an `ETag` names and `If-Match` compares, the published copy of a draft, and the shared
 * (non-localized) attributes that keep one value in every locale version of a status.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PreconditionFailedError } from '../../src/errors.js';
import { createContentStore, type ContentStore, type DocumentRow } from '../../src/content/index.js';
import { createVersionBook, type VersionBook } from '../../src/content/versions.js';
import { loadSchemas, type ContentType } from '../../src/schema/index.js';
import { createMemoryDocuments } from '../../src/storage/index.js';
import { repoRoot } from '../_helpers/index.js';

const test = suite('version bookkeeping');
let store: ContentStore;
let book: VersionBook;
let article: ContentType;

const row = (id: number, locale: string, values: Record<string, unknown>, publishedAt: string | null = null): DocumentRow =>
  ({ id, documentId: 'doc1', locale, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', publishedAt, ...values }) as DocumentRow;

test.before.each(async () => {
  const schemas = await loadSchemas(repoRoot);
  article = schemas.bySingular('article')!;
  store = createContentStore(createMemoryDocuments(), schemas);
  await store.load();
  book = createVersionBook(schemas, store, Buffer.from('a key of this spec'));
});

test('a document has no state where it has no version, and a new one at every change of either version', async () => {
  assert.is(book.stateOf(article, 'doc1', 'en'), undefined);
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Hello', views: 1 }) }]);
  const draftOnly = book.stateOf(article, 'doc1', 'en');
  assert.type(draftOnly, 'string');
  assert.is(book.stateOf(article, 'doc1', 'fr'), undefined, 'another locale has none');
  await store.saveAll(article, [{ status: 'published', row: row(2, 'en', { title: 'Hello', views: 1 }, '2026-01-03T00:00:00.000Z') }]);
  const published = book.stateOf(article, 'doc1', 'en');
  assert.is.not(published, draftOnly, 'publishing changes it');
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Hello', views: 1 }) }]);
  assert.is(book.stateOf(article, 'doc1', 'en'), published, 'the same content is the same state');
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Hello again', views: 1 }) }]);
  assert.is.not(book.stateOf(article, 'doc1', 'en'), published);
});

test('If-Match passes for the state read or `*`, and is refused (412) for any other state or a document that is gone', async () => {
  book.assertPrecondition(article, 'doc1', 'en', undefined);
  assert.throws(() => book.assertPrecondition(article, 'doc1', 'en', ['*']), (error: unknown) => error instanceof PreconditionFailedError, '`*` needs a version');
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Hello' }) }]);
  const read = book.stateOf(article, 'doc1', 'en')!;
  book.assertPrecondition(article, 'doc1', 'en', [read]);
  book.assertPrecondition(article, 'doc1', 'en', ['*']);
  book.assertPrecondition(article, 'doc1', 'en', ['stale', read]);
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Changed elsewhere' }) }]);
  assert.throws(() => book.assertPrecondition(article, 'doc1', 'en', [read]), (error: unknown) => error instanceof PreconditionFailedError);
});

test('for every locale at once, the state of any one locale version read will do, while that version is unchanged', async () => {
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Hello' }) }, { status: 'draft', row: row(2, 'fr', { title: 'Bonjour' }) }]);
  const french = book.stateOf(article, 'doc1', 'fr')!;
  book.assertPrecondition(article, 'doc1', '*', [french]);
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'en', { title: 'Hello again' }) }]);
  book.assertPrecondition(article, 'doc1', '*', [french]);
  await store.saveAll(article, [{ status: 'draft', row: row(2, 'fr', { title: 'Bonjour encore' }) }]);
  assert.throws(() => book.assertPrecondition(article, 'doc1', '*', [french]), (error: unknown) => error instanceof PreconditionFailedError);
});

test('a published copy is a new version: its own id, the published version\'s createdAt when there was one, publishedAt now', async () => {
  const draft = row(1, 'en', { title: 'Hello' });
  await store.saveAll(article, [{ status: 'draft', row: draft }]);
  const first = book.publishedCopy(article, draft);
  assert.is.not(first.id, draft.id);
  assert.is(first.createdAt, draft.createdAt);
  assert.is(first.updatedAt, draft.updatedAt);
  assert.type(first.publishedAt, 'string');
  await store.saveAll(article, [{ status: 'published', row: { ...first, createdAt: '2025-12-31T00:00:00.000Z' } }]);
  const again = book.publishedCopy(article, { ...draft, createdAt: '2026-02-01T00:00:00.000Z' });
  assert.is(again.createdAt, '2025-12-31T00:00:00.000Z');
});

test('a shared attribute written in one locale is copied to the other locales of that status; a draft copy is newer', async () => {
  await store.saveAll(article, [
    { status: 'draft', row: row(1, 'en', { title: 'Hello', views: 1 }) },
    { status: 'draft', row: row(2, 'fr', { title: 'Bonjour', views: 1 }) },
    { status: 'published', row: row(3, 'fr', { title: 'Bonjour', views: 1 }, '2026-01-03T00:00:00.000Z') },
  ]);
  assert.equal(book.sharedNames(article).sort(), ['category', 'cover', 'likes', 'views']);
  const copies = book.sharedCopies(article, row(1, 'en', { title: 'Hello', views: 7 }), 'draft');
  assert.equal(copies.map(({ status, row: copy }) => [status, copy.locale, copy.title, copy.views]), [['draft', 'fr', 'Bonjour', 7]], 'only the other locale\'s draft');
  assert.is.not(copies[0]!.row.updatedAt, '2026-01-02T00:00:00.000Z');
  assert.equal(book.sharedCopies(article, row(1, 'en', { title: 'Changed', views: 1 }), 'draft'), [], 'a localized change copies nothing');
});

test('a published copy keeps its updatedAt (its locale stays modified) unless it now holds what its draft holds', async () => {
  await store.saveAll(article, [
    { status: 'draft', row: row(2, 'fr', { title: 'Bonjour modifié', views: 7 }) },
    { status: 'published', row: row(3, 'fr', { title: 'Bonjour', views: 1 }, '2026-01-03T00:00:00.000Z') },
  ]);
  const [stillModified] = book.sharedCopies(article, row(4, 'en', { title: 'Hello', views: 7 }, '2026-01-04T00:00:00.000Z'), 'published');
  assert.equal([stillModified!.row.views, stillModified!.row.updatedAt], [7, '2026-01-02T00:00:00.000Z']);
  await store.saveAll(article, [{ status: 'draft', row: { ...row(2, 'fr', { title: 'Bonjour', views: 7 }), updatedAt: '2026-01-05T00:00:00.000Z' } }]);
  const [caughtUp] = book.sharedCopies(article, row(4, 'en', { title: 'Hello', views: 7 }, '2026-01-04T00:00:00.000Z'), 'published');
  assert.is(caughtUp!.row.updatedAt, '2026-01-05T00:00:00.000Z', 'the draft\'s');
});

test('a new locale version starts with the shared values as they are now, never the localized ones', () => {
  const values = book.sharedValues(article, row(1, 'en', { title: 'Hello', views: 3, slug: 'hello' }));
  assert.equal(values, { views: 3 }, 'a uid is per locale too');
});

test.run();
