/**
 * `json` attribute values: any JSON value, copied so that what is stored cannot share objects with
 * the caller, and with prototype-reaching keys refused (they would be harmless in our copy, but a
 * later `Object.assign` or merge by a client or plugin would not be).
 */
import type { Json } from '../types.js';
import { where, type At, type Context } from './context.js';
import { isPlainObject } from '../../objects.js';
import { invalidKey, isPrototypeKey } from './issues.js';
import { validationMessages as m } from './messages.js';

/** The copy, or undefined after recording why the value is not JSON. Throws `Invalid key` for `__proto__` and kin. */
export function copyJson(value: unknown, at: At, ctx: Context): Json | undefined {
  const path = at.path;
  const copy = walk(value, path);
  if (copy === NOT_JSON) {
    ctx.issues.add(path, m.json(where(at)), value);
    return undefined;
  }
  return copy;
}

const NOT_JSON = Symbol('not JSON');

function walk(value: unknown, path: string[]): Json | typeof NOT_JSON {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_JSON;
  if (Array.isArray(value)) {
    const out: Json[] = [];
    for (const [index, item] of value.entries()) {
      const copy = walk(item, [...path, String(index)]);
      if (copy === NOT_JSON) return NOT_JSON;
      out.push(copy);
    }
    return out;
  }
  if (isPlainObject(value)) {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) {
      if (isPrototypeKey(key)) throw invalidKey([...path, key]);
      const copy = walk(item, [...path, key]);
      if (copy === NOT_JSON) return NOT_JSON;
      out[key] = copy;
    }
    return out;
  }
  return NOT_JSON;
}
