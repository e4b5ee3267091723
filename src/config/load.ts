/**
 * Builds the one `Config`: defaults < config/*.yaml < environment < flags, validated once,
 * with errors that name the file (or variable) and the key. A value `env:NAME` in a file reads the
 * variable NAME of the environment (`.env` included: see `projectEnv`) as it is loaded.
 */
import { join } from 'node:path';
import { ProjectFileError } from '../errors.js';
import { readYamlFile } from '../yaml.js';
import { checkShape, mergeLayers, Problem, type Check } from './checks.js';
import { defaults } from './defaults.js';
import { literalSecrets, resolveEnvReferences, secretWarning, type Environment } from './secrets.js';
import { localeCode, postgresUrl, redisUrl, shapes } from './shape.js';
import { CONFIG_FILES, type Config, type ConfigFileName, type I18nConfig, type Locale } from './types.js';

export interface LoadOptions {
  /**
   * Environment to read HOST, PORT, PUBLIC_URL and JWT_SECRET from, and the `env:NAME` values of
   * config files (default: none). The project's `.env` under the real environment: `projectEnv`.
   */
  env?: Environment;
  /** CLI flags, the last layer. */
  overrides?: { host?: string; port?: number };
  /** Told once per secret written literally in a config file (file and key, never the value), after the whole config loaded. */
  warn?: (message: string) => void;
}

export const configFileNames = Object.keys(CONFIG_FILES) as ConfigFileName[];

/** Project-relative path of a config file, as messages show it. */
export function configFilePath(name: ConfigFileName): string {
  return `config/${name}.yaml`;
}

/**
 * Validates one file's content (already parsed) and answers its normalised values.
 * @example validateConfigFile('server', { port: 8080 }) // { port: 8080 }
 */
export function validateConfigFile(name: ConfigFileName, content: unknown, references?: ReadonlyMap<string, string>): Record<string, unknown> {
  const file = configFilePath(name);
  let section: Record<string, unknown>;
  try {
    section = checkShape(shapes[name], content);
  } catch (error) {
    if (error instanceof Problem) {
      const key = error.key.join('.');
      const variable = references?.get(key);
      throw new ProjectFileError(file, key || undefined, variable ? `${error.problem} (the value of env:${variable})` : error.problem);
    }
    throw error;
  }
  crossCheck(name, section, file);
  return section;
}

function crossCheck(name: ConfigFileName, section: Record<string, unknown>, file: string): void {
  if (name === 'i18n') {
    const locales = (section.locales ?? defaults.i18n.locales) as Partial<Locale>[];
    if (locales.length === 0) throw new ProjectFileError(file, 'locales', 'must list at least one locale');
    const seen = new Set<string>();
    locales.forEach((locale, index) => {
      if (seen.has(locale.code!)) throw new ProjectFileError(file, `locales.${index}.code`, `"${locale.code}" is listed twice`);
      seen.add(locale.code!);
    });
    const defaultLocale = (section.defaultLocale ?? defaults.i18n.defaultLocale) as string;
    if (!seen.has(defaultLocale)) {
      throw new ProjectFileError(file, 'defaultLocale', `"${defaultLocale}" is not one of the locales (${[...seen].join(', ')})`);
    }
  }
  if (name === 'database') {
    const pool = { ...defaults.database.pool, ...(section.pool as object | undefined) };
    if (pool.min > pool.max) throw new ProjectFileError(file, 'pool.min', `(${pool.min}) must not be larger than pool.max (${pool.max})`);
  }
  if (name === 'api') {
    const rest = { ...defaults.api.rest, ...(section.rest as object | undefined) };
    if (rest.defaultLimit > rest.maxLimit) {
      throw new ProjectFileError(file, 'rest.defaultLimit', `(${rest.defaultLimit}) must not be larger than rest.maxLimit (${rest.maxLimit})`);
    }
  }
}

/**
 * Reads and validates `config/<name>.yaml` as it is written (`env:NAME` values stay as they are);
 * a missing file is an empty section.
 */
export async function readConfigFile(projectDir: string, name: ConfigFileName): Promise<Record<string, unknown>> {
  const file = configFilePath(name);
  return validateConfigFile(name, await readYamlFile(join(projectDir, file), file));
}

/** `readConfigFile` with its `env:NAME` values resolved, and the secrets it holds literally added to `secrets`. */
async function loadConfigFile(projectDir: string, name: ConfigFileName, env: Environment, secrets: string[]): Promise<Record<string, unknown>> {
  const file = configFilePath(name);
  const content = await readYamlFile(join(projectDir, file), file);
  for (const secret of literalSecrets(name, content)) secrets.push(secretWarning(file, secret));
  const { value, references } = resolveEnvReferences(file, content, env);
  return validateConfigFile(name, value, references);
}

const ENVIRONMENT: Record<string, { path: [keyof Config, string]; check: Check; parse?: (raw: string) => unknown }> = {
  HOST: { path: ['server', 'host'], check: shapes.server.host as Check },
  PORT: { path: ['server', 'port'], check: shapes.server.port as Check, parse: (raw) => (/^\d+$/.test(raw) ? Number(raw) : raw) },
  PUBLIC_URL: { path: ['server', 'url'], check: shapes.server.url as Check },
  JWT_SECRET: { path: ['usersPermissions', 'jwtSecret'], check: shapes['users-permissions'].jwtSecret as Check },
};

function environmentLayer(env: Environment): Partial<Record<keyof Config, Record<string, unknown>>> {
  const layer: Partial<Record<keyof Config, Record<string, unknown>>> = {};
  for (const [variable, { path, check, parse }] of Object.entries(ENVIRONMENT)) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    let value: unknown;
    try {
      value = check(parse ? parse(raw) : raw);
    } catch (error) {
      if (error instanceof Problem) throw new ProjectFileError(`environment variable ${variable}`, undefined, error.problem);
      throw error;
    }
    const [section, key] = path;
    layer[section] = { ...layer[section], [key]: value };
  }
  const redis = env.REDIS_URL;
  if (redis !== undefined && redis !== '') {
    try {
      layer.server = { ...layer.server, redis: { url: redisUrl(redis) } };
    } catch (error) {
      if (error instanceof Problem) throw new ProjectFileError('environment variable REDIS_URL', undefined, error.problem);
      throw error;
    }
  }
  // DATABASE_URL names both the client and where it is, as Strapi's and Heroku-style platforms' do.
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl !== undefined && databaseUrl !== '') {
    try {
      layer.database = { client: 'postgres', connection: { connectionString: postgresUrl(databaseUrl) } };
    } catch (error) {
      if (error instanceof Problem) throw new ProjectFileError('environment variable DATABASE_URL', undefined, error.problem);
      throw error;
    }
  }
  return layer;
}

/**
 * The locales a validated `config/i18n.yaml` section means: defaults for what it omits, and a name
 * for every locale (entries may give only a `code`).
 * @example resolveI18n({ locales: [{ code: 'fr' }], defaultLocale: 'fr' }) // { locales: [{ code: 'fr', name: 'French (fr)' }], defaultLocale: 'fr' }
 */
export function resolveI18n(section: Record<string, unknown>): I18nConfig {
  const locales = (section.locales as Partial<Locale>[] | undefined) ?? defaults.i18n.locales;
  return {
    locales: locales.map((locale) => ({ code: locale.code!, name: locale.name ?? defaultLocaleName(locale.code!) })),
    defaultLocale: (section.defaultLocale as string | undefined) ?? defaults.i18n.defaultLocale,
  };
}

/**
 * "French (fr)", the way Strapi names a locale, from the ICU data Node ships.
 * @example defaultLocaleName('pt-BR') // 'Portuguese (Brazil) (pt-BR)'
 */
export function defaultLocaleName(code: string): string {
  localeCode(code);
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

/**
 * Loads the whole configuration of a project.
 * @example const config = await loadConfig('./site', { env: process.env, overrides: { port: 0 } });
 */
export async function loadConfig(projectDir: string, options: LoadOptions = {}): Promise<Config> {
  const env = options.env ?? {};
  const secrets: string[] = [];
  let config: Config = defaults;
  for (const name of configFileNames) {
    const section = await loadConfigFile(projectDir, name, env, secrets);
    config = mergeLayers(config, { [CONFIG_FILES[name]]: name === 'i18n' ? resolveI18n(section) : section });
  }
  config = mergeLayers(config, environmentLayer(env));
  const { host, port } = options.overrides ?? {};
  if (host !== undefined) config = mergeLayers(config, { server: { host: checkFlag('--host', shapes.server.host as Check, host) } });
  if (port !== undefined) config = mergeLayers(config, { server: { port: checkFlag('--port', shapes.server.port as Check, port) } });
  // Still working (a secret in config/ keeps working), but it would be committed with config/.
  for (const message of secrets) options.warn?.(message);
  return config;
}

function checkFlag(flag: string, check: Check, value: unknown): unknown {
  try {
    return check(value);
  } catch (error) {
    if (error instanceof Problem) throw new ProjectFileError(`option ${flag}`, undefined, error.problem);
    throw error;
  }
}
