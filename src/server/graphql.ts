/**
 * The GraphQL endpoint over HTTP (docs/graphql.md): `POST <path>` with a JSON body `{ query,
 * variables, operationName }`, or `GET <path>?query=…` for queries, answered by the GraphQL
 * service with the caller `authenticate` found. Sign-in mutations are rate-limited as the REST
 * routes of /api/auth are, each counted by what it names.
 */
import type { Context, Middleware, Next } from 'koa';
import {
  createGraphQL, graphqlMessages, landingPage, type GraphQLAnswer, type GraphQLRequest, type SignIn,
} from '../graphql/index.js';
import type { Project } from '../project/index.js';
import { RateLimitError } from '../errors.js';
import { rateLimited, type CountedCall } from './rate-limit.js';
import { actorOf } from './state.js';

const EXAMPLE = `{
  articles(pagination: { pageSize: 5 }, sort: "title:asc") {
    documentId
    title
  }
}
`;

function requestOf(ctx: Context): GraphQLRequest {
  if (ctx.method === 'GET') return { method: 'GET', query: ctx.query.query, variables: ctx.query.variables, operationName: ctx.query.operationName };
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  return { method: 'POST', query: body.query, variables: body.variables, operationName: body.operationName };
}

/** The sign-in mutations counted per email too, as their REST routes are, and the email each names. */
const EMAIL_OF: Record<string, (args: Record<string, unknown>) => unknown> = {
  register: (args) => (args.input as Record<string, unknown> | undefined)?.email,
  forgotPassword: (args) => args.email,
};

/**
 * How a sign-in mutation is counted: in a bucket of its own per mutation, as each REST route has
 * its own, by the client address and, for register and forgotPassword, by the email its arguments
 * name (see bucketKey). Never by anything else of the request's body, which a client may vary at will.
 */
function countedCall(path: string, { mutation, args }: SignIn): CountedCall {
  const emailOf = Object.hasOwn(EMAIL_OF, mutation) ? EMAIL_OF[mutation] : undefined;
  return { route: `${path}#${mutation}`, perEmail: emailOf !== undefined, email: emailOf?.(args) };
}

function send(ctx: Context, answer: GraphQLAnswer): void {
  ctx.status = answer.status;
  if (answer.status === 405) ctx.set('Allow', 'POST');
  ctx.body = answer.body;
  if (Buffer.isBuffer(answer.body)) ctx.type = 'application/json; charset=utf-8';
}

/**
 * @example app.use(graphqlEndpoint(project))
 */
export function graphqlEndpoint(project: Project): Middleware {
  const graphql = createGraphQL({
    schemas: () => project.schemas,
    lookup: () => project.lookup,
    content: project.content,
    auth: project.auth,
    users: () => project.users,
    i18n: () => project.config.i18n,
    settings: () => project.config.graphql,
    production: project.production,
    log: project.log,
  });
  const limited = rateLimited(() => project.config.usersPermissions.ratelimit, project.redis);

  return async function answerGraphQL(ctx: Context, next: Next): Promise<void> {
    const settings = project.config.graphql;
    if (!settings.enabled || ctx.path !== settings.path) return next();
    if (ctx.method === 'GET' && settings.landingPage && ctx.query.query === undefined && ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'html';
      ctx.body = landingPage(settings.path, EXAMPLE);
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'POST') {
      ctx.set('Allow', 'GET, POST');
      ctx.status = 405;
      ctx.body = { errors: [{ message: graphqlMessages.methodNotAllowed, extensions: { code: 'BAD_REQUEST' } }] };
      return;
    }
    const prepared = graphql.prepare(requestOf(ctx));
    if (!('run' in prepared)) return send(ctx, prepared);
    const client = { ...(ctx.get('user-agent') ? { userAgent: ctx.get('user-agent') } : {}) };
    try {
      // Each sign-in mutation is one count of the limit, as each call of /api/auth is.
      for (const signIn of prepared.signIns) await limited.count(ctx, countedCall(settings.path, signIn));
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      ctx.status = 429;
      ctx.body = { errors: [{ message: error.message, extensions: { code: 'STRAPI_RATE_LIMIT_ERROR', error: { name: error.name, message: error.message, details: error.details } } }] };
      return;
    }
    send(ctx, await prepared.run(actorOf(ctx), client, { ctx, route: false }));
  };
}
