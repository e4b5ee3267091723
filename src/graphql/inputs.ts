/**
 * The input types of mutations (`ArticleInput`, `ComponentSharedSectionInput`, and a scalar per
 * dynamic zone, `ArticleBlocksDynamicZoneInput`, whose entries name their component by
 * `__typename`), and how a value of them becomes the Content API's `data`, which the content
 * service validates as it validates a REST body.
 */
import { GraphQLError, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLScalarType, type GraphQLInputFieldConfigMap, type GraphQLInputType } from 'graphql';
import type { DynamicZoneAttribute } from '../schema/index.js';
import { isToMany, type Model, type ModelLookup } from '../model/index.js';
import { isPlainObject } from '../objects.js';
import { visibleAttributes } from './filters.js';
import { componentTypeName, dynamicZoneName } from './names.js';
import { scalarOf } from './scalars.js';
import type { GraphQLEnumType } from 'graphql';
import { graphqlMessages } from './messages.js';


export type InputTypes = ReturnType<typeof createInputTypes>;

/**
 * The input types of one schema, made once each on first use.
 * @example const inputs = createInputTypes(lookup, nameOf, enumOf); inputs.of(articleModel)
 */
export function createInputTypes(lookup: ModelLookup, nameOf: (model: Model) => string, enumOf: (owner: string, name: string, values: readonly string[], enumName?: string) => GraphQLEnumType) {
  const inputs = new Map<string, GraphQLInputObjectType>();
  const zones = new Map<string, GraphQLScalarType>();

  /** A dynamic zone's input: a list of objects, each naming its component by `__typename`. */
  function zoneOf(owner: string, name: string, attribute: DynamicZoneAttribute): GraphQLScalarType {
    const typeName = `${dynamicZoneName(owner, name)}Input`;
    let type = zones.get(typeName);
    if (!type) {
      const byType = new Map(attribute.components.map((uid) => [componentTypeName(uid), uid]));
      const check = (value: unknown): Record<string, unknown> => {
        if (!isPlainObject(value) || typeof value.__typename !== 'string' || !byType.has(value.__typename)) {
          throw new GraphQLError(graphqlMessages.zoneEntry(typeName, [...byType.keys()]));
        }
        const { __typename, ...rest } = value;
        return { __component: byType.get(__typename), ...rest };
      };
      type = new GraphQLScalarType({ name: typeName, parseValue: check, serialize: (value) => value, parseLiteral: () => {
        throw new GraphQLError(graphqlMessages.zoneAsVariable(typeName));
      } });
      zones.set(typeName, type);
    }
    return type;
  }

  /** `ArticleInput`: the attributes a write may set. */
  function of(model: Model): GraphQLInputObjectType {
    let type = inputs.get(model.uid);
    if (type) return type;
    const owner = nameOf(model);
    type = new GraphQLInputObjectType({
      name: `${owner}Input`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = model.isComponent ? { id: { type: GraphQLID } } : {};
        for (const [name, attribute] of visibleAttributes(model)) {
          if (attribute.writable === false) continue;
          const input = inputOf(owner, name, attribute);
          if (input) fields[name] = { type: input };
        }
        return fields;
      },
    });
    inputs.set(model.uid, type);
    return type;
  }

  function inputOf(owner: string, name: string, attribute: Parameters<typeof scalarOf>[0]): GraphQLInputType | undefined {
    switch (attribute.type) {
      case 'relation':
        return isToMany(attribute) ? new GraphQLList(GraphQLID) : GraphQLID;
      case 'component': {
        const component = lookup.model(attribute.component);
        if (!component) return undefined;
        return attribute.repeatable ? new GraphQLList(of(component)) : of(component);
      }
      case 'dynamiczone':
        return new GraphQLList(new GraphQLNonNull(zoneOf(owner, name, attribute)));
      case 'enumeration':
        return enumOf(owner, name, attribute.enum, attribute.enumName);
      default:
        return scalarOf(attribute);
    }
  }

  return { of, zoneOf };
}

/**
 * A mutation's `data` as the Content API's: plain objects (GraphQL hands inputs without a
 * prototype), media ids as the numbers files are linked by.
 * @example toContentData(args.data, articleModel, lookup)
 */
export function toContentData(value: Record<string, unknown>, model: Model, lookup: ModelLookup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value)) {
    const attribute = model.attributes[name];
    out[name] = attribute ? dataValue(given, attribute, lookup) : plain(given);
  }
  return out;
}

function dataValue(value: unknown, attribute: Model['attributes'][string], lookup: ModelLookup): unknown {
  if (value === null || value === undefined) return value;
  if (attribute.type === 'relation' && attribute.media) {
    const id = (each: unknown) => (typeof each === 'string' && /^\d+$/.test(each) ? Number(each) : each);
    return Array.isArray(value) ? value.map(id) : id(value);
  }
  if (attribute.type === 'component') {
    const component = lookup.model(attribute.component);
    const one = (entry: unknown) => (isPlainObject(entry) && component ? toContentData(entry, component, lookup) : plain(entry));
    return Array.isArray(value) ? value.map(one) : one(value);
  }
  if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
    return value.map((entry) => {
      const component = isPlainObject(entry) && typeof entry.__component === 'string' ? lookup.model(entry.__component) : undefined;
      if (!component || !isPlainObject(entry)) return plain(entry);
      const { __component, ...rest } = entry;
      return { __component, ...toContentData(rest, component, lookup) };
    });
  }
  return plain(value);
}

/** A value with every object made a plain one. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}
