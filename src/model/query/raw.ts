/**
 * Reading untrusted query values: shape tests that never throw a TypeError, and the errors that
 * name where in the query a problem sits.
 */
import { ValidationError } from '../../errors.js';
import { queryMessages } from './messages.js';
import { isPlainObject } from '../../objects.js';

export type RawObject = Record<string, unknown>;

/**
 * Recursion guard for callers that pass objects directly (qs already stops at depth 20): a cyclic or
 * absurdly deep object must give a 400, not a stack overflow.
 */
export const MAX_NESTING = 32;

/** A plain object as qs or JSON make them; arrays, class instances and null are not. */
export const isRecord: (value: unknown) => value is RawObject = isPlainObject;

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The entries of an array, or of an object whose keys are all indexes: qs makes such objects from
 * arrays longer than `arrayLimit` or with gaps (`a[101]=x`), and users mean a list by them.
 * Anything else gives undefined.
 */
export function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => INDEX.test(key))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
}

/** A scalar as qs produces them (strings) or as a caller may pass them. */
export function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Keys that would reach `Object.prototype` if ever assigned; refused wherever users name keys. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Where the parser stands: the top-level parameter and the keys walked inside it. */
export interface Site {
  param: string;
  path: readonly string[];
}

export function at(site: Site, ...keys: string[]): Site {
  return { param: site.param, path: [...site.path, ...keys] };
}

/** `filters.views.$gt`: the parameter and the keys inside it, as messages show a place. */
export function label(site: Site): string {
  return [site.param, ...site.path].join('.');
}

/** The keys of `populate` options, which name no attribute. */
const POPULATE_OPTIONS = new Set(['fields', 'filters', 'sort', 'populate', 'count', 'start', 'limit']);

/**
 * The attributes walked to reach `site`, as Strapi's `path.attribute` names them: operators
 * (`$or`, `$gt`), list indices and populate options are not attributes, nor is the component uid
 * after a dynamic zone's `on`.
 */
function attributePath(site: Site): string[] {
  const out: string[] = [];
  site.path.forEach((segment, index) => {
    if (segment.startsWith('$') || /^\d+$/.test(segment)) return;
    if (site.param === 'populate' && (POPULATE_OPTIONS.has(segment) || segment === 'on' || site.path[index - 1] === 'on')) return;
    out.push(segment);
  });
  return out;
}

/**
 * `Invalid key <key>` for `key` found at `site` (` at <attribute path>` when below an attribute),
 * with Strapi's details `{ key, path, source, param }`.
 */
export function invalidKey(site: Site, key: string): ValidationError {
  return new ValidationError(queryMessages.invalidKey(key, attributePath(site)), {
    key,
    path: [...site.path, key].join('.'),
    source: 'query',
    param: site.param,
  });
}

/** A ValidationError about the value at `site` (whose last path element is the offending key). */
export function invalidAt(site: Site, message: string): ValidationError {
  return new ValidationError(message, {
    key: site.path.at(-1) ?? site.param,
    path: site.path.join('.'),
    source: 'query',
    param: site.param,
  });
}

/** Rejects keys that could pollute prototypes, whatever the model says. */
export function assertSafeKey(site: Site, key: string): void {
  if (FORBIDDEN_KEYS.has(key)) throw invalidKey(site, key);
}

export function assertDepth(site: Site, depth: number): void {
  if (depth > MAX_NESTING) {
    throw new ValidationError(queryMessages.nestedTooDeep(site.param, MAX_NESTING), {
      path: site.path.join('.'),
      source: 'query',
      param: site.param,
    });
  }
}

/** Strapi's boolean strings (parse-type.ts): the only spellings accepted where a boolean is expected. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 't' || value === '1' || value === 1) return true;
  if (value === 'false' || value === 'f' || value === '0' || value === 0) return false;
  return undefined;
}
