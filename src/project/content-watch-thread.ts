/**
 * The thread of content-watch.ts. It watches `data/content/`, each type's folder and each
 * document's folder, and posts the paths that someone else changed. The server tells it, before
 * each write, what the write will leave at each path (content-watch-judge.ts): an event at a path
 * that holds what the server said is its own, and any other is news. The events of the server's
 * own writes wake this thread, never the one that answers requests.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { CONTENT_FOLDER, DATA_FOLDER } from '../project-layout.js';
import type { ThreadMessage, WatchData } from './content-watch.js';
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
    const depth = path.split('/').length; // 1: a type, 2: a document, 3: a version file
    if (depth === 1 || !judgement.isOwn(path)) changed.add(path);
  }
  pending = [];
  if (changed.size > 0) post({ changed: [...changed] });
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
    watcher = watch(join(contentDir, folder), (_event, name) => name && seen(folder, name.toString()));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    if (code === 'ENOSPC' && !tooMany) {
      tooMany = true;
      const beyond = 'documents changed on disk in folders beyond it are read again only at a restart';
      post({ warn: `${SHOWN_CONTENT}: the system allows no more file watches (fs.inotify.max_user_watches); ${beyond}` });
    }
    if (code !== 'ENOSPC') post({ failed: `watching ${SHOWN_CONTENT}/${folder} failed: ${(error as Error).message}` });
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
  for (const name of subfolders(join(contentDir, folder))) followTree(folder === '' ? name : `${folder}/${name}`, depth + 1);
}

function seen(folder: string, name: string): void {
  // Temp files and folders start with a dot; a folder's own removal is told by its parent too.
  if (name.startsWith('.') || (folder !== '' && name === basename(folder) && !existsSync(join(contentDir, folder)))) return;
  const path = folder === '' ? name : `${folder}/${name}`;
  const depth = path.split('/').length;
  if (depth <= 2) {
    // A folder followed already may be gone; a new one is followed (watching a folder that is gone fails quietly).
    if (!watchers.has(path)) followTree(path, depth);
    else if (!existsSync(join(contentDir, path))) unfollow(path);
  }
  pending.push(path);
  judgeSoon();
}

/** The folders directly in `dir` that can be a type or a document (not temp folders). */
function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
  } catch {
    return []; // gone meanwhile
  }
}

followTree('', 0);
post({ ready: true });
