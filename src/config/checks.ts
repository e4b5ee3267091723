/**
 * Tiny declarative checks for config values. A `Shape` mirrors a config section: objects of
 * shapes, with `Check` functions at the leaves. `checkShape` walks user input against it,
 * rejecting unknown keys (with a suggestion) and naming the dotted key of every problem.
 */
import { didYouMean } from '../suggest.js';
import { isPlainObject } from '../objects.js';

/** Thrown by a check; `key` is filled in on the way up. */
export class Problem extends Error {
  constructor(
    readonly problem: string,
    readonly key: string[] = [],
  ) {
    super(problem);
  }
}

export type Check = (value: unknown) => unknown;
export interface Shape {
  [key: string]: Shape | Check;
}

/** How a value is shown in a message: strings quoted, everything else as JSON. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'nothing';
  return JSON.stringify(value) ?? String(value);
}

function fail(expected: string, value: unknown): never {
  throw new Problem(`must be ${expected}, got ${show(value)}`);
}

export const string: Check = (v) => (typeof v === 'string' ? v : fail('a string', v));
export const nonEmptyString: Check = (v) => (typeof v === 'string' && v.trim() !== '' ? v : fail('a non-empty string', v));
export const boolean: Check = (v) => (typeof v === 'boolean' ? v : fail('true or false', v));

export function integer(min: number, max = Number.MAX_SAFE_INTEGER): Check {
  return (v) => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? v : fail(`an integer from ${min} to ${max}`, v));
}

export function oneOf<const T extends readonly unknown[]>(...choices: T): Check {
  return (v) => (choices.includes(v) ? v : fail(`one of ${choices.map(show).join(', ')}`, v));
}

export function nullable(check: Check): Check {
  return (v) => (v === null ? null : check(v));
}

export function url(v: unknown): unknown {
  if (typeof v !== 'string') return fail('a URL', v);
  try {
    const parsed = new URL(v);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return v.replace(/\/+$/, '');
  } catch {
    // fall through to the message below
  }
  return fail('an http(s) URL', v);
}

/** `1mb`, `512kb`, `100` (bytes), as koa-bodyparser reads them. */
export function size(v: unknown): unknown {
  if (Number.isInteger(v) && (v as number) > 0) return v;
  if (typeof v === 'string' && /^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(v.trim())) return v.trim();
  return fail('a size like "1mb" or a number of bytes', v);
}

/** A duration for jsonwebtoken: seconds as a number, or a string like `30d`, `12h`, `15m`. */
export function duration(v: unknown): unknown {
  if (Number.isInteger(v) && (v as number) > 0) return v;
  if (typeof v === 'string' && /^\d+(\.\d+)?\s*(ms|s|m|h|d|w|y)$/.test(v.trim())) return v.trim();
  return fail('a duration like "30d", "12h" or a number of seconds', v);
}

/** A number of bytes: an integer, or a size like `1kb` (1024 bytes per kb, as koa-compress reads it). */
export function byteCount(v: unknown): unknown {
  if (Number.isInteger(v) && (v as number) >= 0) return v;
  const match = typeof v === 'string' ? /^(\d+)\s*(b|kb|mb)?$/i.exec(v.trim()) : null;
  if (match) return Number(match[1]) * 1024 ** ['b', 'kb', 'mb'].indexOf((match[2] ?? 'b').toLowerCase());
  return fail('a number of bytes like 1024 or "1kb"', v);
}

/** `true` or `false` (a feature on or off), or a mapping of its options checked against `shape`. */
export function booleanOr(shape: Shape): Check {
  return (v) => (typeof v === 'boolean' ? v : isPlainObject(v) ? checkShape(shape, v) : fail('true, false or a mapping', v));
}

export function list(item: Check): Check {
  return (v) => {
    if (!Array.isArray(v)) return fail('a list', v);
    return v.map((entry, index) => {
      try {
        return item(entry);
      } catch (error) {
        throw within(error, String(index));
      }
    });
  };
}

/**
 * A list, or the same as one comma-separated string (`GET,POST`), as Strapi's middleware options
 * take either; answers the list. A bad entry of a string is named by the key, not an index.
 */
export function listOrCommas(item: Check): Check {
  return (v) => {
    if (typeof v !== 'string') return list(item)(v);
    return v.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry) => item(entry));
  };
}

/** An object whose keys are free (e.g. provider names), each value checked against `shape`. */
export function record(shape: Shape): Check {
  return (v) => {
    if (!isPlainObject(v)) return fail('a mapping', v);
    return Object.fromEntries(Object.entries(v).map(([key, value]) => [key, checkAt(shape, value, key)]));
  };
}

export function object(shape: Shape): Check {
  return (v) => checkShape(shape, v);
}

function within(error: unknown, key: string): unknown {
  if (error instanceof Problem) return new Problem(error.problem, [key, ...error.key]);
  return error;
}

/** Checks `value` at `key` of its parent: a problem found inside names the key. */
export function checkAt(node: Shape | Check, value: unknown, key: string): unknown {
  try {
    return typeof node === 'function' ? node(value) : checkShape(node, value);
  } catch (error) {
    throw within(error, key);
  }
}

/**
 * Checks `input` against `shape` and answers the normalised values (only the keys given).
 * An empty YAML section (`null`) counts as an empty mapping. A key of `aliases` is another name
 * of a key of `shape` (helmet's `hsts` for `strictTransportSecurity`): answered under the latter.
 */
export function checkShape(shape: Shape, input: unknown, aliases: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  if (input === null || input === undefined) return {};
  if (!isPlainObject(input)) return fail('a mapping', input);
  const result: Record<string, unknown> = {};
  const givenAs = new Map<string, string>();
  for (const [key, value] of Object.entries(input)) {
    const name = Object.hasOwn(aliases, key) ? aliases[key]! : key;
    const node = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (node === undefined) throw new Problem(`is not a known setting${didYouMean(key, [...Object.keys(shape), ...Object.keys(aliases)])}`, [key]);
    if (givenAs.has(name)) throw new Problem(`is the same setting as ${givenAs.get(name)}: give only one of them`, [key]);
    givenAs.set(name, key);
    result[name] = checkAt(node, value, key);
  }
  return result;
}

/** Deep merge for config layers: mappings merge, everything else (lists included) replaces. */
export function mergeLayers<T>(base: T, layer: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(layer)) return (layer === undefined ? base : layer) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(layer)) merged[key] = mergeLayers(merged[key], value);
  return merged as T;
}
