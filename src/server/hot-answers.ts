/**
 * Repeated anonymous reads answered before the general middleware chain. The first time a client
 * without credentials asks a content route for something, every middleware runs (security
 * headers, CORS, compression, authentication, the permission check, the route); its answer — the
 * status, every header and the bytes as sent — is kept with the state it was made from. The next
 * identical request is answered from it while that state holds: the same documents, users,
 * roles, permissions, media files, locales, configuration and content types, and no project code
 * that could answer otherwise (document middlewares or policies make the content service's state
 * unknown, and then nothing is kept). Whatever changes, the next request runs the whole chain
 * again. The request log, outside, still logs every request.
 *
 * Only what a content route marks as a plain read (`markHot`) is kept, and only for GET requests
 * without `Authorization`, cookies or a condition (`If-None-Match`, `If-Modified-Since`, `Range`):
 * such a request's answer is named by its URL, its `Accept-Encoding` and its `Origin`.
 */
import type { Context, Middleware, Next } from 'koa';

/** Room for kept answers: entries, and bytes in all. */
const MAX_ENTRIES = 1024;
const MAX_BYTES = 16 * 1024 * 1024;
/** A larger answer is sent by the chain each time: it is not what this saves time on. */
const MAX_ENTRY_BYTES = 256 * 1024;

interface HotAnswer {
  state: readonly unknown[];
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const HOT = Symbol('hot answer');

/**
 * Marks this request's answer as a plain read of content, which the same request answers alike
 * while nothing it depends on changes (the content routes call it; nothing else should).
 * @example markHot(ctx); ctx.body = bytes;
 */
export function markHot(ctx: Context): void {
  (ctx.state as Record<symbol, boolean>)[HOT] = true;
}

/** Whether the request may be answered from what an identical one was answered (see above). */
function keyOf(ctx: Context): string | undefined {
  const { headers } = ctx.req;
  if (ctx.req.method !== 'GET' || !ctx.req.url!.startsWith('/api/')) return undefined;
  if (headers.authorization !== undefined || headers.cookie !== undefined || headers['if-none-match'] !== undefined
    || headers['if-modified-since'] !== undefined || headers.range !== undefined) return undefined;
  return `${ctx.req.url}\n${headers['accept-encoding'] ?? ''}\n${headers.origin ?? ''}`;
}

const sameState = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * @example app.use(hotAnswers(() => project.content.contentState() && [...], () => app.folio.draining));
 */
export function hotAnswers(stateNow: () => readonly unknown[] | undefined, draining: () => boolean): Middleware {
  const answers = new Map<string, HotAnswer>();
  let bytes = 0;

  function keep(key: string, answer: HotAnswer): void {
    const before = answers.get(key);
    if (before) bytes -= before.body.length;
    answers.delete(key);
    answers.set(key, answer);
    bytes += answer.body.length;
    for (const [oldest, entry] of answers) {
      if (answers.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      answers.delete(oldest);
      bytes -= entry.body.length;
    }
  }

  async function answerAndKeep(ctx: Context, next: Next, key: string, state: readonly unknown[]): Promise<void> {
    await next();
    const sent = ctx.body;
    if (!(ctx.state as Record<symbol, boolean>)[HOT] || ctx.status !== 200 || !(Buffer.isBuffer(sent) || typeof sent === 'string')) return;
    const body = typeof sent === 'string' ? Buffer.from(sent) : sent;
    if (body.length > MAX_ENTRY_BYTES) return;
    const after = stateNow();
    // Kept only when nothing changed while it was made, so that it is the answer of that state.
    if (after === undefined || !sameState(state, after)) return;
    keep(key, { state, headers: { ...(ctx.response.headers as Record<string, string | string[]>) }, body });
  }

  return function answerHot(ctx, next) {
    const key = keyOf(ctx);
    if (key === undefined || draining()) return next();
    const state = stateNow();
    if (state === undefined) return next();
    const kept = answers.get(key);
    if (kept === undefined || !sameState(kept.state, state)) return answerAndKeep(ctx, next, key, state);
    ctx.status = 200;
    ctx.set(kept.headers);
    ctx.body = kept.body;
    return Promise.resolve();
  };
}
