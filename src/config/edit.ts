/**
 * `folio config get|set` and every other command that edits `config/*.yaml`: dotted keys whose
 * first segment names the file, values parsed as YAML, comments kept, the whole file validated
 * before anything is written, and the write atomic under the project lock.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMap, parseDocument, type Document } from 'yaml';
import { ProjectFileError, ValidationError } from '../errors.js';
import { withFileStore } from '../storage/index.js';
import { didYouMean } from '../suggest.js';
import { parseYaml } from '../yaml.js';
import { defaults } from './defaults.js';
import { configFileNames, configFilePath, validateConfigFile } from './load.js';
import { literalSecrets } from './secrets.js';
import { shapes } from './shape.js';
import { CONFIG_FILES, type ConfigFileName } from './types.js';
import { mergeLayers, type Shape } from './checks.js';

export interface ConfigKey {
  file: ConfigFileName;
  path: string[];
}

/**
 * Splits `users-permissions.jwtManagement` into the file and the key inside it.
 * @example parseConfigKey('server.port') // { file: 'server', path: ['port'] }
 */
export function parseConfigKey(dotted: string): ConfigKey {
  const [file, ...path] = dotted.split('.');
  if (!file || !(configFileNames as string[]).includes(file)) {
    throw new ValidationError(
      `"${dotted}" does not start with a config file name (${configFileNames.join(', ')})${didYouMean(file ?? '', configFileNames)}`,
    );
  }
  if (path.some((segment) => segment === '')) throw new ValidationError(`"${dotted}" has an empty segment`);
  let shape: Shape | unknown = shapes[file as ConfigFileName];
  for (const [index, segment] of path.entries()) {
    if (typeof shape === 'function') break; // inside a free-form value (a record or a list)
    const next = (shape as Shape)[segment];
    if (next === undefined) {
      const where = [file, ...path.slice(0, index)].join('.');
      throw new ValidationError(`${where}.${segment} is not a known setting${didYouMean(segment, Object.keys(shape as Shape))}`);
    }
    shape = next;
  }
  return { file: file as ConfigFileName, path };
}

async function readDocument(projectDir: string, file: ConfigFileName): Promise<Document> {
  const display = configFilePath(file);
  let text = '';
  try {
    text = await readFile(join(projectDir, display), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  parseYaml(text, display); // the same line-numbered message as at startup
  const doc = parseDocument(text);
  if (!isMap(doc.contents)) doc.contents = doc.createNode({}) as never;
  return doc;
}

/**
 * Applies `mutate` to `config/<file>.yaml` as a YAML document (comments survive), validates the
 * result, and writes it atomically under the project lock. Nothing is written if anything fails.
 * @example await editConfigFile(dir, dataDir, 'i18n', (doc) => doc.setIn(['defaultLocale'], 'fr'));
 */
export async function editConfigFile<T>(
  projectDir: string,
  dataDir: string,
  file: ConfigFileName,
  mutate: (doc: Document, current: Record<string, unknown>) => T,
): Promise<T> {
  // Run from the CLI, once: a store of its own, idle again by the time this resolves.
  return withFileStore((files) => files.withLock(join(dataDir, `.config-${file}.lock`), async () => {
    const doc = await readDocument(projectDir, file);
    const current = validateConfigFile(file, doc.toJS());
    const result = mutate(doc, current);
    const next: unknown = doc.toJS();
    validateConfigFile(file, next);
    // Config files are shared (0644) like the rest of config/, unless one holds a secret as it is.
    const mode = literalSecrets(file, next).length > 0 ? 0o600 : 0o644;
    await files.writeFileAtomic(join(projectDir, configFilePath(file)), doc.toString(), { mode });
    return result;
  }));
}

function lookup(value: unknown, path: string[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * The value a key has for this project: the file's value as written (`env:NAME` stays so, the
 * secret is not read), or the default.
 * @example await getConfigValue(dir, 'users-permissions.jwtManagement') // 'legacy-support'
 */
export async function getConfigValue(projectDir: string, dotted: string): Promise<unknown> {
  const key = parseConfigKey(dotted);
  const doc = await readDocument(projectDir, key.file);
  const effective = mergeLayers(defaults[CONFIG_FILES[key.file]], validateConfigFile(key.file, doc.toJS()));
  return lookup(effective, key.path) ?? null;
}

/**
 * Sets a key, parsing `raw` as YAML (`true`, `5`, `refresh`, `[nickname, age]`).
 * @example await setConfigValue(dir, dataDir, 'server.port', '8080')
 */
export async function setConfigValue(projectDir: string, dataDir: string, dotted: string, raw: string): Promise<unknown> {
  const key = parseConfigKey(dotted);
  if (key.path.length === 0) throw new ValidationError(`name a key inside ${key.file}, e.g. ${key.file}.${Object.keys(shapes[key.file])[0]}`);
  let value: unknown;
  try {
    value = parseYaml(raw, 'the value');
  } catch (error) {
    throw new ValidationError((error as Error).message);
  }
  return editConfigFile(projectDir, dataDir, key.file, (doc) => {
    doc.setIn(key.path, value);
    return value;
  }).catch((error: unknown) => {
    // Name the key the user typed rather than leaving them to map the file error back to it.
    if (error instanceof ProjectFileError && error.file === configFilePath(key.file)) throw new ValidationError(error.message);
    throw error;
  });
}
