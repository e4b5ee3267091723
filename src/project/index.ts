/**
 * @module project — a project on disk: its paths, scaffolding and content-type files, and the
 * composition root that opens it with every service built (`openProjectData`, `openProject`).
 *
 * The composition root is loaded on first use: `folio config`, `locale`, `init` and
 * `content-type` need only the project's files, and loading every service would add about 50 ms
 * to each of them.
 */
import type { DataOptions, MigrateReport, OpenOptions, Project, ProjectData } from './open.js';
import type { CheckOptions, CheckReport } from './check.js';
import type { CopyReport } from './copy.js';
export type { CopyReport } from './copy.js';
export { copyStoreData, type DataStore } from './store-copy.js';
export { openDataStore, openFilesDataStore, takeOverStaged } from './store.js';

export { projectPaths, projectEnv, assertProject, displayDir, TABLES, ENV_FILE, PROJECT_GITIGNORE, type ProjectPaths, type TableName } from './paths.js';
export { createContentTypeFile, listContentTypes, type ContentTypeSummary } from './content-types.js';
export { isEmptyOrMissing, scaffoldProject, type ScaffoldOptions } from './scaffold.js';
export type { DataOptions, MigrateReport, OpenOptions, Project, ProjectData, Tables } from './open.js';

/**
 * Opens a project's config, content types and tables (not its documents), seeding the built-in
 * roles on a new data/ folder, and builds the user and role services: the one place they are
 * built, for the CLI and (through `openProject`) the server.
 * @example const { users, roles } = await openProjectData('site', { env: process.env });
 */
export async function openProjectData(dir: string, options: DataOptions = {}): Promise<ProjectData> {
  return (await import('./open.js')).openProjectData(dir, options);
}

/**
 * Opens a project for serving: validated config and content types, tables and documents read
 * into memory, the built-in roles seeded on a new data/ folder, every service built.
 * @example const project = await openProject('site', { env: process.env });
 */
export async function openProject(dir: string, options: OpenOptions = {}): Promise<Project> {
  return (await import('./open-project.js')).openProject(dir, options);
}

/**
 * Creates or migrates the tables of a PostgreSQL project and, in an empty database, seeds the
 * built-in roles (`folio db migrate`; the server does the same at start).
 * @example const { applied, version } = await migrateDatabase('site', { env: process.env });
 */
export async function migrateDatabase(dir: string, options: DataOptions = {}): Promise<MigrateReport> {
  return (await import('./open.js')).migrateDatabase(dir, options);
}

/**
 * Copies a project's data between `data/` and a PostgreSQL database, into a store that holds no
 * documents or accounts yet (`folio db copy --to <url>` / `--from <url>`).
 * @example const report = await copyDatabase('site', { to: 'postgres://folio@db/site' }, { env: process.env });
 */
export async function copyDatabase(dir: string, direction: { to?: string; from?: string }, options: { env?: Record<string, string | undefined> } = {}): Promise<CopyReport> {
  return (await import('./copy.js')).copyDatabase(dir, direction, options);
}

export type { OpenedFolio, OpenFolioOptions } from './open-folio.js';

/**
 * Opens a project without serving it, for scripts and static-site builds: the document service of
 * an extension (`documents(uid)`), then `close()`.
 * @example const folio = await openFolio({ dir: 'site' }); const articles = await folio.documents('api::article.article').findMany({ status: 'published' }); await folio.close();
 */
export async function openFolio(options: import('./open-folio.js').OpenFolioOptions = {}): Promise<import('./open-folio.js').OpenedFolio> {
  return (await import('./open-folio.js')).openFolio(options);
}

export type { CheckOptions, CheckProblem, CheckReport } from './check.js';

/**
 * Checks a project without opening it (nothing is written): config files, content types,
 * components and every document file; every problem as `{ path, line, message }` (`folio check`).
 * @example const { ok, problems } = await checkProject('site', { env: process.env });
 */
export async function checkProject(dir: string, options: CheckOptions = {}): Promise<CheckReport> {
  return (await import('./check.js')).checkProject(dir, options);
}
