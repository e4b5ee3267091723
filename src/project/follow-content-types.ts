/**
 * Serves content types changed in `content-types/` (a `git pull`, an editor, `folio content-type
 * create`) without a restart, when the documents on disk still validate against them. Until they
 * do, or while a file does not load, the types served keep being served and the log says why once.
 */
import { watch, type FSWatcher } from 'node:fs';
import { loadSchemas, type Schemas } from '../schema/index.js';
import type { Logger } from '../log/index.js';
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

  let watcher: FSWatcher | undefined;
  try {
    // content-types/ is a handful of files in at most three levels: a recursive watch is cheap here.
    watcher = watch(projectPaths(options.root).contentTypes, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(reload).catch((error: unknown) => log.error('content types were not reloaded', error));
      }, SETTLE_MS);
    });
    watcher.on('error', (error) => log.error(`watching ${CONTENT_TYPES_FOLDER}/ failed`, error));
  } catch (error) {
    log.error(`watching ${CONTENT_TYPES_FOLDER}/ failed`, error);
  }
  return () => {
    stopped = true;
    clearTimeout(timer);
    watcher?.close();
  };
}

/** Two loads of the same files compare equal. */
function fingerprint(schemas: Schemas): string {
  return JSON.stringify([schemas.contentTypes, [...schemas.components], schemas.userAttributes]);
}
