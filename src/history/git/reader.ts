/**
 * A document's history as git has it: `git log` of its folder under data/content/, each commit
 * one entry per locale it changed, named by the commit's `Folio-*` trailers (or, for a commit made
 * by hand, by which files it added and removed), with the attributes it changed read from the two
 * blobs; and one version read back as it was, with its content type of then.
 */
import { NO_LOCALE } from '../../project-layout.js';
import { contentTypeFromText, type ContentType } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';
import { changedAttributes } from '../changes.js';
import { HISTORY_ACTIONS, type HistoryAction, type HistoryAuthor, type HistoryEntry, type HistoryQuery, type HistoryVersion, type StoredVersion } from '../types.js';
import { TOKEN_EMAIL } from './identity.js';
import { git, readObjects } from './run.js';
import type { WorkTree } from './work-tree.js';

const NO_BLOB = /^0+$/;
const FILE = /^(draft|published)\.([^.]+)\.json$/;

interface FileChange {
  documentId: string;
  status: DocumentStatus;
  locale: string;
  oldBlob: string | undefined;
  newBlob: string | undefined;
  path: string;
}

interface LoggedCommit {
  sha: string;
  date: string;
  author: HistoryAuthor;
  actions: Map<string, HistoryAction>;
  files: FileChange[];
}

/** Where the project's folders are in the work tree. */
export interface TreePaths {
  /** `<data>/content` from the work tree's top. */
  content: string;
  /** `content-types` from the work tree's top. */
  contentTypes: string;
}

const authorOf = (name: string, email: string): HistoryAuthor => (email === TOKEN_EMAIL ? { token: name } : { username: name, email });

/** `Folio-Action` of each document and locale a commit message names, by `<type>\n<document>\n<locale>`. */
function trailerActions(body: string): Map<string, HistoryAction> {
  const actions = new Map<string, HistoryAction>();
  let type = '';
  let document = '';
  let locale = '';
  for (const line of body.split('\n')) {
    const match = /^Folio-(Type|Document|Locale|Action):\s*(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, key, value] = match;
    if (key === 'Type') type = value!;
    else if (key === 'Document') document = value!;
    else if (key === 'Locale') locale = value!;
    else if ((HISTORY_ACTIONS as readonly string[]).includes(value!)) actions.set(`${type}\n${document}\n${locale}`, value as HistoryAction);
  }
  return actions;
}

/** `git log --raw -z` of `pathspec`, newest first. */
async function logOf(tree: WorkTree, pathspec: string): Promise<LoggedCommit[]> {
  const output = (await git(tree.top, ['log', '--format=%x1e%H%x1f%aI%x1f%an%x1f%ae%x1f%B%x1f', '--raw', '--no-abbrev', '-z', '--no-renames', '--', pathspec]).catch(() => Buffer.alloc(0))).toString('utf8');
  const commits: LoggedCommit[] = [];
  for (const record of output.split('\x1e')) {
    if (record === '') continue;
    const [sha, date, name, email, body, raw] = record.split('\x1f');
    const files: FileChange[] = [];
    const tokens = (raw ?? '').replace(/^\0?\n?/, '').split('\0');
    for (let index = 0; index + 1 < tokens.length; index += 2) {
      const [, , oldBlob, newBlob] = tokens[index]!.replace(/^\n/, '').split(' ');
      const path = tokens[index + 1]!;
      const parts = path.split('/');
      const file = FILE.exec(parts.at(-1)!);
      if (!file || !oldBlob || !newBlob) continue;
      files.push({
        documentId: parts.at(-2)!,
        status: file[1] as DocumentStatus,
        locale: file[2]!,
        oldBlob: NO_BLOB.test(oldBlob) ? undefined : oldBlob,
        newBlob: NO_BLOB.test(newBlob) ? undefined : newBlob,
        path,
      });
    }
    commits.push({ sha: sha!, date: date!, author: authorOf(name!, email!), actions: trailerActions(body ?? ''), files });
  }
  return commits;
}

/** The action of a commit made by hand, from the files of one locale it added and removed. */
function handAction(files: readonly FileChange[]): HistoryAction {
  const added = files.filter((file) => !file.oldBlob).map((file) => file.status);
  const removed = files.filter((file) => !file.newBlob).map((file) => file.status);
  if (removed.includes('draft') || (removed.length > 0 && files.length === removed.length && !files.some((file) => file.status === 'draft'))) return 'delete';
  if (removed.includes('published')) return 'unpublish';
  if (added.includes('draft')) return 'create';
  if (added.includes('published')) return 'publish';
  return 'update';
}

const parseRow = (blob: Buffer | undefined): StoredVersion['row'] | undefined => {
  if (!blob) return undefined;
  try {
    const value = JSON.parse(blob.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StoredVersion['row']) : undefined;
  } catch {
    return undefined; // a conflicted or broken file in the past: no attributes to compare
  }
};

interface ListedEntry extends HistoryEntry {
  documentId: string;
  /** The blob of the version the entry is about: its content after the commit, or before a delete. */
  blobPath: string;
  deleted: boolean;
}

/**
 * The entries of `query`, newest first.
 * @example const entries = await listFromGit(tree, paths, { type: article, documentId: 'abc', locale: 'fr' });
 */
export async function listFromGit(tree: WorkTree, paths: TreePaths, query: HistoryQuery): Promise<ListedEntry[]> {
  const folder = `${paths.content}/${query.type.singularName}${query.documentId === undefined ? '' : `/${query.documentId}`}`;
  const commits = await logOf(tree, folder);
  const wanted = query.locale === undefined ? undefined : query.locale ?? NO_LOCALE;
  const groups: Array<{ commit: LoggedCommit; files: FileChange[] }> = [];
  for (const commit of commits) {
    const byVersion = new Map<string, FileChange[]>();
    for (const file of commit.files) {
      if (wanted !== undefined && file.locale !== wanted) continue;
      const key = `${file.documentId}\n${file.locale}`;
      byVersion.set(key, [...(byVersion.get(key) ?? []), file]);
    }
    for (const files of byVersion.values()) groups.push({ commit, files });
  }
  const blobs = [...new Set(groups.flatMap(({ files }) => files.flatMap((file) => [file.oldBlob, file.newBlob]).filter((blob): blob is string => blob !== undefined)))];
  const contents = new Map(blobs.map((blob, index) => [blob, index]));
  const read = await readObjects(tree.top, blobs);
  const rowOf = (blob: string | undefined) => (blob === undefined ? undefined : parseRow(read[contents.get(blob)!]));

  return groups.map(({ commit, files }) => {
    const { documentId, locale } = files[0]!;
    const action = commit.actions.get(`${query.type.uid}\n${documentId}\n${locale}`) ?? handAction(files);
    const about: DocumentStatus = !query.type.draftAndPublish || action === 'publish' || action === 'unpublish' ? 'published'
      : files.some((file) => file.status === 'draft') ? 'draft' : 'published';
    const file = files.find((candidate) => candidate.status === about) ?? files[0]!;
    const deleted = file.newBlob === undefined;
    return {
      version: commit.sha,
      createdAt: new Date(commit.date).toISOString(),
      author: commit.author,
      action,
      status: file.status,
      locale: locale === NO_LOCALE && !query.type.localized ? null : locale,
      changed: deleted ? [] : changedAttributes(rowOf(file.oldBlob), rowOf(file.newBlob)),
      documentId,
      blobPath: file.path,
      deleted,
    };
  });
}

/**
 * One version of a document as git has it: the entry `version` (a commit id, or its start) names,
 * its row, and its content type of then (the current one when that file cannot be read).
 */
export async function versionFromGit(tree: WorkTree, paths: TreePaths, query: HistoryQuery & { documentId: string }, version: string): Promise<HistoryVersion | undefined> {
  if (!/^[0-9a-f]{7,64}$/.test(version)) return undefined;
  const entries = await listFromGit(tree, paths, query);
  const found = entries.find((entry) => entry.version.startsWith(version));
  if (!found) return undefined;
  const { blobPath, deleted, ...entry } = found;
  const at = deleted ? `${entry.version}^` : entry.version;
  const typeFile = `${paths.contentTypes}/${query.type.singularName}`;
  const [blob, yaml, yml, json] = await readObjects(tree.top, [`${at}:${blobPath}`, `${at}:${typeFile}.yaml`, `${at}:${typeFile}.yml`, `${at}:${typeFile}.json`]);
  return { entry, row: parseRow(blob), type: typeOfThen(query.type, yaml ?? yml ?? json, typeFile) };
}

function typeOfThen(current: ContentType, text: Buffer | undefined, file: string): ContentType {
  if (!text) return current;
  try {
    return contentTypeFromText(text.toString('utf8'), `${file}.yaml`);
  } catch {
    return current; // a content type that does not load alone (it was broken then): today's shape
  }
}
