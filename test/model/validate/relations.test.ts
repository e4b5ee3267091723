import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute, RelationKind } from '../../../src/schema/index.js';
import { isRelationInput, RelationInput, validationMessages as m, type RelationOperations } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — relations');

const relation = (kind: RelationKind): Attribute => ({ type: 'relation', relation: kind, target: 'api::tag.tag' });
const expected = (kind: RelationKind, operations: RelationOperations) => new RelationInput({ target: 'api::tag.tag', relation: kind, path: ['rel'], ...operations });

/** [input, normalized operations] for a to-many relation. */
const forms: Array<[unknown, RelationOperations]> = [
  [5, { set: [{ id: 5 }] }],
  ['abc123', { set: [{ documentId: 'abc123' }] }],
  [{ id: 5 }, { set: [{ id: 5 }] }],
  [{ documentId: 'abc123' }, { set: [{ documentId: 'abc123' }] }],
  [[1, 'b', { id: 3 }, { documentId: 'd' }], { set: [{ id: 1 }, { documentId: 'b' }, { id: 3 }, { documentId: 'd' }] }],
  [[], { set: [] }],
  [null, { set: [] }],
  [{ set: ['a', 2] }, { set: [{ documentId: 'a' }, { id: 2 }] }],
  [{ connect: ['a'], disconnect: [{ id: 2 }] }, { connect: [{ documentId: 'a' }], disconnect: [{ id: 2 }] }],
  [{ connect: [{ documentId: 'a', position: { before: 'b' } }, { id: 4, position: { end: true } }] }, { connect: [{ documentId: 'a' }, { id: 4 }] }],
  [{ connect: 'a' }, { connect: [{ documentId: 'a' }] }],
  [{ disconnect: { id: 9 } }, { disconnect: [{ id: 9 }] }],
  [{ connect: null, disconnect: [] }, { disconnect: [] }],
  [{ connect: [] }, { connect: [] }],
];

test('should accept every Strapi relation form and normalize it to set, connect and disconnect', () => {
  for (const [input, operations] of forms) {
    const result = expectSuccess(() => validate({ rel: input }, { rel: relation('manyToMany') }));
    assert.equal(result, { rel: expected('manyToMany', operations) }, JSON.stringify(input));
  }
});

test('should accept at most one target on a to-one relation', () => {
  for (const kind of ['oneToOne', 'manyToOne'] as const) {
    assert.equal(expectSuccess(() => validate({ rel: 'a' }, { rel: relation(kind) })), { rel: expected(kind, { set: [{ documentId: 'a' }] }) });
    assert.equal(expectSuccess(() => validate({ rel: { connect: [{ id: 1 }], disconnect: [2, 3] } }, { rel: relation(kind) })), {
      rel: expected(kind, { connect: [{ id: 1 }], disconnect: [{ id: 2 }, { id: 3 }] }),
    });
    for (const input of [['a', 'b'], { set: [1, 2] }, { connect: ['a', 'b'] }]) {
      const error = rejects(() => validate({ rel: input }, { rel: relation(kind) }));
      assert.is(error.message, m.relationToOne('rel', kind), `${kind} ${JSON.stringify(input)}`);
      assert.equal(error.errors, [{ path: ['rel'], message: m.relationToOne('rel', kind), name: 'ValidationError', value: input }]);
    }
  }
  // to-many relations take any number
  assert.ok(expectSuccess(() => validate({ rel: ['a', 'b', 'c'] }, { rel: relation('oneToMany') })));
});

test('when set is combined with connect or disconnect then the relation is refused, as the intent is ambiguous', () => {
  const error = rejects(() => validate({ rel: { set: ['a'], connect: ['b'] } }, { rel: relation('manyToMany') }));
  assert.is(error.message, m.relationSetWithConnect('rel'));
  assert.equal(error.paths, ['rel']);
});

test('when a relation value has no recognisable shape then the error names it', () => {
  const values: unknown[] = [true, 0, -1, 1.5, '', '   ', { slug: 'a' }, { id: 1, documentId: 'a' }, { id: '1' }, { documentId: 5 }, { position: { end: true }, documentId: 'a' }];
  for (const value of values) {
    const error = rejects(() => validate({ rel: value }, { rel: relation('manyToMany') }));
    assert.is(error.message, m.relationValue('rel'), JSON.stringify(value));
    assert.equal(error.paths, ['rel']);
  }
});

test('when a target inside a list or an operation is malformed then its own path is named', () => {
  const cases: Array<[unknown, string[]]> = [
    [['a', true, 'c'], ['rel.1']],
    [{ connect: ['a', { id: 0 }], disconnect: [null] }, ['rel.connect.1', 'rel.disconnect.0']],
    [{ set: [{ documentId: 'a', position: { end: true } }] }, ['rel.set.0']],
    [{ disconnect: true }, ['rel.disconnect']],
  ];
  for (const [value, paths] of cases) {
    const error = rejects(() => validate({ rel: value }, { rel: relation('manyToMany') }));
    assert.equal(error.paths, paths, JSON.stringify(value));
    assert.is(error.errors[0]!.message, m.relationRef(paths[0]!.replace(/\.(\d+)/g, '[$1]')));
  }
});

test('when a longhand object carries another key then Invalid key with its path', () => {
  const error = rejects(() => validate({ rel: { connect: ['a'], documentId: 'b' } }, { rel: relation('manyToMany') }));
  assert.is(error.message, 'Invalid key documentId at rel');
  assert.equal(error.details, { key: 'documentId', path: 'rel.documentId', source: 'body' });
});

test('when a required relation is cleared with null then it is refused', () => {
  const error = rejects(() => validate({ rel: null }, { rel: { ...relation('manyToOne'), required: true } }));
  assert.is(error.message, m.type('rel', 'relation', null));
});

test.run();

const guard = suite('isRelationInput(value)');

guard('should tell a relation input from plain values, including a json value shaped like one', () => {
  const result = expectSuccess(() => validate({ rel: 'a', meta: { set: [{ documentId: 'a' }], kind: 'relation' } }, { rel: relation('manyToOne'), meta: { type: 'json' } }));
  assert.ok(isRelationInput(result.rel));
  assert.not.ok(isRelationInput(result.meta));
  for (const value of [null, undefined, 'a', 1, [], {}]) assert.not.ok(isRelationInput(value));
});

guard('should expose the target, kind and path so the service can check existence and report it', () => {
  const result = expectSuccess(() => validate({ rel: { connect: ['x'] } }, { rel: relation('oneToMany') }));
  const input = result.rel as RelationInput;
  assert.equal([input.kind, input.target, input.relation, input.path], ['relation', 'api::tag.tag', 'oneToMany', ['rel']]);
  assert.equal(Object.keys(input).sort(), ['connect', 'kind', 'path', 'relation', 'target']);
});

guard.run();
