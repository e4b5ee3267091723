/** The only file that knows the on-disk names of a project (CONTRACT.md "Project layout"). */
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { ApplicationError } from '../errors.js';

export interface ProjectPaths {
  root: string;
  config: string;
  contentTypes: string;
  data: string;
  /** data/content/<type>/<documentId>/<status>.<locale>.json */
  content: string;
  outbox: string;
}

/** The lowdb tables under data/. */
export const TABLES = ['users', 'roles', 'permissions', 'sessions', 'tokens'] as const;
export type TableName = (typeof TABLES)[number];

/**
 * Where a project's files are; `FOLIO_DATA_DIR` (absolute, or relative to the project) moves `data/`.
 * @example projectPaths('site', process.env).data // '/abs/site/data'
 */
export function projectPaths(dir: string, env: Record<string, string | undefined> = {}): ProjectPaths {
  const root = resolve(dir);
  const dataOverride = env.FOLIO_DATA_DIR;
  const data = dataOverride ? (isAbsolute(dataOverride) ? dataOverride : join(root, dataOverride)) : join(root, 'data');
  return {
    root,
    config: join(root, 'config'),
    contentTypes: join(root, 'content-types'),
    data,
    content: join(data, 'content'),
    outbox: join(data, 'outbox'),
  };
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
