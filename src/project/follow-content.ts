/**
 * Serves what arrives in `data/content/` from outside the server (a `git pull`, an editor, a sync
 * tool) without a restart: each changed document is re-read, validated and served, or refused
 * with one log line naming its file and why (never a value that could be a secret: the problems
 * leave those out) while its last good version is served.
 */
import { join, relative, sep } from 'node:path';
import type { ContentService, SyncReport } from '../content/index.js';
import type { Logger } from '../log/index.js';
import type { Schemas } from '../schema/index.js';
import type { ContentWatch } from './content-watch.js';

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
  /** What changed in `contentDir`, the server's own writes left out. */
  watch: ContentWatch;
}

/**
 * Keeps `content` in step with what `watch` tells changed in `contentDir`. Answers a stop function.
 * @example const stop = followContent({ root, contentDir: paths.content, schemas: () => project.schemas, content, log, watch });
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
    for (const { file, problems, kept } of report.refused) {
      refused.add(file);
      // One line: a problem may quote a value printed over several lines (an object).
      const text = problems.join('; ').replace(/\s*[\r\n\u2028\u2029]\s*/g, ' ');
      if (reported.get(file) === text) continue;
      reported.set(file, text);
      log.warn(`${shown(file)}: not served (${text}); ${kept ? 'the last good version is served' : 'nothing of it is served until it is fixed'}`);
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
    // data/content/ itself replaced (a checkout): any type may have changed, or gone.
    if (filename === '') {
      for (const type of schemas().contentTypes) changed(type.singularName);
      return;
    }
    const [type, documentId] = filename.split('/');
    if (!type) return;
    const known = schemas().bySingular(type);
    if (known) content.noteChangedOnDisk(known, documentId);
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

  options.watch.follow((paths) => {
    for (const path of paths) changed(path);
  });
  return () => {
    options.watch.follow(undefined);
    clearTimeout(timer);
  };
}
