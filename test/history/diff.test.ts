// The comparison `folio diff` makes of two versions of a document, and its words: attributes by
// name, component entries by index path, relations as ids gained and lost, long text only said to
// change, and a password or private value never carried or written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Component, ContentType, Schemas } from '../../src/schema/index.js';
import { compareVersions, type AttributeChange, type Row } from '../../src/history/diff/changes.js';
import { shapeBook, shapeOfFile, type ShapeBook } from '../../src/history/diff/shapes.js';
import { attributeWords, shorten, versionLine } from '../../src/history/diff/words.js';
import type { VersionChange } from '../../src/history/diff/types.js';

const article: ContentType = {
  uid: 'api::article.article',
  kind: 'collectionType',
  singularName: 'article',
  pluralName: 'articles',
  displayName: 'Article',
  draftAndPublish: true,
  localized: true,
  file: 'content-types/article.yaml',
  attributes: {
    title: { type: 'string' },
    summary: { type: 'text' },
    body: { type: 'blocks' },
    views: { type: 'integer' },
    meta: { type: 'json' },
    secretCode: { type: 'password' },
    notes: { type: 'string', private: true },
    sections: { type: 'component', component: 'shared.section', repeatable: true },
    seo: { type: 'component', component: 'shared.seo', repeatable: false },
    blocks: { type: 'dynamiczone', components: ['shared.section', 'shared.quote'] },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
    tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
  },
};

const component = (uid: string, attributes: Component['attributes']): [string, Component] => {
  const [category, name] = uid.split('.') as [string, string];
  return [uid, { uid, category, name, displayName: name, attributes, file: `content-types/components/${category}/${name}.yaml` }];
};

const schemas: Schemas = {
  contentTypes: [article],
  components: new Map([
    component('shared.section', { heading: { type: 'string' }, body: { type: 'text' } }),
    component('shared.seo', { title: { type: 'string' }, token: { type: 'string', private: true } }),
    component('shared.quote', { text: { type: 'text' }, author: { type: 'string' } }),
  ]),
  userAttributes: {},
  bySingular: (name) => (name === 'article' ? article : undefined),
  byPlural: (name) => (name === 'articles' ? article : undefined),
  byUid: (uid) => (uid === article.uid ? article : undefined),
};

const book: ShapeBook = shapeBook(schemas, { types: new Map(), components: new Map() });
const compare = (before: Row | undefined, after: Row | undefined, using: ShapeBook = book) => compareVersions(before, after, using.type('article'), using);
const words = (before: Row, after: Row, using: ShapeBook = book) => compare(before, after, using).map(attributeWords);

const changes = suite('folio diff: comparing two versions');

changes('should name a changed short text with both values, and leave out system keys', () => {
  const before = { id: 1, documentId: 'abc', title: 'Bonjour', views: 3, updatedAt: '2026-01-01T00:00:00.000Z', locale: 'fr' };
  const after = { id: 7, documentId: 'abc', title: 'Salut', views: 3, updatedAt: '2026-02-01T00:00:00.000Z', publishedAt: null, locale: 'fr' };
  assert.equal(compare(before, after), [{ path: 'title', change: 'changed', form: 'value', before: 'Bonjour', after: 'Salut' }]);
  assert.equal(words(before, after), ['title "Bonjour" → "Salut"']);
});

changes('should print values that are not strings as JSON, and say when one is added or removed', () => {
  assert.equal(words({ views: 3, meta: { a: 1 } }, { views: 4, meta: { a: 2 } }), ['views 3 → 4', 'meta {"a":1} → {"a":2}']);
  assert.equal(words({}, { views: 4 }), ['views added: 4']);
  assert.equal(words({ title: 'Old', views: null }, { views: null }), ['title removed (was "Old")']);
});

changes('should shorten long strings with an ellipsis, and only say that multi-line text and blocks changed', () => {
  const long = 'A'.repeat(80);
  assert.equal(words({ title: 'short' }, { title: long }), [`title "short" → "${'A'.repeat(59)}…"`]);
  assert.equal(words({ summary: 'one\ntwo' }, { summary: 'one\nthree' }), ['summary changed']);
  const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
  assert.equal(words({ body: paragraph('Hi') }, { body: paragraph('Hello') }), ['body changed']);
  assert.equal(words({}, { body: paragraph('Hello') }), ['body added']);
  assert.is(shorten('abcdef', 4), 'abc…');
});

changes('should compare component entries by index path and ignore their ids', () => {
  const before: Row = { sections: [{ id: 1, heading: 'A', body: 'x' }, { id: 2, heading: 'B' }], seo: { id: 5, title: 'S' } };
  const after: Row = { sections: [{ id: 11, heading: 'A', body: 'x' }, { id: 12, heading: 'C' }, { heading: 'New' }], seo: { id: 9, title: 'T' } };
  assert.equal(words(before, after), ['sections[1].heading "B" → "C"', 'sections[2] added', 'seo.title "S" → "T"']);
  const added = compare(before, after).find((change) => change.path === 'sections[2]');
  assert.equal(added, { path: 'sections[2]', change: 'added', form: 'entry', after: { heading: 'New' } });
  assert.equal(words({ sections: [{ id: 1, heading: 'A' }] }, { sections: [{ id: 2, heading: 'A' }] }), [], 'a new id alone is no change');
  assert.equal(words({ sections: [{ heading: 'A' }, { heading: 'B' }] }, { sections: [{ heading: 'A' }] }), ['sections[1] removed']);
  assert.equal(words({ seo: { title: 'S' } }, { seo: null }), ['seo removed']);
});

changes('should compare dynamic zone entries of the same component attribute by attribute, and name a replaced one', () => {
  const before: Row = { blocks: [{ __component: 'shared.section', id: 1, heading: 'A' }, { __component: 'shared.quote', id: 2, text: 'Q' }] };
  const after: Row = { blocks: [{ __component: 'shared.section', id: 1, heading: 'B' }, { __component: 'shared.section', id: 3, heading: 'S' }] };
  assert.equal(words(before, after), ['blocks[0].heading "A" → "B"', 'blocks[1] shared.quote → shared.section']);
});

changes('should list the ids a to-many relation gains and loses, and say a to-one relation changed', () => {
  assert.equal(words({ tags: ['a', 'b'] }, { tags: ['b', 'c'] }), ['tags: +c, −a']);
  assert.equal(words({ tags: ['a', 'b'] }, { tags: ['b', 'a'] }), ['tags reordered']);
  assert.equal(words({}, { tags: ['a'] }), ['tags: +a']);
  assert.equal(words({ tags: [] }, {}), [], 'no ids and no key read the same');
  assert.equal(words({ category: 'x' }, { category: 'y' }), ['category changed']);
  assert.equal(words({ category: null }, { category: 'y' }), ['category added']);
});

changes('should never carry the value of a password or a private attribute, at the top or in a component', () => {
  const before = { secretCode: 'hunter2', notes: 'internal note', seo: { title: 'S', token: 'tok-before' } };
  const after = { secretCode: 'correct horse', notes: 'another note', seo: { title: 'S', token: 'tok-after' } };
  const found = compare(before, after);
  assert.equal(found, [
    { path: 'secretCode', change: 'changed', form: 'hidden' },
    { path: 'notes', change: 'changed', form: 'hidden' },
    { path: 'seo.token', change: 'changed', form: 'hidden' },
  ]);
  assert.equal(found.map(attributeWords), ['secretCode changed', 'notes changed', 'seo.token changed']);
  assert.equal(words({}, { notes: 'set now' }), ['notes changed'], 'even when it is added');
  const added = compare({}, { seo: { title: 'S', token: 'tok-new' } });
  assert.equal(added, [{ path: 'seo', change: 'added', form: 'entry', after: { title: 'S' } }], 'an added entry leaves its private values out');
});

changes('should carry no value of an attribute whose declaration is not known', () => {
  assert.equal(compare({ legacy: 'a' }, { legacy: 'b' }), [{ path: 'legacy', change: 'changed', form: 'hidden' }]);
  const unknownType = shapeBook(undefined, { types: new Map(), components: new Map() });
  assert.equal(words({ title: 'A' }, { title: 'B' }, unknownType), ['title changed']);
});

changes("should hide an attribute that either side's file makes private", () => {
  const madePrivate = shapeOfFile({ attributes: { title: { type: 'string', private: true } } });
  const overlaid = shapeBook(schemas, { types: new Map([['article', [madePrivate]]]), components: new Map() });
  assert.equal(words({ title: 'A', views: 1 }, { title: 'B', views: 2 }, overlaid), ['title changed', 'views 1 → 2']);
});

const lines = suite('folio diff: lines');

const version = (overrides: Partial<VersionChange>): VersionChange => ({
  type: 'api::article.article',
  singularName: 'article',
  documentId: 'abc123',
  title: 'Hello',
  named: true,
  locale: 'fr',
  status: 'draft',
  change: 'changed',
  attributes: [],
  ...overrides,
});

lines('should write the type, the name in quotes, the locale and status, then the changes', () => {
  const attributes: AttributeChange[] = [
    { path: 'title', change: 'changed', form: 'value', before: 'Bonjour', after: 'Salut' },
    { path: 'sections[2]', change: 'added', form: 'entry', after: { heading: 'x' } },
  ];
  assert.is(versionLine(version({ attributes })), 'article "Hello" (fr, draft): title "Bonjour" → "Salut"; sections[2] added');
  assert.is(versionLine(version({ locale: 'en', status: 'published', change: 'added' })), 'article "Hello" (en, published): added');
  assert.is(versionLine(version({ singularName: 'category', locale: null, status: 'published', change: 'removed' })), 'category "Hello" (published): removed');
  assert.is(versionLine(version({ title: 'abc123', named: false, change: 'removed' })), 'article abc123 (fr, draft): removed');
});

changes.run();
lines.run();
