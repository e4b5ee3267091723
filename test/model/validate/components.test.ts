import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { RelationInput, validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { component, rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — components and dynamic zones');

const link = component('shared.link', { label: { type: 'string', required: true }, url: { type: 'string', regex: '^/' }, target: { type: 'relation', relation: 'manyToOne', target: 'api::page.page' } });
const column = component('layout.column', { width: { type: 'integer', min: 1, max: 12, default: 6 }, links: { type: 'component', repeatable: true, component: 'shared.link', max: 3 } });
const row = component('layout.row', { title: { type: 'string' }, columns: { type: 'component', repeatable: true, component: 'layout.column', min: 1 } });
const quote = component('shared.quote', { text: { type: 'string', required: true }, author: { type: 'string' } });
const components = [link, column, row, quote];

const attributes: Record<string, Attribute> = {
  seo: { type: 'component', repeatable: false, component: 'shared.quote' },
  links: { type: 'component', repeatable: true, component: 'shared.link', min: 2, max: 3 },
  rows: { type: 'component', repeatable: true, component: 'layout.row' },
  zone: { type: 'dynamiczone', components: ['shared.quote', 'layout.row'], max: 2 },
};
const run = (data: Record<string, unknown>, options: { mode?: 'create' | 'update'; draft?: boolean } = {}) => validate(data, attributes, { components, ...options });

// --- single and repeatable components ----------------------------------------------------------

test('should validate a single component as an object of its attributes', () => {
  assert.equal(expectSuccess(() => run({ seo: { text: 'Hi', author: null } })), { seo: { text: 'Hi', author: null } });
});

test('when a single component is not an object then the type message', () => {
  for (const value of ['x', 3, [{ text: 'a' }], true]) {
    const error = rejects(() => run({ seo: value }));
    assert.is(error.message, m.type('seo', 'object', value));
    assert.equal(error.paths, ['seo']);
  }
});

test('when a repeatable component is not an array, or an entry not an object, then the type message at its path', () => {
  assert.is(rejects(() => run({ links: { label: 'a' } })).message, m.type('links', 'array', { label: 'a' }));
  const error = rejects(() => run({ links: [{ label: 'a' }, 'b'] }));
  assert.is(error.message, 'links[1] must be a `object` type, but the final value was: `"b"`.');
  assert.equal(error.paths, ['links.1']);
});

test('should check the number of entries against min and max, min only for a list that is not empty or is required', () => {
  assert.equal(rejects(() => run({ links: [{ label: 'a' }] })).message, 'links field must have at least 2 items');
  assert.equal(rejects(() => run({ links: [1, 2, 3, 4].map((n) => ({ label: `l${n}` })) })).message, 'links field must have less than or equal to 3 items');
  assert.equal(expectSuccess(() => run({ links: [] })), { links: [] });
  const required: Record<string, Attribute> = { links: { type: 'component', repeatable: true, component: 'shared.link', min: 1, required: true } };
  assert.equal(rejects(() => validate({ links: [] }, required, { components })).message, m.minItems('links', 1));
});

test('when only the draft is written then the minimum number of entries waits, and the maximum does not', () => {
  assert.equal(expectSuccess(() => run({ links: [{ label: 'a' }] }, { draft: true })), { links: [{ label: 'a' }] });
  assert.equal(rejects(() => run({ links: [1, 2, 3, 4].map((n) => ({ label: `l${n}` })) }, { draft: true })).paths, ['links']);
});

test('should keep a numeric entry id, for the service to match against the draft', () => {
  assert.equal(expectSuccess(() => run({ links: [{ id: 7, label: 'kept' }, { label: 'new' }] })), { links: [{ id: 7, label: 'kept' }, { label: 'new' }] });
  assert.equal(expectSuccess(() => run({ seo: { id: 3, text: 'x' } })), { seo: { id: 3, text: 'x' } });
});

test('when an entry id is not a positive integer then it is refused at its path', () => {
  const cases: Array<[unknown, string]> = [
    ['7', m.type('links[0].id', 'number', '7')],
    [0, m.min('links[0].id', 1)],
    [1.5, m.integer('links[0].id')],
    [null, m.type('links[0].id', 'number', null)],
  ];
  for (const [id, message] of cases) {
    const error = rejects(() => run({ links: [{ id, label: 'a' }, { label: 'b' }] }));
    assert.is(error.message, message, String(id));
    assert.equal(error.paths, ['links.0.id']);
  }
});

test('should treat an entry without id as new, so even on update it must be complete and gets defaults', () => {
  const error = rejects(() => run({ links: [{ url: '/a' }, { label: 'ok' }] }));
  assert.equal(error.errors, [{ path: ['links', '0', 'label'], message: 'links[0].label must be defined.', name: 'ValidationError' }]);
  assert.equal(expectSuccess(() => run({ rows: [{ columns: [{}] }] })), { rows: [{ columns: [{ width: 6 }] }] });
});

test('should treat an entry with an id as an update in place, checking only its given keys', () => {
  assert.equal(expectSuccess(() => run({ links: [{ id: 1, url: '/a' }, { id: 2 }] })), { links: [{ id: 1, url: '/a' }, { id: 2 }] });
  assert.equal(rejects(() => run({ links: [{ id: 1, label: null }, { id: 2 }] })).paths, ['links.0.label']);
});

test('should validate deeply nested components and name the full path of each failure', () => {
  const data = {
    rows: [
      { title: 'ok', columns: [{ width: 4, links: [{ label: 'fine', url: '/x' }] }] },
      {
        title: 5,
        columns: [
          { width: 13, links: [{ label: 'a' }, { url: 'no-slash' }, { label: 'c' }, { label: 'd' }] },
          { width: 2, links: [{ label: 'x', target: ['a', 'b'] }] },
        ],
      },
      { columns: [] },
    ],
  };
  const error = rejects(() => run(data));
  assert.is(error.message, '6 errors occurred');
  assert.equal(
    error.errors.map((issue) => [issue.path.join('.'), issue.message]),
    [
      ['rows.1.title', m.type('rows[1].title', 'string', 5)],
      ['rows.1.columns.0.width', m.max('rows[1].columns[0].width', 12)],
      ['rows.1.columns.0.links', m.maxItems('rows[1].columns[0].links', 3)],
      ['rows.1.columns.0.links.1.url', 'rows[1].columns[0].links[1].url must match the following: "/^\\//"'],
      ['rows.1.columns.0.links.1.label', 'rows[1].columns[0].links[1].label must be defined.'],
      ['rows.1.columns.1.links.0.target', m.relationToOne('rows[1].columns[1].links[0].target', 'manyToOne')],
      // rows[2].columns is empty and not required, so its min of 1 does not apply
    ],
  );
});

test('should return relations inside components as RelationInput with their full path', () => {
  const result = expectSuccess(() => run({ rows: [{ columns: [{ links: [{ label: 'a', target: 'doc1' }] }] }] }));
  const target = (result.rows as Array<{ columns: Array<{ links: Array<{ target: unknown }> }> }>)[0]!.columns[0]!.links[0]!.target;
  assert.equal(target, new RelationInput({ target: 'api::page.page', relation: 'manyToOne', path: ['rows', '0', 'columns', '0', 'links', '0', 'target'], set: [{ documentId: 'doc1' }] }));
});

// --- dynamic zones -----------------------------------------------------------------------------

test('should validate each dynamic-zone entry against the component it names, keeping __component and id', () => {
  const result = expectSuccess(() => run({ zone: [{ __component: 'shared.quote', text: 'Hi' }, { __component: 'layout.row', id: 4, title: 'T' }] }));
  assert.equal(result, { zone: [{ __component: 'shared.quote', text: 'Hi' }, { __component: 'layout.row', id: 4, title: 'T' }] });
});

test('when a dynamic-zone entry has no __component or one not allowed then the error names <path>[i].__component', () => {
  const cases: Array<[unknown, string, boolean]> = [
    [{ text: 'x' }, m.requiredField('zone[0].__component'), false],
    [{ __component: 'shared.link', label: 'x' }, m.oneOf('zone[0].__component', ['shared.quote', 'layout.row']), true],
    [{ __component: 'nope.nope' }, 'zone[0].__component must be one of the following values: shared.quote, layout.row', true],
    [{ __component: 3 }, m.oneOf('zone[0].__component', ['shared.quote', 'layout.row']), true],
  ];
  for (const [entry, message, hasValue] of cases) {
    const error = rejects(() => run({ zone: [entry] }));
    assert.is(error.message, message);
    assert.equal(error.paths, ['zone.0.__component']);
    assert.is('value' in error.errors[0]!, hasValue);
  }
});

test('when dynamic-zone entries fail then each is reported under its index', () => {
  const error = rejects(() => run({ zone: [{ __component: 'shared.quote' }, 'x', { __component: 'layout.row', columns: [{ width: 0 }] }] }));
  // three entries also exceed the zone's max of 2: the count is reported first
  assert.equal(error.paths, ['zone', 'zone.0.text', 'zone.1', 'zone.2.columns.0.width']);
  assert.is(rejects(() => run({ zone: [1, 2, 3].map((n) => ({ __component: 'shared.quote', text: `q${n}` })) })).message, m.maxItems('zone', 2));
  assert.is(rejects(() => run({ zone: { __component: 'shared.quote' } })).message, m.type('zone', 'array', { __component: 'shared.quote' }));
});

test('should treat the same attribute name in two dynamic-zone components as different for uniqueness', () => {
  const a = component('x.a', { code: { type: 'uid' } });
  const b = component('x.b', { code: { type: 'uid' } });
  const zone: Record<string, Attribute> = { zone: { type: 'dynamiczone', components: ['x.a', 'x.b'] } };
  const data = { zone: [{ __component: 'x.a', code: 'same' }, { __component: 'x.b', code: 'same' }] };
  assert.ok(expectSuccess(() => validate(data, zone, { components: [a, b] })));
  const twice = { zone: [{ __component: 'x.a', code: 'same' }, { __component: 'x.a', code: 'same' }] };
  assert.equal(rejects(() => validate(twice, zone, { components: [a, b] })).paths, ['zone.1.code']);
});

test.run();
