/**
 * `filters` arguments: the input types Strapi's plugin declares (`ArticleFiltersInput`,
 * `StringFilterInput`, …) and how a value of them becomes the Content API's `filters` (`eq` →
 * `$eq`, `and` → `$and`), which the content service then checks and applies as it does for REST.
 */
import { GraphQLBoolean, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLString, type GraphQLInputFieldConfigMap, type GraphQLInputType, type GraphQLScalarType } from 'graphql';
import type { Attribute } from '../schema/index.js';
import { attributeOf, SYSTEM_ATTRIBUTES, type Model, type ModelLookup } from '../model/index.js';
import { isPlainObject } from '../objects.js';
import { scalarOf } from './scalars.js';

const OPERATORS = ['eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte'] as const;

/** What a document has besides its attributes, in every type, filter and answer of the schema. */
export const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

/** The attributes a model's filters and answers show: private ones and passwords never. */
export function visibleAttributes(model: Model): Array<[string, Attribute]> {
  return Object.entries(model.attributes).filter(([, attribute]) => attribute.private !== true && attribute.type !== 'password');
}

export type FilterTypes = ReturnType<typeof createFilterTypes>;

/**
 * The filter input types of a schema, made once each on first use.
 * @example const filters = createFilterTypes(lookup, typeNameOfModel); filters.of(articleModel)
 */
export function createFilterTypes(lookup: ModelLookup, typeName: (model: Model) => string) {
  const scalars = new Map<string, GraphQLInputObjectType>();
  const models = new Map<string, GraphQLInputObjectType>();

  /** `StringFilterInput` and its kin: every operator, on values of `scalar`. */
  function scalarFilter(scalar: GraphQLScalarType): GraphQLInputObjectType {
    const name = `${scalar.name}FilterInput`;
    let type = scalars.get(name);
    if (type) return type;
    type = new GraphQLInputObjectType({
      name,
      fields: (): GraphQLInputFieldConfigMap => ({
        and: { type: new GraphQLList(scalar) },
        or: { type: new GraphQLList(scalar) },
        not: { type: scalarFilter(scalar) },
        ...Object.fromEntries(OPERATORS.map((operator) => [operator, { type: scalar }])),
        null: { type: GraphQLBoolean },
        notNull: { type: GraphQLBoolean },
        in: { type: new GraphQLList(scalar) },
        notIn: { type: new GraphQLList(scalar) },
        between: { type: new GraphQLList(scalar) },
      }),
    });
    scalars.set(name, type);
    return type;
  }

  function attributeFilter(attribute: Attribute): GraphQLInputType | undefined {
    if (attribute.type === 'enumeration') return scalarFilter(GraphQLString);
    if (attribute.type === 'relation') {
      if (attribute.media) return undefined; // files are not filterable, as in Strapi's plugin
      const target = lookup.model(attribute.target);
      return target ? of(target) : undefined;
    }
    if (attribute.type === 'component') {
      const component = lookup.model(attribute.component);
      return component ? of(component) : undefined;
    }
    if (attribute.type === 'dynamiczone') return undefined;
    const scalar = scalarOf(attribute);
    return scalar ? scalarFilter(scalar) : undefined;
  }

  /** `ArticleFiltersInput`: a model's filterable attributes, with `and`, `or` and `not`. */
  function of(model: Model): GraphQLInputObjectType {
    let type = models.get(model.uid);
    if (type) return type;
    const self: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${typeName(model)}FiltersInput`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        if (!model.isComponent) fields.documentId = { type: scalarFilter(GraphQLID) };
        for (const [name, attribute] of visibleAttributes(model)) {
          const filter = attributeFilter(attribute);
          if (filter) fields[name] = { type: filter };
        }
        if (!model.isComponent) {
          for (const name of TIMESTAMPS) fields[name] = { type: attributeFilter(SYSTEM_ATTRIBUTES[name]!)! };
          if (model.localized) {
            fields.locale = { type: scalarFilter(GraphQLString) };
            fields.localizations = { type: self };
          }
        }
        fields.and = { type: new GraphQLList(self) };
        fields.or = { type: new GraphQLList(self) };
        fields.not = { type: self };
        return fields;
      },
    });
    type = self;
    models.set(model.uid, type);
    return type;
  }

  return { of, scalarFilter };
}


/**
 * A `filters` argument as the Content API's `filters`: operators and `and`/`or`/`not` gain their
 * `$`, attributes keep their names, relations and components go on into their own filters.
 * @example toContentFilters({ title: { containsi: 'hello' } }, articleModel, lookup) // { title: { $containsi: 'hello' } }
 */
export function toContentFilters(value: Record<string, unknown>, model: Model, lookup: ModelLookup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    if (key === 'and' || key === 'or') out[`$${key}`] = Array.isArray(inner) ? inner.map((each) => (isPlainObject(each) ? toContentFilters(each, model, lookup) : each)) : inner;
    else if (key === 'not') out.$not = isPlainObject(inner) ? toContentFilters(inner, model, lookup) : inner;
    else out[key] = attributeFilterValue(key, inner, model, lookup);
  }
  return out;
}

function attributeFilterValue(key: string, value: unknown, model: Model, lookup: ModelLookup): unknown {
  if (!isPlainObject(value)) return value;
  const attribute = attributeOf(model, key);
  if (attribute?.type === 'relation') {
    const target = lookup.model(attribute.target);
    return target ? toContentFilters(value, target, lookup) : value;
  }
  if (attribute?.type === 'component') {
    const component = lookup.model(attribute.component);
    return component ? toContentFilters(value, component, lookup) : value;
  }
  return operatorFilter(value);
}

/** A scalar's filter: every operator gains its `$`, and a `not` goes on into its own operators. */
function operatorFilter(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [operator, operand] of Object.entries(value)) {
    if (operand !== undefined) out[`$${operator}`] = operator === 'not' && isPlainObject(operand) ? operatorFilter(operand) : operand;
  }
  return out;
}
