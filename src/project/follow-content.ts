/**
 * Serves what arrives in `data/content/` from outside the server (a `git pull`, an editor, a sync
 * tool) without a restart: each changed document is re-read, validated and served, or refused
 * with one log line naming its file while its last good version is served.
 */
import { existsSync, mkdirSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ContentService, SyncReport } from '../content/index.js';
import type { Logger } from '../log/index.js';
import type { Schemas } from '../schema/index.js';

/** A burst of events (a checkout writes many files, each file several times) is handled once. */
const SETTLE_MS = 100;

export interface FollowContentOptions {
  /** The project root, for the paths the log shows. */
  root: string;
  /** `data/content`. */
  contentDir: string;
  /** The content types served now (they may change while it runs). */
  schemas(): Schemas;
  content: ContentService;
  log: Logger;
}

/**
 * Watches `contentDir` and keeps `content` in step with it. Answers a stop function.
 * @example const stop = followContent({ root, contentDir: paths.content, schemas: () => project.schemas, content, log });
 */
export function followContent(options: FollowContentOptions): () => void {
  const { schemas, content, log } = options;
  /** What was last said about each refused file, so a problem is logged once, not at every event. */
  const reported = new Map<string, string>();
  const pendingDocuments = new Map<string, Set<string>>(); // type → documentIds
  const pendingTypes = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();

  const shown = (file: string) => relative(options.root, join(options.contentDir, file)).split(sep).join('/');

  function tell(report: SyncReport, files: (file: string) => boolean): void {
    const refused = new Set<string>();
    for (const { file, problems } of report.refused) {
      refused.add(file);
      const text = problems.join('; ');
      if (reported.get(file) === text) continue;
      reported.set(file, text);
      log.warn(`${shown(file)}: not served, the last good version is (${text})`);
    }
    // A file refused before and not now was fixed (or removed): say it is served again.
    for (const file of [...reported.keys()]) {
      if (!files(file) || refused.has(file)) continue;
      reported.delete(file);
      log.info(`${shown(file)}: served again`);
    }
    if (report.changed + report.removed > 0) log.info(`content changed on disk: ${report.changed} version(s) served anew, ${report.removed} removed`);
  }

  async function settle(): Promise<void> {
    const types = [...pendingTypes];
    const documents = [...pendingDocuments];
    pendingTypes.clear();
    pendingDocuments.clear();
    for (const name of types) {
      const type = schemas().bySingular(name);
      if (type) tell(await content.syncTypeFromDisk(type), (file) => file.startsWith(`${name}/`));
    }
    for (const [name, ids] of documents) {
      const type = schemas().bySingular(name);
      if (!type || types.includes(name)) continue;
      for (const documentId of ids) tell(await content.syncFromDisk(type, documentId), (file) => file.startsWith(`${name}/${documentId}/`));
    }
  }

  function changed(filename: string): void {
    const [type, documentId] = filename.split('/');
    // Temp files and folders of our own writes start with a dot; the rename that ends them is seen too.
    if (!type || type.startsWith('.') || documentId?.startsWith('.')) return;
    const known = schemas().bySingular(type);
    if (known && !content.noteChangedOnDisk(known, documentId)) return; // our own write
    if (documentId === undefined) pendingTypes.add(type);
    else {
      let ids = pendingDocuments.get(type);
      if (!ids) pendingDocuments.set(type, (ids = new Set()));
      ids.add(documentId);
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(settle).catch((error: unknown) => log.error('content changed on disk was not reloaded', error));
    }, SETTLE_MS);
  }

  // One plain watch per folder (content/, each type, each document), added and dropped as folders
  // come and go. Node 20's recursive watch on Linux is far too slow for this tree: with 10,000
  // documents it took creates from about 1,100 to 22 per second.
  const watchers = new Map<string, FSWatcher>();
  let tooMany = false;

  function follow(folder: string): void {
    if (watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(options.contentDir, folder), (_event, name) => name && seen(folder, name.toString()));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      if (code === 'ENOSPC' && !tooMany) {
        tooMany = true;
        log.warn('data/content: the system allows no more file watches (fs.inotify.max_user_watches); documents changed on disk in folders beyond it are read again only at a restart');
      }
      if (code !== 'ENOSPC') log.error(`watching data/content/${folder} failed`, error);
      return;
    }
    watcher.on('error', () => unfollow(folder)); // its folder went away
    watchers.set(folder, watcher);
  }

  function unfollow(folder: string): void {
    for (const [key, watcher] of watchers) {
      if (key !== folder && !key.startsWith(`${folder}/`)) continue;
      watcher.close();
      watchers.delete(key);
    }
  }

  /** Follows a folder that appeared (a type, or a document) and everything below it. */
  function followTree(folder: string, depth: number): void {
    follow(folder);
    if (depth >= 2) return;
    for (const name of subfolders(join(options.contentDir, folder))) followTree(folder === '' ? name : `${folder}/${name}`, depth + 1);
  }

  function seen(folder: string, name: string): void {
    if (name.startsWith('.')) return;
    const path = folder === '' ? name : `${folder}/${name}`;
    const depth = path.split('/').length; // 1: a type, 2: a document, 3: a version file
    if (depth <= 2) {
      // A folder followed already may be gone; a new one is followed (watching a folder that is gone fails quietly).
      if (!watchers.has(path)) followTree(path, depth);
      else if (!existsSync(join(options.contentDir, path))) unfollow(path);
    }
    changed(path);
  }

  mkdirSync(options.contentDir, { recursive: true, mode: 0o700 });
  followTree('', 0);
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/** The folders directly in `dir` that can be a type or a document (not temp folders). */
function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
  } catch {
    return []; // gone meanwhile
  }
}
