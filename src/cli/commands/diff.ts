/**
 * `folio diff [<from>] [<to>]`: the content changes between two git revisions of the project, one
 * line per document version in words a reviewer reads, for a content pull request. Like `git
 * diff`: no revision is the work tree against HEAD, one is the work tree against it.
 */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { emit } from '../output.js';

export function registerDiff(program: Command, io: CliIo): void {
  program
    .command('diff [from] [to]')
    .description('content changes between two git revisions, in words (default: the work tree against HEAD)')
    .action(async (from: string | undefined, to: string | undefined, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [{ assertProject, projectEnv, projectPaths }, { loadSchemas }, { readConfigFile, resolveI18n }, { diffContent }] = await Promise.all([
        import('../../project/index.js'),
        import('../../schema/index.js'),
        import('../../config/index.js'),
        import('../../history/index.js'),
      ]);
      await assertProject(projectPaths(globals.dir));
      const paths = projectPaths(globals.dir, await projectEnv(globals.dir, io.env)); // FOLIO_DATA_DIR may be in .env
      // The work tree's content types say which attributes are private; the files of either side add to them.
      const schemas = await loadSchemas(paths.root);
      const { defaultLocale } = resolveI18n(await readConfigFile(paths.root, 'i18n'));
      const diff = await diffContent(paths.root, from, to, { dataDir: paths.data, contentTypesDir: paths.contentTypes, schemas, defaultLocale });
      emit(io, globals, diff.json, () => (diff.lines.length === 0 ? 'no content changes\n' : diff.lines.map((line) => `${line}\n`).join('')));
    });
}
