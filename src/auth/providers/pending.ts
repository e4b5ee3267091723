/**
 * Sign-ins in progress, keyed by their OAuth `state`: what `connect` started and `callback` may
 * finish, once. Kept in this process's memory, so a restart forgets them (the person clicks "sign
 * in" again; nothing about them needs to survive), or in Redis when several processes serve one
 * site, so that the callback may land on another process than the one that started it.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from '../../redis/index.js';
import { redisUnavailable } from '../../redis/index.js';

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
  start(entry: Omit<PendingSignIn, 'expiresAt'>): Promise<string>;
  /** Takes the sign-in of `state` out of the store: answers it only when unexpired and for `provider`. */
  take(state: unknown, provider: string): Promise<PendingSignIn | undefined>;
}

const newState = () => randomBytes(32).toString('base64url');
/** A state is 43 base64url characters; anything else is not looked up. */
const STATE = /^[A-Za-z0-9_-]{43}$/;

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
    async start(entry) {
      const state = newState();
      entries.set(state, { ...entry, expiresAt: now() + STATE_TTL_MS });
      sweep();
      return state;
    },
    async take(state, provider) {
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

/**
 * The same store in Redis, shared by every process of a site: each sign-in is one key that
 * expires with it, taken with GETDEL so that it is used once, whichever process takes it.
 * @example const pending = createRedisPendingStore(redis, config.server.redis.url, Date.now);
 */
export function createRedisPendingStore(redis: Pick<Redis, 'set' | 'getdel'>, url: string, now: () => number): PendingStore {
  const key = (state: string) => `folio:signin:${state}`;
  return {
    async start(entry) {
      const state = newState();
      try {
        await redis.set(key(state), JSON.stringify({ ...entry, expiresAt: now() + STATE_TTL_MS }), 'PX', STATE_TTL_MS);
      } catch (error) {
        throw redisUnavailable(error, url);
      }
      return state;
    },
    async take(state, provider) {
      if (typeof state !== 'string' || !STATE.test(state)) return undefined;
      let stored: string | null;
      try {
        stored = await redis.getdel(key(state));
      } catch (error) {
        throw redisUnavailable(error, url);
      }
      if (stored === null) return undefined;
      const entry = JSON.parse(stored) as PendingSignIn;
      return entry.provider === provider && entry.expiresAt > now() ? entry : undefined;
    },
  };
}
