import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesSearch } from '../../../src/model/index.js';
import { article, user } from './_fixtures.js';

const search = suite('matchesSearch(q, model)');

const rows = [
  { id: 1, documentId: 'doc-one', title: 'Hello World', kind: 'news', views: 120 },
  { id: 2, documentId: 'doc-two', body: 'Some **RICH** text', slug: 'second-post', views: 7 },
  { id: 3, documentId: 'doc-three', content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Inside Blocks' }] }] },
  { id: 4, documentId: 'doc-four', secret: 'classified', password: 'hunter2', hidden: 'needle' },
];

const hits = (q: string) => rows.filter(matchesSearch(q, article)).map((row) => row.id);

search('should match a case-insensitive substring of string-like attributes', () => {
  assert.equal(hits('hello'), [1]);
  assert.equal(hits('WORLD'), [1]);
  assert.equal(hits('rich'), [2]);
  assert.equal(hits('second-'), [2]);
  assert.equal(hits('NEWS'), [1]);
});

search('should search the text of blocks and the documentId', () => {
  assert.equal(hits('inside block'), [3]);
  assert.equal(hits('doc-t'), [2, 3]);
});

search('should match numbers when q is a number, and id', () => {
  assert.equal(hits('12'), [1]);
  assert.equal(hits('7'), [2]);
  assert.equal(hits('4'), [4]);
});

search('should skip password, private and searchable:false attributes', () => {
  assert.equal(hits('hunter'), []);
  assert.equal(hits('classified'), []);
  assert.equal(hits('needle'), []);
  const users = [{ id: 1, documentId: 'u', username: 'ada', resetPasswordToken: 'abc123', confirmationToken: 'xyz' }];
  assert.equal(users.filter(matchesSearch('abc', user)).length, 0);
  assert.equal(users.filter(matchesSearch('ADA', user)).length, 1);
});

search('should match everything for a blank q', () => {
  assert.equal(hits('  '), [1, 2, 3, 4]);
});

search.run();
