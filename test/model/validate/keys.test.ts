import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { validationMessages } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { component, rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — keys');

const section = component('shared.section', { heading: { type: 'string' }, meta: { type: 'json' } });
const quote = component('shared.quote', { text: { type: 'string' } });
const attributes: Record<string, Attribute> = {
  title: { type: 'string' },
  secret: { type: 'string', private: true },
  password: { type: 'password' },
  computed: { type: 'string', writable: false },
  meta: { type: 'json' },
  body: { type: 'blocks' },
  seo: { type: 'component', repeatable: false, component: 'shared.quote' },
  sections: { type: 'component', repeatable: true, component: 'shared.section' },
  blocks: { type: 'dynamiczone', components: ['shared.section', 'shared.quote'] },
  category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
};
const components = [section, quote];
const run = (data: unknown) => validate(data, attributes, { components });

test('when data is not a plain object then "Missing data payload"', () => {
  for (const data of [null, undefined, 'x', 3, [], [{ title: 'x' }], new Date()]) {
    assert.is(rejects(() => run(data)).message, validationMessages.missingData);
  }
});

test('when the body names a system field then 400 Invalid key with Strapi\'s details', () => {
  for (const key of ['id', 'documentId', 'createdAt', 'updatedAt']) {
    const error = rejects(() => run({ title: 'ok', [key]: key === 'id' ? 1 : 'x' }));
    assert.is(error.message, `Invalid key ${key}`);
    assert.equal(error.details, { key, path: key, source: 'body' });
  }
});

test('should drop publishedAt and locale silently, as the status and the query decide them', () => {
  assert.equal(expectSuccess(() => run({ title: 'Hi', publishedAt: '2024-01-01T00:00:00.000Z', locale: 'fr' })), { title: 'Hi' });
});

test('when the body names an unknown or read-only attribute then Invalid key', () => {
  for (const key of ['nope', 'Title', 'computed', 'createdBy', 'localizations', 'toString', 'hasOwnProperty']) {
    const error = rejects(() => run({ [key]: 'x' }));
    assert.is(error.message, validationMessages.invalidKey(key), key);
    assert.equal(error.details, { key, path: key, source: 'body' });
  }
});

test('should accept private and password attributes, which are writable though never returned', () => {
  assert.equal(expectSuccess(() => run({ secret: 's', password: 'p4ssword' })), { secret: 's', password: 'p4ssword' });
});

test('when a component entry carries an unknown key then Invalid key with the nested path', () => {
  const cases: Array<[unknown, string, string, string]> = [
    [{ seo: { text: 'x', nope: 1 } }, 'nope', 'seo.nope', 'Invalid key nope at seo'],
    [{ sections: [{ heading: 'a' }, { heading: 'b', nope: 1 }] }, 'nope', 'sections.1.nope', 'Invalid key nope at sections'],
    [{ blocks: [{ __component: 'shared.quote', text: 'a' }, { __component: 'shared.section', text: 'b' }] }, 'text', 'blocks.1.text', 'Invalid key text at blocks'],
    [{ sections: [{ documentId: 'x' }] }, 'documentId', 'sections.0.documentId', 'Invalid key documentId at sections'],
    [{ sections: [{ locale: 'fr' }] }, 'locale', 'sections.0.locale', 'Invalid key locale at sections'],
    [{ sections: [{ publishedAt: null }] }, 'publishedAt', 'sections.0.publishedAt', 'Invalid key publishedAt at sections'],
    [{ sections: [{ __component: 'shared.section' }] }, '__component', 'sections.0.__component', 'Invalid key __component at sections'],
  ];
  for (const [data, key, path, message] of cases) {
    const error = rejects(() => run(data));
    assert.is(error.message, message, path);
    assert.equal(error.details, { key, path, source: 'body' });
  }
});

test('when a prototype key appears anywhere then Invalid key, and no prototype is touched', () => {
  const cases: Array<[string, string, string, string]> = [
    ['{"__proto__": {"polluted": true}}', '__proto__', '__proto__', 'Invalid key __proto__'],
    ['{"constructor": {"prototype": {"polluted": true}}}', 'constructor', 'constructor', 'Invalid key constructor'],
    ['{"prototype": 1}', 'prototype', 'prototype', 'Invalid key prototype'],
    ['{"seo": {"__proto__": {"polluted": true}}}', '__proto__', 'seo.__proto__', 'Invalid key __proto__ at seo'],
    ['{"sections": [{"heading": "a"}, {"constructor": {}}]}', 'constructor', 'sections.1.constructor', 'Invalid key constructor at sections'],
    ['{"blocks": [{"__component": "shared.quote", "__proto__": {"polluted": true}}]}', '__proto__', 'blocks.0.__proto__', 'Invalid key __proto__ at blocks'],
    ['{"meta": {"deep": [{"__proto__": {"polluted": true}}]}}', '__proto__', 'meta.deep.0.__proto__', 'Invalid key __proto__ at meta.deep'],
    ['{"sections": [{"meta": {"constructor": {"prototype": {}}}}]}', 'constructor', 'sections.0.meta.constructor', 'Invalid key constructor at sections.meta'],
    ['{"category": {"__proto__": {"polluted": true}, "documentId": "x"}}', '__proto__', 'category.__proto__', 'Invalid key __proto__ at category'],
    ['{"category": {"connect": [{"documentId": "x", "__proto__": {}}]}}', '__proto__', 'category.connect.0.__proto__', 'Invalid key __proto__ at category.connect'],
    ['{"body": [{"type": "paragraph", "children": [{"type": "text", "text": "a", "__proto__": {"polluted": true}}]}]}', '__proto__', 'body.0.children.0.__proto__', 'Invalid key __proto__ at body.children'],
  ];
  for (const [json, key, path, message] of cases) {
    const error = rejects(() => run(JSON.parse(json)));
    assert.is(error.message, message, json);
    assert.equal(error.details, { key, path, source: 'body' }, json);
  }
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
});

test('should build results whose prototype is Object.prototype and carry only own data', () => {
  const result = expectSuccess(() => run(JSON.parse('{"title": "x", "meta": {"a": {"b": 1}}}')));
  assert.is(Object.getPrototypeOf(result), Object.prototype);
  assert.equal(Object.keys(result), ['title', 'meta']);
});

test('when a key is invalid and values are wrong too then the key error comes first, as Strapi checks keys before values', () => {
  const error = rejects(() => run({ title: 12, sections: 'x', nope: true }));
  assert.is(error.message, 'Invalid key nope');
  assert.equal(error.errors, []);
});

test('should return only the attributes given on update, without defaults', () => {
  const withDefault: Record<string, Attribute> = { title: { type: 'string', default: 'Untitled' }, views: { type: 'integer', default: 0 } };
  assert.equal(expectSuccess(() => validate({ views: 3 }, withDefault)), { views: 3 });
  assert.equal(expectSuccess(() => validate({}, withDefault)), {});
});

test('should treat a key set to undefined (from code, never from JSON) as absent', () => {
  assert.equal(expectSuccess(() => run({ title: undefined, secret: 's' })), { secret: 's' });
});

test.run();
