/**
 * The queries and mutations of each content type, named and shaped as Strapi's plugin makes them
 * (`article`, `articles`, `articles_connection`, `createArticle`, `updateArticle`, `deleteArticle`;
 * `homepage`, `updateHomepage`, `deleteHomepage` for a single type). Each is one call of the
 * content service with the caller as actor, so permissions, validation, uniqueness, webhooks,
 * history and the project's document middlewares are the REST API's.
 */
import { GraphQLID, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLFieldConfig, type GraphQLFieldConfigArgumentMap, type GraphQLResolveInfo } from 'graphql';
import { contentTypeModel, pageCount, parseContentQuery, type Model } from '../model/index.js';
import type { ContentType } from '../schema/index.js';
import { windowOf, type PaginationArgs, type RequestContext, type Window } from './context.js';
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
  params: Args;
  window: Window;
}

const NO_WINDOW_SETTINGS = { defaultLimit: 1, maxLimit: 1, withCount: false, strictParams: false };

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
  const readParams = (args: Args, context: RequestContext): Args => {
    const params: Args = { status: args.status ?? 'published' };
    if (args.locale !== undefined && args.locale !== null) params.locale = args.locale;
    if (args.filters) params.filters = toContentFilters(args.filters as Args, model, context.deps.lookup());
    if (Array.isArray(args.sort) && args.sort.length > 0) params.sort = args.sort;
    return params;
  };
  /** The shape of a write's answer, parsed as the caller may see it (a write takes it parsed). */
  const answerShape = (info: GraphQLResolveInfo, context: RequestContext) => {
    const { populate, fields } = parseContentQuery(shape(info, context), model, context.deps.content.modelsFor(context.actor), NO_WINDOW_SETTINGS);
    return { populate, ...(fields ? { fields } : {}) };
  };
  const writeParams = (args: Args, context: RequestContext) => ({
    actor: context.actor,
    request: context.request,
    locale: args.locale ?? undefined,
    status: (args.status as 'draft' | 'published' | undefined) ?? 'published',
  });
  const data = (args: Args, context: RequestContext) => toContentData(args.data as Args, model, context.deps.lookup());

  const queries: Record<string, Field> = {};
  const mutations: Record<string, Field> = {};
  const input = new GraphQLNonNull(kit.inputs.of(model));

  if (type.kind === 'singleType') {
    queries[names.one] = {
      type: object,
      args: { ...statusArg, ...localeArg },
      resolve: (_parent, args: Args, context, info) => context.deps.content.findFirst(type, { ...readParams(args, context), ...shape(info, context) }, context.actor, context.request),
    };
    mutations[names.update] = {
      type: object,
      args: { ...statusArg, data: { type: input }, ...localeArg },
      resolve: async (_parent, args: Args, context, info) => (await context.deps.content.updateSingle(type, data(args, context), { ...writeParams(args, context), ...answerShape(info, context) })).data,
    };
    mutations[names.remove] = {
      type: DeleteMutationResponse,
      args: { ...localeArg },
      resolve: async (_parent, args: Args, context) => ({ documentId: (await context.deps.content.removeSingle(type, { actor: context.actor, locale: args.locale ?? undefined, request: context.request })).documentId }),
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
    context.deps.content.findMany(type, { ...readParams(args, context), start: window.start, limit: window.limit, ...shape(info, context) }, context.actor, context.request);

  queries[names.one] = {
    type: object,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...statusArg, ...localeArg },
    resolve: (_parent, args: Args, context, info) => context.deps.content.findOne(type, { documentId: args.documentId, ...readParams(args, context), ...shape(info, context) }, context.actor, context.request),
  };
  queries[names.many] = {
    type: new GraphQLNonNull(new GraphQLList(object)),
    args: listArgs,
    resolve: (_parent, args: Args, context, info) => list(args, context, windowOf(args.pagination as PaginationArgs, context.deps.settings()), info),
  };
  const collection = kit.objects.entityCollectionOf(model, {
    nodes: ((source: ConnectionSource, _args: Args, context: RequestContext, info: GraphQLResolveInfo) =>
      context.deps.content.findMany(type, { ...source.params, start: source.window.start, limit: source.window.limit, ...shape(info, context) }, context.actor, context.request)) as never,
    pageInfo: (async (source: ConnectionSource, _args: Args, context: RequestContext) => {
      const total = await context.deps.content.count(type, source.params, context.actor, context.request);
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
    resolve: async (_parent, args: Args, context, info) => (await context.deps.content.create(type, data(args, context), { ...writeParams(args, context), ...answerShape(info, context) })).data,
  };
  mutations[names.update] = {
    type: object,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...statusArg, data: { type: input }, ...localeArg },
    resolve: async (_parent, args: Args, context, info) => (await context.deps.content.update(type, args.documentId as string, data(args, context), { ...writeParams(args, context), ...answerShape(info, context) })).data,
  };
  mutations[names.remove] = {
    type: DeleteMutationResponse,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...localeArg },
    resolve: async (_parent, args: Args, context) => ({ documentId: (await context.deps.content.remove(type, args.documentId as string, { actor: context.actor, locale: args.locale ?? undefined, request: context.request })).documentId }),
  };
  return { queries, mutations };
}
