/**
 * A watch of `data/content/` on a thread of its own (content-watch-thread.ts): it tells the paths
 * someone else changed (git, an editor, a sync tool) from the server's own writes, which the file
 * documents tell it about, in shared memory, before they make them. Each write's file events then cost the thread
 * that answers requests nothing; measured with the data on tmpfs, watching on this thread took
 * creates and updates 15–22% below a server without the watch.
 */
import { mkdirSync } from 'node:fs';
import type { Logger } from '../log/index.js';
import type { PathSaid } from '../storage/index.js';
import { startThread, threadUrl } from '../threads.js';
import { createPathRing, pathRingWriter, type PathWord } from './path-ring.js';

const THREAD_URL = threadUrl('./content-watch-thread', import.meta.url);

/** What the watch thread starts with: the folder, and the ring where it reads the server's word about each write. */
export interface WatchData {
  contentDir: string;
  ring: SharedArrayBuffer;
}
/** Room for the word about some thousands of writes: the thread reads it at every turn, and at least once a second. */
const RING_BYTES = 1 << 20;
/** When the ring is full, what is left is written again this much later, in order. */
const RETRY_MS = 10;
/** What the watch thread tells: ready once every folder is watched, then the paths others changed. */
export type ThreadMessage = { ready: true } | { changed: string[] } | { warn: string } | { failed: string };

export interface ContentWatch {
  /** Told what this server's writes leave under data/content/, before they make them (the file documents' `onWrite`). */
  onWrite(said: readonly PathSaid[]): void;
  /** Resolves once every folder is watched: any change made after that is told. */
  ready: Promise<void>;
  /**
   * Hands each batch of changed paths (`article`, `article/abc`, `article/abc/draft.en.json`,
   * relative to data/content/; `''`: data/content/ itself was replaced) to `listener`; the paths
   * told before there was one come first.
   * `undefined` stops handing them.
   */
  follow(listener: ((paths: string[]) => void) | undefined): void;
  stop(): Promise<void>;
}

/**
 * Starts watching `contentDir` (made when missing).
 * @example const watch = startContentWatch(paths.content, log); documents = createFileDocuments(files, paths.data, { onWrite: watch.onWrite });
 */
export function startContentWatch(contentDir: string, log: Logger): ContentWatch {
  mkdirSync(contentDir, { recursive: true, mode: 0o700 });
  const ring = createPathRing(RING_BYTES);
  const worker = startThread(THREAD_URL, { contentDir, ring } satisfies WatchData);
  const writer = pathRingWriter(ring);
  /** Words the ring had no room for, in order: every later word waits behind them. */
  const backlog: Array<[PathWord, string, string]> = [];
  let retry: NodeJS.Timeout | undefined;
  const writeBacklog = () => {
    retry = undefined;
    while (backlog.length > 0 && writer.write(...backlog[0]!)) backlog.shift();
    if (backlog.length > 0) retry = setTimeout(writeBacklog, RETRY_MS).unref();
  };
  let listener: ((paths: string[]) => void) | undefined;
  const early = new Set<string>();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  worker.on('message', (message: ThreadMessage) => {
    if ('ready' in message) markReady();
    else if ('changed' in message) {
      if (listener) listener(message.changed);
      else for (const path of message.changed) early.add(path);
    } else if ('warn' in message) log.warn(message.warn);
    else log.error(message.failed);
  });
  worker.on('error', (error) => {
    log.error('watching data/content/ stopped; documents changed on disk are read again only at a restart', error);
    markReady();
  });
  let running = true;
  worker.on('exit', () => {
    running = false; // nothing reads the ring any more: the server's words go nowhere
    backlog.length = 0;
    markReady();
  });
  // Once it watches, it is never what keeps a process alive (unref'd after its listeners: adding one refs it again).
  void ready.then(() => worker.unref());
  return {
    onWrite(said) {
      if (!running) return;
      for (const each of said) {
        const word: [PathWord, string, string] = [each.state, each.path, each.state === 'file' ? each.hash : ''];
        if (backlog.length > 0 || !writer.write(...word)) backlog.push(word);
      }
      if (backlog.length > 0 && !retry) retry = setTimeout(writeBacklog, RETRY_MS).unref();
    },
    ready,
    follow(next) {
      listener = next;
      if (!next || early.size === 0) return;
      const paths = [...early];
      early.clear();
      next(paths);
    },
    async stop() {
      clearTimeout(retry);
      await worker.terminate();
    },
  };
}
