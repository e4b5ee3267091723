/**
 * The context a project's code is handed, in a handler or a policy: the request's own Koa context
 * seen through a `state` of its own, which holds the caller without secrets (`user`) and how they
 * signed in (`auth`), never the server's actor with its password and token hashes; or, for an
 * action that came in another way than its REST route (GraphQL, an upload's link, a restore, the
 * document service acting as a user), a context shaped as that route's request would be, so that a
 * policy reads `ctx.params.documentId` and `ctx.request.body.data` whichever way the action came.
 */
import type { PolicyCall } from '../content/index.js';
import type { Model } from '../model/index.js';
import type { Actor } from '../permissions/index.js';
import type { ContentType } from '../schema/index.js';
import { sanitizeUser, type UserRow } from '../users/index.js';
import type { RouteContext } from './types.js';

/** `ctx.state.auth`, as Strapi 5 sets it: the strategy that recognised the caller, and its credentials without secrets. */
export interface CallerAuth {
  strategy: { name: 'users-permissions' | 'api-token' };
  credentials: Record<string, unknown> | null;
}

/** What `ctx.state` holds for a project's code. */
export interface CallerState {
  user?: Record<string, unknown> & { id: number };
  auth?: CallerAuth;
  [key: string]: unknown;
}

/**
 * The caller as a project's code sees them: a signed-in user without password, tokens or private
 * attributes (with their role, as Strapi populates it), an API token by its id and name.
 * @example callerState(actor, userModel) // { user: { id: 3, username: 'ada', … }, auth: { strategy: { name: 'users-permissions' }, credentials: { … } } }
 */
export function callerState(actor: Actor | undefined, userModel: Model): CallerState {
  switch (actor?.kind) {
    case 'user': {
      const user = sanitizeUser(userModel, actor.user as UserRow, { role: actor.role ?? null }) as CallerState['user'] & object;
      return { user, auth: { strategy: { name: 'users-permissions' }, credentials: user } };
    }
    case 'token':
      return { auth: { strategy: { name: 'api-token' }, credentials: { id: actor.token.id, name: actor.token.name } } };
    case 'public':
      return { auth: { strategy: { name: 'users-permissions' }, credentials: null } };
    default:
      return {};
  }
}

/** The views made of each request: its handler and its policies share one, and so one `state`. */
const views = new WeakMap<object, RouteContext>();

/**
 * `ctx` as a project's code is handed it: everything of the request's own context (setting `body`
 * or `status` answers it), with `state` holding only `user` and `auth`.
 * @example const view = codeContext(ctx, actor, userModel); await route.handler(view);
 */
export function codeContext(ctx: object, actor: Actor | undefined, userModel: Model): RouteContext {
  let view = views.get(ctx);
  if (!view) {
    view = Object.create(ctx, { state: { value: callerState(actor, userModel), enumerable: true, writable: true } }) as RouteContext;
    views.set(ctx, view);
  }
  return view;
}

/** The REST route of `action` on `type`: its method and path, as a policy of that route sees them. */
function routeOf(type: ContentType, action: string, documentId: string | undefined): { method: string; path: string } {
  const base = type.kind === 'singleType' ? `/api/${type.singularName}` : `/api/${type.pluralName}`;
  const one = documentId === undefined ? base : `${base}/${documentId}`;
  switch (action) {
    case 'find':
      return { method: 'GET', path: base };
    case 'findOne':
      return { method: 'GET', path: one };
    case 'create':
      return { method: 'POST', path: base };
    case 'update':
      return { method: 'PUT', path: one };
    case 'delete':
      return { method: 'DELETE', path: one };
    case 'history':
      return { method: 'GET', path: `${one}/history` };
    default: // publish, unpublish, discardDraft, restore
      return { method: 'POST', path: `${one}/actions/${action}` };
  }
}

/**
 * The context of an action that came in another way than its own REST route: shaped as that
 * route's request (`params.documentId`, `query.locale` and `status`, `request.body.data`), with the
 * headers of the request it did come in, if any.
 * @example actionContext(article, 'update', { actor, documentId: 'abc', data: { title: 'Hi' } }, userModel)
 */
export function actionContext(type: ContentType, action: string, call: PolicyCall, userModel: Model): RouteContext {
  const http = call.request?.ctx as RouteContext | undefined;
  const query: Record<string, unknown> = {};
  if (call.locale !== undefined) query.locale = call.locale;
  if (call.status !== undefined) query.status = call.status;
  return {
    ...routeOf(type, action, call.documentId),
    params: call.documentId === undefined ? {} : { documentId: call.documentId },
    query,
    request: { body: call.data === undefined ? undefined : action === 'restore' ? call.data : { data: call.data } },
    state: callerState(call.actor, userModel),
    body: undefined,
    status: 404,
    get: (header) => http?.get(header) ?? '',
    set: (header, value) => http?.set(header, value),
  };
}
