/**
 * `fields` → the list of scalar fields to return, and picking them from a row.
 */
import type { Model, ModelLookup } from '../types.js';
import { queryMessages } from './messages.js';
import { visibleAttribute } from './model.js';
import { asList, at, invalidAt, invalidKey, isRecord, label, type Site } from './raw.js';

/** Every document answers with these, whatever `fields` says, as in Strapi 5. */
const ALWAYS = ['id', 'documentId'];

/**
 * Parses `fields` (a comma string or a list) against `model`. Undefined means every field: absent,
 * empty or `*`. Only scalar, non-private attributes and system fields may be named.
 */
export function parseFields(raw: unknown, model: Model, lookup: ModelLookup, site: Site): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  let names: string[];
  if (typeof raw === 'string') {
    names = raw.split(',');
  } else {
    const list = asList(raw);
    if (!list) {
      const first = isRecord(raw) ? Object.keys(raw)[0] : undefined;
      if (first !== undefined) throw invalidKey(site, first);
      throw invalidAt(site, queryMessages.invalidParameter(label(site), 'a comma-separated string or a list of field names', raw));
    }
    names = list.flatMap((entry, index) => {
      if (typeof entry !== 'string') {
        const here = at(site, String(index));
        throw invalidAt(here, queryMessages.invalidParameter(label(here), 'a field name', entry));
      }
      return entry.split(',');
    });
  }
  const wanted = names.map((name) => name.trim()).filter((name) => name !== '');
  if (wanted.length === 0 || wanted.includes('*')) return undefined;

  const result = new Set(model.isComponent ? [] : ALWAYS);
  for (const name of wanted) {
    const attribute = visibleAttribute(model, name, site, lookup);
    if (attribute.type === 'relation' || attribute.type === 'component' || attribute.type === 'dynamiczone') {
      throw invalidKey(site, name);
    }
    result.add(name);
  }
  return [...result];
}

/**
 * A copy of `row` with only `fields` (and `keep`, e.g. the populated attributes); `row` itself when
 * `fields` is undefined. Keys the row lacks are left out rather than set to undefined.
 *
 * @example
 * pickFields({ id: 1, documentId: 'a', title: 'T', views: 3 }, ['id', 'documentId', 'title']);
 * // → { id: 1, documentId: 'a', title: 'T' }
 */
export function pickFields<T extends Record<string, unknown>>(
  row: T,
  fields: readonly string[] | undefined,
  keep: readonly string[] = [],
): Partial<T> {
  if (fields === undefined) return row;
  const out: Record<string, unknown> = {};
  for (const list of [fields, keep]) {
    for (const field of list) {
      // `__proto__` can only come from a caller's own list; assigning it would swap `out`'s prototype.
      if (field !== '__proto__' && Object.hasOwn(row, field)) out[field] = row[field];
    }
  }
  return out as Partial<T>;
}
