/**
 * The git work tree a project is in: where its top is, where the project's folders are inside it,
 * whether it can take a commit now (a branch checked out, no merge or rebase under way, an index
 * nobody holds), and who git's own user is.
 */
import { access, constants, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { git, gitText } from './run.js';
import type { HistoryAuthor } from '../types.js';

export interface WorkTree {
  /** The work tree's top folder (real path). */
  top: string;
  /** The repository's git folder (absolute). */
  gitDir: string;
  /** `folder` (absolute) as a `/`-separated path from the top; undefined when it is outside the work tree. */
  pathOf(folder: string): string | undefined;
}

/**
 * The work tree `dir` is in, or undefined when it is in none (or git is not installed).
 * @example const tree = await findWorkTree('site'); tree?.pathOf('site/data') // 'site/data'
 */
export async function findWorkTree(dir: string): Promise<WorkTree | undefined> {
  let top: string;
  let gitDir: string;
  try {
    const [shownTop, shownGitDir] = (await gitText(dir, ['rev-parse', '--show-toplevel', '--absolute-git-dir'])).split('\n');
    if (!shownTop || !shownGitDir) return undefined;
    top = await realpath(shownTop);
    gitDir = shownGitDir;
  } catch {
    return undefined; // not a work tree (a bare repository, no repository, no git)
  }
  return {
    top,
    gitDir,
    pathOf(folder) {
      const inside = relative(top, folder);
      if (inside.startsWith('..') || inside.startsWith(sep) || /^[a-zA-Z]:/.test(inside)) return undefined;
      return inside.split(sep).join('/');
    },
  };
}

/** The real path of `folder`, so that a path through a symbolic link compares with git's top. */
export async function realFolder(folder: string): Promise<string> {
  return realpath(folder).catch(() => folder);
}

const exists = (path: string) => access(path).then(() => true, () => false);

/** What keeps a commit from being made now, in a log's words; undefined when one can be. */
export async function commitBlocker(tree: WorkTree): Promise<string | undefined> {
  for (const [file, what] of [
    ['MERGE_HEAD', 'a merge is under way'],
    ['rebase-merge', 'a rebase is under way'],
    ['rebase-apply', 'a rebase is under way'],
    ['CHERRY_PICK_HEAD', 'a cherry-pick is under way'],
    ['REVERT_HEAD', 'a revert is under way'],
  ] as const) {
    if (await exists(join(tree.gitDir, file))) return `${what} in the work tree`;
  }
  if (await exists(join(tree.gitDir, 'index.lock'))) return 'the index is locked (index.lock: another git command is running, or one was killed)';
  try {
    await git(tree.top, ['symbolic-ref', '-q', 'HEAD']);
  } catch {
    return 'HEAD is detached: check out a branch for commits to go on';
  }
  return undefined;
}

/** The hooks of `names` the repository has (executable files in its hooks folder). */
export async function presentHooks(tree: WorkTree, names: readonly string[]): Promise<Set<string>> {
  let folder = join(tree.gitDir, 'hooks');
  try {
    const configured = await gitText(tree.top, ['config', '--get', 'core.hooksPath']);
    if (configured) folder = join(tree.top, configured);
  } catch {
    // none configured
  }
  const present = new Set<string>();
  for (const name of names) {
    if (await access(join(folder, name), constants.X_OK).then(() => true, () => false)) present.add(name);
  }
  return present;
}

/** git's own user (`user.name`, `user.email`), the author of the CLI's writes; a stand-in when it has none. */
export async function gitUser(dir: string): Promise<HistoryAuthor> {
  const read = (key: string) => gitText(dir, ['config', '--get', key]).catch(() => '');
  const [username, email] = await Promise.all([read('user.name'), read('user.email')]);
  return { username: username || 'foliocms', email: email || 'foliocms@localhost' };
}
