/**
 * History kept in git: each write becomes a line of the journal before it lands (its author, its
 * trailers and the files it wrote), and a commit soon after; a document's past is `git log` of its
 * folder. Lines a killed server left are committed at the next start, once their write is found on
 * disk (a line whose write never landed is dropped).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../log/index.js';
import { FILE_UID } from '../../schema/index.js';
import { stableStringify } from '../../storage/index.js';
import { localeChanges } from '../changes.js';
import { documentTitle } from '../title.js';
import type { ContentChange, HistoryAuthor, HistoryBook, PendingChange, StoredVersion } from '../types.js';
import { createCommitter } from './committer.js';
import { identityOf } from './identity.js';
import { openJournal, type Journal, type PendingCommit, type PendingFile } from './journal.js';
import { NO_LOCALE } from '../../project-layout.js';
import { listFromGit, versionFromGit, type TreePaths } from './reader.js';
import type { WorkTree } from './work-tree.js';

/**
 * The journals of writes waiting for their commit, in the data folder (never versioned): one per
 * process (`.pending-commits-<pid>.jsonl`), so that a CLI command and a server never rewrite one
 * file at once. A process takes over the journals of processes that are gone.
 */
const JOURNAL = /^\.pending-commits-(\d+)\.jsonl$/;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** This process's journal, with the lines of the journals of processes that are gone moved into it. */
async function openOwnJournal(dataDir: string): Promise<Journal> {
  const journal = await openJournal(join(dataDir, `.pending-commits-${process.pid}.jsonl`));
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const pid = Number(JOURNAL.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    const left = await openJournal(join(dataDir, name));
    for (const { id: _id, ...entry } of left.entries) await journal.append(entry);
    await left.drop(new Set(left.entries.map((entry) => entry.id)));
  }
  return journal;
}

/** A write's files: each version it wrote or removed, as the files store writes it. */
function filesOf(paths: TreePaths, change: ContentChange): PendingFile[] {
  const pathOf = ({ status, row }: StoredVersion) => `${paths.content}/${change.type.singularName}/${change.documentId}/${status}.${row.locale ?? NO_LOCALE}.json`;
  const before = new Map(change.before.map((version) => [pathOf(version), stableStringify(version.row)]));
  const files: PendingFile[] = [];
  for (const version of change.after) {
    const path = pathOf(version);
    const content = stableStringify(version.row);
    if (before.get(path) !== content) files.push({ path, content });
    before.delete(path);
  }
  for (const path of before.keys()) files.push({ path, content: null });
  return files;
}

const VERBS: Record<ContentChange['action'], string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  publish: 'Publish',
  unpublish: 'Unpublish',
  discardDraft: 'Discard the draft of',
  restore: 'Restore',
};

/** `Update article "Hello" (fr)`: what a commit's first line says of one write. */
function subjectOf(change: ContentChange): string {
  const row = [...change.after, ...change.before].find((version) => change.locale === '*' || version.row.locale === change.locale)?.row;
  const title = row ? documentTitle(change.type, row) : undefined;
  const locale = change.locale === null ? '' : change.locale === '*' ? ' (every locale)' : ` (${change.locale})`;
  return `${VERBS[change.action]} ${change.type.singularName} ${title === undefined ? change.documentId : JSON.stringify(title)}${locale}`;
}

/** Whether every file of `entry` is on disk as the entry wrote it (its write landed). */
async function landedOnDisk(tree: WorkTree, entry: PendingCommit): Promise<boolean> {
  for (const file of entry.files) {
    if (!('content' in file)) continue;
    const onDisk = await readFile(join(tree.top, file.path), 'utf8').catch(() => null);
    if (onDisk !== file.content) return false;
  }
  return true;
}

export interface GitHistoryOptions {
  tree: WorkTree;
  paths: TreePaths;
  dataDir: string;
  log: Logger;
  /** git's own user: the author of the CLI's writes. */
  systemAuthor: HistoryAuthor;
}

/**
 * @example const history = await openGitHistory({ tree, paths, dataDir: 'site/data', log, systemAuthor });
 */
export async function openGitHistory(options: GitHistoryOptions): Promise<HistoryBook> {
  const { tree, paths, log } = options;
  const journal = await openOwnJournal(options.dataDir);
  const committer = createCommitter(tree, journal, log);

  // What a killed server left: only the last write of a file can have been cut short.
  const lastOfPath = new Map<string, PendingCommit>();
  for (const entry of journal.entries) for (const file of entry.files) lastOfPath.set(file.path, entry);
  const unlanded = new Set<number>();
  for (const entry of new Set(lastOfPath.values())) if (!(await landedOnDisk(tree, entry))) unlanded.add(entry.id);
  if (unlanded.size > 0) await journal.drop(unlanded);
  for (const entry of journal.entries) committer.landed(entry);
  if (journal.entries.length > 0) log.info(`history: committing ${journal.entries.length} write${journal.entries.length === 1 ? '' : 's'} the last run left uncommitted`);

  return {
    kind: 'git',

    record(change): PendingChange {
      let entry: PendingCommit | undefined;
      const files = filesOf(paths, change);
      const trailers = localeChanges(change, change.locale).map((part) => ({
        type: change.type.uid,
        document: change.documentId,
        locale: part.locale ?? NO_LOCALE,
        action: part.action,
      }));
      return {
        async with() {
          if (files.length === 0) return;
          const author = identityOf(change.author === 'system' ? options.systemAuthor : change.author);
          entry = await journal.append({ at: new Date().toISOString(), author, subject: subjectOf(change), trailers, files });
        },
        landed() {
          if (entry) committer.landed(entry);
        },
        failed() {
          if (entry) void journal.drop(new Set([entry.id])).catch(() => undefined);
        },
      };
    },

    recordFiles(change): PendingChange {
      let entry: PendingCommit | undefined;
      const files = change.paths.map((path) => tree.pathOf(path)).filter((path): path is string => path !== undefined && path !== '').map((path): PendingFile => ({ path, fromWorkTree: true }));
      return {
        async with() {
          if (files.length === 0) return;
          const author = identityOf(change.author === 'system' ? options.systemAuthor : change.author);
          const verb = { create: 'Upload', update: 'Update', delete: 'Delete' }[change.action];
          const trailers = [{ type: FILE_UID, document: change.documentId, locale: NO_LOCALE, action: change.action }];
          entry = await journal.append({ at: new Date().toISOString(), author, subject: `${verb} file ${JSON.stringify(change.name)}`, trailers, files });
        },
        landed() {
          if (entry) committer.landed(entry);
        },
        failed() {
          if (entry) void journal.drop(new Set([entry.id])).catch(() => undefined);
        },
      };
    },

    async list(query) {
      await committer.flush();
      return (await listFromGit(tree, paths, query)).map(({ blobPath: _path, deleted: _deleted, ...entry }) => entry);
    },

    async version(query, version) {
      await committer.flush();
      return versionFromGit(tree, paths, query, version);
    },

    behind: () => committer.behind(),

    flush: () => committer.flush(),

    async close() {
      await committer.close();
      await journal.close();
    },
  };
}
