/** `folio locale add|list|remove|default`: the locales in config/i18n.yaml. A running server follows them live. */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';
import { valueOrAsk } from '../prompt.js';

async function where(dir: string, env: CliIo['env']) {
  const { projectPaths, projectEnv, assertProject } = await import('../../project/index.js');
  await assertProject(projectPaths(dir));
  const paths = projectPaths(dir, await projectEnv(dir, env)); // FOLIO_DATA_DIR may be in .env
  return { projectDir: paths.root, dataDir: paths.data };
}

export function registerLocale(program: Command, io: CliIo): void {
  const group = program.command('locale').description('manage locales (config/i18n.yaml)');

  group
    .command('add [code]')
    .description('add a locale, e.g. fr or pt-BR')
    .option('--name <name>', 'display name (default: from the code, e.g. "French (fr)")')
    .action(async (codeArg: string | undefined, options: { name?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { addLocale } = await import('../../i18n/index.js');
      const code = await valueOrAsk(io, globals, codeArg, { flag: '<code>', message: 'Locale code (e.g. fr)' });
      const locale = await addLocale(await where(globals.dir, io.env), code, options.name);
      done(io, globals, locale, `Added locale ${locale.code} (${locale.name}).`);
    });

  group
    .command('list')
    .description('list locales; the default one is marked')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [{ readConfigFile, resolveI18n }, { projectDir }] = await Promise.all([import('../../config/index.js'), where(globals.dir, io.env)]);
      const i18n = resolveI18n(await readConfigFile(projectDir, 'i18n'));
      const locales = i18n.locales.map((locale) => ({ ...locale, isDefault: locale.code === i18n.defaultLocale }));
      emit(io, globals, locales, () => table(locales, ['code', 'name', 'isDefault']));
    });

  group
    .command('remove <code>')
    .description('remove a locale (not the default one)')
    .action(async (code: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { removeLocale } = await import('../../i18n/index.js');
      const locale = await removeLocale(await where(globals.dir, io.env), code);
      done(io, globals, locale, `Removed locale ${locale.code}.`);
    });

  group
    .command('default <code>')
    .description('make a locale the default one')
    .action(async (code: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { setDefaultLocale } = await import('../../i18n/index.js');
      const locale = await setDefaultLocale(await where(globals.dir, io.env), code);
      done(io, globals, locale, `The default locale is now ${locale.code}.`);
    });
}
