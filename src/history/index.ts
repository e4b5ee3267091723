/**
 * Document history (docs/history.md): who made each write, what it changed, each version as it was.
 * A project's history is in git when it commits its writes (`git.commit: true`, its data folder in a
 * git work tree), and in the store itself otherwise (PostgreSQL's tables, or data/history/).
 * @module
 */
import type { Logger } from '../log/index.js';
import type { PostgresDatabase } from '../storage/index.js';
import { openGitHistory } from './git/book.js';
import { findWorkTree, gitUser, realFolder } from './git/work-tree.js';
import { createStoreHistory, fileHistoryStorage, postgresHistoryStorage } from './store/index.js';
import type { HistoryBook } from './types.js';

export type { ContentChange, FilesChange, HistoryAction, HistoryAuthor, HistoryBook, HistoryEntry, HistoryQuery, HistoryVersion, PendingChange, StoredVersion } from './types.js';
export { authorOf } from './author.js';

export interface HistoryOptions {
  /** The project's folder (its content-types/ is there). */
  projectDir: string;
  /** The data folder (its content/ holds the documents on files). */
  dataDir: string;
  /** `git.commit` of config/server.yaml. */
  commit: boolean;
  /** PostgreSQL, when the project's store is there: history is then in its tables. */
  db?: PostgresDatabase;
  log: Logger;
}

/**
 * The history of a project, from the book its store and settings choose.
 * @example const history = await openHistory({ projectDir: 'site', dataDir: 'site/data', commit: config.server.git.commit, log });
 */
export async function openHistory(options: HistoryOptions): Promise<HistoryBook> {
  const systemAuthor = await gitUser(options.projectDir);
  const onLost = (error: unknown) => options.log.warn(`history: a change could not be kept (${error instanceof Error ? error.message : String(error)}); the write itself is stored`);
  if (options.db) {
    if (options.commit) options.log.warn('history: git.commit is on, but documents are in PostgreSQL, not in files git could commit; history is kept in the database');
    return createStoreHistory(postgresHistoryStorage(options.db), { systemAuthor: () => systemAuthor, onLost });
  }
  if (options.commit) {
    const dataDir = await realFolder(options.dataDir);
    const projectDir = await realFolder(options.projectDir);
    const tree = await findWorkTree(dataDir);
    const content = tree?.pathOf(`${dataDir}/content`);
    const contentTypes = tree?.pathOf(`${projectDir}/content-types`);
    if (tree && content !== undefined && contentTypes !== undefined) {
      return openGitHistory({ tree, paths: { content, contentTypes }, dataDir: options.dataDir, log: options.log, systemAuthor });
    }
    options.log.warn(`history: git.commit is on, but the ${tree ? 'project is not all in one' : 'data folder is in no'} git work tree (git init, or git clone the project); history is kept in data/history/`);
  }
  return createStoreHistory(fileHistoryStorage(options.dataDir), { systemAuthor: () => systemAuthor, onLost });
}
export { diffContent, type ContentDiff, type ContentDiffJson, type DiffOptions } from './diff/index.js';
