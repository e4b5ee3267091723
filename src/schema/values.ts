/**
 * Small value checks shared by attribute, content-type and component parsing. Each takes the
 * dotted key it reports under. `null` counts as "not given" for optional keys, because YAML
 * reads `description:` with nothing after it as null.
 */
import { describe, fail, isMapping } from './problem.js';
import { didYouMean } from './hint.js';

export function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Rejects keys outside `allowed`, suggesting the closest allowed one. */
export function checkKnownKeys(raw: Record<string, unknown>, prefix: string, allowed: readonly string[], what = 'key'): void {
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) fail(prefix ? `${prefix}.${key}` : key, `is not a known ${what}${didYouMean(key, allowed)}`);
  }
}

export function optionalBoolean(value: unknown, key: string): boolean | undefined {
  if (!given(value)) return undefined;
  if (typeof value !== 'boolean') fail(key, `must be true or false, got ${describe(value)}`);
  return value;
}

export function optionalString(value: unknown, key: string): string | undefined {
  if (!given(value)) return undefined;
  if (typeof value !== 'string') fail(key, `must be a string, got ${describe(value)}`);
  return value;
}

export function requiredString(value: unknown, key: string): string {
  if (!given(value) || value === '') fail(key, 'is required');
  return optionalString(value, key)!;
}

export function optionalMapping(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!given(value)) return undefined;
  if (!isMapping(value)) fail(key, `must be a mapping, got ${describe(value)}`);
  return value;
}

export function optionalNonNegativeInteger(value: unknown, key: string): number | undefined {
  if (!given(value)) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(key, `must be a non-negative integer, got ${describe(value)}`);
  }
  return value;
}

export function optionalNumber(value: unknown, key: string, integer: boolean): number | undefined {
  if (!given(value)) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(key, `must be a number, got ${describe(value)}`);
  if (integer && !Number.isInteger(value)) fail(key, `must be an integer, got ${describe(value)}`);
  return value;
}

/** Big integers as canonical decimal strings; YAML numbers are accepted while they are exact. */
export function optionalBigInteger(value: unknown, key: string): string | undefined {
  if (!given(value)) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value).toString();
  fail(key, `must be an integer (or a string of digits for values beyond 2^53), got ${describe(value)}`);
}

/** Strapi builds `new RegExp(regex)` with no flags, so that is what must compile. */
export function optionalRegex(value: unknown, key: string): string | undefined {
  const source = optionalString(value, key);
  if (source === undefined) return undefined;
  try {
    new RegExp(source);
  } catch (error) {
    fail(key, `${describe(source)} is not a valid regular expression: ${(error as Error).message}`);
  }
  return source;
}

/** min ≤ max, reported on the `min` key. */
export function checkRange(min: number | bigint | undefined, max: number | bigint | undefined, key: string, minKey = 'min', maxKey = 'max'): void {
  if (min !== undefined && max !== undefined && min > max) fail(`${key}.${minKey}`, `${min} is greater than ${maxKey} ${max}`);
}

/** Drops keys whose value is undefined, so parsed objects compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
