/**
 * Who history says made a write: the signed-in user (username and email), the API token (its
 * name), Public for an anonymous caller, or the CLI (`system`: git's own user, resolved by the book).
 */
import type { Actor } from '../permissions/index.js';
import type { HistoryAuthor } from './types.js';

/** @example authorOf(ctx.state.actor) // { username: 'alice', email: 'alice@example.com' } */
export function authorOf(actor: Actor): HistoryAuthor | 'system' {
  switch (actor.kind) {
    case 'user':
      return { username: String(actor.user.username ?? `user ${actor.user.id}`), email: String(actor.user.email ?? '') };
    case 'token':
      return { token: actor.token.name };
    case 'public':
      return { username: 'Public', email: 'public@folio' };
    default:
      return 'system';
  }
}
