/**
 * Sign-ins in progress, keyed by their OAuth `state`: what `connect` started and `callback` may
 * finish, once. Kept in this process's memory, so a restart or a second server process forgets
 * them (the person clicks "sign in" again); nothing about them needs to survive.
 */
import { randomBytes } from 'node:crypto';

/** How long the person has to sign in at the provider. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** A bound on memory: past it the oldest sign-ins are forgotten (connect is rate-limited anyway). */
export const MAX_PENDING = 10_000;

export interface PendingSignIn {
  provider: string;
  /** The front-end URL validated at connect, to hand back after the callback. */
  callback: string | undefined;
  /** Sent at connect, so the token request sends the same one (RFC 6749 §4.1.3). */
  redirectUri: string;
  /** PKCE (RFC 7636). */
  codeVerifier: string;
  expiresAt: number;
}

export interface PendingStore {
  /** Stores a sign-in and answers its new `state`: 256 random bits, base64url. */
  start(entry: Omit<PendingSignIn, 'expiresAt'>): string;
  /** Takes the sign-in of `state` out of the store: answers it only when unexpired and for `provider`. */
  take(state: unknown, provider: string): PendingSignIn | undefined;
}

export function createPendingStore(now: () => number): PendingStore {
  const entries = new Map<string, PendingSignIn>();

  /** Entries are inserted in expiry order (one TTL for all), so the expired ones come first. */
  function sweep(): void {
    const time = now();
    for (const [state, entry] of entries) {
      if (entry.expiresAt > time && entries.size <= MAX_PENDING) break;
      entries.delete(state);
    }
  }

  return {
    start(entry) {
      const state = randomBytes(32).toString('base64url');
      entries.set(state, { ...entry, expiresAt: now() + STATE_TTL_MS });
      sweep();
      return state;
    },
    take(state, provider) {
      sweep();
      if (typeof state !== 'string') return undefined;
      const entry = entries.get(state);
      if (!entry) return undefined;
      // Single use, whatever comes next: a state tried on another provider is spent too.
      entries.delete(state);
      return entry.provider === provider && entry.expiresAt > now() ? entry : undefined;
    },
  };
}
