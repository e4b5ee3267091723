/**
 * `folio import strapi <archive>`: a Strapi 5 export becomes this project. The archive is read
 * twice, streamed: once to check it whole and index what the documents need (nothing written),
 * then to write the project into staging folders. The staged project is checked by the same rules
 * as `folio check`, made durable, and swapped in; any failure before the swap leaves the project
 * as it was, and a failed swap is undone.
 */
import { loadConfig } from '../config/index.js';
import { ApplicationError } from '../errors.js';
import { createFileStore } from '../storage/index.js';
import { readExport } from './read-export.js';
import { importReport } from './report.js';
import { rowBuilder } from './rows.js';
import { stagingFor, syncTree, type Staging } from './stage.js';
import { stageDocumentsAndFiles } from './stage-documents.js';
import { stageSchemasAndSettings } from './stage-settings.js';
import { stageTables } from './stage-tables.js';
import { checkTarget, cleanUpTarget, openTargetProject, projectFolder, swapIntoProject } from './target.js';
import type { ImportOptions, ImportReport, Progress } from './types.js';

/**
 * Imports the Strapi export `archive` into the project at `dir` (made there when the folder is
 * empty or missing).
 * @example const report = await importStrapi('site', 'export.tar.gz', { env: process.env });
 */
export async function importStrapi(dir: string, archive: string, options: ImportOptions = {}): Promise<ImportReport> {
  const progress = options.progress ?? (() => {});
  const dryRun = options.dryRun === true;
  // The project as it is: refused now, before the archive is read, if it holds content.
  const target = await checkTarget(dir, options);
  const plan = await readExport(archive, progress);
  // A new project is made first (a dry run makes a throwaway one), and removed again if the import fails.
  const folder = await projectFolder(target, dryRun);
  let staging: Staging | undefined;
  let committed = false;
  try {
    const project = await openTargetProject(folder, target, plan.defaultLocale, options.env);
    const stage = (staging = await stagingFor(dryRun ? undefined : project.paths.root, dryRun ? undefined : project.paths.data));
    const schemas = await stageSchemasAndSettings(stage, project.paths.config, plan);
    const rows = rowBuilder(plan.index, schemas);
    // Written without an fsync per file, and made durable whole before it is swapped in.
    const fileStore = createFileStore({ deferSync: true });
    const unknownRows = await stageDocumentsAndFiles(stage, { plan, schemas, rows, fileStore, dryRun, progress });
    const staged = await stageTables(plan.index, schemas, rows, { fileStore, stagedData: stage.data, dryRun });
    const report = importReport({ plan, project: target.shown, dryRun, schemas, rows, staged, unknownRows });
    if (dryRun) return report;
    await checkStagedSettings(stage, plan.shown, progress);
    await makeDurable(stage, progress);
    await swapIntoProject(project, stage, plan.assetsToCopy);
    committed = true;
    return report;
  } finally {
    await staging?.remove();
    await cleanUpTarget(target, folder, dryRun, committed);
  }
}

/** The staged config must load as the server would load it (each document was checked as it came). */
async function checkStagedSettings(stage: Staging, shownArchive: string, progress: Progress): Promise<void> {
  progress('checking', 0, 0);
  await loadConfig(stage.project, { env: {} }).catch((error: unknown) => {
    throw new ApplicationError(`${shownArchive}: the imported settings would not load (${(error as Error).message}); nothing was imported`);
  });
}

/** Every staged file and folder synced, once, before anything is swapped in. */
async function makeDurable(stage: Staging, progress: Progress): Promise<void> {
  progress('saving', 0, 0);
  await syncTree(stage.project);
  await syncTree(stage.data);
}
