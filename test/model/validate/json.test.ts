import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — json');

const attributes: Record<string, Attribute> = { meta: { type: 'json' } };

test('should accept any JSON value', () => {
  const values: unknown[] = [0, -1.5, 'text', '', true, false, [], {}, [1, 'a', null, { b: [true] }], { nested: { deep: { list: [1, 2, { x: null }] } }, 'key with spaces': 1 }];
  for (const value of values) {
    assert.equal(expectSuccess(() => validate({ meta: value }, attributes)), { meta: value }, JSON.stringify(value));
  }
});

test('should copy the value, so the stored document shares nothing with the caller', () => {
  const value = { list: [{ a: 1 }] };
  const result = expectSuccess(() => validate({ meta: value }, attributes));
  assert.equal(result.meta, value);
  assert.is.not(result.meta, value);
  assert.is.not((result.meta as { list: unknown[] }).list, value.list);
});

test('when the value is not JSON then the attribute is named', () => {
  const values: unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, [1, () => 1], { when: new Date(0) }, { big: 1n }, { gone: undefined }, new Map(), Symbol('s')];
  for (const value of values) {
    const error = rejects(() => validate({ meta: value }, attributes));
    assert.is(error.message, m.json('meta'), String(value));
    assert.equal(error.paths, ['meta']);
  }
});

test('when a JSON value holds a prototype key at any depth then Invalid key with its path', () => {
  const error = rejects(() => validate(JSON.parse('{"meta": {"a": [{"b": {"__proto__": {"x": 1}}}]}}'), attributes));
  assert.is(error.message, 'Invalid key __proto__ at meta.a.b');
  assert.equal(error.details, { key: '__proto__', path: 'meta.a.0.b.__proto__', source: 'body' });
});

test.run();
