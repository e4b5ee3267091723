/**
 * Values per kind: casting what a user sent (at parse time) and reading what a row holds (at
 * evaluation time) into the same comparable form, so that `===` and `<` mean the right thing.
 */
import { parseBoolean } from './raw.js';
import type { FilterValue, ValueKind } from './types.js';

/**
 * What rows are compared by: numbers (booleans read as 0 and 1, so false sorts first), exact
 * bigints, and strings (also dates, datetimes and times, whose fixed-width canonical forms order
 * correctly as text).
 */
export type Comparable = string | number | bigint;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** What a rejected value should have been, for the error message. */
export const EXPECTED: Record<ValueKind, string> = {
  string: 'a string',
  number: 'a number',
  biginteger: 'an integer',
  boolean: 'a boolean (true, false, t, f, 1 or 0)',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'an ISO 8601 date-time or a timestamp',
  time: 'a time (HH:mm[:ss[.SSS]])',
  json: 'null',
};

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return NUMBER.test(value.trim()) ? Number(value) : null;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

function toBigInt(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string') return INTEGER.test(value) ? BigInt(value) : null;
  return null;
}

/** A real calendar date `YYYY-MM-DD` taken from the start of the value, or null. */
function toDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value.slice(0, 10) : null;
}

/**
 * Milliseconds since the epoch. A date-time without an offset is read as UTC, as Strapi stores
 * them, so the answer does not depend on the server's time zone.
 */
function toInstant(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // Fast path: what the service writes (`toISOString()`).
  if (value.endsWith('Z') && value.length === 24) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  if (INTEGER.test(value)) return Number(value);
  const match = DATETIME.exec(value);
  if (!match || toDate(value) === null) return null;
  const text = value.replace(' ', 'T');
  const ms = Date.parse(match[1] || text.length === 10 ? text : `${text}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The largest instant `Date` can represent (±100,000,000 days). */
const MAX_INSTANT = 8.64e15;

/**
 * An instant as a canonical ISO string (`YYYY-MM-DDTHH:mm:ss.sssZ`), which orders as text exactly as
 * the instants do (for years 0–9999). What the service stores is already canonical and is taken
 * as is, so evaluating a datetime filter or sort over many rows parses nothing.
 */
function toInstantKey(value: unknown): string | null {
  if (typeof value === 'string' && value.length === 24 && value.charCodeAt(23) === 90 /* Z */ && value.charCodeAt(10) === 84 /* T */) {
    return value;
  }
  const ms = toInstant(value);
  return ms === null || Math.abs(ms) > MAX_INSTANT ? null : new Date(ms).toISOString();
}

/** The `YYYY-MM-DD` a stored date starts with (stored dates were validated when written). */
function toDateKey(value: unknown): string | null {
  return typeof value === 'string' && DATE.test(value) ? value.slice(0, 10) : null;
}

/** `HH:mm:ss.SSS`, so that times of different precision compare as strings. */
function toTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = TIME.exec(value);
  if (!match) return null;
  const [, hh, mm, ss = '00', ms = ''] = match as unknown as [string, string, string, string?, string?];
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  return `${hh}:${mm}:${ss}.${ms.padEnd(3, '0')}`;
}

/** The text LIKE-style operators look at; null for null and for structured values. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * Casts a user value for a field of `kind`; `undefined` means it cannot be one.
 * Results stay JSON-friendly: biginteger as a digit string, datetime as an ISO string.
 */
export function castValue(kind: ValueKind, value: unknown): FilterValue | undefined {
  if (value === null) return null;
  switch (kind) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    case 'number':
      return toNumber(value) ?? undefined;
    case 'biginteger':
      return toBigInt(value)?.toString();
    case 'boolean':
      return parseBoolean(value);
    case 'date':
      return typeof value === 'string' && (value.length === 10 || toInstant(value) !== null) ? (toDate(value) ?? undefined) : undefined;
    case 'datetime':
      return toInstantKey(value) ?? undefined;
    case 'time':
      return toTime(value) ?? undefined;
    case 'json':
      return undefined;
    default:
      return kind satisfies never;
  }
}

/** Reads stored values of `kind` into comparables; null for null, missing or unreadable values. */
export function normalizer(kind: ValueKind): (value: unknown) => Comparable | null {
  switch (kind) {
    case 'string':
      return textOf;
    case 'number':
      return toNumber;
    case 'biginteger':
      return toBigInt;
    case 'boolean':
      return (value) => {
        const flag = parseBoolean(value);
        return flag === undefined ? null : Number(flag);
      };
    case 'date':
      return toDateKey;
    case 'datetime':
      return toInstantKey;
    case 'time':
      return toTime;
    case 'json':
      // Only `$null`/`$notNull` (and sorting nulls first) look at json values.
      return (value) => (value === null || value === undefined ? null : 1);
    default:
      return kind satisfies never;
  }
}
