/**
 * The schema of a project, made from its content types as Strapi's plugin makes it: a Query and
 * a Mutation field per content type (content.ts), the users-permissions and i18n fields
 * (users.ts), and every type they reach.
 */
import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldConfig } from 'graphql';
import { ROLE_UID, USER_UID, type Model, type ModelLookup } from '../model/index.js';
import type { Schemas } from '../schema/index.js';
import { contentFields } from './content.js';
import type { RequestContext } from './context.js';
import { createFilterTypes } from './filters.js';
import { createInputTypes } from './inputs.js';
import { createObjectTypes, modelTypeName } from './objects.js';
import { accountMutations, accountQueries } from './users.js';

type Field = GraphQLFieldConfig<unknown, RequestContext>;

/**
 * @example const schema = buildSchema(project.schemas, project.lookup)
 */
export function buildSchema(schemas: Schemas, lookup: ModelLookup) {
  const singular = (uid: string) => schemas.byUid(uid)?.singularName;
  const nameOf = (model: Model) => modelTypeName(model, singular);
  const filters = createFilterTypes(lookup, nameOf);
  const objects = createObjectTypes(lookup, filters, singular);
  const inputs = createInputTypes(lookup, nameOf, objects.enumOf);
  const queries: Record<string, Field> = {};
  const mutations: Record<string, Field> = {};
  for (const type of schemas.contentTypes) {
    const fields = contentFields(type, { objects, filters, inputs });
    Object.assign(queries, fields.queries);
    Object.assign(mutations, fields.mutations);
  }
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ...queries, ...accountQueries } }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: { ...mutations, ...accountMutations } }),
    // Every component, even one no content type uses yet, and the User with its project attributes, as Strapi's plugin declares them.
    types: [...[...schemas.components.keys()].sort(), USER_UID, ROLE_UID].flatMap((uid) => {
      const model = lookup.model(uid);
      return model ? [objects.of(model)] : [];
    }),
  });
  return { schema, objects };
}
