import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — numbers and booleans');

type Case = [name: string, attribute: Attribute, value: unknown, expected: { value: unknown } | { message: string }];

const cases: Case[] = [
  // integer
  ['integer takes a whole number', { type: 'integer' }, 42, { value: 42 }],
  ['integer takes a negative number', { type: 'integer' }, -7, { value: -7 }],
  ['integer stores -0 as 0', { type: 'integer' }, -0, { value: 0 }],
  ['integer refuses a fraction', { type: 'integer' }, 1.5, { message: 'field must be an integer' }],
  ['integer casts a numeric string, as Strapi does', { type: 'integer' }, '42', { value: 42 }],
  ['integer casts a string with white space and a sign', { type: 'integer' }, ' -7 ', { value: -7 }],
  ['integer casts a numeric string, then checks it is whole', { type: 'integer' }, '4.5', { message: m.integer('field') }],
  ['integer casts a numeric string, then checks its range', { type: 'integer', max: 10 }, '11', { message: m.max('field', 10) }],
  ['integer refuses text that is not a number, naming the field', { type: 'integer' }, 'ten', { message: 'field must be a `number` type, but the final value was: `NaN` (cast from the value `"ten"`).' }],
  ['integer refuses the empty string', { type: 'integer' }, '', { message: m.cast('field', 'number', 'NaN', '') }],
  ['integer refuses a hexadecimal string', { type: 'integer' }, '0x10', { message: m.cast('field', 'number', 'NaN', '0x10') }],
  ['integer refuses a number beyond 2^53, which JSON already rounded', { type: 'integer' }, 2 ** 53, { message: m.safeInteger('field') }],
  ['integer refuses NaN', { type: 'integer' }, Number.NaN, { message: m.type('field', 'number', Number.NaN) }],
  ['integer refuses Infinity', { type: 'integer' }, Number.POSITIVE_INFINITY, { message: m.type('field', 'number', Number.POSITIVE_INFINITY) }],
  ['integer refuses a boolean', { type: 'integer' }, true, { message: m.type('field', 'number', true) }],
  ['integer min refuses a smaller value', { type: 'integer', min: 1 }, 0, { message: 'field must be greater than or equal to 1' }],
  ['integer min accepts the bound', { type: 'integer', min: 1 }, 1, { value: 1 }],
  ['integer max refuses a larger value', { type: 'integer', max: 10 }, 11, { message: 'field must be less than or equal to 10' }],
  ['integer max accepts the bound', { type: 'integer', max: 10 }, 10, { value: 10 }],
  // float and decimal
  ...(['float', 'decimal'] as const).flatMap((type): Case[] => [
    [`${type} takes a fraction`, { type }, 3.25, { value: 3.25 }],
    [`${type} takes a whole number`, { type }, 3, { value: 3 }],
    [`${type} casts a numeric string`, { type }, '3.25', { value: 3.25 }],
    [`${type} casts an exponent`, { type }, '1e3', { value: 1000 }],
    [`${type} refuses a string that is not a number`, { type }, '3,25', { message: m.cast('field', 'number', 'NaN', '3,25') }],
    [`${type} refuses null-like objects`, { type }, {}, { message: m.type('field', 'number', {}) }],
    [`${type} min refuses a smaller value`, { type, min: 0.5 }, 0.25, { message: m.min('field', 0.5) }],
    [`${type} max refuses a larger value`, { type, max: 5 }, 5.01, { message: m.max('field', 5) }],
  ]),
  // biginteger: decimal strings, so no digit is lost
  ['biginteger takes a string of digits beyond 2^53 as it is', { type: 'biginteger' }, '9007199254740993', { value: '9007199254740993' }],
  ['biginteger takes a safe number and stores it as a string', { type: 'biginteger' }, 12, { value: '12' }],
  ['biginteger normalizes leading zeros', { type: 'biginteger' }, '007', { value: '7' }],
  ['biginteger normalizes -0', { type: 'biginteger' }, '-0', { value: '0' }],
  ['biginteger takes a negative string', { type: 'biginteger' }, '-123456789012345678901', { value: '-123456789012345678901' }],
  ['biginteger refuses a decimal string', { type: 'biginteger' }, '1.5', { message: m.integer('field') }],
  ['biginteger refuses an exponent', { type: 'biginteger' }, '1e3', { message: m.integer('field') }],
  ['biginteger refuses a fraction', { type: 'biginteger' }, 1.5, { message: m.integer('field') }],
  ['biginteger refuses an unsafe number, whose digits are already lost', { type: 'biginteger' }, 2 ** 60, { message: m.safeInteger('field') }],
  ['biginteger refuses a boolean', { type: 'biginteger' }, false, { message: m.type('field', 'string', false) }],
  ['biginteger min compares exactly', { type: 'biginteger', min: '9007199254740993' }, '9007199254740992', { message: m.min('field', '9007199254740993') }],
  ['biginteger max compares exactly', { type: 'biginteger', max: '9007199254740993' }, '9007199254740994', { message: m.max('field', '9007199254740993') }],
  ['biginteger accepts its bounds', { type: 'biginteger', min: '-5', max: '9007199254740993' }, '9007199254740993', { value: '9007199254740993' }],
  // boolean
  ['boolean takes true', { type: 'boolean' }, true, { value: true }],
  ['boolean takes false', { type: 'boolean' }, false, { value: false }],
  ['boolean casts "true", as Strapi does', { type: 'boolean' }, 'true', { value: true }],
  ['boolean casts "FALSE"', { type: 'boolean' }, 'FALSE', { value: false }],
  ['boolean casts "1"', { type: 'boolean' }, '1', { value: true }],
  ['boolean casts 0', { type: 'boolean' }, 0, { value: false }],
  ['boolean refuses "yes"', { type: 'boolean' }, 'yes', { message: 'field must be a `boolean` type, but the final value was: `"yes"`.' }],
  ['boolean refuses 2', { type: 'boolean' }, 2, { message: m.type('field', 'boolean', 2) }],
];

test('should check each number and boolean type as the table says', () => {
  for (const [name, attribute, value, expected] of cases) {
    if ('value' in expected) {
      const result = expectSuccess(() => validate({ field: value }, { field: attribute }));
      assert.ok(Object.is(result.field, expected.value), `${name}: got ${String(result.field)}`);
    } else {
      const error = rejects(() => validate({ field: value }, { field: attribute }));
      assert.is(error.message, expected.message, name);
      assert.equal(error.paths, ['field'], name);
    }
  }
});

test('when a number is out of range and not whole then both are reported', () => {
  const error = rejects(() => validate({ rank: 11.5 }, { rank: { type: 'integer', max: 10 } }));
  assert.is(error.message, '2 errors occurred');
  assert.equal(error.errors.map((issue) => issue.message), [m.integer('rank'), m.max('rank', 10)]);
});

test('should ask isUnique about unique numbers with the normalized value', () => {
  const asked: unknown[] = [];
  const attributes: Record<string, Attribute> = { rank: { type: 'integer', unique: true }, big: { type: 'biginteger', unique: true }, ratio: { type: 'float', unique: true } };
  expectSuccess(() => validate({ rank: 3, big: '0042', ratio: 0.5 }, attributes, { isUnique: (attribute, value) => (asked.push([attribute, value]), true) }));
  assert.equal(asked, [['rank', 3], ['big', '42'], ['ratio', 0.5]]);
  const error = rejects(() => validate({ rank: 3 }, attributes, { isUnique: () => false }));
  assert.equal(error.errors, [{ path: ['rank'], message: m.unique, name: 'ValidationError', value: 3 }]);
});

test.run();
