/**
 * Attributes that hold one value of their own: strings and texts, uids, enumerations, numbers, big
 * integers and dates, each with its rules checked and its default checked against them.
 */
import { describe, fail, join } from '../problem.js';
import { didYouMean } from '../hint.js';
import type {
  BaseAttribute,
  BigIntegerAttribute,
  DateAttribute,
  EnumerationAttribute,
  NumberAttribute,
  StringAttribute,
  UidAttribute,
} from '../types.js';
import {
  checkRange,
  given,
  optionalBigInteger,
  optionalBoolean,
  optionalMapping,
  optionalNonNegativeInteger,
  optionalNumber,
  optionalRegex,
  optionalString,
} from '../values.js';

function parseUnique(raw: Record<string, unknown>, key: string): boolean | undefined {
  return optionalBoolean(raw.unique, join(key, 'unique'));
}

interface TextRules {
  minLength?: number;
  maxLength?: number;
  regex?: string;
}

function parseTextRules(raw: Record<string, unknown>, key: string): TextRules {
  const minLength = optionalNonNegativeInteger(raw.minLength, join(key, 'minLength'));
  const maxLength = optionalNonNegativeInteger(raw.maxLength, join(key, 'maxLength'));
  checkRange(minLength, maxLength, key, 'minLength', 'maxLength');
  const regex = optionalRegex(raw.regex, join(key, 'regex'));
  return { minLength, maxLength, regex };
}

/** A string default must itself pass the attribute's rules, or every create without the field would fail. */
function parseTextDefault(raw: Record<string, unknown>, key: string, type: string, rules: TextRules): string | undefined {
  const defaultKey = join(key, 'default');
  if (!given(raw.default)) return undefined;
  const value = raw.default;
  if (typeof value !== 'string') fail(defaultKey, `must be a string for type "${type}", got ${describe(value)}`);
  if (rules.minLength !== undefined && value.length < rules.minLength) {
    fail(defaultKey, `${describe(value)} is shorter than minLength ${rules.minLength}`);
  }
  if (rules.maxLength !== undefined && value.length > rules.maxLength) {
    fail(defaultKey, `${describe(value)} is longer than maxLength ${rules.maxLength}`);
  }
  if (rules.regex !== undefined && !new RegExp(rules.regex).test(value)) {
    fail(defaultKey, `${describe(value)} does not match regex ${describe(rules.regex)}`);
  }
  return value;
}

export function parseStringLike(
  raw: Record<string, unknown>,
  key: string,
  base: BaseAttribute,
  type: StringAttribute['type'],
): StringAttribute {
  const rules = parseTextRules(raw, key);
  return { type, ...base, unique: parseUnique(raw, key), ...rules, default: parseTextDefault(raw, key, type, rules) };
}

export function parseUid(raw: Record<string, unknown>, key: string, base: BaseAttribute): UidAttribute {
  const targetField = optionalString(raw.targetField, join(key, 'targetField'));
  const rules = parseTextRules(raw, key);
  const options = optionalMapping(raw.options, join(key, 'options'));
  return {
    type: 'uid',
    ...base,
    unique: parseUnique(raw, key),
    targetField,
    ...rules,
    options: options ? { ...options } : undefined,
    default: parseTextDefault(raw, key, 'uid', rules),
  };
}

export function parseEnumeration(raw: Record<string, unknown>, key: string, base: BaseAttribute): EnumerationAttribute {
  const enumKey = join(key, 'enum');
  const values = raw.enum;
  if (!given(values)) fail(enumKey, 'is required: list the values, e.g. enum: [draft, live]');
  if (!Array.isArray(values)) fail(enumKey, `must be a list of strings, got ${describe(values)}`);
  if (values.length === 0) fail(enumKey, 'must list at least one value');
  const seen = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string' || value === '') fail(enumKey, `must list non-empty strings, got ${describe(value)}`);
    if (seen.has(value)) fail(enumKey, `lists ${describe(value)} twice`);
    seen.add(value);
  }
  const enumValues = values as string[];
  const defaultValue = optionalString(raw.default, join(key, 'default'));
  if (defaultValue !== undefined && !seen.has(defaultValue)) {
    fail(join(key, 'default'), `${describe(defaultValue)} is not one of the enum values${didYouMean(defaultValue, enumValues)}`);
  }
  return {
    type: 'enumeration',
    ...base,
    unique: parseUnique(raw, key),
    enum: [...enumValues],
    enumName: optionalString(raw.enumName, join(key, 'enumName')),
    default: defaultValue,
  };
}

function checkWithin(value: number | bigint, min: number | bigint | undefined, max: number | bigint | undefined, key: string): void {
  if (min !== undefined && value < min) fail(key, `${value} is below min ${min}`);
  if (max !== undefined && value > max) fail(key, `${value} is above max ${max}`);
}

export function parseNumber(
  raw: Record<string, unknown>,
  key: string,
  base: BaseAttribute,
  type: NumberAttribute['type'],
): NumberAttribute {
  const integer = type === 'integer';
  const min = optionalNumber(raw.min, join(key, 'min'), integer);
  const max = optionalNumber(raw.max, join(key, 'max'), integer);
  checkRange(min, max, key);
  const defaultValue = optionalNumber(raw.default, join(key, 'default'), integer);
  if (defaultValue !== undefined) checkWithin(defaultValue, min, max, join(key, 'default'));
  return { type, ...base, unique: parseUnique(raw, key), min, max, default: defaultValue };
}

export function parseBigInteger(raw: Record<string, unknown>, key: string, base: BaseAttribute): BigIntegerAttribute {
  const min = optionalBigInteger(raw.min, join(key, 'min'));
  const max = optionalBigInteger(raw.max, join(key, 'max'));
  const big = (value: string | undefined) => (value === undefined ? undefined : BigInt(value));
  checkRange(big(min), big(max), key);
  const defaultValue = optionalBigInteger(raw.default, join(key, 'default'));
  if (defaultValue !== undefined) checkWithin(BigInt(defaultValue), big(min), big(max), join(key, 'default'));
  return { type: 'biginteger', ...base, unique: parseUnique(raw, key), min, max, default: defaultValue };
}

const DATE_FORMATS: Record<DateAttribute['type'], { pattern: RegExp; example: string }> = {
  date: { pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, example: '2024-01-31' },
  time: { pattern: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/, example: '09:30:00.000' },
  datetime: { pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, example: '2024-01-31T09:30:00.000Z' },
};

/** Rejects `2023-02-30`, which `Date.parse` would roll over to March. */
function isRealDate(type: 'date' | 'datetime', value: string): boolean {
  const time = Date.parse(type === 'date' ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return false;
  return type === 'datetime' || new Date(time).toISOString().slice(0, 10) === value;
}

export function parseDate(raw: Record<string, unknown>, key: string, base: BaseAttribute, type: DateAttribute['type']): DateAttribute {
  const defaultKey = join(key, 'default');
  const value = optionalString(raw.default, defaultKey);
  if (value !== undefined) {
    const { pattern, example } = DATE_FORMATS[type];
    const valid = pattern.test(value) && (type === 'time' || isRealDate(type, value));
    if (!valid) fail(defaultKey, `${describe(value)} is not a valid ${type}, e.g. "${example}"`);
  }
  return { type, ...base, unique: parseUnique(raw, key), default: value };
}
