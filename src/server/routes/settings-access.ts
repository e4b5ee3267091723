/**
 * The guard of the site owner's settings routes (docs/api/settings.md): `requires(action)`, except
 * that a caller without credentials is always 401, even when the Public role holds the action (a
 * grant to Public must never open token or webhook management to anyone), and an API token is 403
 * (no token holds a settings action, see SETTINGS_ACTIONS).
 */
import type { Context, Next } from 'koa';
import { UnauthorizedError } from '../../errors.js';
import { requires } from '../authorize.js';
import { MISSING_OR_INVALID_CREDENTIALS } from '../authenticate.js';

/**
 * @example router.get('/admin/webhooks', settingsAccess(adminAction('webhooks', 'read')), handler)
 */
export function settingsAccess(action: string) {
  const allowed = requires(action);
  async function authorizeSettings(ctx: Context, next: Next): Promise<void> {
    const actor = ctx.state.actor;
    if (!actor || actor.kind === 'public') throw new UnauthorizedError(MISSING_OR_INVALID_CREDENTIALS);
    return allowed(ctx, next);
  }
  // What `folio routes` shows as the route's action.
  return Object.assign(authorizeSettings, { action });
}
