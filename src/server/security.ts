/**
 * Security headers on every answer (`server.security`), as Strapi's `strapi::security`: helmet,
 * with the options of config (defaults.ts holds what Strapi changes in helmet's defaults).
 *
 * The headers helmet sends depend on its options only: config cannot hold the per-request
 * function values helmet also takes (a CSP nonce). So helmet runs once, at start, and every
 * answer gets the headers it set then. koa-helmet, which Strapi uses, runs helmet's chain of
 * middlewares behind a promise at every request instead: for the same headers, about 3 µs more CPU
 * per request, 6% of the cached list's requests per second on the benchmark's machine.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';
import { configFilePath, type ServerConfig } from '../config/index.js';
import { ProjectFileError } from '../errors.js';

/**
 * The headers helmet sets with these options, name and value. helmet also removes
 * `X-Powered-By` as a request starts, which nothing here sets.
 */
function helmetHeaders(options: ServerConfig['security']): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const response = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => {} };
  let failure: unknown;
  try {
    // The config's type is HelmetOptions under one name per option, without the function values.
    const middleware = helmet(options as HelmetOptions);
    middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => (failure = error));
  } catch (error) {
    failure = error;
  }
  // The config checks refuse what helmet would; should helmet still refuse a value, the server does not start.
  if (failure !== undefined) throw new ProjectFileError(configFilePath('server'), 'security', (failure as Error).message, { cause: failure });
  return headers;
}

/**
 * Sets helmet's headers on every answer, before the rest runs (errors and preflights included).
 * @example app.use(securityHeaders(config.server.security))
 */
export function securityHeaders(options: ServerConfig['security']): Middleware {
  const headers = helmetHeaders(options);
  return function setSecurityHeaders(ctx, next) {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
