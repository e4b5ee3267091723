/**
 * `folio init`: a new project with config, an empty content-types/ folder, data/ and the built-in
 * roles, its secrets in `.env` (never in config/, which is versioned) and a `.gitignore`.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { defaultLocaleName, defaults } from '../config/index.js';
import { ApplicationError } from '../errors.js';
import { assertLocaleCode } from '../i18n/index.js';
import { seedBuiltInRoles, type PermissionRow, type RoleRow } from '../permissions/index.js';
import { openTable, withFileStore } from '../storage/index.js';
import { newEnvFile } from './env-secrets.js';
import { displayDir, PROJECT_GITIGNORE, projectPaths, type ProjectPaths } from './paths.js';

export { displayDir };

export interface ScaffoldOptions {
  defaultLocale?: string;
}

/** Whether `dir` can become a new project: missing, or an empty folder. */
export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

function configFiles(defaultLocale: string): Record<string, { text: string; mode: number }> {
  const yaml = (comment: string, value: unknown) => `# ${comment}\n${stringify(value)}`;
  const { rest } = defaults.api;
  return {
    'server.yaml': { mode: 0o644, text: yaml('HTTP server. Environment HOST and PORT override these; `folio serve --host/--port` overrides both.', { host: defaults.server.host, port: defaults.server.port }) },
    'users-permissions.yaml': {
      mode: 0o644,
      text: yaml('Accounts, tokens and registration. No secrets here: the JWT signing key is JWT_SECRET in .env (or the environment).', {
        jwt: { expiresIn: defaults.usersPermissions.jwt.expiresIn },
        jwtManagement: defaults.usersPermissions.jwtManagement,
        advanced: { ...defaults.usersPermissions.advanced },
        register: { allowedFields: [] },
        ratelimit: { ...defaults.usersPermissions.ratelimit },
      }),
    },
    'email.yaml': { mode: 0o644, text: yaml('Email: `outbox` writes each message to data/outbox/ as an .eml file; `smtp` sends it.', { transport: defaults.email.transport, from: defaults.email.from }) },
    'i18n.yaml': {
      mode: 0o644,
      text: yaml('Locales. Manage them with `folio locale add|remove|default`.', { locales: [{ code: defaultLocale, name: defaultLocaleName(defaultLocale) }], defaultLocale }),
    },
    'api.yaml': { mode: 0o644, text: yaml('REST API settings.', { rest: { ...rest } }) },
  };
}

/**
 * Creates a project in `dir` (which must be missing or empty).
 * @example await scaffoldProject('site', { defaultLocale: 'en' })
 */
export async function scaffoldProject(dir: string, options: ScaffoldOptions = {}): Promise<ProjectPaths> {
  const defaultLocale = options.defaultLocale ?? 'en';
  assertLocaleCode(defaultLocale);
  const paths = projectPaths(dir);
  if (!(await isEmptyOrMissing(paths.root))) {
    throw new ApplicationError(`${displayDir(paths.root)} is not empty; choose a new directory for the project`);
  }
  // Run once from the CLI: a store of its own, idle again by the time this resolves.
  await withFileStore(async (files) => {
    for (const [name, { text, mode }] of Object.entries(configFiles(defaultLocale))) {
      await files.writeFileAtomic(join(paths.config, name), text, { mode });
    }
    await mkdir(join(paths.contentTypes, 'components'), { recursive: true });
    await files.writeFileAtomic(paths.envFile, newEnvFile(), { mode: 0o600 });
    await files.writeFileAtomic(join(paths.root, '.gitignore'), PROJECT_GITIGNORE, { mode: 0o644 });
    await mkdir(paths.data, { recursive: true, mode: 0o700 });
    const [roles, permissions] = await Promise.all([openTable<RoleRow>(files, paths.data, 'roles'), openTable<PermissionRow>(files, paths.data, 'permissions')]);
    await seedBuiltInRoles(roles, permissions);
  });
  return paths;
}
