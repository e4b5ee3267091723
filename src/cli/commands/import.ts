/**
 * `folio import strapi <archive> [--dry-run] [--force]`: a Strapi 5 export becomes this project.
 * On a terminal each stage shows a progress bar with its counts; the summary is plain text (or
 * `--json`) either way.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ImportReport, ImportStage } from '../../import/index.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { emit } from '../output.js';

const STAGE_LABELS: Record<ImportStage, string> = {
  reading: 'Reading the archive',
  documents: 'Writing documents',
  files: 'Copying files',
  checking: 'Checking the project',
  saving: 'Saving',
};
const BAR_WIDTH = 24;
const REDRAW_MS = 100;

/** One line per stage, redrawn in place at most every 100 ms; bytes shown in MB. */
function progressBar(io: CliIo) {
  let stage: ImportStage | undefined;
  let drawnAt = 0;
  let last = '';
  const draw = (line: string) => {
    io.err(`\r${line.padEnd(last.length)}`);
    last = line;
  };
  const text = (current: ImportStage, done: number, total: number) => {
    const count = current === 'reading' ? `${(done / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} MB` : total > 0 ? `${done} / ${total}` : '';
    if (total <= 0) return `${STAGE_LABELS[current]}…`;
    const filled = Math.round((Math.min(done, total) / total) * BAR_WIDTH);
    return `${STAGE_LABELS[current].padEnd(22)} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${count}`;
  };
  return {
    update(current: ImportStage, done: number, total: number) {
      const now = Date.now();
      if (current !== stage) {
        if (stage !== undefined) io.err('\n');
        stage = current;
        last = '';
      } else if (now - drawnAt < REDRAW_MS && done < total) return;
      drawnAt = now;
      draw(text(current, done, total));
    },
    end() {
      if (stage !== undefined) io.err('\n');
    },
  };
}

/** The summary: what was imported, per type and locale, and what was skipped and why. */
export function importSummary(report: ImportReport): string {
  const lines = [
    `${report.dryRun ? 'Dry run: nothing was written. The import would bring' : 'Imported'} ${report.archive} (Strapi ${report.strapiVersion}) into ${report.project}:`,
    `  content types: ${report.contentTypes.length} (${report.contentTypes.join(', ') || 'none'})`,
    `  components: ${report.components.length}${report.components.length > 0 ? ` (${report.components.join(', ')})` : ''}`,
    `  locales: ${report.locales.join(', ')} (default ${report.defaultLocale})`,
    '  documents:',
    ...(report.documents.length === 0 ? ['    none'] : report.documents.map((row) => `    ${row.type}${row.locale === null ? '' : ` [${row.locale}]`}: ${row.documents} document(s), ${row.versions} version(s)`)),
    `  relations: ${report.relations}`,
    `  users: ${report.users}, roles: ${report.roles}, permissions: ${report.permissions}`,
    `  files: ${report.files}`,
    'Skipped:',
    ...report.skipped.map((item) => `  ${item.what}${item.count > 0 ? ` (${item.count})` : ''}: ${item.why}`),
  ];
  return lines.join('\n') + '\n';
}

export function registerImport(program: Command, io: CliIo): void {
  const group = program.command('import').description('move a site into foliocms from another CMS');
  group
    .command('strapi <archive>')
    .description('import a Strapi 5 export (`strapi export --no-encrypt`: .tar.gz or .tar): content types, locales, documents, relations, users with their passwords, roles, permissions and files')
    .option('--dry-run', 'read and check the whole archive and print the summary, writing nothing')
    .option('--force', 'replace the content, users and files a project already holds')
    .action(async (archive: string, options: { dryRun?: boolean; force?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { importStrapi } = await import('../../import/index.js');
      const bar = io.isTTY && !globals.json ? progressBar(io) : undefined;
      try {
        const report = await importStrapi(globals.dir, resolve(archive), { dryRun: options.dryRun, force: options.force, env: io.env, progress: bar?.update });
        bar?.end();
        const { extensionEntry } = await import('../../extensions/index.js');
        const entry = extensionEntry(resolve(globals.dir));
        if (entry) report.skipped.push({ what: `document middlewares (${entry})`, count: 0, why: "not run: the archive's documents are written as Strapi exported them" });
        emit(io, globals, report, () => importSummary(report));
      } catch (error) {
        bar?.end();
        throw error;
      }
    });
}
