/**
 * Who a commit says made a write: a person as `username <email>`, an API token as
 * `<token name> <token@folio>`, so that history tells them apart when it reads the commit back.
 * Every identity that reaches git goes through {@link gitIdentity} first: a username is anyone's
 * text, and git's input is lines (`author name <email> date` for fast-import, `GIT_AUTHOR_NAME`
 * for a commit built through an index).
 */
import { CONTROL_RUNS } from '../../control-characters.js';
import type { HistoryAuthor } from '../types.js';
import type { GitIdentity } from './journal.js';

/** The email of every commit an API token made: no person's address. */
export const TOKEN_EMAIL = 'token@folio';

/** What a commit says of an author whose name or email holds nothing git can take. */
export const UNKNOWN_IDENTITY: Readonly<GitIdentity> = Object.freeze({ name: 'unknown', email: 'unknown@folio' });

/** `<` and `>` are where git's identity splits into name and email. */
const BRACKETS = /[<>]+/g;
/** What git itself trims from both ends of a name (its `crud`), so that both commit paths write the same one. */
const CRUD_AT_ENDS = /^[\s,:;"'\\]+|[\s,:;"'\\]+$/g;

/** `text` as one line git keeps as given: unsafe runs become a space, spaces collapse, the ends are trimmed. */
function gitSafe(text: string): string {
  return text.replace(CONTROL_RUNS, ' ').replace(BRACKETS, ' ').replace(/\s+/g, ' ').replace(CRUD_AT_ENDS, '');
}

/**
 * `identity` as git may be given it, whatever it holds: a name or email left empty takes
 * {@link UNKNOWN_IDENTITY}'s. Both commit paths call it on every commit, so an identity stored
 * raw (a journal line of an older version) is made safe too.
 * @example gitIdentity({ name: 'Mallory <m@x>\ncommitter …', email: 'm@x' })
 * // → { name: 'Mallory m@x committer …', email: 'm@x' }
 */
export function gitIdentity(identity: GitIdentity): GitIdentity {
  // A journal line is JSON from disk: its fields are whatever was written there.
  return {
    name: gitSafe(String(identity.name ?? '')) || UNKNOWN_IDENTITY.name,
    email: gitSafe(String(identity.email ?? '')) || UNKNOWN_IDENTITY.email,
  };
}

/** `author` as a commit's author. */
export function identityOf(author: HistoryAuthor): GitIdentity {
  if ('token' in author) return gitIdentity({ name: author.token, email: TOKEN_EMAIL });
  return gitIdentity({ name: author.username, email: author.email });
}
