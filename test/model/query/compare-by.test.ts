import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareBy, type SortKey } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { article, query, store } from './_fixtures.js';

const compare = suite('compareBy(sort, model, ctx)');

const rows = [
  { id: 1, documentId: 'a1', title: 'beta', views: 10, rank: '9007199254740993', published: true, createdAt: '2024-01-02T00:00:00.000Z', category: 'c2', sections: [{ heading: 'z' }] },
  { id: 2, documentId: 'a2', title: 'alpha', views: null, rank: '9007199254740992', published: false, createdAt: '2024-01-01T23:00:00-02:00', category: 'c1', sections: [] },
  { id: 3, documentId: 'a3', title: 'Gamma', views: 2, rank: null, published: null, createdAt: '2024-01-01T12:00:00.000Z', category: null, sections: [{ heading: 'a' }, { heading: 'zz' }] },
  { id: 4, documentId: 'a4', title: 'alpha', views: 2, rank: '-1', published: true, createdAt: '2023-06-01T00:00:00.000Z', category: 'c1', sections: null },
];

const ctx = store({
  'api::category.category': [
    { id: 1, documentId: 'c1', name: 'Zebra' },
    { id: 2, documentId: 'c2', name: 'Ant' },
  ],
});

function order(search: string): number[] {
  const { sort } = expectSuccess(() => query(search));
  return [...rows].sort(compareBy(sort, article, ctx)).map((row) => row.id);
}

compare('should sort ascending and descending, with NULLs first in asc and last in desc (SQLite)', () => {
  assert.equal(order('sort=views'), [2, 3, 4, 1]);
  assert.equal(order('sort=views:desc'), [1, 3, 4, 2]);
});

compare('should keep the input order of ties (stable)', () => {
  assert.equal(order('sort=published'), [3, 2, 1, 4]);
  assert.equal(order(''), [1, 2, 3, 4]);
});

compare('should break ties with the next key', () => {
  assert.equal(order('sort=views:asc,title:desc'), [2, 4, 3, 1]);
  assert.equal(order('sort=title,views:desc'), [3, 4, 2, 1]);
});

compare('should compare strings by code unit, as SQLite BINARY does (uppercase first)', () => {
  assert.equal(order('sort=title'), [3, 2, 4, 1]);
});

compare('should compare bigintegers exactly and datetimes by instant', () => {
  assert.equal(order('sort=rank'), [3, 4, 2, 1]);
  // Row 2 is 01:00Z on Jan 2 (23:00 at -02:00), so after row 1.
  assert.equal(order('sort=createdAt'), [4, 3, 1, 2]);
});

compare('should sort by a relation field using the first related row, rows without one first', () => {
  assert.equal(order('sort=category.name'), [3, 1, 2, 4]);
  assert.equal(order('sort[category][name]=desc'), [2, 4, 1, 3]);
});

compare('should sort by a component field using the first entry', () => {
  assert.equal(order('sort=sections.heading'), [2, 4, 3, 1]);
});

compare('should accept hand-built keys', () => {
  const keys: SortKey[] = [{ path: ['id'], order: 'desc' }];
  assert.equal([...rows].sort(compareBy(keys, article, ctx)).map((row) => row.id), [4, 3, 2, 1]);
});

compare.run();
