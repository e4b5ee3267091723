/**
 * The object types of the schema, named as Strapi's plugin names them: one per content type
 * (`Article`), component (`ComponentSharedSection`), the media file (`UploadFile`), the User and
 * Role, a union per dynamic zone, an enum per enumeration, and the `…EntityResponseCollection` and
 * `…RelationResponseCollection` of `_connection` fields. Their fields read the document the
 * content service answered, already populated as the query asked (select.ts).
 */
import {
  GraphQLEnumType, GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLUnionType,
  type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap, type GraphQLResolveInfo,
} from 'graphql';
import type { Attribute, ComponentAttribute, DynamicZoneAttribute, RelationAttribute } from '../schema/index.js';
import { isToMany, LOCALIZATIONS, localizationsAttribute, type Model, type ModelLookup } from '../model/index.js';
import type { FilterTypes } from './filters.js';
import { TIMESTAMPS, visibleAttributes } from './filters.js';
import { componentTypeName, dynamicZoneName, enumTypeName, enumValues, typeNameOf } from './names.js';
import { DateTimeScalar, scalarOf } from './scalars.js';
import type { RequestContext } from './context.js';

type Row = Record<string, unknown>;

export const PaginationArg = new GraphQLInputObjectType({
  name: 'PaginationArg',
  fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } },
});

export const PublicationStatus = new GraphQLEnumType({
  name: 'PublicationStatus',
  values: { DRAFT: { value: 'draft' }, PUBLISHED: { value: 'published' } },
});

export const Pagination = new GraphQLObjectType({
  name: 'Pagination',
  fields: {
    total: { type: new GraphQLNonNull(GraphQLInt) },
    page: { type: new GraphQLNonNull(GraphQLInt) },
    pageSize: { type: new GraphQLNonNull(GraphQLInt) },
    pageCount: { type: new GraphQLNonNull(GraphQLInt) },
  },
});

export const DeleteMutationResponse = new GraphQLObjectType({
  name: 'DeleteMutationResponse',
  fields: { documentId: { type: new GraphQLNonNull(GraphQLID) } },
});

/** A member of every dynamic zone's union in Strapi's schema, for an entry of a component the zone does not know. */
const ErrorType = new GraphQLObjectType({
  name: 'Error',
  fields: { code: { type: new GraphQLNonNull(GraphQLString) }, message: { type: GraphQLString } },
});

/** The name of a model's type: a component's `Component…`, a content type's own. */
export const modelTypeName = (model: Model, singular: (uid: string) => string | undefined): string =>
  model.isComponent ? componentTypeName(model.uid) : typeNameOf(model.uid, singular(model.uid));

/** Arguments of a list inside a document: a to-many relation, media or repeatable component. */
export const listArgs = (filters: GraphQLInputObjectType): GraphQLFieldConfigArgumentMap => ({
  filters: { type: filters },
  pagination: { type: PaginationArg, defaultValue: {} },
  sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
});

const valueOf = (name: string) => (parent: Row) => parent[name] ?? null;
const listOf = (name: string) => (parent: Row) => parent[name] ?? [];
/** A list that takes arguments: read with its document, or on its own when the read could not carry it. */
const argumentList = (owner: Model, name: string, wrap: (value: unknown) => unknown = (value) => value) =>
  async (parent: Row, _args: unknown, context: RequestContext, info: GraphQLResolveInfo) =>
    wrap(context.deferred.has(info.fieldNodes[0]!) ? await context.readDeferred(owner, name, parent, info) : (parent[name] ?? []));

export type ObjectTypes = ReturnType<typeof createObjectTypes>;

/**
 * The output types of one schema, made once each on first use.
 * @example const objects = createObjectTypes(lookup, filters, singularOf); objects.of(articleModel)
 */
export function createObjectTypes(lookup: ModelLookup, filters: FilterTypes, singular: (uid: string) => string | undefined) {
  const objects = new Map<string, GraphQLObjectType>();
  const enums = new Map<string, GraphQLEnumType>();
  const unions = new Map<string, GraphQLUnionType>();
  const collections = new Map<string, GraphQLObjectType>();
  const nameOf = (model: Model) => modelTypeName(model, singular);

  function enumOf(owner: string, name: string, values: readonly string[], enumName?: string): GraphQLEnumType {
    const typeName = enumTypeName(owner, name, enumName);
    let type = enums.get(typeName);
    if (!type) {
      type = new GraphQLEnumType({ name: typeName, values: enumValues(values) });
      enums.set(typeName, type);
    }
    return type;
  }

  /** `ArticleRelationResponseCollection { nodes }`: a to-many relation's `_connection`. */
  function relationCollectionOf(target: Model): GraphQLObjectType {
    let type = collections.get(target.uid);
    if (!type) {
      const node = of(target);
      type = new GraphQLObjectType({ name: `${node.name}RelationResponseCollection`, fields: { nodes: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(node))) } } });
      collections.set(target.uid, type);
    }
    return type;
  }

  function dynamicZoneOf(owner: string, name: string, attribute: DynamicZoneAttribute): GraphQLUnionType {
    const typeName = dynamicZoneName(owner, name);
    let type = unions.get(typeName);
    if (!type) {
      const members = attribute.components.flatMap((uid) => {
        const component = lookup.model(uid);
        return component ? [of(component)] : [];
      });
      type = new GraphQLUnionType({
        name: typeName,
        types: [...members, ErrorType],
        resolveType: (entry: Row) => (typeof entry.__component === 'string' && attribute.components.includes(entry.__component) ? componentTypeName(entry.__component) : ErrorType.name),
      });
      unions.set(typeName, type);
    }
    return type;
  }

  function relationFields(owner: Model, fields: GraphQLFieldConfigMap<Row, RequestContext>, name: string, attribute: RelationAttribute): void {
    const target = lookup.model(attribute.target);
    if (!target) return;
    if (!isToMany(attribute)) {
      fields[name] = { type: of(target), resolve: valueOf(name) };
      return;
    }
    const args = listArgs(filters.of(target));
    fields[name] = { type: new GraphQLNonNull(new GraphQLList(of(target))), args, resolve: argumentList(owner, name) };
    fields[`${name}_connection`] = { type: relationCollectionOf(target), args, resolve: argumentList(owner, name, (nodes) => ({ nodes })) };
  }

  function componentField(owner: Model, name: string, attribute: ComponentAttribute): GraphQLFieldConfigMap<Row, RequestContext>[string] | undefined {
    const component = lookup.model(attribute.component);
    if (!component) return undefined;
    const type = of(component);
    if (!attribute.repeatable) return { type, resolve: valueOf(name) };
    return { type: new GraphQLList(type), args: listArgs(filters.of(component)), resolve: argumentList(owner, name) };
  }

  function attributeField(model: Model, owner: string, name: string, attribute: Attribute, fields: GraphQLFieldConfigMap<Row, RequestContext>): void {
    switch (attribute.type) {
      case 'relation':
        return relationFields(model, fields, name, attribute);
      case 'component': {
        const field = componentField(model, name, attribute);
        if (field) fields[name] = field;
        return;
      }
      case 'dynamiczone':
        fields[name] = { type: new GraphQLList(dynamicZoneOf(owner, name, attribute)), resolve: listOf(name) };
        return;
      case 'enumeration': {
        const type = enumOf(owner, name, attribute.enum, attribute.enumName);
        fields[name] = { type: attribute.required ? new GraphQLNonNull(type) : type };
        return;
      }
      default: {
        const scalar = scalarOf(attribute)!;
        fields[name] = { type: attribute.required ? new GraphQLNonNull(scalar) : scalar };
      }
    }
  }

  /** The object type of a model: `Article`, `ComponentSharedSection`, `UploadFile`, … */
  function of(model: Model): GraphQLObjectType {
    let type = objects.get(model.uid);
    if (type) return type;
    const name = nameOf(model);
    type = new GraphQLObjectType<Row, RequestContext>({
      name,
      fields: () => {
        const fields: GraphQLFieldConfigMap<Row, RequestContext> = model.isComponent ? { id: { type: GraphQLID } } : { documentId: { type: new GraphQLNonNull(GraphQLID) } };
        for (const [attributeName, attribute] of visibleAttributes(model)) attributeField(model, name, attributeName, attribute, fields);
        if (!model.isComponent) {
          for (const timestamp of TIMESTAMPS) fields[timestamp] = { type: DateTimeScalar };
          if (model.localized) {
            fields.locale = { type: GraphQLString };
            relationFields(model, fields, LOCALIZATIONS, localizationsAttribute(model));
          }
        }
        return fields;
      },
    });
    objects.set(model.uid, type);
    return type;
  }

  /** `ArticleEntityResponseCollection { nodes, pageInfo }`: what `articles_connection` answers. */
  function entityCollectionOf(model: Model, resolve: { nodes: (parent: never, args: never, context: RequestContext, info: never) => unknown; pageInfo: (parent: never, args: never, context: RequestContext) => unknown }): GraphQLObjectType {
    const node = of(model);
    return new GraphQLObjectType({
      name: `${node.name}EntityResponseCollection`,
      fields: {
        nodes: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(node))), resolve: resolve.nodes as never },
        pageInfo: { type: new GraphQLNonNull(Pagination), resolve: resolve.pageInfo as never },
      },
    });
  }

  /** Whether `uid` is one of the project's content types (not a component, the User, a role or a file). */
  const isContentType = (uid: string): boolean => singular(uid) !== undefined;

  return { of, entityCollectionOf, enumOf, nameOf, isContentType };
}
