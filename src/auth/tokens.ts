/**
 * JWTs in legacy mode (Strapi's default `jwtManagement`): HS256, payload `{ id }`, lifetime from
 * `jwt.expiresIn`, and the algorithm pinned on verify so `alg: none` or RS/HS confusion cannot pass.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256';

const keys = new Map<string, KeyObject>();
/**
 * The secret as a KeyObject, made once. Given a plain string, jsonwebtoken first tries to parse it
 * as a PEM public key on every verify, which cost more than half the CPU of an authenticated request.
 */
export function signingKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

export interface TokenSettings {
  secret: string;
  expiresIn: string | number;
}

/**
 * @example const token = issueToken({ secret, expiresIn: '30d' }, user.id);
 */
export function issueToken(settings: TokenSettings, userId: number, version = 0): string {
  // `v` (the user's token version, raised by a password change) only once it is not 0, so the
  // payload stays Strapi's `{ id }` for everyone else.
  return jwt.sign(version ? { id: userId, v: version } : { id: userId }, signingKey(settings.secret), { algorithm: ALGORITHM, expiresIn: settings.expiresIn as jwt.SignOptions['expiresIn'] });
}

/**
 * The user id and token version a token carries, or undefined when the token is not one of
 * ours, is expired, or carries no numeric id. Never throws.
 * @example verifyTokenClaims(settings, token) // { id: 12, version: 0 }
 */
export function verifyTokenClaims(settings: TokenSettings, token: string): { id: number; version: number } | undefined {
  try {
    const payload = jwt.verify(token, signingKey(settings.secret), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { id, v } = payload as { id?: unknown; v?: unknown };
    return typeof id === 'number' && Number.isSafeInteger(id) ? { id, version: typeof v === 'number' ? v : 0 } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The user id a token carries (see verifyTokenClaims).
 * @example verifyToken(settings, token) // 12
 */
export function verifyToken(settings: TokenSettings, token: string): number | undefined {
  return verifyTokenClaims(settings, token)?.id;
}
