/**
 * Reads a project's `content-types/` folder into typed `Schemas`, failing on the first problem
 * with a `ProjectFileError` that names the file and key. Order of checks, chosen so the first
 * message is the one to fix first: the folder layout, then each file on its own (YAML syntax,
 * then its keys; components before content types, as content types use them), then what spans
 * files (names taken twice, references, inverse relations, component cycles).
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join as joinPath } from 'node:path';
import { ApplicationError, ProjectFileError } from '../errors.js';
import { CONTENT_TYPES_FOLDER } from '../project-layout.js';
import { parseYaml } from '../yaml.js';
import { parseComponent, parseContentType, parseUserAttributes } from './content-type.js';
import { checkName } from './names.js';
import { SchemaProblem } from './problem.js';
import { checkNameClashes, checkReferences } from './references.js';
import { assembleSchemas } from './schemas.js';
import type { Attribute, Component, ContentType, Schemas } from './types.js';

const FOLDER = CONTENT_TYPES_FOLDER;
const COMPONENTS = 'components';
const USERS_PERMISSIONS = 'users-permissions';

/** JSON is YAML, so a Strapi `schema.json` is read by the same parser. */
const SCHEMA_FILE = /\.(ya?ml|json)$/;

export interface ComponentFile {
  file: string;
  category: string;
  name: string;
}

export interface Layout {
  contentTypes: { file: string; fileName: string }[];
  components: ComponentFile[];
  userFile?: string;
}

/**
 * Loads and checks every content type and component of the project at `projectDir`.
 *
 * @example
 * const schemas = await loadSchemas(projectDir);
 * schemas.byPlural('articles')?.uid; // 'api::article.article'
 */
export async function loadSchemas(projectDir: string): Promise<Schemas> {
  const layout = await readLayout(projectDir);

  const components = new Map<string, Component>();
  for (const { file, category, name } of layout.components) {
    const component = await readChecked(projectDir, file, (raw) => parseComponent(raw, file, category, name));
    components.set(component.uid, component);
  }
  const contentTypes: ContentType[] = [];
  for (const { file, fileName } of layout.contentTypes) {
    contentTypes.push(await readChecked(projectDir, file, (raw) => parseContentType(raw, file, fileName)));
  }
  const userAttributes: Record<string, Attribute> =
    layout.userFile === undefined ? {} : await readChecked(projectDir, layout.userFile, parseUserAttributes);

  checkNameClashes(contentTypes);
  checkReferences({ contentTypes, components, userAttributes, userFile: layout.userFile });
  return assembleSchemas(contentTypes, components, userAttributes);
}

/**
 * Where the layout readers send a problem they can skip past (`checkSchemaFiles` collects them
 * all); without one they throw it, so `loadSchemas` stops at the first.
 */
export type LayoutReport = (problem: ProjectFileError) => void;

const throwIt: LayoutReport = (problem) => {
  throw problem;
};

/** Reads one file and runs its checks, turning a `SchemaProblem` into a `ProjectFileError` naming the file. */
async function readChecked<T>(projectDir: string, file: string, check: (raw: unknown) => T): Promise<T> {
  return checkParsed(file, await readSchemaFile(projectDir, file), check);
}

/** Runs one file's checks on its parsed value, turning a `SchemaProblem` into a `ProjectFileError` naming the file. */
export function checkParsed<T>(file: string, raw: unknown, check: (raw: unknown) => T): T {
  try {
    return check(raw);
  } catch (error) {
    if (error instanceof SchemaProblem) throw new ProjectFileError(file, error.key, error.problem, { cause: error });
    throw error;
  }
}

// --- reading files ------------------------------------------------------------------------

async function readSchemaFile(projectDir: string, file: string): Promise<unknown> {
  return parseSchemaText(await readFile(joinPath(projectDir, file), 'utf8'), file);
}

/** A schema file's text parsed, with errors that name the file (and the line, for YAML syntax). */
export function parseSchemaText(text: string, file: string): unknown {
  try {
    return parseYaml(text, file);
  } catch (error) {
    if (error instanceof ApplicationError) throw error;
    // Unresolved aliases and alias bombs surface only when the parsed document is converted.
    throw new ProjectFileError(file, undefined, (error as Error).message, { cause: error });
  }
}

async function listFolder(projectDir: string, folder: string): Promise<{ name: string; isDirectory: boolean }[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(joinPath(projectDir, folder), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new ProjectFileError(folder, undefined, `folder not found; a project keeps its content types in ${FOLDER}/<singularName>.yaml`);
    }
    if (code === 'ENOTDIR') throw new ProjectFileError(folder, undefined, 'must be a folder');
    throw error;
  }
  const listed: { name: string; isDirectory: boolean }[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    // Dotfiles (.gitkeep, editor swap files) are never content.
    if (entry.name.startsWith('.')) continue;
    const isDirectory = entry.isSymbolicLink() ? (await stat(joinPath(projectDir, folder, entry.name))).isDirectory() : entry.isDirectory();
    listed.push({ name: entry.name, isDirectory });
  }
  return listed;
}

/**
 * Finds the files to read. Files that are not `.yaml`, `.yml` or `.json` are ignored (notes,
 * READMEs); folders other than `components/` and `users-permissions/` are errors, because a
 * Strapi-style `article/schema.json` left there would otherwise be silently skipped.
 */
export async function readLayout(projectDir: string, report: LayoutReport = throwIt): Promise<Layout> {
  const layout: Layout = { contentTypes: [], components: [] };
  for (const entry of await listFolder(projectDir, FOLDER)) {
    const path = `${FOLDER}/${entry.name}`;
    if (entry.isDirectory) {
      if (entry.name === COMPONENTS) layout.components = await readComponentsLayout(projectDir, report);
      else if (entry.name === USERS_PERMISSIONS) layout.userFile = await readUserLayout(projectDir, report);
      else {
        report(new ProjectFileError(
          path,
          undefined,
          `is an unexpected folder: a content type is one file, ${FOLDER}/<singularName>.yaml, and components live in ${FOLDER}/${COMPONENTS}/<category>/<name>.yaml`,
        ));
      }
    } else if (SCHEMA_FILE.test(entry.name)) {
      layout.contentTypes.push({ file: path, fileName: entry.name });
    }
  }
  // Content types sharing a stem (article.yaml, article.json) are reported by checkNameClashes, naming the key.
  return layout;
}

async function readComponentsLayout(projectDir: string, report: LayoutReport): Promise<ComponentFile[]> {
  const folder = `${FOLDER}/${COMPONENTS}`;
  const found: ComponentFile[] = [];
  for (const categoryEntry of await listFolder(projectDir, folder)) {
    const categoryPath = `${folder}/${categoryEntry.name}`;
    if (!categoryEntry.isDirectory) {
      if (SCHEMA_FILE.test(categoryEntry.name)) {
        report(new ProjectFileError(categoryPath, undefined, `is not in a category folder; components live in ${folder}/<category>/<name>.yaml`));
      }
      continue;
    }
    const category = nameFromPath(categoryPath, 'category', categoryEntry.name, report);
    if (category === undefined) continue;
    for (const entry of await listFolder(projectDir, categoryPath)) {
      const file = `${categoryPath}/${entry.name}`;
      if (entry.isDirectory) {
        report(new ProjectFileError(file, undefined, `is a folder; components are files ${folder}/<category>/<name>.yaml`));
        continue;
      }
      if (!SCHEMA_FILE.test(entry.name)) continue;
      const name = nameFromPath(file, 'component name', entry.name.replace(SCHEMA_FILE, ''), report);
      if (name !== undefined) found.push({ file, category, name });
    }
  }
  const kept = checkSameStem(found.map(({ file }) => file), report);
  return found.filter(({ file }) => kept.includes(file));
}

async function readUserLayout(projectDir: string, report: LayoutReport): Promise<string | undefined> {
  const folder = `${FOLDER}/${USERS_PERMISSIONS}`;
  const files: string[] = [];
  for (const entry of await listFolder(projectDir, folder)) {
    const file = `${folder}/${entry.name}`;
    if (!entry.isDirectory && !SCHEMA_FILE.test(entry.name)) continue;
    if (entry.isDirectory || entry.name.replace(SCHEMA_FILE, '') !== 'user') {
      report(new ProjectFileError(file, undefined, `is not read: ${folder}/ holds only user.yaml, the extra attributes of the built-in User`));
      continue;
    }
    files.push(file);
  }
  return checkSameStem(files, report)[0];
}

function nameFromPath(path: string, what: string, name: string, report: LayoutReport): string | undefined {
  try {
    return checkName(what, name);
  } catch (error) {
    if (error instanceof SchemaProblem) {
      report(new ProjectFileError(path, error.key, error.problem, { cause: error }));
      return undefined;
    }
    throw error;
  }
}

/** `article.yaml` beside `article.json` would define one thing twice. Answers the files kept (the first of each stem). */
function checkSameStem(files: readonly string[], report: LayoutReport): string[] {
  const seen = new Map<string, string>();
  const kept: string[] = [];
  for (const file of files) {
    const stem = file.replace(SCHEMA_FILE, '');
    const earlier = seen.get(stem);
    if (earlier !== undefined) {
      report(new ProjectFileError(file, undefined, `defines the same ${describeStem(stem)} as ${earlier}; keep one of the two files`));
      continue;
    }
    seen.set(stem, file);
    kept.push(file);
  }
  return kept;
}

function describeStem(stem: string): string {
  return stem.startsWith(`${FOLDER}/${COMPONENTS}/`) ? 'component' : 'User attributes';
}

/**
 * A content type from the text of its file, as it was at some other time (history reads one from
 * a past commit): the same checks as loading it, against no other file.
 * @example contentTypeFromText(yamlText, 'content-types/article.yaml').attributes.title
 */
export function contentTypeFromText(text: string, file: string): ContentType {
  const fileName = file.split('/').pop()!;
  return checkParsed(file, parseSchemaText(text, file), (raw) => parseContentType(raw, file, fileName));
}
