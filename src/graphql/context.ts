/**
 * What every resolver is handed: who asks, the services it asks, and the limits in force; and how
 * a list's `pagination` argument becomes the start and limit of a read.
 */
import type { AuthService, ClientInfo } from '../auth/index.js';
import type { GraphQLConfig, I18nConfig } from '../config/index.js';
import { documentService, type ActionRequest, type ContentService, type DocumentService } from '../content/index.js';
import { queryMessages, type Model, type ModelLookup } from '../model/index.js';
import type { Actor } from '../permissions/index.js';
import type { FieldNode, GraphQLResolveInfo } from 'graphql';
import type { Schemas } from '../schema/index.js';
import type { UserService } from '../users/index.js';
import type { Logger } from '../log/index.js';
import { PaginationError, ValidationError } from '../errors.js';
import { graphqlMessages } from './messages.js';

/** What the GraphQL service is built from: the project's services, read live. */
export interface GraphQLDeps {
  schemas: () => Schemas;
  lookup: () => ModelLookup & { userModel: Model; roleModel: Model };
  content: ContentService;
  auth: AuthService;
  users: () => UserService;
  i18n: () => I18nConfig;
  settings: () => GraphQLConfig;
  /** `NODE_ENV=production`: introspection is refused, as Strapi's plugin refuses it there. */
  production: boolean;
  log: Logger;
}

/** One request's context: the caller and the services. */
export interface RequestContext {
  actor: Actor;
  client: ClientInfo;
  /** The HTTP request, for the project's policies on each action a field runs (none in-process). */
  request?: ActionRequest;
  deps: GraphQLDeps;
  /**
   * Lists a document's read could not carry: the same list selected again with other arguments
   * (see select.ts). Each is read on its own, for its document, by `readDeferred`.
   */
  deferred: Set<FieldNode>;
  readDeferred(owner: Model, name: string, parent: Record<string, unknown>, info: GraphQLResolveInfo): Promise<unknown>;
}

/** `pagination: { page, pageSize }` or `{ start, limit }`, as the arguments give it. */
/** How a write's answer is shaped is parsed as a read's, with no window: its lists are the fields'. */
const NO_WINDOW_SETTINGS = { defaultLimit: 1, maxLimit: 1, withCount: false, strictParams: false };

/**
 * The caller's document service of the content type `uid`: every read and write a field runs is
 * one of its calls, with the operation's request for the project's policies.
 * @example await documentsOf(context, 'api::article.article').findMany({ status: 'published' })
 */
export const documentsOf = (context: RequestContext, uid: string): DocumentService => documentService(
  { content: () => context.deps.content, schemas: context.deps.schemas, rest: () => NO_WINDOW_SETTINGS },
  uid, context.actor, context.request,
);

export interface PaginationArgs {
  page?: number | null;
  pageSize?: number | null;
  start?: number | null;
  limit?: number | null;
}

export interface Window {
  start: number;
  limit: number;
}

const given = (value: number | null | undefined): value is number => value !== undefined && value !== null;

/**
 * The rows a list asks for, as Strapi's plugin reads its `pagination`: `defaultLimit` when none is
 * given, a larger one cut to `maxLimit` (and `limit: -1` means `maxLimit`), pages counted from 1.
 * Pages and offsets together are refused, as the plugin refuses them.
 * @example windowOf({ page: 2, pageSize: 5 }, settings) // { start: 5, limit: 5 }
 */
export function windowOf(args: PaginationArgs | null | undefined, settings: Pick<GraphQLConfig, 'defaultLimit' | 'maxLimit'>): Window {
  const { page, pageSize, start, limit } = args ?? {};
  const cut = (size: number) => Math.min(size, settings.maxLimit);
  if ((given(page) || given(pageSize)) && (given(start) || given(limit))) throw new PaginationError(queryMessages.mixedPagination);
  if (given(page) || given(pageSize)) {
    const number = page ?? 1;
    const size = pageSize ?? settings.defaultLimit;
    if (number < 1) throw new ValidationError(graphqlMessages.pageBelowOne);
    if (size < 1) throw new ValidationError(graphqlMessages.pageSizeBelowOne);
    return { start: (number - 1) * cut(size), limit: cut(size) };
  }
  const from = start ?? 0;
  if (from < 0) throw new ValidationError(graphqlMessages.startBelowZero);
  if (!given(limit)) return { start: from, limit: cut(settings.defaultLimit) };
  if (limit === -1) return { start: from, limit: settings.maxLimit };
  if (limit < 0) throw new ValidationError(graphqlMessages.limitBelowZero);
  return { start: from, limit: cut(limit) };
}
