/**
 * `populate` in its string, list and object forms → a {@link PopulateTree} whose nested fields,
 * filters and sort are parsed against the relation's target or the component (docs/api/query-parameters.md).
 */
import type { ComponentAttribute, DynamicZoneAttribute, RelationAttribute } from '../../schema/index.js';
import { LOCALIZATIONS, type Model, type ModelLookup } from '../types.js';
import { parseFields } from './fields.js';
import { parseFilters } from './filters.js';
import { queryMessages } from './messages.js';
import { componentModel, isHidden, isRestricted, namedAttribute, requireTarget } from './model.js';
import { asList, assertDepth, assertSafeKey, at, invalidAt, invalidKey, isRecord, label, parseBoolean, type Site } from './raw.js';
import { parseSort } from './sort.js';
import type { PopulateNode, PopulateTree } from './types.js';

type Populatable = RelationAttribute | ComponentAttribute | DynamicZoneAttribute;

/** Reads a tree entry; a plain `tree[key]` would find `Object.prototype` members such as `toString`. */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** `true`, `'true'`, `'*'` → true; `false`, `'false'` → false; anything else undefined. */
function populateFlag(value: unknown): boolean | undefined {
  return value === '*' ? true : parseBoolean(value);
}

/** Parses a `populate` value against `model`; `{}` when nothing is populated. */
export function parsePopulate(raw: unknown, model: Model, lookup: ModelLookup, site: Site, depth = 0): PopulateTree {
  const tree: PopulateTree = {};
  addValue(tree, raw, model, lookup, site, depth);
  return tree;
}

function addValue(tree: PopulateTree, raw: unknown, model: Model, lookup: ModelLookup, site: Site, depth: number): void {
  assertDepth(site, depth);
  if (raw === undefined || raw === null || raw === '' || raw === false) return;
  if (raw === true) return addStar(tree, model, lookup);
  if (typeof raw === 'string') {
    for (const part of raw.split(',')) {
      const path = part.trim();
      if (path === '*') addStar(tree, model, lookup);
      else if (path !== '') addPath(tree, path.split('.'), model, lookup, site);
    }
    return;
  }
  const list = asList(raw);
  if (list) {
    list.forEach((entry, index) => addValue(tree, entry, model, lookup, at(site, String(index)), depth + 1));
    return;
  }
  if (isRecord(raw)) return addObject(tree, raw, model, lookup, site, depth);
  throw invalidAt(site, queryMessages.invalidParameter(label(site), 'a string, a list or an object', raw));
}

/**
 * `*`: every relation, component and dynamic zone one level deep; private ones stay hidden, and
 * so do relations the caller may not read.
 */
function addStar(tree: PopulateTree, model: Model, lookup: ModelLookup): void {
  for (const [name, attribute] of Object.entries(model.attributes)) {
    const populatable = attribute.type === 'relation' || attribute.type === 'component' || attribute.type === 'dynamiczone';
    if (populatable && !isHidden(model, name, attribute) && !isRestricted(attribute, lookup)) tree[name] = own(tree, name) ?? {};
  }
  // A localized type's virtual relation to its other locales is one of them, as Strapi 5.54 answers `populate=*`.
  if (model.localized && !model.isComponent) tree[LOCALIZATIONS] = own(tree, LOCALIZATIONS) ?? {};
}

function starTree(model: Model, lookup: ModelLookup): PopulateTree {
  const tree: PopulateTree = {};
  addStar(tree, model, lookup);
  return tree;
}

/** The attribute `name` if it can be populated; scalars, unknown and private names are `Invalid key`. */
function populatable(model: Model, name: string, site: Site): Populatable {
  const attribute = namedAttribute(model, name, site);
  if (attribute.type === 'relation' || attribute.type === 'component' || attribute.type === 'dynamiczone') return attribute;
  throw invalidKey(site, name);
}

/**
 * Where a populated attribute goes: `tree`, or, for a relation the caller may not read, a tree that
 * is thrown away. It is still parsed, so the same query is valid or not whoever asks, and only what
 * the answer shows differs: the relation is left out, as Strapi's output sanitizer leaves it
 * (filters and sort refuse it instead, see `visibleAttribute`).
 */
function treeFor(tree: PopulateTree, attribute: Populatable, lookup: ModelLookup): PopulateTree {
  return isRestricted(attribute, lookup) ? {} : tree;
}

/** `a.b.c`, validated segment by segment. */
function addPath(tree: PopulateTree, segments: string[], model: Model, lookup: ModelLookup, site: Site): void {
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '*' && rest.length === 0) return addStar(tree, model, lookup);
  const attribute = populatable(model, head, site);
  const into = treeFor(tree, attribute, lookup);
  const node = own(into, head) ?? {};
  into[head] = node;
  if (rest.length === 0) return;
  const here = at(site, head);
  // A dynamic zone holds several components, so a path cannot say which one to go into.
  if (attribute.type === 'dynamiczone') throw invalidAt(here, queryMessages.invalidNestedPopulate(head));
  const target = requireTarget(attribute, lookup, site, head);
  const nested = node.populate ?? {};
  addPath(nested, rest, target, lookup, here);
  if (Object.keys(nested).length > 0) node.populate = nested;
}

function addObject(tree: PopulateTree, raw: Record<string, unknown>, model: Model, lookup: ModelLookup, site: Site, depth: number): void {
  for (const key of Object.keys(raw)) {
    assertSafeKey(site, key);
    const attribute = populatable(model, key, site);
    const value = raw[key];
    const here = at(site, key);
    const flag = populateFlag(value);
    let node: PopulateNode;
    if (flag === false) continue; // `populate[x]=false` is ignored
    if (flag === true) node = {};
    else if (isRecord(value) && !asList(value)) {
      node =
        attribute.type === 'dynamiczone'
          ? parseDynamicZoneNode(attribute, key, value, model, lookup, here, depth + 1)
          : parseNode(requireTarget(attribute, lookup, site, key), key, model.uid, value, lookup, here, depth + 1);
    } else {
      throw invalidAt(here, queryMessages.invalidPopulateValue(label(here), value));
    }
    const into = treeFor(tree, attribute, lookup);
    into[key] = mergeNodes(own(into, key), node);
  }
}

/** The options of one populated relation or component, parsed against its `target`. */
function parseNode(
  target: Model,
  name: string,
  ownerUid: string,
  raw: Record<string, unknown>,
  lookup: ModelLookup,
  site: Site,
  depth: number,
): PopulateNode {
  assertDepth(site, depth);
  const node: PopulateNode = {};
  for (const key of Object.keys(raw)) {
    assertSafeKey(site, key);
    const value = raw[key];
    const here = at(site, key);
    switch (key) {
      case 'fields': {
        const fields = parseFields(value, target, lookup, here);
        if (fields) node.fields = fields;
        break;
      }
      case 'filters': {
        const filters = parseFilters(value, target, lookup, here);
        if (filters) node.filters = filters;
        break;
      }
      case 'sort': {
        const sort = parseSort(value, target, lookup, here);
        if (sort.length > 0) node.sort = sort;
        break;
      }
      case 'populate': {
        const populate = parsePopulate(value, target, lookup, here, depth + 1);
        if (Object.keys(populate).length > 0) node.populate = populate;
        break;
      }
      case 'count':
        node.count = readCount(value, here);
        break;
      case 'start':
      case 'limit':
        node[key] = readWindow(value, here);
        break;
      case 'on':
        throw invalidAt(here, queryMessages.fragmentsNotPermitted(name, ownerUid));
      default:
        throw invalidKey(site, key);
    }
  }
  return node;
}

/** `start` or `limit` of a populated list: a whole number, 0 or more. */
function readWindow(value: unknown, site: Site): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) throw invalidAt(site, queryMessages.invalidParameter(label(site), 'a whole number, 0 or more', value));
  return number;
}

function readCount(value: unknown, site: Site): boolean {
  const flag = parseBoolean(value);
  if (flag === undefined) throw invalidAt(site, queryMessages.invalidParameter(label(site), 'a boolean', value));
  return flag;
}

/**
 * A dynamic zone mixes components, so only per-component fragments (`on`), `count` or a blanket
 * `populate: '*'` make sense; any other option is refused rather than applied to the wrong shape.
 */
function parseDynamicZoneNode(
  attribute: DynamicZoneAttribute,
  name: string,
  raw: Record<string, unknown>,
  owner: Model,
  lookup: ModelLookup,
  site: Site,
  depth: number,
): PopulateNode {
  const node: PopulateNode = {};
  const on: Record<string, PopulateNode> = {};
  const fragment = (uid: string, parentSite: Site): Model => {
    assertSafeKey(parentSite, uid);
    const component = attribute.components.includes(uid) ? lookup.component(uid) : undefined;
    if (!component) throw invalidKey(parentSite, uid);
    return componentModel(component);
  };
  for (const key of Object.keys(raw)) {
    assertSafeKey(site, key);
    const value = raw[key];
    const here = at(site, key);
    if (key === 'count') {
      node.count = readCount(value, here);
    } else if (key === 'on' && isRecord(value)) {
      for (const uid of Object.keys(value)) {
        const model = fragment(uid, here);
        const entry = value[uid];
        const flag = populateFlag(entry);
        const fragmentSite = at(here, uid);
        if (flag === false) continue;
        if (flag === true) on[uid] = mergeNodes(own(on, uid), {});
        else if (isRecord(entry) && !asList(entry)) {
          on[uid] = mergeNodes(own(on, uid), parseNode(model, uid, owner.uid, entry, lookup, fragmentSite, depth + 1));
        } else throw invalidAt(fragmentSite, queryMessages.invalidPopulateValue(label(fragmentSite), entry));
      }
    } else if (key === 'populate' && populateFlag(value) !== undefined) {
      if (populateFlag(value) === false) continue;
      // `populate: '*'` on a dynamic zone: every component, each with its own relations one level deep.
      for (const uid of attribute.components) {
        const component = lookup.component(uid);
        if (!component) continue;
        const nested = starTree(componentModel(component), lookup);
        on[uid] = mergeNodes(own(on, uid), Object.keys(nested).length > 0 ? { populate: nested } : {});
      }
    } else {
      throw invalidAt(here, queryMessages.invalidNestedPopulate(name));
    }
  }
  if (Object.keys(on).length > 0) node.on = on;
  return node;
}

/** Later options win, except nested populate trees and fragments, which are merged. */
function mergeNodes(a: PopulateNode | undefined, b: PopulateNode): PopulateNode {
  if (!a) return b;
  const merged: PopulateNode = { ...a, ...b };
  if (a.populate && b.populate) merged.populate = mergeTrees({ ...a.populate }, b.populate);
  if (a.on && b.on) merged.on = mergeTrees({ ...a.on }, b.on);
  return merged;
}

function mergeTrees(into: PopulateTree, from: PopulateTree): PopulateTree {
  for (const key of Object.keys(from)) into[key] = mergeNodes(own(into, key), from[key]!);
  return into;
}
