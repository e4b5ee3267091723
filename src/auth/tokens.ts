/**
 * JWTs in legacy mode (Strapi's default `jwtManagement`): HS256, payload `{ id }`, lifetime from
 * `jwt.expiresIn`, and the algorithm pinned on verify so `alg: none` or RS/HS confusion cannot pass.
 */
import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256';

export interface TokenSettings {
  secret: string;
  expiresIn: string | number;
}

/**
 * @example const token = issueToken({ secret, expiresIn: '30d' }, user.id);
 */
export function issueToken(settings: TokenSettings, userId: number): string {
  return jwt.sign({ id: userId }, settings.secret, { algorithm: ALGORITHM, expiresIn: settings.expiresIn as jwt.SignOptions['expiresIn'] });
}

/**
 * The user id a token carries, or undefined when the token is not one of ours, is expired, or
 * carries no numeric id. Never throws.
 * @example verifyToken(settings, token) // 12
 */
export function verifyToken(settings: TokenSettings, token: string): number | undefined {
  try {
    const payload = jwt.verify(token, settings.secret, { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const id = (payload as { id?: unknown }).id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
