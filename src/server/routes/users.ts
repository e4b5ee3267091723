/**
 * `/api/users…` (docs/api/users-and-roles.md): bare objects, arrays and integers,
 * no `data` envelope. Handlers parse, call the user service, and sanitize what leaves.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { NotFoundError, UnauthorizedError } from '../../errors.js';
import type { Actor } from '../../permissions/index.js';
import { parseQueryString, parseUsersQuery, type Model, type ModelLookup, type UsersQuery } from '../../model/index.js';
import { lookupFor, usersPermissionsAction } from '../../permissions/index.js';
import { userMessages, type UserRow, type UserService } from '../../users/index.js';
import { requires } from '../authorize.js';
import { actorOf } from '../state.js';
import { settingsAccess } from './settings-access.js';

export interface UserRoutesDeps {
  users: UserService;
  userModel: Model;
  lookup: ModelLookup;
  /** The accounts' invitation (auth's `invite`): an account with no password and the email to choose one. */
  invite(actor: Actor, body: unknown): Promise<UserRow>;
}

const can = (action: string) => requires(usersPermissionsAction('user', action));

/**
 * Users are addressed by their numeric id only: anything else (a documentId, `abc`) names no user,
 * so it is the spec's 404 `User not found`, like an id that does not exist.
 */
function idParam(ctx: Context): number {
  const raw = ctx.params.id ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError(userMessages.notFound);
  return Number(raw);
}

/**
 * @example userRoutes(api, { users, userModel, lookup })
 */
export function userRoutes(router: Router, deps: UserRoutesDeps): void {
  const { users } = deps;
  // Parsed against the models as the caller may read them: without `…role.find`, `populate=role`
  // leaves the role out and a filter or sort through it is `Invalid key role`.
  const queryOf = (ctx: Context): UsersQuery =>
    parseUsersQuery(parseQueryString(ctx.querystring), deps.userModel, lookupFor(deps.lookup, actorOf(ctx)));
  /** Sanitized, with the role when it was populated (`populate=role`, `*`) or `always`. */
  const shape = (row: UserRow, query?: Pick<UsersQuery, 'populate' | 'fields'>, always = false) =>
    users.sanitizeUser(row, {
      fields: query?.fields,
      ...(always || (query && 'role' in query.populate) ? { role: users.roleOf(row) } : {}),
    });

  router.get('/users/count', can('count'), (ctx) => {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(users.count(queryOf(ctx))); // a bare integer
  });
  router.get('/users/me', can('me'), (ctx) => {
    const actor = actorOf(ctx);
    if (actor.kind !== 'user') throw new UnauthorizedError('Unauthorized');
    const user = users.find(actor.user.id);
    if (!user) throw new UnauthorizedError('Unauthorized');
    ctx.body = shape(user, queryOf(ctx));
  });
  // foliocms's own: the actions the signed-in user's role holds, so that a client (the editors'
  // page) offers only what will be allowed. Under `me`, like the user's own record.
  router.get('/users/me/permissions', can('me'), (ctx) => {
    const actor = actorOf(ctx);
    if (actor.kind !== 'user') throw new UnauthorizedError('Unauthorized');
    ctx.body = { data: [...actor.permissions].sort() };
  });
  router.get('/users', can('find'), (ctx) => {
    const query = queryOf(ctx);
    ctx.body = users.list(query).map((row) => shape(row, query));
  });
  router.get('/users/:id', can('findOne'), (ctx) => {
    const query = queryOf(ctx);
    const user = users.find(idParam(ctx));
    // Strapi answers an empty 204 here; a 404 with a message is what a client can act on.
    if (!user) throw new NotFoundError(userMessages.notFound);
    ctx.body = shape(user, query);
  });
  router.post('/users', can('create'), async (ctx) => {
    const created = await users.create(actorOf(ctx), ctx.request.body);
    ctx.status = 201;
    ctx.body = shape(created, undefined, true);
  });
  // foliocms's own (docs/api/settings.md): a settings route, so a caller without credentials is 401.
  router.post('/users/invite', settingsAccess(usersPermissionsAction('user', 'create')), async (ctx) => {
    const invited = await deps.invite(actorOf(ctx), ctx.request.body);
    ctx.status = 201;
    ctx.body = shape(invited, undefined, true);
  });
  router.put('/users/:id', can('update'), async (ctx) => {
    const updated = await users.update(actorOf(ctx), idParam(ctx), ctx.request.body);
    ctx.body = shape(updated, undefined, true);
  });
  router.delete('/users/:id', can('destroy'), async (ctx) => {
    ctx.body = shape(await users.remove(actorOf(ctx), idParam(ctx)));
  });
}

