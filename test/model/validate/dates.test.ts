import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — dates and times');

type Type = 'date' | 'time' | 'datetime';
/** [type, given, normalized or undefined when refused] */
const cases: Array<[Type, unknown, string | undefined]> = [
  ['date', '2024-02-29', '2024-02-29'],
  ['date', '0001-01-01', '0001-01-01'],
  ['date', '2023-02-29', undefined],
  ['date', '2024-13-01', undefined],
  ['date', '2024-04-31', undefined],
  ['date', '2024-1-5', undefined],
  ['date', '2024-01-05T00:00:00Z', '2024-01-05'],
  ['date', '2024-01-05T23:30:00-05:00', '2024-01-05'],
  ['date', '2024-01-05T25:00:00Z', undefined],
  ['date', '2024-01-05Tnonsense', undefined],
  ['date', 'March 7', undefined],
  ['date', 20240105, undefined],
  ['time', '09:30:15', '09:30:15.000'],
  ['time', '09:30:15.5', '09:30:15.500'],
  ['time', '23:59:59.999', '23:59:59.999'],
  ['time', '09:30', '09:30:00.000'],
  ['time', '24:00:00', undefined],
  ['time', '09:60:00', undefined],
  ['time', '9:30:00', undefined],
  ['time', '09:30:00.1234', undefined],
  ['time', 930, undefined],
  ['datetime', '2024-01-31T09:30:00.000Z', '2024-01-31T09:30:00.000Z'],
  ['datetime', '2024-01-31T09:30:00Z', '2024-01-31T09:30:00.000Z'],
  ['datetime', '2024-01-31T11:30:00+02:00', '2024-01-31T09:30:00.000Z'],
  ['datetime', '2024-01-31T04:00:00-0530', '2024-01-31T09:30:00.000Z'],
  ['datetime', '2024-01-31T09:30:00.123456Z', '2024-01-31T09:30:00.123Z'],
  ['datetime', '2024-01-31 09:30Z', '2024-01-31T09:30:00.000Z'],
  ['datetime', '2024-01-31T09:30:00', '2024-01-31T09:30:00.000Z'],
  ['datetime', '2024-01-31', '2024-01-31T00:00:00.000Z'],
  ['datetime', '2024-02-30T09:30:00Z', undefined],
  ['datetime', '2024-01-31T25:00:00Z', undefined],
  ['datetime', '2024-01-31T09:30:00+25:00', undefined],
  ['datetime', 'Wed Jan 31 2024', undefined],
  ['datetime', '1706693400000', '2024-01-31T09:30:00.000Z'],
  ['datetime', 1706693400000, '2024-01-31T09:30:00.000Z'],
  ['datetime', 1706693400000.5, undefined],
  ['datetime', '17066934000001234567', undefined],
  ['datetime', '', undefined],
];

test('should accept real dates and times and normalize them, and refuse the rest naming the format', () => {
  for (const [type, value, normalized] of cases) {
    const attributes: Record<string, Attribute> = { when: { type } };
    const label = `${type} ${JSON.stringify(value)}`;
    if (normalized !== undefined) {
      assert.equal(expectSuccess(() => validate({ when: value }, attributes)), { when: normalized }, label);
    } else {
      const error = rejects(() => validate({ when: value }, attributes));
      assert.is(error.message, m[type]('when', value), label);
      assert.equal(error.errors, [{ path: ['when'], message: m[type]('when', value), name: 'ValidationError', value }], label);
    }
  }
});

test('should ask isUnique about unique dates with the normalized value', () => {
  const asked: unknown[] = [];
  const attributes: Record<string, Attribute> = { at: { type: 'datetime', unique: true }, on: { type: 'time', unique: true } };
  expectSuccess(() => validate({ at: '2024-01-31T11:30:00+02:00', on: '08:00' }, attributes, { isUnique: (attribute, value) => (asked.push([attribute, value]), true) }));
  assert.equal(asked, [['at', '2024-01-31T09:30:00.000Z'], ['on', '08:00:00.000']]);
  assert.equal(rejects(() => validate({ at: '2024-01-31' }, attributes, { isUnique: () => false })).errors, [
    { path: ['at'], message: m.unique, name: 'ValidationError', value: '2024-01-31T00:00:00.000Z' },
  ]);
});

test('should read a date-time without an offset as UTC whatever the server time zone', () => {
  const before = process.env.TZ;
  process.env.TZ = 'Asia/Kolkata';
  try {
    assert.equal(expectSuccess(() => validate({ at: '2024-06-01T12:00:00' }, { at: { type: 'datetime' } })), { at: '2024-06-01T12:00:00.000Z' });
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
});

test.run();
