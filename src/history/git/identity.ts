/**
 * Who a commit says made a write: a person as `username <email>`, an API token as
 * `<token name> <token@folio>`, so that history tells them apart when it reads the commit back.
 */
import type { HistoryAuthor } from '../types.js';
import type { GitIdentity } from './journal.js';

/** The email of every commit an API token made: no person's address. */
export const TOKEN_EMAIL = 'token@folio';

/** `author` as a commit's author. */
export function identityOf(author: HistoryAuthor): GitIdentity {
  return 'token' in author ? { name: author.token, email: TOKEN_EMAIL } : { name: author.username, email: author.email };
}
