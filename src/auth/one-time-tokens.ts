/**
 * Reset-password and email-confirmation tokens: long random values sent to the user, stored only
 * as a SHA-256 hash, so a copy of data/users.json does not let anyone reset a password.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Reset codes (an invitation's too) stop working after an hour; the spec's "invalid or expired" code. */
export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

/**
 * @example const { token, hash } = newOneTimeToken(64); // send `token`, store `hash`
 */
export function newOneTimeToken(bytes: number): { token: string; hash: string } {
  const token = randomBytes(bytes).toString('hex');
  return { token, hash: hashOneTimeToken(token) };
}

/** The stored form of a token (hex SHA-256). */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
