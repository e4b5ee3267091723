/**
 * Uniqueness of uid and `unique` attributes, on a real content store in memory with the sample
 * project's types: values are unique per type, status and locale, against the stored versions and
 * against the values other writes claimed and have not stored yet.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createContentStore, type ContentStore, type DocumentRow } from '../../src/content/index.js';
import { createUniqueness, type Uniqueness } from '../../src/content/uniqueness.js';
import { loadSchemas, type ContentType } from '../../src/schema/index.js';
import { createKeyedQueue, createMemoryDocuments } from '../../src/storage/index.js';
import { repoRoot } from '../_helpers/index.js';

const test = suite('uniqueness');
let store: ContentStore;
let unique: Uniqueness;
let article: ContentType;
let reread: string[];

const row = (id: number, documentId: string, locale: string, slug: string): DocumentRow =>
  ({ id, documentId, locale, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: null, title: slug, slug }) as DocumentRow;

test.before.each(async () => {
  const schemas = await loadSchemas(repoRoot);
  article = schemas.bySingular('article')!;
  store = createContentStore(createMemoryDocuments(), schemas);
  await store.load();
  reread = [];
  unique = createUniqueness({ store, inQueue: createKeyedQueue(), reread: async (_type, documentId) => void reread.push(documentId) });
  await store.saveAll(article, [{ status: 'draft', row: row(1, 'first', 'en', 'hello') }]);
});

test('a stored value is taken for other documents of the same status and locale, never for its own document', () => {
  assert.is(unique.isUniqueIn(article, 'second', 'draft', 'en')('slug', 'hello', ['slug']), false);
  assert.is(unique.isUniqueIn(article, 'first', 'draft', 'en')('slug', 'hello', ['slug']), true, 'its own');
  assert.is(unique.isUniqueIn(article, 'second', 'draft', 'fr')('slug', 'hello', ['slug']), true, 'another locale');
  assert.is(unique.isUniqueIn(article, 'second', 'published', 'en')('slug', 'hello', ['slug']), true, 'another status');
  assert.is(unique.isUniqueIn(article, 'second', 'draft', 'en')('slug', 'other', ['slug']), true);
  assert.is(unique.isUniqueIn(article, 'second', 'draft', 'en')('slug', 'hello', ['sections', '0', 'slug']), true, 'inside a component, not checked across documents');
});

test('a claimed value is taken for every other document until released, and a release frees only its own claim', () => {
  const release = unique.claim(article, 'second', 'draft', 'en', { slug: 'claimed', title: 'not unique' });
  assert.is(unique.isUniqueIn(article, 'third', 'draft', 'en')('slug', 'claimed', ['slug']), false);
  assert.is(unique.isUniqueIn(article, 'second', 'draft', 'en')('slug', 'claimed', ['slug']), true, 'the claimer itself');
  assert.is(unique.isUniqueIn(article, 'third', 'draft', 'en')('title', 'not unique', ['title']), true, 'only unique attributes are claimed');
  release();
  assert.is(unique.isUniqueIn(article, 'third', 'draft', 'en')('slug', 'claimed', ['slug']), true);

  const first = unique.claim(article, 'second', 'draft', 'en', { slug: 'twice' });
  first();
  const second = unique.claim(article, 'third', 'draft', 'en', { slug: 'twice' });
  first();
  assert.is(unique.isUniqueIn(article, 'fourth', 'draft', 'en')('slug', 'twice', ['slug']), false, 'a late release leaves another claim');
  second();
  assert.is(unique.claim(article, 'fifth', 'draft', 'en', { slug: null }) instanceof Function, true, 'null claims nothing');
  assert.is(unique.isUniqueIn(article, 'sixth', 'draft', 'en')('slug', null, ['slug']), true);
});

test('on a store no other process shares, a write takes no turn and reads nothing again', async () => {
  const order: string[] = [];
  const answer = await unique.turn(article, { slug: 'hello' }, async () => {
    order.push('write');
    return 42;
  });
  assert.is(answer, 42);
  assert.equal(order, ['write']);
  assert.equal(reread, []);
});

test.run();
