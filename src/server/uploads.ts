/**
 * The uploaded files, served under `/uploads/` from `upload.dir` without a token (as Strapi's
 * public folder): with `send`, so that ETag, Last-Modified, conditional requests and byte ranges
 * work as browsers and players expect. A stored name is never rewritten (each upload gets a new
 * hash), so browsers may keep a file for a year.
 */
import type { Context, Next } from 'koa';
import send from 'send';
import { NotFoundError } from '../errors.js';
import { UPLOADS_PATH } from '../media/index.js';

/** What a browser would run or render as a page is downloaded instead, and never runs scripts. */
const ACTIVE = /\.(svg|svgz|html?|xhtml|xml|js|mjs)$/i;

/**
 * @example app.use(uploads(() => join(root, config.upload.dir)));
 */
export function uploads(dir: () => string) {
  return async function serveUpload(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(`${UPLOADS_PATH}/`) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice(UPLOADS_PATH.length + 1);
    // One plain name, as the provider writes them: no folder, no dot file, nothing to climb out with.
    if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,16})?$/.test(name)) throw new NotFoundError('Not Found');
    await new Promise<void>((resolve, reject) => {
      const stream = send(ctx.req, name, { root: dir(), dotfiles: 'deny', index: false, maxAge: '1y', immutable: true });
      stream.on('error', (error: { status?: number }) => reject(error.status === 404 || error.status === 403 ? new NotFoundError('Not Found') : error));
      stream.on('headers', (res) => {
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
        if (ACTIVE.test(name)) res.setHeader('Content-Disposition', 'attachment');
      });
      // Done once the answer is sent (or the client left): the request log reads its status then.
      ctx.res.once('finish', resolve);
      ctx.res.once('close', resolve);
      ctx.respond = false;
      ctx.res.statusCode = 200; // Koa starts at 404; send sets 206, 304 and 412 itself
      stream.pipe(ctx.res);
    }).catch((error: unknown) => {
      ctx.respond = true;
      throw error;
    });
  };
}

