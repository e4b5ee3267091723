/**
 * The thread of content-watch.ts. It watches `data/content/`, each type's folder and each
 * document's folder (content-watch-folders.ts), and posts the paths that someone else changed. The
 * server tells it, before each write, what the write will leave at each path (content-watch-judge.ts):
 * an event at a path that holds what the server said is its own, and any other is news. The events
 * of the server's own writes wake this thread, never the one that answers requests.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { CONTENT_FOLDER, DATA_FOLDER } from '../project-layout.js';
import type { ThreadMessage, WatchData } from './content-watch.js';
import { watchFolders } from './content-watch-folders.js';
import { createJudge, KEPT_MS } from './content-watch-judge.js';
import { pathRingReader } from './path-ring.js';

/** The documents' folder as messages name it: `data/content`. */
const SHOWN_CONTENT = `${DATA_FOLDER}/${CONTENT_FOLDER}`;

const { contentDir, ring } = workerData as WatchData;
const words = pathRingReader(ring);
const port = parentPort!;
const post = (message: ThreadMessage) => port.postMessage(message);

// Module state on purpose: this file is the body of one watch thread, shared with nothing.

/** The files of a document folder (not temp files); undefined when the folder is gone. */
function filesIn(folder: string): string[] | undefined {
  try {
    return readdirSync(join(contentDir, folder)).filter((name) => !name.startsWith('.'));
  } catch {
    return undefined;
  }
}

/** The SHA-1 of a document file's bytes, as the file documents say it; undefined when it is gone. */
function hashOf(file: string): string | undefined {
  try {
    return createHash('sha1').update(readFileSync(join(contentDir, file))).digest('hex');
  } catch {
    return undefined;
  }
}

/** Takes in what the server said since the last call. */
const readWords = () => words.read(judgement.say);
const judgement = createJudge({ filesIn, hashOf, catchUp: readWords });
setInterval(judgement.age, KEPT_MS).unref();

// Read at least once a second, so that words about writes that make no event (they failed) never fill the ring.
setInterval(readWords, 1000).unref();

// Events are judged after the poll phase that brought them, so that the server's word about a
// write, posted before the write began, is always read before that write's event is judged.
/** The paths of the events not judged yet, one per event: two events at one path are two changes. */
let pending: string[] = [];
let judging = false;
function judgeSoon(): void {
  if (judging) return;
  judging = true;
  setImmediate(judge);
}

// Under a stream of writes, each event and each word from the server would wake this thread on its
// own, and the wake-ups cost the machine more than the work. Woken again within BUSY_MS, it sleeps
// NAP_MS first, and then takes all that came meanwhile in one turn; an occasional change is judged at once.
const BUSY_MS = 5;
const NAP_MS = 5;
const napCell = new Int32Array(new SharedArrayBuffer(4));
let lastTurn = -Infinity;
let napped = false;

function judge(): void {
  if (!napped && performance.now() - lastTurn < BUSY_MS) {
    Atomics.wait(napCell, 0, 0, NAP_MS);
    napped = true;
    setImmediate(judge); // the events that came during the nap are read first
    return;
  }
  napped = false;
  lastTurn = performance.now();
  judging = false;
  readWords(); // all said before the events' writes began
  const changed = new Set<string>();
  for (const path of pending) {
    // 1: a type, or '' (data/content/ itself replaced), always news; 2: a document; 3: a version file.
    const depth = path.split('/').length;
    if (depth === 1 || !judgement.isOwn(path)) changed.add(path);
  }
  pending = [];
  if (changed.size > 0) post({ changed: [...changed] });
}

// One plain watch per folder (content/, each type, each document), followed through folders
// replaced (content-watch-folders.ts), and one on data/ for content/ itself: the events of the
// server's other files there wake this thread only, which drops them. Node 20's recursive watch on
// Linux is far too slow for this tree: with 10,000 documents it took creates from about 1,100 to 22 per second.
let tooMany = false;

function failed(folder: string, error: NodeJS.ErrnoException): void {
  const shown = folder === '..' ? `${DATA_FOLDER}/` : `${SHOWN_CONTENT}/${folder}`;
  if (error.code !== 'ENOSPC') return post({ failed: `watching ${shown} failed: ${error.message}` });
  if (tooMany) return;
  tooMany = true;
  const beyond = 'documents changed on disk in folders beyond it are read again only at a restart';
  post({ warn: `${SHOWN_CONTENT}: the system allows no more file watches (fs.inotify.max_user_watches); ${beyond}` });
}

function seen(path: string): void {
  pending.push(path);
  judgeSoon();
}

watchFolders({ root: contentDir, depth: 2, changed: seen, failed });
post({ ready: true });
