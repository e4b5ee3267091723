/**
 * The one test for "a plain object" that every input checker uses.
 */

/**
 * A plain object as JSON, YAML and qs make them: not an array, not null, not a class instance
 * (its prototype is Object.prototype or null), so a `Date` or a `Buffer` never passes for a record.
 * @example isPlainObject({ a: 1 }) // true; isPlainObject([1]) // false; isPlainObject(new Date()) // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
