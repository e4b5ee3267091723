/** `folio config get|set <key>`: dotted keys whose first segment names the file in config/. */
import type { Command } from 'commander';
import type { ConfigFileName } from '../../config/index.js';
import { isPlainObject } from '../../objects.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { emit } from '../output.js';

/** Files a running server reads live; changes to the others take effect at the next start. */
const LIVE_FILES = new Set(['i18n']);

/** How a secret written as it is in a file is printed: a terminal's scrollback or a CI log keeps what it shows. */
const HIDDEN = '[hidden]';

type SecretsOf = (file: ConfigFileName, content: unknown) => readonly unknown[];

/** `value` as it sits at `path` in its file: the file's content with only that key. */
function inFile(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value);
}

/**
 * `value` (the setting at `path` in config/`file`.yaml) with each secret in it written as `[hidden]`:
 * the value itself, or those inside it (`config get users-permissions.providers`).
 */
function hideSecrets(file: ConfigFileName, path: readonly string[], value: unknown, secretsOf: SecretsOf): unknown {
  const hide = (item: unknown, at: readonly string[]): unknown => {
    if (Array.isArray(item)) return item.map((entry, index) => hide(entry, [...at, String(index)]));
    if (!isPlainObject(item)) return secretsOf(file, inFile(at, item)).length > 0 ? HIDDEN : item;
    return Object.fromEntries(Object.entries(item).map(([name, entry]) => [name, hide(entry, [...at, name])]));
  };
  return hide(value, path);
}

export function registerConfig(program: Command, io: CliIo): void {
  const group = program.command('config').description('read or write a setting in config/*.yaml (e.g. server.port)');

  group
    .command('get <key>')
    .description(
      'print a setting (its value in the file, else the default) as YAML, or JSON with --json; ' +
        'env:NAME values are printed as written, secrets written as they are as [hidden]',
    )
    .action(async (key: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [config, { assertProject, projectPaths }, { stringify }] = await Promise.all([
        import('../../config/index.js'),
        import('../../project/index.js'),
        import('yaml'),
      ]);
      const { getConfigValue, parseConfigKey, literalSecrets, secretWarning, configFilePath } = config;
      const paths = projectPaths(globals.dir);
      await assertProject(paths);
      const value = await getConfigValue(paths.root, key);
      const { file, path } = parseConfigKey(key);
      const shown = hideSecrets(file, path, value, literalSecrets);
      emit(io, globals, shown, () => stringify(shown));
      for (const secret of literalSecrets(file, inFile(path, value))) {
        io.err(`warning: ${secretWarning(configFilePath(file), secret)}\n`);
      }
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
      const secrets = literalSecrets(file, inFile(path, value));
      const shown = hideSecrets(file, path, value, literalSecrets);
      emit(io, globals, { key, value: shown }, () => `Set ${key} = ${JSON.stringify(shown)} in config/${file}.yaml. ${when}\n`);
      for (const secret of secrets) io.err(`warning: ${secretWarning(configFilePath(file), secret)}\n`);
    });
}
