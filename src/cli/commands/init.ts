/** `folio init [dir]`: scaffold a project. */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done } from '../output.js';
import { valueOrAsk } from '../prompt.js';
import { folioCommand, shellWord } from '../self-command.js';

export function registerInit(program: Command, io: CliIo): void {
  program
    .command('init [dir]')
    .description('create a project: config/, content-types/, data/ with the built-in roles, .env with generated secrets, and a .gitignore')
    .option('--default-locale <code>', 'the default locale of the new project (default: en)')
    .action(async (dir: string | undefined, options: { defaultLocale?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { scaffoldProject, displayDir } = await import('../../project/index.js');
      const defaultLocale = await valueOrAsk(io, globals, options.defaultLocale, { flag: '--default-locale <code>', message: 'Default locale', default: 'en' });
      const paths = await scaffoldProject(dir ?? globals.dir, { defaultLocale });
      const shown = displayDir(paths.root);
      const next = `${folioCommand(io.env)} --dir ${shellWord(shown)} serve`;
      done(io, globals, { dir: paths.root, defaultLocale }, `Created a foliocms project in ${shown}. Next: ${next}`);
    });
}
