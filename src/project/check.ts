/**
 * `checkProject`: everything `folio check` reports about a project, without starting it and without
 * writing anything (no data/ folder created, no roles seeded, no temporary file swept): the config
 * files, every content type and component, and every document file under data/content/. Files are
 * read here one by one, so a broken one is reported with its line and the others are still checked.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { ApplicationError, ProjectFileError } from '../errors.js';
import { configFileNames, configFilePath, readConfigFile, resolveI18n } from '../config/index.js';
import {
  checkStoredDocument,
  checkStoredDocuments,
  jsonPathLine,
  parseDocumentText,
  type StoredVersion,
} from '../content/index.js';
import { isSafeName, parseDocumentFileName } from '../storage/index.js';
import { checkSchemaFiles, FILE_UID, type ContentType, type Schemas } from '../schema/index.js';
import { isPlainName, PLAIN_NAME_RULE } from '../safe-path.js';
import { fileErrorAt } from '../source-lines.js';
import { assertProject, projectEnv, projectPaths, type ProjectPaths } from './paths.js';

/** One problem, as `path:line: message`; `path` is relative to the project, with `/`. */
export interface CheckProblem {
  path: string;
  line: number;
  message: string;
}

export interface CheckReport {
  ok: boolean;
  problems: CheckProblem[];
  counts: {
    /** Content types and components that loaded. */
    contentTypes: number;
    components: number;
    /** Documents (folders under data/content/<type>/) of those types, and their version files. */
    documents: number;
    versions: number;
  };
}

export interface CheckOptions {
  /** The real environment (FOLIO_DATA_DIR may move data/); the project's .env is read under it. */
  env?: Record<string, string | undefined>;
}

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';

/** A document file read, parsed or not. */
interface FileRead {
  path: string;
  text: string;
  type: ContentType;
  documentId: string;
  status: 'draft' | 'published';
  locale: string;
  value?: unknown;
}

/**
 * Checks the project at `dir` and answers every problem. A directory that is no project is an
 * ApplicationError (a user error), as for every command.
 * @example const report = await checkProject('site', { env: process.env }); // { ok, problems: [{ path, line, message }], counts }
 */
export async function checkProject(dir: string, options: CheckOptions = {}): Promise<CheckReport> {
  await assertProject(projectPaths(dir));
  const problems: CheckProblem[] = [];
  let env = options.env ?? {};
  try {
    env = await projectEnv(dir, env);
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    problems.push({ path: error.file, line: 1, message: messageOf(error) });
  }
  const paths = projectPaths(dir, env);
  const show = (absolute: string) => relative(paths.root, absolute).split(sep).join('/');

  const locales = await checkConfig(paths, problems);
  const { schemas, problems: schemaProblems, notLoaded } = await checkSchemaFiles(paths.root);
  for (const { file, line, message } of schemaProblems) problems.push({ path: file, line, message });

  const tables = {
    [USER_UID]: await tableIds(paths, 'users', show, problems),
    [ROLE_UID]: await tableIds(paths, 'roles', show, problems),
    [FILE_UID]: await tableIds(paths, 'files', show, problems, storedNameProblems),
  };
  const { files, documentIds } = await readContent(paths, schemas, notLoaded, show, problems);

  const exists = (target: string, ref: string | number): boolean | undefined => {
    if (target === USER_UID || target === ROLE_UID || target === FILE_UID) return typeof ref === 'number' ? tables[target]?.has(ref) : undefined;
    const type = schemas.byUid(target);
    return type && typeof ref === 'string' ? (documentIds.get(type.singularName)?.has(ref) ?? false) : undefined;
  };

  const versions = new Map<ContentType, StoredVersion[]>();
  const texts = new Map<StoredVersion, string>();
  for (const file of files) {
    const report = (line: number, message: string) => problems.push({ path: file.path, line, message });
    const parsed = parseDocumentText(file.text);
    if (parsed.value === undefined) {
      for (const problem of parsed.problems) report(problem.line, problem.message);
      continue;
    }
    // As the server takes a file: one written by hand may leave out the id and timestamps it gives.
    const context = { schemas, documentId: file.documentId, status: file.status, locale: file.locale, locales, exists, handWritten: true };
    for (const problem of checkStoredDocument(file.type, parsed.value, context)) {
      report(problem.path ? jsonPathLine(file.text, problem.path) : 1, problem.message);
    }
    if (parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value)) {
      const version: StoredVersion = { documentId: file.documentId, status: file.status, locale: file.locale, row: parsed.value as Record<string, unknown>, name: file.path };
      texts.set(version, file.text);
      let list = versions.get(file.type);
      if (!list) versions.set(file.type, (list = []));
      list.push(version);
    }
  }
  for (const [type, list] of versions) {
    for (const problem of checkStoredDocuments(type, list)) {
      const text = texts.get(problem.version) ?? '';
      problems.push({ path: problem.version.name, line: problem.path ? jsonPathLine(text, problem.path) : 1, message: problem.message });
    }
  }

  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  return {
    ok: problems.length === 0,
    problems,
    counts: {
      contentTypes: schemas.contentTypes.length,
      components: schemas.components.size,
      documents: [...documentIds.values()].reduce((sum, ids) => sum + ids.size, 0),
      versions: files.length,
    },
  };
}

/** Each config file as written; answers the locale codes, or undefined when config/i18n.yaml is wrong. */
async function checkConfig(paths: ProjectPaths, problems: CheckProblem[]): Promise<string[] | undefined> {
  let locales: string[] | undefined;
  for (const name of configFileNames) {
    try {
      const section = await readConfigFile(paths.root, name);
      if (name === 'i18n') locales = resolveI18n(section).locales.map((locale) => locale.code);
    } catch (error) {
      if (!(error instanceof ProjectFileError)) throw error;
      const file = configFilePath(name);
      const text = await readFile(join(paths.root, file), 'utf8').catch(() => '');
      problems.push({ path: file, ...fileErrorAt(error, text) });
    }
  }
  return locales;
}

/** A problem of one row of a table, at a path inside it (`['hash']`). */
type RowCheck = (row: Record<string, unknown>) => Array<{ path: string[]; message: string }>;

/**
 * A file row whose stored names, its own and its formats' (`hash` + `ext`), are not plain names: the
 * server would reach outside the uploads folder with them, so it never serves, replaces or removes
 * them; said here so that a row pulled with git or imported is seen before anyone relies on it.
 */
const storedNameProblems: RowCheck = (row) => {
  const named: Array<[string[], unknown, unknown]> = [[[], row.hash, row.ext]];
  if (row.formats !== null && typeof row.formats === 'object') {
    for (const [key, format] of Object.entries(row.formats as Record<string, { hash?: unknown; ext?: unknown } | null>)) named.push([['formats', key], format?.hash, format?.ext]);
  }
  return named
    .filter(([, hash, ext]) => !isPlainName(`${String(hash)}${String(ext ?? '')}`))
    .map(([at, hash, ext]) => ({
      path: [...at, 'hash'],
      message: `file ${String(row.id)}${at.length > 0 ? ` (${at.join('.')})` : ''}: its stored name ${JSON.stringify(`${String(hash)}${String(ext ?? '')}`.slice(0, 120))} would leave the uploads folder: ${PLAIN_NAME_RULE}`,
    }));
};

/**
 * The ids of a table's rows (`data/users.json`, `data/roles.json`), each row checked by `checkRow`
 * when given; undefined when the file is absent or broken.
 */
async function tableIds(paths: ProjectPaths, name: string, show: (path: string) => string, problems: CheckProblem[], checkRow?: RowCheck): Promise<Set<number> | undefined> {
  const file = join(paths.data, `${name}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = parseDocumentText(text);
  if (parsed.value === undefined) {
    for (const problem of parsed.problems) problems.push({ path: show(file), line: problem.line, message: problem.message });
    return undefined;
  }
  const rows = (parsed.value as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) {
    problems.push({ path: show(file), line: 1, message: 'expected a table { "nextId": <integer>, "rows": [<object>, …] }' });
    return undefined;
  }
  if (checkRow) {
    for (const [index, row] of rows.entries()) {
      if (row === null || typeof row !== 'object') continue;
      for (const problem of checkRow(row as Record<string, unknown>)) {
        problems.push({ path: show(file), line: jsonPathLine(text, ['rows', String(index), ...problem.path]), message: problem.message });
      }
    }
  }
  return new Set(rows.map((row) => (row as { id?: unknown } | null)?.id).filter((id): id is number => typeof id === 'number'));
}

/**
 * Every document file under data/content/, read; what cannot be a document (a stray file, a bad
 * name, a folder of no content type) is reported. Answers the files and, per type, its documentIds.
 */
async function readContent(
  paths: ProjectPaths,
  schemas: Schemas,
  notLoaded: ReadonlyMap<string, string>,
  show: (path: string) => string,
  problems: CheckProblem[],
): Promise<{ files: FileRead[]; documentIds: Map<string, Set<string>> }> {
  const files: FileRead[] = [];
  const documentIds = new Map<string, Set<string>>();
  const report = (path: string, message: string) => problems.push({ path: show(path), line: 1, message });

  for (const typeEntry of await entries(paths.content)) {
    const typeDir = join(paths.content, typeEntry.name);
    if (!typeEntry.isDirectory()) {
      report(typeDir, 'is not a folder: data/content/ holds one folder per content type, named by its singular name');
      continue;
    }
    const type = schemas.bySingular(typeEntry.name);
    if (!type) {
      const file = notLoaded.get(typeEntry.name);
      const count = (await entries(typeDir)).filter((entry) => entry.isDirectory()).length;
      report(
        typeDir,
        file
          ? `${count} document${count === 1 ? '' : 's'} not checked: ${file} has errors`
          : `no content type "${typeEntry.name}": content-types/${typeEntry.name}.yaml does not exist, so the server does not serve these documents`,
      );
      continue;
    }
    const ids = new Set<string>();
    documentIds.set(type.singularName, ids);
    const folders: string[] = [];
    for (const documentEntry of await entries(typeDir)) {
      const documentDir = join(typeDir, documentEntry.name);
      if (!documentEntry.isDirectory()) {
        report(documentDir, `is not a document folder: data/content/${type.singularName}/ holds one folder per document, named by its documentId`);
      } else if (!isSafeName(documentEntry.name)) {
        report(documentDir, `"${documentEntry.name}" is not a valid documentId (letters, digits, ".", "_" and "-"); the server skips this folder`);
      } else {
        folders.push(documentEntry.name);
      }
    }
    // Many small files: read several folders at once, keep the results in folder order.
    const read = await mapLimit(folders, READ_CONCURRENCY, async (documentId) => {
      const documentDir = join(typeDir, documentId);
      const found: FileRead[] = [];
      const strays: string[] = [];
      for (const fileEntry of await entries(documentDir)) {
        const path = join(documentDir, fileEntry.name);
        // Temporary files of a write in progress (or left by a crash): the server sweeps them.
        if (fileEntry.name.endsWith('.tmp')) continue;
        const key = fileEntry.isFile() ? parseDocumentFileName(fileEntry.name) : null;
        if (!key) strays.push(path);
        else found.push({ path: show(path), text: await readFile(path, 'utf8'), type, documentId, ...key });
      }
      return { documentId, found, strays };
    });
    for (const { documentId, found, strays } of read) {
      for (const path of strays) {
        report(path, `is not a document file: name it <status>.<locale>.json, with status draft or published (${type.localized ? 'a locale of the project' : `locale "default": ${type.singularName} is not localized`})`);
      }
      files.push(...found);
      if (found.length > 0) ids.add(documentId);
    }
    if (type.kind === 'singleType' && ids.size > 1) {
      const [first, ...others] = [...ids];
      for (const other of others) {
        report(join(typeDir, other), `${type.singularName} is a single type: it has one document, and ${show(join(typeDir, first!))} is already it`);
      }
    }
  }
  return { files, documentIds };
}

const READ_CONCURRENCY = 32;

/** `work` over `items`, at most `limit` at once; the results in the order of `items`. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A folder's entries by name, dotfiles left out (.gitkeep, .DS_Store, lock files); none when it is missing. */
async function entries(dir: string): Promise<Dirent[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => !entry.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

function messageOf(error: ProjectFileError | ApplicationError): string {
  const file = (error as ProjectFileError).file;
  return file !== undefined && error.message.startsWith(`${file}: `) ? error.message.slice(file.length + 2) : error.message;
}
