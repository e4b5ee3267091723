/**
 * JSON with every object's keys sorted, pretty-printed, so that `data/` diffs cleanly in git
 * (docs/getting-started.md, "Project layout": every file under `data/` has sorted keys).
 *
 * @example
 * stableStringify({ b: 1, a: [2, 1] }); // '{\n  "a": [\n    2,\n    1\n  ],\n  "b": 1\n}\n'
 */
export function stableStringify(value: unknown): string {
  const text = JSON.stringify(value, sortKeys, 2) as string | undefined;
  if (text === undefined) throw new TypeError(`stableStringify: a top-level ${typeof value} has no JSON form`);
  return `${text}\n`;
}

// The replacer sees every value after `toJSON`, so sorting here covers nested objects too.
// Integer-like keys ("2", "10") are always enumerated first in numeric order by the engine;
// that order is just as deterministic, so it is left alone.
function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  // A null prototype keeps a stored "__proto__" key an ordinary property instead of a setter call.
  const sorted = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(source).sort()) sorted[key] = source[key];
  return sorted;
}
