/**
 * Rate limits on the routes Strapi limits (login, register, forgot/reset/change password,
 * send-email-confirmation, connect), with koa-ratelimit's in-memory driver, or its Redis driver when
 * several processes must share the counters (`server.redis.url`), each request counted in
 * the bucket Strapi 5.54 would count it in (see {@link bucketKey}), and each GraphQL sign-in
 * mutation in the bucket of what it names. `X-Forwarded-For` counts only when `server.proxy` is on
 * (Koa's `ctx.ip`).
 */
import { posix } from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import ratelimit from 'koa-ratelimit';
import { RateLimitError } from '../errors.js';
import { redisUnavailable, type Redis } from '../redis/index.js';

export interface RateLimitSettings {
  enabled: boolean;
  interval: number;
  max: number;
}

/** Routes whose bucket never depends on the body: the ones that check a password or a code. */
const BY_ADDRESS = /\/auth\/(local|reset-password|change-password)$/;

/** An email longer than any real one is cut, so a key stays small whatever a client sends. */
const MAX_EMAIL_LENGTH = 320;

/**
 * One call counted against the limit: the route it is counted under and, where that route counts
 * per email, the email it names. A REST request is the call of its path and body; a GraphQL
 * sign-in mutation says its own, from its arguments.
 */
export interface CountedCall {
  route: string;
  /** Register, forgot-password and send-email-confirmation: one bucket per email too. */
  perEmail: boolean;
  email?: unknown;
}

/** The call a REST request makes: its path (normalised, lower-cased, no trailing slash) and its body's `email`. */
function restCall(ctx: Context): CountedCall {
  const route = posix.normalize(ctx.path).toLowerCase().replace(/\/+$/, '');
  const body = ctx.request.body as Record<string, unknown> | undefined;
  return { route, perEmail: !BY_ADDRESS.test(route) && !route.includes('/connect/'), email: body?.email };
}

/**
 * The bucket of a call, as Strapi 5.54 keys it (5.0's keys could be bypassed): the route and the
 * client address; for register, forgot-password and send-email-confirmation also the lower-cased
 * email, so people behind one address (an office) each get their own; for a signed-in caller
 * (change-password) the user too. Login, reset and change password never take the email into
 * account, so guessing passwords or codes cannot be spread over fresh buckets (GHSA-7mqx-wwh4-f9fw).
 * @example bucketKey(ctx) // 'ada@example.com:/api/auth/local/register:127.0.0.1|127.0.0.1'
 */
export function bucketKey(ctx: Context, call: CountedCall = restCall(ctx)): string {
  const { email } = call;
  const named = typeof email === 'string' && email !== '' ? email.slice(0, MAX_EMAIL_LENGTH).toLowerCase() : 'unknownIdentifier';
  const identifier = call.perEmail ? named : 'noIdentifier';
  const actor = ctx.state.actor;
  return `${identifier}:${call.route}:${ctx.ip}|${actor?.kind === 'user' ? actor.user.id : ctx.ip}`;
}

/** How many counted requests between two sweeps of the buckets whose window has passed. */
const SWEEP_EVERY = 1000;

/** A bucket as koa-ratelimit's memory driver keeps it: `reset` is when its window ends, in seconds. */
type Buckets = Map<string, { reset: number }>;

/**
 * Drops the buckets whose window ended before `now` (seconds). The memory driver never forgets a
 * bucket, and with the email in the key a client could make one per request it sends.
 * @example dropExpired(buckets, Date.now() / 1000)
 */
export function dropExpired(buckets: Buckets, now: number): void {
  for (const [key, bucket] of buckets) if (bucket.reset < now) buckets.delete(key);
}

/** Redis, where the counters of several processes are kept together. */
export interface SharedCounters {
  client: Redis;
  url: string;
}

/** A route's rate limit, which also counts calls that are not routes of their own (GraphQL's sign-in mutations). */
export type RateLimiter = Middleware & {
  /** Counts `call` for the request, in its own bucket; throws RateLimitError when that bucket is full. */
  count(ctx: Context, call: CountedCall): Promise<void>;
};

/**
 * @example router.post('/auth/local', rateLimited(() => config.usersPermissions.ratelimit), handler)
 */
export function rateLimited(settings: () => RateLimitSettings, shared?: SharedCounters): RateLimiter {
  const buckets: Buckets = new Map();
  /** The call being counted for a request, when it is not the request's own (see `count`). */
  const calls = new WeakMap<Context, CountedCall>();
  const id = (ctx: Context) => bucketKey(ctx, calls.get(ctx));
  let current: { key: string; middleware: Middleware } | undefined;
  const limiterFor = (s: RateLimitSettings): Middleware => {
    const key = `${s.interval}:${s.max}`;
    if (current?.key !== key) {
      buckets.clear();
      current = {
        key,
        middleware: (shared
          ? ratelimit({ driver: 'redis', db: shared.client, namespace: `folio:ratelimit:${key}`, duration: s.interval, max: s.max, id })
          : ratelimit({ driver: 'memory', db: buckets, duration: s.interval, max: s.max, id })) as Middleware,
      };
    }
    return current.middleware;
  };
  let counted = 0;
  async function limitRate(ctx: Context, next: Next): Promise<void> {
    const s = settings();
    if (!s.enabled) return next();
    if (!shared && ++counted % SWEEP_EVERY === 0) dropExpired(buckets, Date.now() / 1000);
    let passed = false;
    try {
      await limiterFor(s)(ctx, async () => {
        passed = true;
        await next();
      });
    } catch (error) {
      // Redis failed to count (not the route after it): the request is not let through uncounted.
      if (!passed && shared) throw redisUnavailable(error, shared.url);
      throw error;
    }
    if (!passed) {
      ctx.remove('Retry-After'); // Strapi 5 sends none; the X-RateLimit-* headers stay
      throw new RateLimitError();
    }
  }
  return Object.assign(limitRate, {
    async count(ctx: Context, call: CountedCall): Promise<void> {
      calls.set(ctx, call);
      try {
        await limitRate(ctx, async () => {});
      } finally {
        calls.delete(ctx);
      }
    },
  });
}
