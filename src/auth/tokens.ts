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
export function issueToken(settings: TokenSettings, userId: number): string {
  return jwt.sign({ id: userId }, signingKey(settings.secret), { algorithm: ALGORITHM, expiresIn: settings.expiresIn as jwt.SignOptions['expiresIn'] });
}

/**
 * The user id a token carries, or undefined when the token is not one of ours, is expired, or
 * carries no numeric id. Never throws.
 * @example verifyToken(settings, token) // 12
 */
export function verifyToken(settings: TokenSettings, token: string): number | undefined {
  try {
    const payload = jwt.verify(token, signingKey(settings.secret), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const id = (payload as { id?: unknown }).id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
