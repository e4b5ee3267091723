/**
 * `folio check`: validates a project without starting it (config, content types, components and
 * every document file), for a CI job on a content repository. One line per problem on stdout,
 * `path:line: message`, then a summary on stderr and exit 1; `ok: …` and exit 0 when there is none.
 */
import type { Command } from 'commander';
import { ApplicationError } from '../../errors.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { emit } from '../output.js';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function registerCheck(program: Command, io: CliIo): void {
  program
    .command('check')
    .description('validate content types, components and document files without starting the server; exit 1 on any problem')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { checkProject } = await import('../../project/index.js');
      const report = await checkProject(globals.dir, { env: io.env });
      const { counts } = report;
      emit(io, globals, report, () =>
        report.ok
          ? `ok: ${plural(counts.contentTypes, 'content type')}, ${plural(counts.components, 'component')}, ${plural(counts.documents, 'document')}\n`
          : report.problems.map(({ path, line, message }) => `${path}:${line}: ${message}\n`).join(''),
      );
      if (!report.ok) {
        const files = new Set(report.problems.map(({ path }) => path)).size;
        // run() prints it on stderr as `folio: …` and exits 1.
        throw new ApplicationError(`check found ${plural(report.problems.length, 'problem')} in ${plural(files, 'file')}`);
      }
    });
}
