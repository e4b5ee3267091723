/** The list-answer cache: bounded in bytes, least recently used out first, each answer valid while what its scope read is unchanged. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAnswerCache } from '../../src/content/answer-cache.js';

const v1 = [1, 'users'];
const now = (dependencies: readonly unknown[]) => () => dependencies;

test('an answer is kept for the same data and dropped when any dependency changes', () => {
  const cache = createAnswerCache<'all'>({ maxBytes: 1000, maxEntryBytes: 1000 });
  cache.set('q', 'all', v1, Buffer.from('answer'));
  assert.equal(cache.get('q', now([1, 'users'])), Buffer.from('answer'), 'equal dependencies, element by element');
  assert.equal(cache.get('q', now([2, 'users'])), undefined);
  assert.equal(cache.get('q', now(v1)), undefined, 'gone for good, even when the old dependencies come back');
});

test('each answer is checked against the dependencies of its own scope: a change elsewhere keeps it', () => {
  const versions: Record<string, number> = { en: 1, fr: 1 };
  const current = (locale: string) => [versions[locale]];
  const cache = createAnswerCache<string>({ maxBytes: 1000, maxEntryBytes: 1000 });
  cache.set('?locale=en', 'en', current('en'), Buffer.from('english'));
  cache.set('?locale=fr', 'fr', current('fr'), Buffer.from('french'));
  versions.en = 2; // a write to the English versions
  assert.equal(cache.get('?locale=fr', current), Buffer.from('french'), 'the French answer stays');
  assert.equal(cache.get('?locale=en', current), undefined, 'the English one is computed anew');
});

test('over maxBytes (answers and keys), the least recently used answers go first', () => {
  const cache = createAnswerCache<'all'>({ maxBytes: 10, maxEntryBytes: 10 });
  cache.set('a', 'all', v1, Buffer.from('aaaa'));
  cache.set('b', 'all', v1, Buffer.from('bbbb'));
  assert.equal(cache.get('a', now(v1)), Buffer.from('aaaa'), 'a is now the most recent');
  cache.set('c', 'all', v1, Buffer.from('cccc'));
  assert.equal(cache.get('c', now(v1)), undefined, 'the cache is full: an answer computed once is not kept');
  assert.equal(cache.get('b', now(v1)), Buffer.from('bbbb'), 'and evicts nothing');
  assert.equal(cache.get('a', now(v1)), Buffer.from('aaaa'));
  cache.set('c', 'all', v1, Buffer.from('cccc'));
  assert.equal(cache.get('a', now(v1)), Buffer.from('aaaa'));
  assert.equal(cache.get('c', now(v1)), Buffer.from('cccc'));
});

test('while the cache is full, only answers computed before are kept, however many others come between', () => {
  const cache = createAnswerCache<'all'>({ maxBytes: 16, maxEntryBytes: 10 });
  cache.set('old', 'all', v1, Buffer.from('oooo'));
  cache.set('hot', 'all', v1, Buffer.from('hhhh'));
  cache.set('again', 'all', v1, Buffer.from('gggg'));
  for (let page = 0; page < 100; page++) cache.set(`once ${page}`, 'all', v1, Buffer.from('1111'));
  assert.equal(cache.get('hot', now(v1)), Buffer.from('hhhh'), 'answers asked once evict nothing');
  cache.set('again', 'all', v1, Buffer.from('gggg'));
  assert.equal(cache.get('again', now(v1)), Buffer.from('gggg'), 'computed a second time, it is kept');
  assert.equal(cache.get('old', now(v1)), undefined, 'in place of the least recently used');
  assert.equal(cache.get('hot', now(v1)), Buffer.from('hhhh'));
});

test('an answer larger than maxEntryBytes is not kept, and evicts nothing', () => {
  const cache = createAnswerCache<'all'>({ maxBytes: 100, maxEntryBytes: 5 });
  cache.set('small', 'all', v1, Buffer.from('tiny'));
  cache.set('large', 'all', v1, Buffer.from('too large'));
  assert.equal(cache.get('large', now(v1)), undefined);
  assert.equal(cache.get('small', now(v1)), Buffer.from('tiny'));
});

test('setting a key again replaces its answer and its size', () => {
  const cache = createAnswerCache<'all'>({ maxBytes: 10, maxEntryBytes: 10 });
  cache.set('a', 'all', v1, Buffer.from('aaaa'));
  cache.set('a', 'all', v1, Buffer.from('AAAA'));
  cache.set('b', 'all', v1, Buffer.from('bbbb'));
  assert.equal(cache.get('a', now(v1)), Buffer.from('AAAA'), 'a counted once: both fit');
  assert.equal(cache.get('b', now(v1)), Buffer.from('bbbb'));
});

test.run();
