/** The list-answer cache: bounded in bytes, least recently used out first, emptied when the data changes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAnswerCache } from '../../src/content/answer-cache.js';

const v1 = [1, 'users'];

test('an answer is kept for the same data and dropped when any dependency changes', () => {
  const cache = createAnswerCache({ maxBytes: 1000, maxEntryBytes: 1000 });
  cache.set('q', v1, Buffer.from('answer'));
  assert.equal(cache.get('q', [1, 'users']), Buffer.from('answer'), 'equal dependencies, element by element');
  assert.equal(cache.get('q', [2, 'users']), undefined);
  assert.equal(cache.get('q', v1), undefined, 'gone for good, even when the old dependencies come back');
});

test('over maxBytes (answers and keys), the least recently used answers go first', () => {
  const cache = createAnswerCache({ maxBytes: 10, maxEntryBytes: 10 });
  cache.set('a', v1, Buffer.from('aaaa'));
  cache.set('b', v1, Buffer.from('bbbb'));
  assert.equal(cache.get('a', v1), Buffer.from('aaaa'), 'a is now the most recent');
  cache.set('c', v1, Buffer.from('cccc'));
  assert.equal(cache.get('b', v1), undefined, 'b was the least recent');
  assert.equal(cache.get('a', v1), Buffer.from('aaaa'));
  assert.equal(cache.get('c', v1), Buffer.from('cccc'));
});

test('an answer larger than maxEntryBytes is not kept, and evicts nothing', () => {
  const cache = createAnswerCache({ maxBytes: 100, maxEntryBytes: 5 });
  cache.set('small', v1, Buffer.from('tiny'));
  cache.set('large', v1, Buffer.from('too large'));
  assert.equal(cache.get('large', v1), undefined);
  assert.equal(cache.get('small', v1), Buffer.from('tiny'));
});

test('setting a key again replaces its answer and its size', () => {
  const cache = createAnswerCache({ maxBytes: 10, maxEntryBytes: 10 });
  cache.set('a', v1, Buffer.from('aaaa'));
  cache.set('a', v1, Buffer.from('AAAA'));
  cache.set('b', v1, Buffer.from('bbbb'));
  assert.equal(cache.get('a', v1), Buffer.from('AAAA'), 'a counted once: both fit');
  assert.equal(cache.get('b', v1), Buffer.from('bbbb'));
});

test.run();
