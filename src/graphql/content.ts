/**
 * The queries and mutations of each content type, named and shaped as Strapi's plugin makes them
 * (`article`, `articles`, `articles_connection`, `createArticle`, `updateArticle`, `deleteArticle`;
 * `homepage`, `updateHomepage`, `deleteHomepage` for a single type). Each is one call of the
 * document service (Strapi's params, as the project's code calls it) with the caller as actor, so
 * permissions, validation, uniqueness, webhooks, history, policies and the project's document
 * middlewares are the REST API's.
 */
import { GraphQLID, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLFieldConfig, type GraphQLFieldConfigArgumentMap, type GraphQLResolveInfo } from 'graphql';
import type { FindParams, WriteParams } from '../content/index.js';
import { contentTypeModel, pageCount, type Model } from '../model/index.js';
import type { ContentType } from '../schema/index.js';
import { documentsOf, windowOf, type PaginationArgs, type RequestContext, type Window } from './context.js';
import type { FilterTypes } from './filters.js';
import { toContentFilters } from './filters.js';
import type { InputTypes } from './inputs.js';
import { toContentData } from './inputs.js';
import { queryNames } from './names.js';
import { DeleteMutationResponse, PaginationArg, PublicationStatus, type ObjectTypes } from './objects.js';
import { LocaleCodeScalar } from './scalars.js';
import { fieldsOf, populateOf, type SelectContext } from './select.js';

type Args = Record<string, unknown>;
type Field = GraphQLFieldConfig<unknown, RequestContext>;

/** The types the content fields are made of, shared by every content type of one schema. */
export interface ContentTypeKit {
  objects: ObjectTypes;
  filters: FilterTypes;
  inputs: InputTypes;
}

/** Rows for one page: what `…_connection` passes from its list to `nodes` and `pageInfo`. */
interface ConnectionSource {
  params: FindParams;
  window: Window;
}

/**
 * Query and Mutation fields of one content type.
 * @example const { queries, mutations } = contentFields(articleType, kit)
 */
export function contentFields(type: ContentType, kit: ContentTypeKit): { queries: Record<string, Field>; mutations: Record<string, Field> } {
  const model: Model = contentTypeModel(type);
  const names = queryNames(type);
  const object = kit.objects.of(model);
  const localeArg: GraphQLFieldConfigArgumentMap = type.localized ? { locale: { type: LocaleCodeScalar } } : {};
  const statusArg = { status: { type: PublicationStatus, defaultValue: 'published' } };

  const selectContext = (info: GraphQLResolveInfo, context: RequestContext): SelectContext => ({
    info,
    objects: kit.objects,
    lookup: context.deps.lookup(),
    settings: context.deps.settings(),
    defer: (field) => context.deferred.add(field),
  });
  /** What a read presents: the relations its fields go into, and only the scalar fields it selects. */
  const shape = (info: GraphQLResolveInfo, context: RequestContext): Args => {
    const sets = info.fieldNodes.map((node) => node.selectionSet);
    const select = selectContext(info, context);
    const fields = fieldsOf(model, sets, select);
    return { populate: populateOf(model, sets, select), ...(fields.length > 0 ? { fields } : {}) };
  };
  const readParams = (args: Args, context: RequestContext): FindParams => {
    const params: Args = { status: args.status ?? 'published' };
    if (args.locale !== undefined && args.locale !== null) params.locale = args.locale;
    if (args.filters) params.filters = toContentFilters(args.filters as Args, model, context.deps.lookup());
    if (Array.isArray(args.sort) && args.sort.length > 0) params.sort = args.sort;
    return params as FindParams;
  };
  /** The caller's document service of this type: each field one of its calls. */
  const documents = (context: RequestContext) => documentsOf(context, type.uid);
  /** A write's params: its data, locale and status, and the shape of its answer as the fields select it. */
  const writeParams = (args: Args, context: RequestContext, info: GraphQLResolveInfo): WriteParams => ({
    data: toContentData(args.data as Args, model, context.deps.lookup()) as Record<string, unknown>,
    ...(args.locale !== undefined && args.locale !== null && { locale: args.locale as string }),
    status: (args.status as 'draft' | 'published' | undefined) ?? 'published',
    ...shape(info, context),
  });
  const localeOf = (args: Args) => (args.locale !== undefined && args.locale !== null ? { locale: args.locale as string } : {});

  const queries: Record<string, Field> = {};
  const mutations: Record<string, Field> = {};
  const input = new GraphQLNonNull(kit.inputs.of(model));

  if (type.kind === 'singleType') {
    queries[names.one] = {
      type: object,
      args: { ...statusArg, ...localeArg },
      resolve: (_parent, args: Args, context, info) => documents(context).findFirst({ ...readParams(args, context), ...shape(info, context) }),
    };
    mutations[names.update] = {
      type: object,
      args: { ...statusArg, data: { type: input }, ...localeArg },
      resolve: (_parent, args: Args, context, info) => documents(context).update(writeParams(args, context, info)),
    };
    mutations[names.remove] = {
      type: DeleteMutationResponse,
      args: { ...localeArg },
      resolve: async (_parent, args: Args, context) => ({ documentId: (await documents(context).delete(localeOf(args))).documentId }),
    };
    return { queries, mutations };
  }

  const listArgs: GraphQLFieldConfigArgumentMap = {
    filters: { type: kit.filters.of(model) },
    pagination: { type: PaginationArg, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
    ...statusArg,
    ...localeArg,
  };
  const list = (args: Args, context: RequestContext, window: Window, info: GraphQLResolveInfo) =>
    documents(context).findMany({ ...readParams(args, context), start: window.start, limit: window.limit, ...shape(info, context) });

  queries[names.one] = {
    type: object,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...statusArg, ...localeArg },
    resolve: (_parent, args: Args, context, info) => documents(context).findOne({ documentId: args.documentId as string, ...readParams(args, context), ...shape(info, context) }),
  };
  queries[names.many] = {
    type: new GraphQLNonNull(new GraphQLList(object)),
    args: listArgs,
    resolve: (_parent, args: Args, context, info) => list(args, context, windowOf(args.pagination as PaginationArgs, context.deps.settings()), info),
  };
  const collection = kit.objects.entityCollectionOf(model, {
    nodes: ((source: ConnectionSource, _args: Args, context: RequestContext, info: GraphQLResolveInfo) =>
      documents(context).findMany({ ...source.params, start: source.window.start, limit: source.window.limit, ...shape(info, context) })) as never,
    pageInfo: (async (source: ConnectionSource, _args: Args, context: RequestContext) => {
      const total = await documents(context).count(source.params);
      const { start, limit } = source.window;
      return { total, page: limit > 0 ? Math.floor(start / limit) + 1 : 1, pageSize: limit, pageCount: pageCount(total, limit) };
    }) as never,
  });
  queries[names.connection] = {
    type: collection,
    args: listArgs,
    resolve: (_parent, args: Args, context): ConnectionSource => ({ params: readParams(args, context), window: windowOf(args.pagination as PaginationArgs, context.deps.settings()) }),
  };

  mutations[names.create] = {
    type: object,
    args: { ...statusArg, data: { type: input }, ...localeArg },
    resolve: (_parent, args: Args, context, info) => documents(context).create(writeParams(args, context, info)),
  };
  mutations[names.update] = {
    type: object,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...statusArg, data: { type: input }, ...localeArg },
    resolve: (_parent, args: Args, context, info) => documents(context).update({ documentId: args.documentId as string, ...writeParams(args, context, info) }),
  };
  mutations[names.remove] = {
    type: DeleteMutationResponse,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...localeArg },
    resolve: async (_parent, args: Args, context) => ({ documentId: (await documents(context).delete({ documentId: args.documentId as string, ...localeOf(args) })).documentId }),
  };
  return { queries, mutations };
}
