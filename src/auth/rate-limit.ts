/**
 * Rate limits on the routes Strapi limits (login, register, forgot/reset/change password,
 * send-email-confirmation, connect), with koa-ratelimit's in-memory driver. The key is the route
 * and the client address (the user id when signed in): nothing in the body enters it, so a
 * client cannot get fresh buckets by varying `identifier` or `email` (Strapi's GHSA-7mqx-wwh4-f9fw).
 * `X-Forwarded-For` counts only when `server.proxy` is on (Koa's `ctx.ip`).
 */
import type { Context, Middleware, Next } from 'koa';
import ratelimit from 'koa-ratelimit';
import { RateLimitError } from '../errors.js';
import type { Actor } from '../permissions/index.js';

export interface RateLimitSettings {
  enabled: boolean;
  interval: number;
  max: number;
}

/**
 * @example router.post('/auth/local', limited(() => config.usersPermissions.ratelimit), handler)
 */
export function rateLimited(settings: () => RateLimitSettings): Middleware {
  const buckets = new Map();
  let current: { key: string; middleware: Middleware } | undefined;
  const limiterFor = (s: RateLimitSettings): Middleware => {
    const key = `${s.interval}:${s.max}`;
    if (current?.key !== key) {
      buckets.clear();
      current = {
        key,
        middleware: ratelimit({
          driver: 'memory',
          db: buckets,
          duration: s.interval,
          max: s.max,
          id: (ctx: Context) => {
            const actor = ctx.state.actor as Actor | undefined;
            const who = actor?.kind === 'user' ? `user:${actor.user.id}` : `ip:${ctx.ip}`;
            return `${ctx.method}:${ctx.path.toLowerCase().replace(/\/+$/, '')}:${who}`;
          },
        }) as Middleware,
      };
    }
    return current.middleware;
  };
  return async function limitRate(ctx: Context, next: Next): Promise<void> {
    const s = settings();
    if (!s.enabled) return next();
    let passed = false;
    await limiterFor(s)(ctx, async () => {
      passed = true;
      await next();
    });
    if (!passed) {
      ctx.remove('Retry-After'); // Strapi 5 sends none; the X-RateLimit-* headers stay
      throw new RateLimitError();
    }
  };
}
