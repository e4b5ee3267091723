/**
 * `sort` in every form Strapi 5 accepts (docs/api/query-parameters.md) → `SortKey[]`.
 */
import type { Model, ModelLookup } from '../types.js';
import { queryMessages } from './messages.js';
import { requireTarget, visibleAttribute } from './model.js';
import { asList, assertDepth, assertSafeKey, at, invalidAt, invalidKey, isRecord, label, type Site } from './raw.js';
import type { SortKey } from './types.js';

/**
 * Strapi lower-cases the order before checking it, so `Desc` passes too; anything else is the
 * "Invalid order" error.
 */
function parseOrder(value: unknown, site: Site): 'asc' | 'desc' {
  const order = typeof value === 'string' ? value.toLowerCase() : undefined;
  if (order === 'asc' || order === 'desc') return order;
  throw invalidAt(site, queryMessages.invalidOrder);
}

/** Parses a `sort` value against `model`; `[]` when absent or empty. */
export function parseSort(raw: unknown, model: Model, lookup: ModelLookup, site: Site): SortKey[] {
  return parseValue(raw, model, lookup, site, [], 0);
}

function parseValue(raw: unknown, model: Model, lookup: ModelLookup, site: Site, prefix: string[], depth: number): SortKey[] {
  assertDepth(site, depth);
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw === 'string') {
    return raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => parseString(part, model, lookup, site, prefix));
  }
  const list = asList(raw);
  if (list) return list.flatMap((entry, index) => parseValue(entry, model, lookup, at(site, String(index)), prefix, depth + 1));
  if (isRecord(raw)) return parseObject(raw, model, lookup, site, prefix, depth);
  throw invalidAt(site, queryMessages.invalidParameter(label(site), 'a field name, "field:order" or an object', raw));
}

/** `title`, `title:desc`, `category.name:asc`. */
function parseString(text: string, model: Model, lookup: ModelLookup, site: Site, prefix: string[]): SortKey {
  const colon = text.indexOf(':');
  const field = colon === -1 ? text : text.slice(0, colon).trim();
  const order = colon === -1 ? 'asc' : parseOrder(text.slice(colon + 1).trim(), site);
  return { path: [...prefix, ...resolvePath(field.split('.'), model, lookup, site)], order };
}

/** Walks a dotted path: relations and components may be crossed, and it must end on a scalar. */
function resolvePath(segments: string[], model: Model, lookup: ModelLookup, site: Site): string[] {
  let current = model;
  let here = site;
  segments.forEach((segment, index) => {
    const attribute = visibleAttribute(current, segment, here, lookup);
    const last = index === segments.length - 1;
    if (attribute.type === 'relation' || attribute.type === 'component') {
      // Sorting by a relation or component itself has no order: Strapi's "empty non-scalar".
      if (last) throw invalidKey(here, segment);
      current = requireTarget(attribute, lookup, here, segment);
    } else if (attribute.type === 'dynamiczone') {
      throw invalidKey(here, segment);
    } else if (!last) {
      // `title.x`: a scalar has nothing below it.
      throw invalidKey(at(here, segment), segments[index + 1]!);
    }
    here = at(here, segment);
  });
  return segments;
}

/** `sort[title]=asc`, `sort[category][name]=desc`: one key per attribute, in the order given. */
function parseObject(raw: Record<string, unknown>, model: Model, lookup: ModelLookup, site: Site, prefix: string[], depth: number): SortKey[] {
  const out: SortKey[] = [];
  for (const key of Object.keys(raw)) {
    assertSafeKey(site, key);
    const attribute = visibleAttribute(model, key, site, lookup);
    const value = raw[key];
    const here = at(site, key);
    if (attribute.type === 'relation' || attribute.type === 'component') {
      if (!isRecord(value) && !Array.isArray(value)) throw invalidKey(site, key);
      const target = requireTarget(attribute, lookup, site, key);
      const nested = parseValue(value, target, lookup, here, [...prefix, key], depth + 1);
      if (nested.length === 0) throw invalidKey(site, key);
      out.push(...nested);
    } else if (attribute.type === 'dynamiczone') {
      throw invalidKey(site, key);
    } else if (isRecord(value)) {
      // `sort[title][x]=asc`: a scalar has no attributes to sort by.
      const inner = Object.keys(value)[0];
      throw inner === undefined ? invalidAt(here, queryMessages.invalidOrder) : invalidKey(here, inner);
    } else {
      out.push({ path: [...prefix, key], order: parseOrder(value, here) });
    }
  }
  return out;
}
