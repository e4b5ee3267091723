/**
 * The staged project's content types, components and settings: the export's schema files written
 * and loaded by the project's own loader (a schema foliocms cannot serve refuses the import), the
 * project's config copied beside them with the export's locales, API answers shaped as Strapi's,
 * and the users-permissions `advanced` settings under foliocms's names.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { ApplicationError, ProjectFileError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import { CONFIG_FOLDER, CONTENT_TYPES_FOLDER } from '../project-layout.js';
import { insideFolder } from '../safe-path.js';
import { loadSchemas, type Schemas } from '../schema/index.js';
import type { Json } from '../storage/index.js';
import type { ExportPlan } from './read-export.js';
import type { SchemaFile } from './schemas.js';
import type { Staging } from './stage.js';

/**
 * Writes the export's schema files and the settings into the staged project (the project's config
 * read from `configDir`, its database settings left out) and loads the schemas as the server would.
 */
export async function stageSchemasAndSettings(stage: Staging, configDir: string, plan: ExportPlan): Promise<Schemas> {
  await stageSchemaFiles(stage, plan.files);
  await stageSettings(stage, configDir, plan);
  try {
    return await loadSchemas(stage.project);
  } catch (error) {
    schemaProblem(error, plan.files, plan.shown);
  }
}

/** The content types and components, each file in its place under the staged project's content-types/. */
async function stageSchemaFiles(stage: Staging, files: readonly SchemaFile[]): Promise<void> {
  const targets = files.map((file) => insideFolder(stage.project, 'schema file name', ...file.names));
  for (const [i, file] of files.entries()) {
    await mkdir(dirname(targets[i]!), { recursive: true });
    await writeFile(targets[i]!, file.text, { mode: 0o644 });
  }
  await mkdir(join(stage.project, CONTENT_TYPES_FOLDER, 'components'), { recursive: true });
}

/** The project's config files copied (all but its database settings), with the keys an import sets. */
async function stageSettings(stage: Staging, configDir: string, plan: ExportPlan): Promise<void> {
  const stagedConfig = join(stage.project, CONFIG_FOLDER);
  await mkdir(stagedConfig, { recursive: true });
  for (const name of await readdir(configDir)) {
    if (name !== 'database.yaml' && name !== 'database.yml') {
      await writeFile(join(stagedConfig, name), await readFile(join(configDir, name)), { mode: 0o644 });
    }
  }
  await setYaml(join(stagedConfig, 'i18n.yaml'), [
    [['locales'], plan.locales],
    [['defaultLocale'], plan.defaultLocale],
  ]);
  // A front end written for Strapi reads one document in a locale as an object, and component
  // entries with their ids (some key them by it), as Strapi answers them.
  await setYaml(join(stagedConfig, 'api.yaml'), [
    [['rest', 'localeDocumentAsArray'], false],
    [['rest', 'componentIds'], true],
  ]);
  const advanced = advancedSettings(plan.index.settings.get('plugin_users-permissions_advanced'));
  await setYaml(
    join(stagedConfig, 'users-permissions.yaml'),
    Object.entries(advanced).map(([key, value]) => [['advanced', key], value]),
  );
}

const asBoolean = (raw: unknown) => (typeof raw === 'boolean' ? raw : undefined);
const asText = (raw: unknown) => (typeof raw === 'string' ? raw : raw === null ? '' : undefined);

/** Strapi's users-permissions `advanced` settings under foliocms's names. */
function advancedSettings(value: unknown): Record<string, Json> {
  if (!isPlainObject(value)) return {};
  const pairs: Array<[string, string, (raw: unknown) => Json | undefined]> = [
    ['unique_email', 'uniqueEmail', asBoolean],
    ['allow_register', 'allowRegister', asBoolean],
    ['email_confirmation', 'emailConfirmation', asBoolean],
    ['email_confirmation_redirection', 'emailConfirmationRedirection', asText],
    ['email_reset_password', 'emailResetPasswordUrl', asText],
    ['default_role', 'defaultRole', (raw) => (typeof raw === 'string' && raw !== '' ? raw : undefined)],
  ];
  const settings: Record<string, Json> = {};
  for (const [strapiKey, key, read] of pairs) {
    const read_ = read(value[strapiKey]);
    if (read_ !== undefined) settings[key] = read_;
  }
  return settings;
}

/** Sets keys of a YAML config file, keeping its comments and the keys it has. */
async function setYaml(file: string, changes: Array<[path: string[], value: unknown]>): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const document = parseDocument(text);
  if (document.contents === null) document.contents = document.createNode({}) as never;
  for (const [path, value] of changes) document.setIn(path, value);
  await writeFile(file, document.toString({ lineWidth: 0 }), { mode: 0o644 });
}

/** A loader's complaint about a staged schema file, said of the archive entry it came from. */
function schemaProblem(error: unknown, files: readonly SchemaFile[], archive: string): never {
  if (!(error instanceof ProjectFileError)) throw error;
  const source = files.find((file) => file.path === error.file);
  const problem = error.message.slice(error.file.length + 2);
  const where = source ? `${source.entry} (${source.uid})` : error.file;
  throw new ApplicationError(`${archive}: ${where}: ${problem}; foliocms cannot serve this schema, nothing was imported`);
}
