/**
 * Cross-origin requests from browsers (`server.cors`), as Strapi's `strapi::cors`: @koa/cors with
 * Strapi's defaults, and its rule for choosing the `Access-Control-Allow-Origin` of a request.
 */
import koaCors from '@koa/cors';
import type { Context, Middleware, Next } from 'koa';
import type { ServerConfig } from '../config/index.js';

type CorsConfig = ServerConfig['cors'];

/** What @koa/cors may set on an answer that is not a preflight. */
const ANSWER_HEADERS = ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Expose-Headers'];

/**
 * The origin to allow for a request: none without an `Origin` header (not a cross-origin request
 * from a browser), `*` when every origin is allowed, the request's origin when it is listed, and
 * none otherwise: the browser then keeps the answer from the page.
 */
function allowedOrigin(origins: CorsConfig['origin']): (ctx: Context) => string {
  const listed = origins === '*' ? null : new Set(origins);
  return (ctx) => {
    const origin = ctx.get('Origin');
    if (origin === '') return '';
    if (listed === null) return '*';
    return listed.has(origin.toLowerCase()) ? origin : '';
  };
}

/**
 * The CORS middleware; it sits outside `errorMiddleware`, so error answers carry its headers
 * unless `keepHeaderOnError` is off. It answers preflights itself (204).
 * @example app.use(cors(config.server.cors))
 */
export function cors(settings: CorsConfig): Middleware {
  const middleware = koaCors({
    origin: allowedOrigin(settings.origin),
    allowMethods: settings.methods,
    allowHeaders: settings.headers,
    exposeHeaders: settings.expose.length > 0 ? settings.expose : undefined,
    maxAge: settings.maxAge,
    // Credentials (the refresh cookie) only for origins listed one by one. With `*`, @koa/cors (and
    // Strapi) would echo any origin with credentials, so that a sibling subdomain or another port of
    // the host could send the cookie and read a fresh token; `*` means what browsers intend: no
    // credentials, and any page may read answers meant for everyone.
    credentials: settings.credentials && settings.origin !== '*',
    keepHeadersOnError: settings.keepHeaderOnError,
  });
  // Errors do not reach @koa/cors as exceptions (errorMiddleware, inside, has rendered them): the
  // option is honoured here, on the status of the answer.
  const corsAnswer = settings.keepHeaderOnError ? middleware : async (ctx: Context, next: Next): Promise<void> => {
    await middleware(ctx, next);
    if (ctx.status >= 400) for (const header of ANSWER_HEADERS) ctx.remove(header);
  };
  return function corsHeaders(ctx: Context, next: Next) {
    if (ctx.headers.origin !== undefined) return corsAnswer(ctx, next);
    // Not from a page of another origin: @koa/cors would only add `Vary: Origin` (the answer
    // differs for those), which is done here, a cost saved on every request of a site's server.
    ctx.vary('Origin');
    return next();
  };
}
