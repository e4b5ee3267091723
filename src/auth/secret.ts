/**
 * The JWT signing secret: JWT_SECRET (from .env or the environment) or `users-permissions.jwtSecret` when set; otherwise one
 * generated on first start and kept in `data/.jwt-secret` (owner-only), so tokens survive restarts
 * and the sample project needs no secret committed to git. Keys for other uses (the states entity
 * tags name) are derived from it, so a site has one secret to share between its processes.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from '../storage/index.js';

export const GENERATED_SECRET_FILE = '.jwt-secret';

/**
 * Generating locks and writes through `files`, the project's file store.
 * @example const secret = await resolveJwtSecret(config.usersPermissions.jwtSecret, paths.data, files);
 */
export async function resolveJwtSecret(configured: string | null, dataDir: string, files: FileStore): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false };
  const file = join(dataDir, GENERATED_SECRET_FILE);
  return files.withLock(join(dataDir, '.jwt-secret.lock'), async () => {
    try {
      const secret = (await readFile(file, 'utf8')).trim();
      if (secret) return { secret, generated: false };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const secret = randomBytes(32).toString('base64');
    await files.writeFileAtomic(file, `${secret}\n`, { mode: 0o600 });
    return { secret, generated: true };
  });
}

/**
 * A key for another use of the signing secret, named by `label`: every process of a site (they
 * share the secret) derives the same one, no one without the secret can, and it tells nothing of
 * the secret or of another label's key. Changing the secret changes it too.
 * @example const key = derivedKey(tokens.secret, 'foliocms document states');
 */
export function derivedKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}
