/**
 * The uploaded files, served under `/uploads/` from `upload.dir` without a token (as Strapi's
 * public folder): with `send`, so that ETag, Last-Modified, conditional requests and byte ranges
 * work as browsers and players expect. A stored name is never rewritten (each upload gets a new
 * hash), so browsers may keep a file for a year.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Next } from 'koa';
import send from 'send';
import { NotFoundError } from '../errors.js';
import { UPLOADS_PATH } from '../media/index.js';
import { isPlainName } from '../safe-path.js';

/**
 * What is shown in the browser as it is: pictures (not SVG, which may hold scripts), sound, video,
 * PDF and plain text. Everything else (HTML in any of its spellings, XML, SVG, scripts, and kinds
 * nobody listed) is downloaded, as `application/octet-stream`: a browser never renders it as a page
 * nor runs it as a script (the answers say `nosniff`), whatever a page of this origin asks.
 */
const INLINE = /\.(jpe?g|png|gif|webp|avif|bmp|ico|tiff?|mp4|m4v|webm|ogv|mov|mp3|m4a|aac|oga|ogg|opus|wav|flac|weba|pdf|txt)$/i;

/** Whether `path` is a file itself (a link to one is not). */
async function isFile(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * @example app.use(uploads(() => join(root, config.upload.dir)));
 */
export function uploads(dir: () => string) {
  return async function serveUpload(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(`${UPLOADS_PATH}/`) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice(UPLOADS_PATH.length + 1);
    // One plain name, as the provider writes them: no folder, no dot file, nothing to climb out with;
    // and a file, not a link (one pulled with git could point anywhere on the machine).
    if (!isPlainName(name) || !(await isFile(join(dir(), name)))) throw new NotFoundError('Not Found');
    await new Promise<void>((resolve, reject) => {
      const stream = send(ctx.req, name, { root: dir(), dotfiles: 'deny', index: false, maxAge: '1y', immutable: true });
      stream.on('error', (error: { status?: number }) => reject(error.status === 404 || error.status === 403 ? new NotFoundError('Not Found') : error));
      stream.on('headers', (res) => {
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
        if (!INLINE.test(name)) {
          res.setHeader('Content-Type', 'application/octet-stream');
          res.setHeader('Content-Disposition', 'attachment');
        }
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

