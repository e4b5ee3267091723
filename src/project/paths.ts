/**
 * Where a project's files are. The on-disk names of its folders and `.env` live in
 * src/project-layout.ts (a shared module: schema/, a layer below project/, reads content-types/
 * too); this file joins them into one project's paths (`projectPaths`) and passes them on to the
 * rest of project/, and it holds the names of the tables under data/, the `.gitignore` of a new
 * project and the reading of `.env` (docs/getting-started.md "Project layout" lists them all).
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import * as util from 'node:util';
import { ApplicationError, ProjectFileError } from '../errors.js';
import { CONFIG_FOLDER, CONTENT_FOLDER, CONTENT_TYPES_FOLDER, DATA_FOLDER, ENV_FILE, OUTBOX_FOLDER } from '../project-layout.js';

export { CONFIG_FOLDER, CONTENT_FOLDER, CONTENT_TYPES_FOLDER, DATA_FOLDER, ENV_FILE, OUTBOX_FOLDER };

export interface ProjectPaths {
  root: string;
  /** `.env`: the project's secrets, never versioned (see `projectEnv`). */
  envFile: string;
  config: string;
  contentTypes: string;
  data: string;
  /** data/content/<type>/<documentId>/<status>.<locale>.json */
  content: string;
  outbox: string;
}

/** The lowdb tables under data/. */
export const TABLES = ['users', 'roles', 'permissions', 'sessions', 'tokens', 'files', 'webhooks', 'deliveries'] as const;
export type TableName = (typeof TABLES)[number];

/**
 * The `.gitignore` of a new project: content, content types, config, roles and permissions are
 * versioned; accounts and secrets are not. A new table or file under data/ that holds accounts or
 * secrets belongs here too (docs/content-in-git.md lists the same).
 */
export const PROJECT_GITIGNORE = `# foliocms: content (data/content/), content types, config/, roles and permissions are
# versioned, so a team reviews and deploys them with git. Accounts and secrets are not.

# Secrets: JWT_SECRET and API_TOKEN_SALT, written by \`folio init\`. One site's processes share them.
.env

# Dependencies.
node_modules/

# Accounts: users with their password hashes, refresh sessions, one-time codes and API tokens.
data/users.json
data/sessions.json
data/*token*.json

# The JWT secret the server generates when none is set (projects without a .env).
data/.jwt-secret

# Emails written with \`transport: outbox\`: they carry reset codes and confirmation tokens.
data/outbox/

# Webhooks (their secrets and header values) and their deliveries.
data/webhooks.json
data/deliveries.json
data/deliveries/

# History: the writes waiting for their commit (they name their authors), and the history a
# project keeps in data/history/ when it does not commit to git.
data/.pending-commits-*.jsonl
data/history/

# Lock files and the temporary files (and folders) of writes in progress.
data/**/.*.lock
data/**/.*.tmp

# The staging folder of a \`folio import\` in progress.
/.folio-import.*.tmp/
`;

/**
 * Where a project's files are; `FOLIO_DATA_DIR` (absolute, or relative to the project) moves `data/`.
 * @example projectPaths('site', process.env).data // '/abs/site/data'
 */
export function projectPaths(dir: string, env: Record<string, string | undefined> = {}): ProjectPaths {
  const root = resolve(dir);
  const dataOverride = env.FOLIO_DATA_DIR;
  const data = dataOverride ? (isAbsolute(dataOverride) ? dataOverride : join(root, dataOverride)) : join(root, DATA_FOLDER);
  return {
    root,
    envFile: join(root, ENV_FILE),
    config: join(root, CONFIG_FOLDER),
    contentTypes: join(root, CONTENT_TYPES_FOLDER),
    data,
    content: join(data, CONTENT_FOLDER),
    outbox: join(data, OUTBOX_FOLDER),
  };
}

/**
 * The paths of a data folder on its own, outside any project it belongs to (an import's staged
 * data): its documents under it as in a project's.
 * @example dataFolderPaths('/site/.folio-import.1.tmp/data').content // '/site/.folio-import.1.tmp/data/content'
 */
export function dataFolderPaths(dataDir: string): ProjectPaths {
  return projectPaths(dirname(resolve(dataDir)), { FOLIO_DATA_DIR: resolve(dataDir) });
}

/**
 * The environment a project's server and commands read: the variables of `<dir>/.env` (parsed
 * with Node's `util.parseEnv`) under `env`, the real environment, which wins. A missing `.env`
 * is none; one that cannot be read or parsed is a ProjectFileError naming it (and a line, never a value).
 * @example const env = await projectEnv('site', process.env); projectPaths('site', env); loadConfig(root, { env });
 */
export async function projectEnv(dir: string, env: Record<string, string | undefined> = {}): Promise<Record<string, string | undefined>> {
  let text: string;
  try {
    text = await readFile(join(resolve(dir), ENV_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ...env };
    throw new ProjectFileError(ENV_FILE, undefined, `cannot be read (${code ?? (error as Error).message})`, { cause: error });
  }
  if (typeof util.parseEnv !== 'function') throw new ProjectFileError(ENV_FILE, undefined, 'needs Node.js 20.12 or newer to be read (util.parseEnv)');
  const problem = envFileProblem(text);
  if (problem) throw new ProjectFileError(ENV_FILE, undefined, problem);
  const fromFile = util.parseEnv(text);
  const layered: Record<string, string | undefined> = { ...fromFile };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) layered[name] = value;
  return layered;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Why `.env` text is not a list of `NAME=value` lines (`util.parseEnv` skips such lines, or
 * folds them into the next name, without a word). Never quotes the line: it may be a secret.
 */
function envFileProblem(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (!match || !ENV_NAME.test(match[1]!)) return `line ${index + 1} is not a NAME=value line`;
    // A quoted value may go on over the next lines, up to its closing quote (as parseEnv reads it).
    const quote = match[2]![0];
    if ((quote === '"' || quote === "'" || quote === '`') && !match[2]!.slice(1).includes(quote)) {
      const closing = lines.findIndex((next, at) => at > index && next.includes(quote));
      if (closing !== -1) index = closing;
    }
  }
  return undefined;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}

/** How a project directory is named in messages: as the user typed it, relative to where they are. */
export function displayDir(root: string): string {
  const shown = relative(process.cwd(), root);
  return shown === '' ? '.' : shown.startsWith('..') ? root : shown;
}

/** Fails with a message a user can act on when `dir` is not a foliocms project. */
export async function assertProject(paths: ProjectPaths): Promise<void> {
  const shown = displayDir(paths.root);
  if (!(await isDirectory(paths.root))) throw new ApplicationError(`${shown} does not exist; create a project with \`folio init ${shown}\``);
  if (!(await isDirectory(paths.config))) {
    throw new ApplicationError(`${shown} is not a foliocms project (it has no config/ folder); create one with \`folio init ${shown}\``);
  }
}
