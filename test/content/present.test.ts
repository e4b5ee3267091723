/** The kept text of a row, and of a row with relations populated, is the text present() and JSON.stringify give. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { leftOut, present, rowText, withPopulated, type PresentContext } from '../../src/content/present.js';
import type { Model, PopulateTree } from '../../src/model/index.js';
import type { RelationAttribute } from '../../src/schema/index.js';
import { article, category, lookup, store, tag, user } from '../model/query/_fixtures.js';

const test = suite('rowText(model, row) and withPopulated(model, text, parts)');

const categories = [{ id: 1, documentId: 'c1', name: 'News "quoted" \u2028 é', internalNote: 'never shown', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', publishedAt: null }];
const tags = [
  { id: 1, documentId: 't1', label: 'one' },
  { id: 2, documentId: 't2', label: null },
];
const users = [{ id: 7, documentId: 'u7', username: 'ann', email: 'ann@example.com', password: 'hash', resetPasswordToken: 'secret', confirmed: true, role: null }];
const evaluate = store({ [category.uid]: categories, [tag.uid]: tags, [user.uid]: users });
const ctx: PresentContext = { lookup, status: 'published', related: evaluate.related, evalContext: evaluate, componentIds: false };

const ROWS: Array<Record<string, unknown>> = [
  { id: 1, documentId: 'a1', locale: 'en', title: 'Hello', views: 3, price: 2.5, meta: { nested: [1, { a: null }] }, content: [{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }], secret: 'hidden', password: 'hash', category: 'c1', tags: ['t1', 't2'], author: 7, internalTags: ['t1'], sections: [{ id: 4, heading: 'h' }], createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 2, documentId: 'a2', locale: null, title: null, category: null, tags: [], author: null },
  { id: 3, documentId: 'a3', title: 'Only some fields', category: 'missing', tags: ['t2', 'nope'], updatedAt: '2026-03-01T00:00:00.000Z', publishedAt: '2026-03-01T00:00:00.000Z' },
];

const POPULATES: PopulateTree[] = [{ category: {} }, { tags: {} }, { author: {} }, { category: {}, tags: {}, author: {} }, { tags: {}, category: {} }];

/** A row's kept text with `populate`'s relations put in: in leftOut order, each relation's rows in their own kept texts, as the content service builds them. */
function populated(model: Model, row: Record<string, unknown>, populate: PopulateTree): string {
  const parts = leftOut(model)
    .filter((name) => populate[name] !== undefined)
    .map((name): [string, string] => {
      const relation = model.attributes[name] as RelationAttribute;
      const texts = evaluate.related(model, name, row).map((entry) => rowText(lookup.model(relation.target)!, entry, ctx).json);
      const many = relation.relation === 'oneToMany' || relation.relation === 'manyToMany';
      return [name, many ? `[${texts.join(',')}]` : (texts[0] ?? 'null')];
    });
  return withPopulated(model, rowText(model, row, ctx), parts);
}

test('should keep the text present gives in the default shape', () => {
  for (const row of ROWS) assert.is(rowText(article, row, ctx).json, JSON.stringify(present(article, row, {}, ctx)), `row ${row.id}`);
  for (const row of categories) assert.is(rowText(category, row, ctx).json, JSON.stringify(present(category, row, {}, ctx)));
  for (const row of users) assert.is(rowText(user, row, ctx).json, JSON.stringify(present(user, row, {}, ctx)));
});

test('should put populated relations where present puts them, hidden ones never', () => {
  assert.not.ok(leftOut(article).includes('internalTags'), 'a private relation has no place');
  for (const row of ROWS) {
    for (const populate of POPULATES) {
      const expected = JSON.stringify(present(article, row, { populate }, ctx));
      assert.is(populated(article, row, populate), expected, `row ${row.id}, populate ${Object.keys(populate).join(', ')}`);
    }
  }
});

/** Relations first of all, between fields, after a hidden field, and last. */
const shaped: Model = {
  uid: 'api::shaped.shaped',
  localized: false,
  draftAndPublish: true,
  isComponent: false,
  attributes: {
    first: { type: 'relation', relation: 'manyToOne', target: category.uid },
    title: { type: 'string' },
    tags: { type: 'relation', relation: 'manyToMany', target: tag.uid },
    section: { type: 'component', component: 'shared.section', repeatable: false },
    note: { type: 'string', private: true },
    extra: { type: 'relation', relation: 'manyToMany', target: tag.uid },
    views: { type: 'integer' },
    author: { type: 'relation', relation: 'manyToOne', target: user.uid },
  },
};

test('should put each relation in its own place, wherever it lies among the fields', () => {
  const row = { id: 5, documentId: 's5', first: 'c1', title: 'Shaped', tags: ['t1'], extra: ['t2', 't1'], views: 2, author: 7, note: 'hidden' };
  const populates: PopulateTree[] = [{ first: {} }, { tags: {} }, { extra: {} }, { author: {} }, { first: {}, extra: {} }, { first: {}, tags: {}, extra: {}, author: {} }];
  for (const populate of populates) {
    assert.is(populated(shaped, row, populate), JSON.stringify(present(shaped, row, { populate }, ctx)), Object.keys(populate).join(', '));
  }
});

test.run();
