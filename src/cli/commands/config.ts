/** `folio config get|set <key>`: dotted keys whose first segment names the file in config/. */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { emit } from '../output.js';

/** Files a running server reads live; changes to the others take effect at the next start. */
const LIVE_FILES = new Set(['i18n']);

export function registerConfig(program: Command, io: CliIo): void {
  const group = program.command('config').description('read or write a setting in config/*.yaml (e.g. server.port)');

  group
    .command('get <key>')
    .description('print a setting (its value in the file, else the default) as YAML, or JSON with --json; env:NAME values are printed as written')
    .action(async (key: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [{ getConfigValue }, { assertProject, projectPaths }, { stringify }] = await Promise.all([
        import('../../config/index.js'),
        import('../../project/index.js'),
        import('yaml'),
      ]);
      const paths = projectPaths(globals.dir);
      await assertProject(paths);
      const value = await getConfigValue(paths.root, key);
      emit(io, globals, value, () => stringify(value));
    });

  group
    .command('set <key> <value>')
    .description('write a setting; the value is parsed as YAML (true, 5, refresh, [nickname, age])')
    .action(async (key: string, raw: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [{ setConfigValue, parseConfigKey, literalSecrets, secretWarning, configFilePath }, { assertProject, projectEnv, projectPaths }] = await Promise.all([
        import('../../config/index.js'),
        import('../../project/index.js'),
      ]);
      await assertProject(projectPaths(globals.dir));
      const paths = projectPaths(globals.dir, await projectEnv(globals.dir, io.env)); // FOLIO_DATA_DIR may be in .env
      const value = await setConfigValue(paths.root, paths.data, key, raw);
      const { file, path } = parseConfigKey(key);
      const when = LIVE_FILES.has(file) ? 'A running server picks it up now.' : 'Restart `folio serve` for it to take effect.';
      // config/ is versioned: a secret typed here as it is would be committed with it. Nor is it
      // printed back (a terminal's scrollback, a CI log).
      const written = path.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value);
      const secrets = literalSecrets(file, written);
      const shown = secrets.length > 0 ? '[hidden]' : value;
      emit(io, globals, { key, value: shown }, () => `Set ${key} = ${JSON.stringify(shown)} in config/${file}.yaml. ${when}\n`);
      for (const secret of secrets) io.err(`warning: ${secretWarning(configFilePath(file), secret)}\n`);
    });
}
