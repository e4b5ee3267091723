/**
 * Serves content types changed in `content-types/` (a `git pull`, an editor, `folio content-type
 * create`) without a restart, when the documents on disk still validate against them. Until they
 * do, or while a file does not load, the types served keep being served and the log says why once.
 */
import { posix } from 'node:path';
import { loadSchemas, type Schemas } from '../schema/index.js';
import type { Logger } from '../log/index.js';
import { watchFolders } from './content-watch-folders.js';
import { CONTENT_FOLDER, CONTENT_TYPES_FOLDER, DATA_FOLDER, projectPaths } from './paths.js';

/** A checkout writes several files; they are read once it settles. */
const SETTLE_MS = 100;
/** Of the documents that do not validate, the log names this many. */
const SHOWN_PROBLEMS = 5;

export interface FollowContentTypesOptions {
  /** The project root: content types are read from `<root>/content-types/`. */
  root: string;
  log: Logger;
  /** The schemas served now. */
  schemas(): Schemas;
  /** Serves `next`, or leaves the current ones and answers why: the document files that do not validate against `next`. */
  apply(next: Schemas): Promise<string[]>;
}

/**
 * Watches `content-types/` and applies what changed there. Answers a stop function.
 * @example const stop = followContentTypes({ root, log, schemas: () => project.schemas, apply });
 */
export function followContentTypes(options: FollowContentTypesOptions): () => void {
  const { log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let stopped = false;
  /** The last refusal logged, so one problem is said once, not at every save. */
  let said = '';

  function refuse(text: string): void {
    if (text === said) return;
    said = text;
    log.warn(`content types were not reloaded: ${text}; the ones loaded before are served`);
  }

  async function reload(): Promise<void> {
    let next: Schemas;
    try {
      next = await loadSchemas(options.root);
    } catch (error) {
      return refuse((error as Error).message);
    }
    if (stopped || fingerprint(next) === fingerprint(options.schemas())) {
      if (said) log.info(`content types: the files in ${CONTENT_TYPES_FOLDER}/ are the ones served again`);
      said = '';
      return;
    }
    const problems = await options.apply(next);
    if (problems.length > 0) {
      const more = problems.length > SHOWN_PROBLEMS ? `; and ${problems.length - SHOWN_PROBLEMS} more` : '';
      const shown = problems.slice(0, SHOWN_PROBLEMS).join('; ');
      return refuse(`documents in ${DATA_FOLDER}/${CONTENT_FOLDER}/ would not validate against them: ${shown}${more}`);
    }
    said = '';
    log.info(`content types reloaded: ${next.contentTypes.map((type) => type.singularName).join(', ') || 'none'}`);
  }

  // One watch per folder, followed through saves by rename and folders replaced
  // (content-watch-folders.ts): components/<category>/ is two levels down.
  const folders = watchFolders({
    root: projectPaths(options.root).contentTypes,
    depth: 2,
    changed: () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(reload).catch((error: unknown) => log.error('content types were not reloaded', error));
      }, SETTLE_MS);
    },
    failed: (folder, error) => {
      const shown = folder === '..' ? 'the project folder' : `${posix.join(CONTENT_TYPES_FOLDER, folder)}/`;
      log.error(`watching ${shown} failed`, error);
    },
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    folders.close();
  };
}

/** Two loads of the same files compare equal. */
function fingerprint(schemas: Schemas): string {
  return JSON.stringify([schemas.contentTypes, [...schemas.components], schemas.userAttributes]);
}
