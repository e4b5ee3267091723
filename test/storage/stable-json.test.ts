import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { stableStringify } from '../../src/storage/index.js';

const test = suite('stableStringify(value)');

test('should sort object keys at every depth and keep array order', () => {
  const text = stableStringify({ b: 1, a: { d: [3, 1, { z: 1, y: 2 }], c: null } });
  assert.is(text, '{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      1,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n');
});

test('should give the same text for the same data in any insertion order', () => {
  assert.is(stableStringify({ x: 1, y: { b: 2, a: 1 } }), stableStringify({ y: { a: 1, b: 2 }, x: 1 }));
});

test('should keep a "__proto__" key as data', () => {
  const value = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
  assert.equal(JSON.parse(stableStringify(value)), value);
  assert.ok(stableStringify(value).includes('"__proto__"'));
});

test('when the value has no JSON form then it throws a TypeError', () => {
  assert.throws(() => stableStringify(undefined), (error: unknown) => error instanceof TypeError);
});

test.run();
