/**
 * The salt API tokens are hashed with: read from `.env` or the environment, and added to `.env` by
 * the first `folio token create` of a project made before API tokens.
 */
import type { FileStore } from '../storage/index.js';
import { addEnvSecret } from './env-secrets.js';
import { projectEnv, type ProjectPaths } from './paths.js';

/**
 * The salt of API tokens, from `.env` or the environment. A project made before API tokens has
 * none until its first `folio token create` adds one to `.env`: a running server reads `.env`
 * again then (at most once a second, and only for a request that carries a token).
 */
export function apiTokenSalt(dir: string, options: { env?: Record<string, string | undefined> }, initial: string | undefined, paths: ProjectPaths, files: FileStore) {
  let salt = initial;
  let lookedAt = 0;
  // The read of .env in progress: requests arriving meanwhile wait for it rather than go without
  // (a site's first requests come together, with a token made since the server started).
  let looking: Promise<string | undefined> | undefined;
  const current = async (): Promise<string | undefined> => {
    if (salt !== undefined) return salt;
    if (looking) return looking;
    if (Date.now() - lookedAt < 1000) return salt;
    lookedAt = Date.now();
    looking = projectEnv(dir, options.env)
      .then((env) => (salt = env.API_TOKEN_SALT))
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };
  return {
    salt: current,
    ensureSalt: async () => (await current()) ?? (salt = await addEnvSecret(paths.envFile, 'API_TOKEN_SALT', files)),
  };
}
