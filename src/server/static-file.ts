/**
 * One file from disk as the answer, with `send`: ETag, Last-Modified, conditional requests and byte
 * ranges work as browsers and players expect. A file that is not there (or may not be shown) is a
 * 404 in Strapi's error body.
 */
import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import send from 'send';
import { NotFoundError } from '../errors.js';

export interface StaticFileOptions {
  /** The folder `name` is looked up in; nothing outside it is ever served. */
  root: string;
  name: string;
  /** `send`'s caching: `maxAge` and `immutable`, or `cacheControl: false` to set it in `headers`. */
  caching: Pick<send.SendOptions, 'maxAge' | 'immutable' | 'cacheControl'>;
  /** Sets the answer's own headers once `send` has set its. */
  headers(res: ServerResponse): void;
}

/**
 * Answers `ctx` with the file; resolves once it is sent (or the client left), so the request log
 * reads its status then.
 * @example await sendStaticFile(ctx, { root: dir, name: 'a.png', caching: { maxAge: '1y' }, headers: () => {} });
 */
export function sendStaticFile(ctx: Context, options: StaticFileOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = send(ctx.req, options.name, { root: options.root, dotfiles: 'deny', index: false, ...options.caching });
    stream.on('error', (error: { status?: number }) => reject(error.status === 404 || error.status === 403 ? new NotFoundError('Not Found') : error));
    stream.on('headers', options.headers);
    ctx.res.once('finish', resolve);
    ctx.res.once('close', resolve);
    ctx.respond = false;
    ctx.res.statusCode = 200; // Koa starts at 404; send sets 206, 304 and 412 itself
    stream.pipe(ctx.res);
  }).catch((error: unknown) => {
    ctx.respond = true;
    throw error;
  });
}
