/**
 * Rate limits on the routes Strapi limits (login, register, forgot/reset/change password,
 * send-email-confirmation, connect), with koa-ratelimit's in-memory driver, or its Redis driver when
 * several processes must share the counters (`server.redis.url`), each request counted in
 * the bucket Strapi 5.54 would count it in (see {@link bucketKey}). `X-Forwarded-For` counts only
 * when `server.proxy` is on (Koa's `ctx.ip`).
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
 * The bucket of a request, as Strapi 5.54 keys it (5.0's keys could be bypassed): the route (its path
 * normalised, lower-cased, without a trailing slash) and the client address; for register,
 * forgot-password and send-email-confirmation also the lower-cased `email` of the body, so people
 * behind one address (an office) each get their own; for a signed-in caller (change-password) the
 * user too. Login, reset and change password never take the body into account, so guessing
 * passwords or codes cannot be spread over fresh buckets (GHSA-7mqx-wwh4-f9fw).
 * @example bucketKey(ctx) // 'ada@example.com:/api/auth/local/register:127.0.0.1|127.0.0.1'
 */
export function bucketKey(ctx: Context): string {
  const path = posix.normalize(ctx.path).toLowerCase().replace(/\/+$/, '');
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const email = typeof body?.email === 'string' && body.email !== '' ? body.email.slice(0, MAX_EMAIL_LENGTH).toLowerCase() : 'unknownIdentifier';
  const identifier = BY_ADDRESS.test(path) || path.includes('/connect/') ? 'noIdentifier' : email;
  const actor = ctx.state.actor;
  return `${identifier}:${path}:${ctx.ip}|${actor?.kind === 'user' ? actor.user.id : ctx.ip}`;
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

/**
 * @example router.post('/auth/local', limited(() => config.usersPermissions.ratelimit), handler)
 */
export function rateLimited(settings: () => RateLimitSettings, shared?: SharedCounters): Middleware {
  const buckets: Buckets = new Map();
  let current: { key: string; middleware: Middleware } | undefined;
  const limiterFor = (s: RateLimitSettings): Middleware => {
    const key = `${s.interval}:${s.max}`;
    if (current?.key !== key) {
      buckets.clear();
      current = {
        key,
        middleware: (shared
          ? ratelimit({ driver: 'redis', db: shared.client, namespace: `folio:ratelimit:${key}`, duration: s.interval, max: s.max, id: bucketKey })
          : ratelimit({ driver: 'memory', db: buckets, duration: s.interval, max: s.max, id: bucketKey })) as Middleware,
      };
    }
    return current.middleware;
  };
  let counted = 0;
  return async function limitRate(ctx: Context, next: Next): Promise<void> {
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
  };
}
