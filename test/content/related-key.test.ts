// relatedKey: rows with the same key read the same related rows, so a filter through a relation may
// judge each key once; rows whose related rows may differ must never share a key.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { relatedKey, type RelationContext } from '../../src/content/relations.js';
import type { RelationAttribute, Schemas } from '../../src/schema/index.js';

const test = suite('relatedKey(ctx, attribute, row, defaultLocale, name)');

const noRows = { rows: () => [] };
const ctx = { schemas: { byUid: () => ({ singularName: 'article' }) } as unknown as Schemas, store: undefined as never, users: noRows, roles: noRows, files: noRows } satisfies RelationContext;
const tags: RelationAttribute = { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' };
const key = (row: Record<string, unknown>, attribute = tags) => relatedKey(ctx, attribute, row, 'en', 'tags');

test('should give rows holding the same documentIds in the same locale the same key', () => {
  assert.is(key({ locale: 'fr', tags: ['a', 'b'] }), key({ locale: 'fr', tags: ['a', 'b'], title: 'other' }));
  assert.is(key({ tags: 'a' }), key({ locale: 'en', tags: 'a' }), 'a row without a locale reads in the default one');
});

test('should never give one key to rows whose related rows may differ', () => {
  const rows = [
    { locale: 'fr', tags: ['a', 'b'] },
    { locale: 'en', tags: ['a', 'b'] },
    { locale: 'fr', tags: ['a\u0001b'] },
    { locale: 'fr', tags: ['a,b'] },
    { locale: 'fr', tags: ['a'] },
    { locale: 'fr', tags: 'a' },
    { locale: 'fr', tags: '["a"]' },
    { locale: 'fr', tags: null },
    { locale: 'fr', tags: [] },
    { locale: 'fr\u0000a', tags: [] },
  ];
  const keys = rows.map((row) => key(row));
  assert.is(new Set(keys).size, rows.length, keys.join(' | '));
});

test('should give no key where the related rows are not read from the row alone', () => {
  assert.is(key({ tags: [1] }, { ...tags, target: 'plugin::users-permissions.user' }), undefined, 'a relation to users reads their table');
  assert.is(key({ documentId: 'x' }, { ...tags, mappedBy: 'articles' }), undefined, 'an inverse side reads its owners');
});

test.run();
