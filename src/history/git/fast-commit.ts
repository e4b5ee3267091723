/**
 * A commit of written contents made with one `git fast-import`: the blobs, the trees and the commit
 * go into one pack, rather than a loose object each (a pass of a few hundred creates wrote over a
 * thousand files into .git/objects, and took a second). fast-import moves the branch only as a
 * fast-forward of where it is, so a commit made by someone meanwhile is never undone; the person's
 * index then takes the committed files, by their ids, and nothing else.
 */
import { createHash } from 'node:crypto';
import type { PendingCommit } from './journal.js';
import { git, gitText } from './run.js';
import type { WorkTree } from './work-tree.js';

/** A file as a commit takes it: its content, or null when it is removed. */
export interface CommitFile {
  path: string;
  content: string | null;
}

export interface FastCommit {
  /** The branch (`refs/heads/main`) and the commit it is at ('' on a branch with no commit yet). */
  branch: string;
  head: string;
  message: string;
  /** Written into fast-import's stream as given: made safe by `gitIdentity` first (one line, no `<` or `>`). */
  author: { name: string; email: string };
  /** ISO 8601. */
  at: string;
  committer: { name: string; email: string };
  files: readonly CommitFile[];
}

/** The id git gives `content` as a blob, in the repository's object format. */
export function blobId(content: string, format: 'sha1' | 'sha256'): string {
  const bytes = Buffer.from(content, 'utf8');
  return createHash(format).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** `at` as fast-import's raw date: seconds since 1970 and the zone. */
const rawDate = (at: string) => `${Math.floor(Date.parse(at) / 1000)} +0000`;

/** A `data` command of fast-import: the byte count, the bytes, and the line feed that closes it. */
const data = (text: string) => `data ${Buffer.byteLength(text, 'utf8')}\n${text}\n`;

/** How many folders one `git ls-tree` is given: a batch of writes names more than a command line holds. */
const FOLDERS_PER_CALL = 500;

/**
 * The blob of each file of `paths` in `head` (none for a file it does not hold), listed by their
 * folders: one walk of each folder, however many files (a lookup per file walked the type's
 * whole folder each time, thousands of entries, and took seconds for a large batch).
 */
async function blobsIn(tree: WorkTree, head: string, paths: readonly string[]): Promise<Map<string, string>> {
  const folders = [...new Set(paths.map((path) => path.slice(0, path.lastIndexOf('/'))))];
  const blobs = new Map<string, string>();
  for (let start = 0; start < folders.length; start += FOLDERS_PER_CALL) {
    const listed = (await git(tree.top, ['ls-tree', '-r', '-z', '--full-tree', head, '--', ...folders.slice(start, start + FOLDERS_PER_CALL)])).toString('utf8');
    for (const line of listed.split('\0')) {
      const tab = line.indexOf('\t');
      if (tab < 0) continue;
      const [, kind, id] = line.slice(0, tab).split(' ');
      if (kind === 'blob') blobs.set(line.slice(tab + 1), id!);
    }
  }
  return blobs;
}

/** The files of `commit` that differ from its branch's head: the others are left out. */
async function changedFiles(tree: WorkTree, commit: FastCommit, format: 'sha1' | 'sha256'): Promise<CommitFile[]> {
  if (!commit.head) return commit.files.filter((file) => file.content !== null);
  const inHead = await blobsIn(tree, commit.head, commit.files.map((file) => file.path));
  return commit.files.filter((file) => (file.content === null ? inHead.has(file.path) : inHead.get(file.path) !== blobId(file.content, format)));
}

/**
 * Makes `commit`: answers its id and the files it changed, or undefined when the head already holds
 * every file as given. Throws when the branch moved meanwhile, for the caller to build anew.
 */
export async function fastCommit(tree: WorkTree, commit: FastCommit, format: 'sha1' | 'sha256'): Promise<{ id: string; files: CommitFile[] } | undefined> {
  const files = await changedFiles(tree, commit, format);
  if (files.length === 0) return undefined;
  const stream = `commit ${commit.branch}\nmark :1\n`
    + `author ${commit.author.name} <${commit.author.email}> ${rawDate(commit.at)}\n`
    + `committer ${commit.committer.name} <${commit.committer.email}> ${rawDate(new Date().toISOString())}\n`
    + data(commit.message)
    + (commit.head ? `from ${commit.head}\n` : '')
    + files.map((file) => (file.content === null ? `D ${file.path}\n` : `M 100644 inline ${file.path}\n${data(file.content)}`)).join('')
    + '\nget-mark :1\ndone\n';
  const id = (await gitText(tree.top, ['fast-import', '--quiet', '--done', '--date-format=raw'], { input: stream })).split('\n').at(-1)!.trim();
  return { id, files };
}

/**
 * The person's index takes the committed files (by their ids), so that they do not show as staged
 * changes to undo; the rest of the index is theirs.
 */
export async function indexFollows(tree: WorkTree, files: readonly CommitFile[], format: 'sha1' | 'sha256'): Promise<void> {
  const none = '0'.repeat(format === 'sha1' ? 40 : 64);
  const lines = files.map((file) => (file.content === null ? `0 ${none}\t${file.path}` : `100644 ${blobId(file.content, format)}\t${file.path}`));
  await git(tree.top, ['update-index', '--index-info'], { input: `${lines.join('\n')}\n` });
}
