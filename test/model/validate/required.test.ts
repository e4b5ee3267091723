import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { RelationInput, validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { component, rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — required, null and defaults');

const quote = component('shared.quote', { text: { type: 'string' } });
const components = [quote];

/** [type name in the message, attribute] — required attributes of every type. */
const requiredOfEachType: Array<[string, Attribute]> = [
  ['string', { type: 'string', required: true }],
  ['string', { type: 'text', required: true }],
  ['string', { type: 'richtext', required: true }],
  ['string', { type: 'email', required: true }],
  ['string', { type: 'password', required: true }],
  ['string', { type: 'uid', required: true }],
  ['string', { type: 'enumeration', enum: ['a'], required: true }],
  ['number', { type: 'integer', required: true }],
  ['string', { type: 'biginteger', required: true }],
  ['number', { type: 'float', required: true }],
  ['number', { type: 'decimal', required: true }],
  ['boolean', { type: 'boolean', required: true }],
  ['string', { type: 'date', required: true }],
  ['string', { type: 'time', required: true }],
  ['string', { type: 'datetime', required: true }],
  ['json', { type: 'json', required: true }],
  ['array', { type: 'blocks', required: true }],
  ['object', { type: 'component', component: 'shared.quote', repeatable: false, required: true }],
  ['array', { type: 'component', component: 'shared.quote', repeatable: true, required: true }],
  ['array', { type: 'dynamiczone', components: ['shared.quote'], required: true }],
  ['relation', { type: 'relation', relation: 'manyToOne', target: 'api::category.category', required: true }],
];

test('when a required attribute is missing on create then "<path> must be defined."', () => {
  for (const [, attribute] of requiredOfEachType) {
    const error = rejects(() => validate({}, { field: attribute }, { mode: 'create', components }));
    assert.is(error.message, 'field must be defined.', attribute.type);
    assert.equal(error.errors, [{ path: ['field'], message: m.required('field'), name: 'ValidationError' }], attribute.type);
  }
});

test('when a required attribute is given null then the type message with `null`, on create and on update', () => {
  for (const mode of ['create', 'update'] as const) {
    for (const [typeName, attribute] of requiredOfEachType) {
      const error = rejects(() => validate({ field: null }, { field: attribute }, { mode, components }));
      assert.is(error.message, `field must be a \`${typeName}\` type, but the final value was: \`null\`.`, `${mode} ${attribute.type}`);
      assert.equal(error.errors, [{ path: ['field'], message: m.type('field', typeName, null), name: 'ValidationError', value: null }]);
    }
  }
});

test('should not ask for missing required attributes on update', () => {
  const attributes = Object.fromEntries(requiredOfEachType.map(([, attribute], index) => [`f${index}`, attribute]));
  assert.equal(expectSuccess(() => validate({}, attributes, { components })), {});
});

test('when an optional attribute is given null then it is cleared', () => {
  const result = expectSuccess(() =>
    validate(
      { title: null, views: null, meta: null, body: null, seo: null, quotes: null, zone: null, category: null, tags: null },
      {
        title: { type: 'string' },
        views: { type: 'integer', min: 3 },
        meta: { type: 'json' },
        body: { type: 'blocks' },
        seo: { type: 'component', component: 'shared.quote', repeatable: false },
        quotes: { type: 'component', component: 'shared.quote', repeatable: true, min: 2 },
        zone: { type: 'dynamiczone', components: ['shared.quote'] },
        category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
        tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
      },
      { components },
    ),
  );
  assert.equal(result, {
    title: null,
    views: null,
    meta: null,
    body: null,
    seo: null,
    quotes: [],
    zone: [],
    category: new RelationInput({ target: 'api::category.category', relation: 'manyToOne', path: ['category'], set: [] }),
    tags: new RelationInput({ target: 'api::tag.tag', relation: 'manyToMany', path: ['tags'], set: [] }),
  });
});

test('should fill absent attributes with their defaults on create, normalized like given values', () => {
  const attributes: Record<string, Attribute> = {
    title: { type: 'string', default: 'Untitled' },
    views: { type: 'integer', default: 0 },
    big: { type: 'biginteger', default: '0012' },
    open: { type: 'time', default: '09:30' },
    featured: { type: 'boolean', default: false },
    kind: { type: 'enumeration', enum: ['a', 'b'], default: 'b' },
    meta: { type: 'json', default: { a: [1] } },
    body: { type: 'blocks', default: [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }] },
    other: { type: 'string' },
    computed: { type: 'string', writable: false, default: 'set by schema' },
  };
  assert.equal(expectSuccess(() => validate({ title: 'Given' }, attributes, { mode: 'create' })), {
    title: 'Given',
    views: 0,
    big: '12',
    open: '09:30:00.000',
    featured: false,
    kind: 'b',
    meta: { a: [1] },
    body: [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }],
    computed: 'set by schema',
  });
});

test('should copy a json default, so documents never share it', () => {
  const attributes: Record<string, Attribute> = { meta: { type: 'json', default: { list: [1] } } };
  const result = expectSuccess(() => validate({}, attributes, { mode: 'create' }));
  assert.is.not(result.meta, (attributes.meta as { default: unknown }).default);
});

test('should let a default satisfy a required attribute, and a given null still fail it', () => {
  const attributes: Record<string, Attribute> = { status: { type: 'enumeration', enum: ['new', 'old'], required: true, default: 'new' } };
  assert.equal(expectSuccess(() => validate({}, attributes, { mode: 'create' })), { status: 'new' });
  assert.equal(rejects(() => validate({ status: null }, attributes, { mode: 'create' })).paths, ['status']);
});

test('should ask isUnique about a unique default, as it will be stored', () => {
  const attributes: Record<string, Attribute> = { code: { type: 'string', unique: true, default: 'A' } };
  assert.equal(rejects(() => validate({}, attributes, { mode: 'create', isUnique: () => false })).errors, [
    { path: ['code'], message: m.unique, name: 'ValidationError', value: 'A' },
  ]);
});

test('when only the draft is written then required attributes may be missing or null, as Strapi checks them on publish', () => {
  const attributes: Record<string, Attribute> = { title: { type: 'string', required: true }, views: { type: 'integer', required: true } };
  assert.equal(expectSuccess(() => validate({ views: null }, attributes, { mode: 'create', draft: true })), { views: null });
});

test('when several attributes fail then "N errors occurred" lists every one in order', () => {
  const attributes: Record<string, Attribute> = {
    title: { type: 'string', required: true },
    views: { type: 'integer', min: 0 },
    email: { type: 'email' },
    slug: { type: 'uid', required: true },
  };
  const error = rejects(() => validate({ views: -1, email: 'x' }, attributes, { mode: 'create' }));
  assert.is(error.message, '4 errors occurred');
  assert.equal(error.errors, [
    { path: ['views'], message: m.min('views', 0), name: 'ValidationError', value: -1 },
    { path: ['email'], message: m.email('email'), name: 'ValidationError', value: 'x' },
    { path: ['title'], message: m.required('title'), name: 'ValidationError' },
    { path: ['slug'], message: m.required('slug'), name: 'ValidationError' },
  ]);
});

test.run();
