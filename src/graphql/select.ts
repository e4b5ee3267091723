/**
 * What a query selects, as the content service's `populate`: the relations, media, components and
 * dynamic zones its fields name, each with the `filters`, `sort` and `pagination` written on the
 * field. The service then reads a list and everything under it in one pass (no read per row),
 * with the caller's permissions, and the fields of the types below only pick from what it answered.
 */
import { getArgumentValues, Kind, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { ValidationError } from '../errors.js';
import { attributeOf, type Model, type ModelLookup } from '../model/index.js';
import type { Attribute } from '../schema/index.js';
import { windowOf, type PaginationArgs } from './context.js';
import { toContentFilters } from './filters.js';
import type { ObjectTypes } from './objects.js';
import type { GraphQLConfig } from '../config/index.js';
import { graphqlMessages } from './messages.js';

type RawNode = Record<string, unknown>;
const CONNECTION = '_connection';

export interface SelectContext {
  info: Pick<GraphQLResolveInfo, 'fragments' | 'variableValues'>;
  objects: ObjectTypes;
  lookup: ModelLookup;
  settings: GraphQLConfig;
  /**
   * Told of a list of a document selected again with other arguments than its first selection:
   * one read cannot carry both, so that one is read on its own (RequestContext.deferred).
   * Without it, such a selection is refused.
   */
  defer?: (field: FieldNode) => void;
}

/**
 * The fields a selection asks of the type `typeName`, through fragments whose condition it meets.
 * Each fragment is collected once, as graphql-js collects it: spread again, it adds the same fields.
 */
function collectFields(
  selectionSets: readonly (SelectionSetNode | undefined)[],
  typeName: string,
  info: SelectContext['info'],
  out: FieldNode[] = [],
  spread = new Set<string>(),
): FieldNode[] {
  for (const set of selectionSets) {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) out.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const applies = !selection.typeCondition || selection.typeCondition.name.value === typeName;
        if (applies) collectFields([selection.selectionSet], typeName, info, out, spread);
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const fragment = info.fragments[selection.name.value];
        if (fragment?.typeCondition.name.value === typeName) {
          collectFields([fragment.selectionSet], typeName, info, out, spread);
        }
      }
    }
  }
  return out;
}

/** The selections under the `nodes` of a `_connection` field. */
function nodesOf(field: FieldNode, typeName: string, info: SelectContext['info']): SelectionSetNode[] {
  return collectFields([field.selectionSet], typeName, info)
    .filter((inner) => inner.name.value === 'nodes')
    .flatMap((inner) => (inner.selectionSet ? [inner.selectionSet] : []));
}

/**
 * The `populate` of the fields selected on `model` (in the Content API's object form).
 * @example populateOf(articleModel, info.fieldNodes.map((node) => node.selectionSet), context)
 */
export function populateOf(model: Model, selectionSets: readonly (SelectionSetNode | undefined)[], context: SelectContext): Record<string, RawNode> {
  const type = context.objects.of(model);
  const populate: Record<string, RawNode> = {};
  for (const field of collectFields(selectionSets, type.name, context.info)) {
    const selected = field.name.value;
    const name = selected.endsWith(CONNECTION) ? selected.slice(0, -CONNECTION.length) : selected;
    const attribute = attributeOf(model, name);
    if (!attribute || (attribute.type !== 'relation' && attribute.type !== 'component' && attribute.type !== 'dynamiczone')) continue;
    const below = name === selected ? (field.selectionSet ? [field.selectionSet] : []) : undefined;
    const node = nodeOf(type, field, attribute, below, context);
    if (!node) continue;
    if (conflicts(populate[name], node)) {
      // A document's own list can be read again for it; deeper than that, the query is refused.
      if (!context.defer || !isDocument(model, context)) throw new ValidationError(graphqlMessages.askedTwice(name), { field: name });
      context.defer(field);
      continue;
    }
    add(populate, name, node);
  }
  return populate;
}

/** Whether `model` is a content type, whose documents can be read again by their documentId. */
const isDocument = (model: Model, context: SelectContext): boolean => !model.isComponent && context.objects.isContentType(model.uid);

/** Whether `node` asks for `existing`'s list with other arguments (what it selects below may differ). */
function conflicts(existing: RawNode | undefined, node: RawNode): boolean {
  if (!existing) return false;
  const { populate: _a, on: _onA, fields: _fieldsA, ...restA } = existing;
  const { populate: _b, on: _onB, fields: _fieldsB, ...restB } = node;
  return JSON.stringify(restA) !== JSON.stringify(restB);
}

/**
 * The scalar fields selected on `model`, as the content service's `fields`, so that it presents
 * only what the answer shows; empty when none is (every field is then presented).
 * @example fieldsOf(articleModel, [selectionSet], context) // ['title', 'documentId']
 */
export function fieldsOf(model: Model, selectionSets: readonly (SelectionSetNode | undefined)[], context: SelectContext): string[] {
  const fields = new Set<string>();
  for (const field of collectFields(selectionSets, context.objects.of(model).name, context.info)) {
    const name = field.name.value;
    // Attributes and the system fields a document has (`locale` only when localized); a component's `id` always comes.
    const attribute = name === 'id' ? undefined : attributeOf(model, name);
    if (attribute && attribute.type !== 'relation' && attribute.type !== 'component' && attribute.type !== 'dynamiczone') fields.add(name);
  }
  // What a document's list read on its own needs to find the document's version again.
  if (fields.size > 0 && isDocument(model, context)) {
    fields.add('publishedAt');
    if (model.localized) fields.add('locale');
  }
  return [...fields];
}

function nodeOf(type: GraphQLObjectType, field: FieldNode, attribute: Attribute, below: SelectionSetNode[] | undefined, context: SelectContext): RawNode | undefined {
  const { lookup } = context;
  if (attribute.type === 'dynamiczone') {
    const on: Record<string, RawNode> = {};
    for (const uid of attribute.components) {
      const component = lookup.model(uid);
      if (!component) continue;
      // A union's selection holds fragments per member: populateOf keeps those on this component's type.
      const populate = populateOf(component, below ?? [], context);
      on[uid] = Object.keys(populate).length > 0 ? { populate } : {};
    }
    return { on };
  }
  const target = attribute.type === 'relation' ? lookup.model(attribute.target) : attribute.type === 'component' ? lookup.model(attribute.component) : undefined;
  if (!target) return undefined;
  const targetType = context.objects.of(target).name;
  const sets = below ?? nodesOf(field, `${targetType}RelationResponseCollection`, context.info);
  const node: RawNode = {};
  const definition = type.getFields()[field.name.value];
  if (definition && definition.args.length > 0) {
    const args = getArgumentValues(definition, field, context.info.variableValues);
    if (args.filters) node.filters = toContentFilters(args.filters as Record<string, unknown>, target, lookup);
    if (Array.isArray(args.sort) && args.sort.length > 0) node.sort = args.sort;
    const { start, limit } = windowOf(args.pagination as PaginationArgs, context.settings);
    node.start = start;
    node.limit = limit;
  }
  const populate = populateOf(target, sets, context);
  if (Object.keys(populate).length > 0) node.populate = populate;
  const fields = fieldsOf(target, sets, context);
  if (fields.length > 0) node.fields = fields;
  return node;
}

/**
 * Adds `node` under `name`. The same attribute selected twice with the same arguments (by aliases,
 * or as a list and its `_connection`) is read once, its nested selections and fields merged.
 * populateOf has already sent a document's list asked with other arguments to be read on its own;
 * what still differs here comes from merging two selections of one relation, and is refused
 * rather than answered with the rows of only one of them.
 */
function add(populate: Record<string, RawNode>, name: string, node: RawNode): void {
  const existing = populate[name];
  if (!existing) {
    populate[name] = node;
    return;
  }
  const { populate: a, on: onA, fields: fieldsA, ...restA } = existing;
  const { populate: b, on: onB, fields: fieldsB, ...restB } = node;
  if (JSON.stringify(restA) !== JSON.stringify(restB)) throw new ValidationError(graphqlMessages.askedTwice(name), { field: name });
  const merged: RawNode = { ...restA };
  // Both selections' fields are presented; a selection of none (all of them) keeps all.
  if (Array.isArray(fieldsA) && Array.isArray(fieldsB)) merged.fields = [...new Set([...fieldsA, ...fieldsB])];
  const nested = mergeTrees(a as Record<string, RawNode> | undefined, b as Record<string, RawNode> | undefined);
  if (nested) merged.populate = nested;
  const fragments = mergeTrees(onA as Record<string, RawNode> | undefined, onB as Record<string, RawNode> | undefined);
  if (fragments) merged.on = fragments;
  populate[name] = merged;
}

function mergeTrees(a: Record<string, RawNode> | undefined, b: Record<string, RawNode> | undefined): Record<string, RawNode> | undefined {
  if (!a || !b) return a ?? b;
  const out = { ...a };
  for (const [key, node] of Object.entries(b)) add(out, key, node);
  return out;
}
