/**
 * What the middleware keep in `ctx.state`, typed once for every middleware and route (Koa's
 * `DefaultState` is there to be augmented), and {@link actorOf}, how a route asks who calls.
 */
import type { Context } from 'koa';
import { UnauthorizedError } from '../errors.js';
import type { Actor } from '../permissions/index.js';
import { MISSING_OR_INVALID_CREDENTIALS } from './authenticate.js';

declare module 'koa' {
  interface DefaultState {
    /** Who calls: set by `authenticate` before any route, absent before it (health, uploads, the admin page). */
    actor?: Actor;
    /** The session of a refresh-mode access token, set by `authenticate`. */
    sessionId?: string;
    /** The unexpected error behind a 5xx answer, kept by `errors.ts` for the request line. */
    serverError?: unknown;
  }
}

/**
 * The actor `authenticate` set. A route reached without one is refused as `requires` refuses it
 * (401), never run as nobody.
 * @example await users.remove(actorOf(ctx), idParam(ctx))
 */
export function actorOf(ctx: Context): Actor {
  const actor = ctx.state.actor;
  if (!actor) throw new UnauthorizedError(MISSING_OR_INVALID_CREDENTIALS);
  return actor;
}
