/**
 * The two sides `folio diff` compares, read from git as `git diff` reads them: no revision is the
 * work tree against HEAD, one is the work tree against it, two are the first against the second.
 * Which files differ comes from `git diff --raw` (and, for the work tree, the untracked files
 * git does not ignore); their contents from one `git cat-file --batch` and, for the work tree,
 * from disk.
 */
import { readFile, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { ApplicationError } from '../../errors.js';
import { git, GitError, gitText, readObjects } from '../git/run.js';

/** A revision: its name as given and the commit it names; the work tree has neither. */
export interface Side {
  label: string | null;
  commit: string | null;
}

export interface Revisions {
  /** The work tree's top level, its real path (git commands run there). */
  top: string;
  /** The documents' folder and the content-types folder, relative to the top level, `/`-separated. */
  contentPath: string;
  typesPath: string;
  from: Side;
  to: Side;
}

/** Where one side of a file is: a git object (a blob id or `<commit>:<path>`), or a file of the work tree. */
export type Source = { object: string } | { file: string };

/** A file that differs between the two sides; a side without it has no source. */
export interface ChangedFile {
  /** Relative to the top level, `/`-separated. */
  path: string;
  before?: Source;
  after?: Source;
}

/** Pathspecs are paths, never patterns: a folder named `[draft]` is that folder. */
const LITERAL = { env: { GIT_LITERAL_PATHSPECS: '1' } };
const NO_OBJECT = /^0+$/;
/** Regular files (not symbolic links or submodules): the only ones that hold a document. */
const FILE_MODE = /^100(644|755)$/;

/** The top level of the work tree the project is in, or an error a user reads. */
async function topLevel(projectDir: string): Promise<string> {
  try {
    return await realpath(await gitText(projectDir, ['rev-parse', '--show-toplevel']));
  } catch (error) {
    if (error instanceof GitError && error.code === 'ENOENT') throw new ApplicationError(`folio diff needs git: ${error.message}`);
    if (error instanceof GitError) throw new ApplicationError('folio diff needs the project in a git work tree');
    throw error;
  }
}

/**
 * The real path of `path`, which may not exist (a data folder not made yet): that of its nearest
 * existing folder, with the rest joined on. Symbolic links (a temporary folder under a linked
 * /tmp, a data folder linked elsewhere) would otherwise put a folder of the work tree outside it.
 */
async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const parent = dirname(path);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) throw error;
    return join(await realPathOf(parent), basename(path));
  }
}

/** `folder` relative to the top level, `/`-separated; an error when it is outside the work tree. */
async function insideTop(top: string, folder: string, what: string): Promise<string> {
  const path = relative(top, await realPathOf(folder));
  if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) {
    throw new ApplicationError(`folio diff needs ${what} in the project's git work tree (${top}); it is ${folder}`);
  }
  return path.split(sep).join('/');
}

/** The commit a revision names, or an error naming it. */
async function commitOf(top: string, revision: string): Promise<string> {
  // A revision that starts with a dash would be read as an option.
  if (!revision.startsWith('-')) {
    try {
      return await gitText(top, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
    }
  }
  throw new ApplicationError(`unknown revision "${revision}": no commit, branch or tag of that name`);
}

/**
 * The two sides of a diff of the project at `projectDir`, as `git diff [from] [to]` takes them.
 * @example const sides = await openRevisions('site', { contentDir: 'site/data/content', typesDir: 'site/content-types' }, 'main', 'review');
 */
export async function openRevisions(projectDir: string, folders: { contentDir: string; typesDir: string }, from?: string, to?: string): Promise<Revisions> {
  const top = await topLevel(projectDir);
  const contentPath = await insideTop(top, folders.contentDir, 'the content folder');
  const typesPath = await insideTop(top, folders.typesDir, 'the content-types folder');
  const fromLabel = from ?? 'HEAD';
  const fromSide: Side = { label: fromLabel, commit: await commitOf(top, fromLabel) };
  const toSide: Side = to === undefined ? { label: null, commit: null } : { label: to, commit: await commitOf(top, to) };
  return { top, contentPath, typesPath, from: fromSide, to: toSide };
}

/** The source of `path` on `side`: the object at its commit, or the work tree's file. */
export function sourceAt(revisions: Revisions, side: Side, path: string): Source {
  return side.commit === null ? { file: join(revisions.top, ...path.split('/')) } : { object: `${side.commit}:${path}` };
}

/**
 * The files under the content and content-types folders that differ between the two sides, from
 * `git diff --raw` (NUL-separated, so any name reads back as it is) and, when the second side is
 * the work tree, the files git does not track there and does not ignore.
 */
export async function changedFiles(revisions: Revisions): Promise<ChangedFile[]> {
  const { top, from, to, contentPath, typesPath } = revisions;
  const sides = to.commit === null ? [from.commit!] : [from.commit!, to.commit];
  const raw = await git(top, ['diff', '--raw', '-z', '--no-renames', '--no-abbrev', '--no-ext-diff', '--no-color', ...sides, '--', contentPath, typesPath], LITERAL);
  const files = parseRaw(raw.toString('utf8'), revisions);
  if (to.commit === null) {
    const untracked = await git(top, ['ls-files', '--others', '--exclude-standard', '-z', '--', contentPath, typesPath], LITERAL);
    for (const path of untracked.toString('utf8').split('\0')) if (path !== '') files.push({ path, after: sourceAt(revisions, to, path) });
  }
  return files;
}

/** The entries of `git diff --raw -z`: `:<mode> <mode> <object> <object> <status>` then the path. */
function parseRaw(text: string, revisions: Revisions): ChangedFile[] {
  const fields = text.split('\0');
  const files: ChangedFile[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const [modeBefore, modeAfter, objectBefore, objectAfter, status] = fields[index]!.slice(1).split(' ');
    const path = fields[index + 1]!;
    const file: ChangedFile = { path };
    if (FILE_MODE.test(modeBefore ?? '') && !NO_OBJECT.test(objectBefore ?? '0')) file.before = { object: objectBefore! };
    // The work tree's side has no object yet: its file is read from disk, unless git says it is gone.
    if (revisions.to.commit === null) {
      if (status !== 'D' && FILE_MODE.test(modeAfter ?? '')) file.after = sourceAt(revisions, revisions.to, path);
    } else if (FILE_MODE.test(modeAfter ?? '') && !NO_OBJECT.test(objectAfter ?? '0')) {
      file.after = { object: objectAfter! };
    }
    if (file.before || file.after) files.push(file);
  }
  return files;
}

/** The key a source is read under in the answer of `readSources`. */
export const sourceKey = (source: Source): string => ('object' in source ? `object ${source.object}` : `file ${source.file}`);

/** The contents of `sources`, by `sourceKey`: git objects in one batch, work-tree files from disk; undefined when missing. */
export async function readSources(revisions: Revisions, sources: readonly Source[]): Promise<Map<string, Buffer | undefined>> {
  const objects = [...new Set(sources.flatMap((source) => ('object' in source ? [source.object] : [])))];
  const files = [...new Set(sources.flatMap((source) => ('file' in source ? [source.file] : [])))];
  const read = new Map<string, Buffer | undefined>();
  const contents = await readObjects(revisions.top, objects);
  objects.forEach((object, index) => read.set(sourceKey({ object }), contents[index]));
  await Promise.all(files.map(async (file) => read.set(sourceKey({ file }), await readWorkTreeFile(file))));
  return read;
}

async function readWorkTreeFile(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
}
