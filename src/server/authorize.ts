/** `requires(action)`: lets a request through only when its actor holds the action. */
import type { Context, Next } from 'koa';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { can } from '../permissions/index.js';
import { MISSING_OR_INVALID_CREDENTIALS } from './authenticate.js';

/**
 * Strapi's rules: denied → 403 `Forbidden`; but an anonymous caller whose Public role holds no
 * permission at all gets 401, since nothing could be done without credentials. A list lets in a
 * caller who holds any of its actions (a route's `auth.scope`).
 * @example router.get('/articles', requires('api::article.article.find'), handler)
 */
export function requires(action: string | readonly string[] | ((ctx: Context) => string)) {
  async function authorize(ctx: Context, next: Next): Promise<void> {
    const actor = ctx.state.actor;
    const allowed = actor !== undefined && (typeof action === 'string' ? can(actor, action) : typeof action === 'function' ? can(actor, action(ctx)) : action.some((id) => can(actor, id)));
    if (allowed) return next();
    if (!actor || (actor.kind === 'public' && actor.permissions.size === 0)) throw new UnauthorizedError(MISSING_OR_INVALID_CREDENTIALS);
    throw new ForbiddenError('Forbidden');
  }
  // What `folio routes` shows as the route's action.
  return Object.assign(authorize, { action: typeof action === 'string' ? action : typeof action === 'function' ? undefined : action.join(' | ') });
}
