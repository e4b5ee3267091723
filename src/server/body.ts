/**
 * The request body: JSON only, within `server.bodyLimit`, nested at most MAX_DEPTH levels (deeper
 * bodies would make validation and error messages recurse without bound), and a body that does
 * not decode (a Content-Encoding it does not match) is a 400, not a failure of ours. A body sent
 * with another content type (or none) is a 400 saying so: read as no body, it would be answered
 * as a body without its fields (`Missing "data" payload`), which it is not.
 */
import type { Context, Next } from 'koa';
import bodyParser from 'koa-bodyparser';
import { BadRequestError } from '../errors.js';
import { messages } from '../messages.js';

export const MAX_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `limit` (iterative: a deep value cannot overflow the stack). */
function tooDeep(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** Whether the request carries body bytes: a Content-Length above 0, or a chunked body. */
function hasBody(headers: Context['req']['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

/**
 * A body the JSON parser left unread (it sets `rawBody` for what it reads): one of another
 * content type. multipart/form-data is left to the routes that read it (uploads).
 */
function notJson(ctx: Context): boolean {
  return ctx.request.rawBody === undefined && hasBody(ctx.req.headers) && !ctx.request.is('multipart/form-data');
}

export function bodyMiddleware(limit: string | number) {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: String(limit), strict: true });
  return async function readBody(ctx: Context, next: Next): Promise<void> {
    // No Content-Length and no Transfer-Encoding: no body, nothing to parse (most GETs, the hot path).
    const { headers } = ctx.req;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      ctx.request.body = {};
      return next();
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      // Decompression errors (a body that is not what its Content-Encoding says: zlib, brotli)
      // carry no HTTP status; every other parser error does.
      if ((error as { status?: number }).status === undefined) throw new BadRequestError(messages.badEncoding, {}, { cause: error });
      throw error;
    }
    if (notJson(ctx)) throw new BadRequestError(messages.notJson(ctx.get('content-type')));
    // Bytes that are not UTF-8 were decoded to U+FFFD: refuse rather than store mangled text.
    // (A body that really holds U+FFFD is refused too; that character carries no meaning.)
    if (ctx.request.rawBody?.includes('\uFFFD')) throw new BadRequestError(messages.badUtf8);
    if (tooDeep(ctx.request.body, MAX_DEPTH)) throw new BadRequestError(messages.tooDeep(MAX_DEPTH));
    await next();
  };
}
