/**
 * Secrets and config files (docs/content-in-git.md): `config/*.yaml` is versioned, so a secret
 * belongs in `.env` or the environment, and a setting reads it there with the value `env:NAME`.
 * This file knows which settings hold a secret, resolves `env:NAME` values, and tells which
 * secrets are still written literally in a file.
 */
import { ProjectFileError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import type { ConfigFileName } from './types.js';

/** The environment a project sees: `.env` under the real environment (see `projectEnv`). */
export type Environment = Record<string, string | undefined>;

const ENV_PREFIX = 'env:';
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `GITHUB`, `MY_OIDC`: a provider name as part of an environment variable's name. */
function variablePart(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

interface SecretSetting {
  /** The key inside the file; `*` stands for any name (a provider). */
  path: readonly string[];
  /** The variable a user would move the value to. */
  variable(key: readonly string[]): string;
  /** True when that variable overrides the setting by itself (no `env:` reference needed). */
  direct?: boolean;
  /** Whether a value holds a secret at all (a connection URL does only with a password); default: any value. */
  holdsSecret?(value: string): boolean;
}

/** `postgres://user:password@host/db` holds one; `postgres://host/db` does not. */
function urlHoldsPassword(value: string): boolean {
  try {
    return new URL(value).password !== '';
  } catch {
    return true; // not a URL: it cannot be told, so it is treated as a secret
  }
}

/** The settings that hold a secret. Webhook secrets and the like join this list when they exist. */
const SECRET_SETTINGS: Partial<Record<ConfigFileName, readonly SecretSetting[]>> = {
  'users-permissions': [
    { path: ['jwtSecret'], variable: () => 'JWT_SECRET', direct: true },
    { path: ['providers', '*', 'clientSecret'], variable: (key) => `${variablePart(key[1]!)}_CLIENT_SECRET` },
  ],
  server: [{ path: ['redis', 'url'], variable: () => 'REDIS_URL', direct: true, holdsSecret: urlHoldsPassword }],
  email: [{ path: ['smtp', 'auth', 'pass'], variable: () => 'SMTP_PASS' }],
  database: [
    { path: ['connection', 'password'], variable: () => 'DATABASE_PASSWORD' },
    { path: ['connection', 'connectionString'], variable: () => 'DATABASE_URL', direct: true, holdsSecret: urlHoldsPassword },
  ],
};

/** A secret written as it is in a config file. */
export interface LiteralSecret {
  /** The dotted key inside the file, e.g. `providers.github.clientSecret`. */
  key: string;
  /** The variable to move it to, e.g. `GITHUB_CLIENT_SECRET`. */
  variable: string;
  direct: boolean;
}

function valuesAt(content: unknown, path: readonly string[], key: string[] = []): Array<{ key: string[]; value: unknown }> {
  if (path.length === 0) return [{ key, value: content }];
  if (!isPlainObject(content)) return [];
  const [head, ...rest] = path;
  const names = head === '*' ? Object.keys(content) : Object.hasOwn(content, head!) ? [head!] : [];
  return names.flatMap((name) => valuesAt(content[name], rest, [...key, name]));
}

/**
 * The secrets a config file's content (as parsed, before `env:` values are resolved) holds as
 * literal values. An `env:NAME` value, an empty value and a missing key are not secrets at rest.
 * @example literalSecrets('email', { smtp: { auth: { user: 'me', pass: 'hunter2' } } }) // [{ key: 'smtp.auth.pass', variable: 'SMTP_PASS', direct: false }]
 */
export function literalSecrets(name: ConfigFileName, content: unknown): LiteralSecret[] {
  const found: LiteralSecret[] = [];
  for (const setting of SECRET_SETTINGS[name] ?? []) {
    for (const { key, value } of valuesAt(content, setting.path)) {
      if (typeof value !== 'string' || value.trim() === '' || value.startsWith(ENV_PREFIX)) continue;
      if (setting.holdsSecret && !setting.holdsSecret(value)) continue;
      found.push({ key: key.join('.'), variable: setting.variable(key), direct: setting.direct === true });
    }
  }
  return found;
}

/**
 * The warning for a secret left in a config file; it names the file and the key, never the value.
 * @example secretWarning('config/users-permissions.yaml', { key: 'jwtSecret', variable: 'JWT_SECRET', direct: true })
 * // 'config/users-permissions.yaml: jwtSecret holds a secret in a versioned file; move it to .env as JWT_SECRET'
 */
export function secretWarning(file: string, secret: LiteralSecret): string {
  const leaf = secret.key.split('.').at(-1)!;
  const how = secret.direct ? '' : ` and write ${leaf}: env:${secret.variable}`;
  return `${file}: ${secret.key} holds a secret in a versioned file; move it to .env as ${secret.variable}${how}`;
}

/**
 * Replaces every string value `env:NAME` of a parsed config file by the variable NAME of `env`.
 * Answers the resolved content and, for messages, which dotted key read which variable.
 * A variable that is not set (or empty) fails naming the file, the key and the variable.
 * @example resolveEnvReferences('config/email.yaml', { smtp: { auth: { pass: 'env:SMTP_PASS' } } }, { SMTP_PASS: 'x' }).value // { smtp: { auth: { pass: 'x' } } }
 */
export function resolveEnvReferences(file: string, content: unknown, env: Environment): { value: unknown; references: Map<string, string> } {
  const references = new Map<string, string>();
  const resolve = (value: unknown, key: string[]): unknown => {
    if (typeof value === 'string' && value.startsWith(ENV_PREFIX)) {
      const variable = value.slice(ENV_PREFIX.length);
      const dotted = key.join('.');
      if (!VARIABLE_NAME.test(variable)) {
        throw new ProjectFileError(file, dotted || undefined, `reads ${JSON.stringify(value)}, but "${variable}" is not an environment variable name (letters, digits and _)`);
      }
      const resolved = env[variable];
      if (resolved === undefined || resolved === '') {
        throw new ProjectFileError(file, dotted || undefined, `reads env:${variable}, but the environment variable ${variable} is not set (in .env or the environment)`);
      }
      references.set(dotted, variable);
      return resolved;
    }
    if (Array.isArray(value)) return value.map((item, index) => resolve(item, [...key, String(index)]));
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, resolve(item, [...key, name])]));
    return value;
  };
  return { value: resolve(content, []), references };
}
