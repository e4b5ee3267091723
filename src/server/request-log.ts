/**
 * One log line per answered request (`server.logger.requests`), logged when its answer is ready:
 * method, path, status, duration, bytes and the caller's address, never a credential. Query values
 * that carry one are `[redacted]`; headers (Authorization, cookies) and bodies are not logged at all.
 */
import { Stream, type Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import type { Logger } from '../log/index.js';
import { HEALTH_PATH } from './health.js';

/** Query keys whose values are credentials: one-time codes, tokens, passwords and OAuth secrets. */
const SECRET_KEYS = new Set(['code', 'confirmation', 'access_token', 'id_token', 'refresh_token', 'refreshtoken', 'password', 'token', 'client_secret', 'secret'].map((key) => key.toLowerCase()));
/**
 * A cheap test that a query may hold one of them; only then is it parsed. A `%` may spell any of
 * them (`%63onfirmation`, which the server decodes and acts on), so such a query is parsed too.
 */
const MAY_HOLD_SECRET = /code|confirmation|token|password|secret|%/i;
/** A path longer than this is cut: one request must not write a 16 KB log line. */
const MAX_PATH = 2048;

/**
 * Whether a key, decoded as the server decodes it, names a secret anywhere in it: `token`,
 * `%63onfirmation`, `confirmation[0]`, `filters[password][$eq]`.
 */
function namesSecret(rawKey: string): boolean {
  let key: string;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    key = rawKey;
  }
  return key.toLowerCase().split(/[[\].]+/).some((name) => SECRET_KEYS.has(name));
}

/**
 * The query as logged: each value of a secret key replaced by `[redacted]`, the rest as sent.
 * @example redactQuery('confirmation=abc&x=1') // 'confirmation=[redacted]&x=1'
 */
export function redactQuery(query: string): string {
  if (!MAY_HOLD_SECRET.test(query)) return query;
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && namesSecret(rawKey) ? `${rawKey}=[redacted]` : pair;
    })
    .join('&');
}

/**
 * The path and query the client asked for (before any middleware rewrote `ctx.path`), secrets
 * redacted, cut at MAX_PATH. Read from the request line itself: cheaper than Koa's parsed getters.
 */
function shownPath(url: string, queryAt: number): string {
  const path = queryAt < 0 ? url : `${url.slice(0, queryAt + 1)}${redactQuery(url.slice(queryAt + 1))}`;
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

/**
 * The outermost middleware: it times the whole request. An answer whose bytes are known when the
 * middleware chain returns (a Buffer or a string: the cached list answers above all) is logged at
 * once; one turned into bytes later (a JSON object, which Koa serialises) or streamed (compressed on
 * the way) when it has been sent. `errorMiddleware` leaves a server error's cause in
 * `ctx.state.serverError` for this line.
 * @example app.use(requestLog(project.log));
 */
export function requestLog(log: Logger) {
  function line(ctx: Context, started: number, status: number, bytes: number, aborted: boolean, cause: unknown): void {
    const { req } = ctx;
    const url = ctx.originalUrl;
    const queryAt = url.indexOf('?');
    const endedAt = performance.now();
    log.request({
      method: req.method!,
      path: shownPath(url, queryAt),
      status,
      durationMs: endedAt - started,
      endedAt,
      bytes,
      // Koa's `ctx.ip` looks for X-Forwarded-For first; without `server.proxy` it is the socket's.
      ip: ctx.app.proxy ? ctx.ip : (req.socket.remoteAddress ?? ''),
      aborted,
      cause,
      quiet: (queryAt < 0 ? url : url.slice(0, queryAt)) === HEALTH_PATH,
    });
  }

  /** Logs once the answer is sent: its length is known then, or its streamed bytes are counted. */
  function whenSent(ctx: Context, started: number): void {
    const { res } = ctx;
    let streamed = 0;
    if (ctx.body instanceof Stream) res.once('pipe', (source: Readable) => source.on('data', (chunk: Buffer) => (streamed += chunk.length)));
    res.once('close', () => {
      const length = res.getHeader('content-length');
      const bytes = ctx.method === 'HEAD' ? 0 : length === undefined ? streamed : Number(length);
      line(ctx, started, res.statusCode, bytes, !res.writableFinished, ctx.state.serverError);
    });
  }

  /** The line of an answer whose middleware chain has returned. */
  function answered(ctx: Context, started: number): void {
    const { body } = ctx;
    if (Buffer.isBuffer(body) || typeof body === 'string' || body === null || body === undefined) {
      line(ctx, started, ctx.status, ctx.method === 'HEAD' ? 0 : (ctx.response.length ?? 0), ctx.res.destroyed, ctx.state.serverError);
    } else {
      whenSent(ctx, started);
    }
  }

  // A plain function that chains on `next()` rather than an async one: one promise less on the
  // fastest read path.
  return function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    return next().then(
      () => answered(ctx, started),
      (error: unknown) => {
        // Failed outside errorMiddleware (in a header middleware): Koa answers it, as a 500 unless it says otherwise.
        const status = (error as { status?: unknown }).status;
        line(ctx, started, typeof status === 'number' ? status : 500, 0, false, error);
        throw error;
      },
    );
  };
}
