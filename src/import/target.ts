/**
 * The project an import writes into, through the composition root's helpers: checked before the
 * archive is read (a project that holds content is refused without --force), made when its folder
 * is empty or missing (a throwaway one for a dry run), the staged parts swapped in at the end (the
 * project's store taking the staged data over), and a new project removed again when the import
 * failed.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config/index.js';
import { ApplicationError } from '../errors.js';
import { insideFolder } from '../safe-path.js';
import {
  assertProject,
  displayDir,
  isEmptyOrMissing,
  openDataStore,
  projectEnv,
  projectPaths,
  scaffoldProject,
  takeOverStaged,
  type DataStore,
  type ProjectPaths,
  type TableName,
} from '../project/index.js';
import { swapIn, type Staging, type Swap } from './stage.js';
import type { ImportOptions } from './types.js';

/** Tables an import replaces whole; API tokens are the project's own and stay. */
export const REPLACED_TABLES: readonly TableName[] = ['users', 'roles', 'permissions', 'files', 'sessions'];

/** The config files an import sets (stage-settings.ts), swapped in whole; the project's others stay. */
const SET_CONFIG_FILES = ['i18n.yaml', 'users-permissions.yaml', 'api.yaml'];

/** The folder an import is told to write into. */
export interface Target {
  root: string;
  /** The folder is empty or missing: the import makes the project. */
  fresh: boolean;
  /** The project as messages name it. */
  shown: string;
}

/** The project that is filled: made, when the target is fresh, and its settings loaded. */
export interface TargetProject {
  env: Record<string, string | undefined>;
  paths: ProjectPaths;
  config: Config;
}

/**
 * Checks the folder at `dir`: empty or missing, or a project, which must not hold content unless
 * `options.force` says to replace it. Done before the archive is read.
 */
export async function checkTarget(dir: string, options: ImportOptions): Promise<Target> {
  const root = projectPaths(dir).root;
  const fresh = await isEmptyOrMissing(root);
  if (!fresh) await assertProject(projectPaths(dir));
  if (!fresh && !options.force) await refuseHeldContent(dir, root, options.env);
  return { root, fresh, shown: displayDir(root) };
}

async function refuseHeldContent(dir: string, root: string, env: ImportOptions['env']): Promise<void> {
  const store = await openDataStore(root, await projectEnv(dir, env));
  try {
    const held = await heldContent(root, store);
    if (held) {
      const what = `${displayDir(root)} already holds content (${held})`;
      throw new ApplicationError(`${what}: import into a new project, or pass --force to replace it`);
    }
  } finally {
    await store.close();
  }
}

/** What a project holds that an import would replace, said in a few words; undefined when nothing. */
async function heldContent(root: string, store: DataStore): Promise<string | undefined> {
  const names = await readdir(projectPaths(root).contentTypes).catch(() => [] as string[]);
  const typeFiles = names.filter((name) => /\.(ya?ml|json)$/.test(name));
  const versions = (await store.documents.list()).length;
  const held = [
    typeFiles.length > 0 ? `${typeFiles.length} content type(s)` : '',
    versions > 0 ? `${versions} document version(s)` : '',
    store.tables.users.rows().length > 0 ? `${store.tables.users.rows().length} user(s)` : '',
    store.tables.files.rows().length > 0 ? `${store.tables.files.rows().length} file(s)` : '',
  ].filter(Boolean);
  return held.length > 0 ? held.join(', ') : undefined;
}

/** Where the project is made or filled: the target's folder, or for a dry run into a fresh one a throwaway folder. */
export async function projectFolder(target: Target, dryRun: boolean): Promise<string> {
  return target.fresh && dryRun ? join(await mkdtemp(join(tmpdir(), 'folio-import-base-')), 'project') : target.root;
}

/** The project at `folder`, scaffolded first when the target is fresh, with its environment and settings. */
export async function openTargetProject(
  folder: string,
  target: Target,
  defaultLocale: string,
  env: ImportOptions['env'],
): Promise<TargetProject> {
  if (target.fresh) await scaffoldProject(folder, { defaultLocale });
  const projectEnvironment = await projectEnv(folder, env);
  const paths = projectPaths(folder, projectEnvironment);
  const config = await loadConfig(paths.root, { env: projectEnvironment });
  return { env: projectEnvironment, paths, config };
}

/**
 * Puts the staged parts in place of the project's: its content types, the config files an import
 * sets, each media file (the uploads folder keeps what it holds), and the data, swapped in as
 * files or written into PostgreSQL. All or none.
 */
export async function swapIntoProject(project: TargetProject, stage: Staging, assets: ReadonlySet<string>): Promise<void> {
  const { paths, config } = project;
  // The staged project is laid out as a project is, its data folder apart.
  const staged = projectPaths(stage.project, { FOLIO_DATA_DIR: stage.data });
  const uploads = join(stage.project, 'uploads');
  const uploadsTarget = join(paths.root, config.upload.dir);
  const swaps: Swap[] = [
    { staged: staged.contentTypes, target: paths.contentTypes },
    ...SET_CONFIG_FILES.map((name) => ({ staged: join(staged.config, name), target: join(paths.config, name) })),
    ...[...assets].map((name) => ({
      staged: insideFolder(uploads, 'asset name', name),
      target: insideFolder(uploadsTarget, 'asset name', name),
    })),
  ];
  // The project's store takes the staged data over, at once with the project files: renamed in with
  // them on files, copied in first on a database.
  await takeOverStaged(config.database, paths, stage.data, REPLACED_TABLES, async (more, backup) => {
    const removeBackups = await swapIn([...swaps, ...more], backup ?? join(stage.project, '.backup'));
    await removeBackups();
  });
}

/**
 * After an import into a fresh target: a dry run's throwaway project removed; a folder that was
 * empty left empty by an import that failed.
 */
export async function cleanUpTarget(target: Target, folder: string, dryRun: boolean, committed: boolean): Promise<void> {
  if (target.fresh && dryRun) await rm(join(folder, '..'), { recursive: true, force: true });
  else if (target.fresh && !committed) {
    const names = await readdir(target.root).catch(() => [] as string[]);
    for (const name of names) await rm(join(target.root, name), { recursive: true, force: true });
  }
}
