/** The list-answer cache: bounded in bytes, least recently used out first, emptied when the data changes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAnswerCache } from '../../src/content/answer-cache.js';

const v1 = [1, 'users'];

test('an answer is kept for the same data and dropped when any dependency changes', () => {
  const cache = createAnswerCache({ maxBytes: 1000, maxEntryBytes: 1000 });
  cache.set('q', v1, 'answer');
  assert.is(cache.get('q', [1, 'users']), 'answer', 'equal dependencies, element by element');
  assert.is(cache.get('q', [2, 'users']), undefined);
  assert.is(cache.get('q', v1), undefined, 'gone for good, even when the old dependencies come back');
});

test('over maxBytes, the least recently used answers go first', () => {
  const cache = createAnswerCache({ maxBytes: 10, maxEntryBytes: 10 });
  cache.set('a', v1, 'aaaa');
  cache.set('b', v1, 'bbbb');
  assert.is(cache.get('a', v1), 'aaaa', 'a is now the most recent');
  cache.set('c', v1, 'cccc');
  assert.is(cache.get('b', v1), undefined, 'b was the least recent');
  assert.is(cache.get('a', v1), 'aaaa');
  assert.is(cache.get('c', v1), 'cccc');
});

test('an answer larger than maxEntryBytes is not kept, and evicts nothing', () => {
  const cache = createAnswerCache({ maxBytes: 100, maxEntryBytes: 5 });
  cache.set('small', v1, 'tiny');
  cache.set('large', v1, 'too large');
  assert.is(cache.get('large', v1), undefined);
  assert.is(cache.get('small', v1), 'tiny');
});

test('setting a key again replaces its answer and its size', () => {
  const cache = createAnswerCache({ maxBytes: 8, maxEntryBytes: 8 });
  cache.set('a', v1, 'aaaa');
  cache.set('a', v1, 'AAAA');
  cache.set('b', v1, 'bbbb');
  assert.is(cache.get('a', v1), 'AAAA', 'a counted once: both fit');
  assert.is(cache.get('b', v1), 'bbbb');
});

test.run();
