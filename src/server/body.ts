/**
 * The request body: JSON only, within `server.bodyLimit`, nested at most MAX_DEPTH levels (deeper
 * bodies would make validation and error messages recurse without bound), and a body that does
 * not decode (a Content-Encoding it does not match) is a 400, not a failure of ours.
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
    // Bytes that are not UTF-8 were decoded to U+FFFD: refuse rather than store mangled text.
    // (A body that really holds U+FFFD is refused too; that character carries no meaning.)
    if (ctx.request.rawBody?.includes('\uFFFD')) throw new BadRequestError(messages.badUtf8);
    if (tooDeep(ctx.request.body, MAX_DEPTH)) throw new BadRequestError(messages.tooDeep(MAX_DEPTH));
    await next();
  };
}
