/**
 * A reader thread of document-tree.ts: reads its share of document folders and posts the bytes in
 * batches (their buffers transferred, not copied); the parsing stays on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BatchReader } from './document-reader.js';
import type { ThreadMessage } from './document-tree.js';

const { dirs, first } = workerData as { dirs: string[]; first: number };
const port = parentPort!;
const post = (message: ThreadMessage) => port.postMessage(message, 'batch' in message ? [message.batch.bytes.buffer] : []);

// Module state on purpose: this file is the body of one reader thread, which reads one share once
// and ends, so one reader per thread is that thread's whole life, shared with nothing.
const reader = new BatchReader();
try {
  for (const [i, dir] of dirs.entries()) {
    reader.readDirectory(dir, first + i);
    if (reader.full) post({ batch: reader.take() });
  }
  post({ batch: reader.take() });
  post({ done: true });
} catch {
  // The main thread reads this share again itself, to throw the error with its own stack.
  post({ failed: true });
}
