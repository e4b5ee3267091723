/**
 * Compression of answers (`server.compression`): koa-compress, brotli or gzip as the client
 * accepts, for answers of a compressible type (JSON above all) from `threshold` bytes.
 *
 * koa-compress compresses each answer anew. A list answer, though, is the very same Buffer every
 * time the content service's answer cache serves it, and compressing it again at each request
 * would cost more than the rest of the request. So the bytes koa-compress made of such a Buffer are
 * kept beside it, in a WeakMap keyed by the Buffer (they go when the cache lets the answer go), and
 * sent as they are to the next client whose `Accept-Encoding` koa-compress answered with that
 * encoding: koa-compress stays the one that negotiates and compresses.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import { constants } from 'node:zlib';
import type { Context, Middleware, Next } from 'koa';
import koaCompress from 'koa-compress';
import type { ServerConfig } from '../config/index.js';
import { isPlainObject } from '../objects.js';

/** How many `Accept-Encoding` values are remembered (clients send a handful; any header may come). */
const MAX_REMEMBERED_HEADERS = 64;

/**
 * A stream of `stream`'s bytes, which are also handed to `done` once they have all passed; not if
 * either fails or the client leaves first (pipeline then destroys both).
 */
function copyOnEnd(stream: Readable, done: (bytes: Buffer) => void): Readable {
  const chunks: Buffer[] = [];
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  });
  return pipeline(stream, copy, () => {}); // a failure reaches Koa through `copy`, the body
}

/**
 * The compression middleware, to sit outside `errorMiddleware` (a large error answer is compressed too).
 * @example app.use(compression(config.server.compression))
 */
export function compression(settings: ServerConfig['compression']): Middleware {
  const compress = koaCompress({
    threshold: settings.threshold,
    // koa-compress's own default quality, written down so that an upgrade cannot change it:
    // quality 11 takes tens of milliseconds for a page of documents.
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    deflate: false,
    zstd: false,
  });
  /** Accept-Encoding value → the encoding koa-compress chose for it. */
  const chosen = new Map<string, string>();
  /** Answer → its bytes compressed, by encoding. */
  const compressed = new WeakMap<Buffer, Map<string, Buffer>>();

  /** Sends `answer` as it was compressed before for this client's Accept-Encoding, if it was. */
  function sendCompressed(ctx: Context, answer: Buffer): boolean {
    const encoding = chosen.get(ctx.get('Accept-Encoding'));
    const bytes = encoding === undefined ? undefined : compressed.get(answer)?.get(encoding);
    if (bytes === undefined) return false;
    ctx.body = bytes;
    ctx.set('Content-Encoding', encoding!);
    ctx.vary('Accept-Encoding');
    return true;
  }

  /** Keeps the bytes koa-compress is making of `answer` (now the body, a stream), for the next time. */
  function remember(ctx: Context, answer: Buffer): void {
    const encoding = ctx.response.get('Content-Encoding');
    const accept = ctx.get('Accept-Encoding');
    ctx.body = copyOnEnd(ctx.body as Readable, (bytes) => {
      if (!chosen.has(accept) && chosen.size >= MAX_REMEMBERED_HEADERS) chosen.clear();
      chosen.set(accept, encoding);
      const variants = compressed.get(answer) ?? new Map<string, Buffer>();
      compressed.set(answer, variants.set(encoding, bytes));
    });
  }

  /** koa-compress on the answer as made (errorMiddleware, inside, never throws), reusing the bytes it made before. */
  async function compressAnswer(ctx: Context, next: Next): Promise<void> {
    await next();
    // An object is turned into JSON once here, not once for koa-compress's size and again to send it.
    if (isPlainObject(ctx.body) || Array.isArray(ctx.body)) ctx.body = JSON.stringify(ctx.body);
    const answer = Buffer.isBuffer(ctx.body) && ctx.method !== 'HEAD' ? ctx.body : undefined;
    if (answer !== undefined && sendCompressed(ctx, answer)) return;
    await compress(ctx, async () => {});
    if (answer !== undefined && ctx.body !== answer && ctx.response.get('Content-Encoding')) remember(ctx, answer);
  }

  return function compressAnswers(ctx: Context, next: Next): Promise<void> {
    if (ctx.headers['accept-encoding'] !== undefined) return compressAnswer(ctx, next);
    // koa-compress would send the answer as it is (its `defaultEncoding`): its checks are skipped,
    // a cost on every request of a client that never compresses (a site's server, say).
    ctx.vary('Accept-Encoding');
    return next();
  };
}
