/**
 * `list` of the file documents: one walk of `content/<type>/<documentId>/`, reading every document
 * file. At startup this is all the server does, so the walk is synchronous; with many documents,
 * reader threads make the file system calls (most of the cost: three per file, one per folder)
 * while this thread parses what they read.
 */
import type { Dirent } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { ApplicationError } from '../errors.js';
import { startThread, threadUrl } from '../threads.js';
import { BatchReader, entryType, isSafeName, readDirectorySync, type EntryType, type ReadBatch } from './document-reader.js';
import type { FileStore } from './file-store.js';
import type { Json, StoredDocument } from './types.js';

export interface TreeOptions {
  /** The store whose sweep removes stale temp files, so it never takes one that store is writing. */
  files: Pick<FileStore, 'removeStaleTempFiles' | 'removeStaleTempFilesAmong'>;
  onSkip: (path: string, reason: string) => void;
  /** Remove the stale temp files the walk meets (rules of removeStaleTempFiles) instead of reporting them. */
  sweepTempFiles: boolean;
  /** Reader threads for a large tree; 0 reads on this thread only. */
  readerThreads: number;
}

/** A document folder to read, in walk order. */
interface DocumentDirectory {
  type: string;
  documentId: string;
  dir: string;
}

/** Something the walk does not read, reported once it is known not to be a swept temp file. */
interface Skipped {
  path: string;
  reason: string;
  entry: EntryType;
}

/** What reading some of the folders gave. */
interface Found {
  documents: StoredDocument[];
  skipped: Skipped[];
}

/**
 * Below this many document folders, starting reader threads (~30 ms each) costs more than it saves.
 * Measured on two cores: 1,000 folders read in ~100 ms on one thread.
 */
const THREADS_FROM_DIRECTORIES = 2_000;
const THREAD_URL = threadUrl('./document-reader-thread', import.meta.url);

/**
 * Reader threads by default: one per core, at most four. The file system calls are most of the
 * work; with 100,000 documents on two cores, two threads were ready ~15% sooner than one.
 */
export function defaultReaderThreads(): number {
  return Math.min(4, availableParallelism());
}

/** The folder of `contentDir` where writes make their temp files (see createFileDocuments): not a type. */
export const STAGING_FOLDER = '.staging';

/**
 * Every document version under `contentDir` (of `type`, or of every type), in walk order. Stray
 * entries are reported to `onSkip` and skipped; a file that is not a JSON object throws naming it.
 */
export async function readDocumentTree(contentDir: string, type: string | undefined, options: TreeOptions): Promise<StoredDocument[]> {
  const top: Found = { documents: [], skipped: [] };
  // The staging folder holds only temp files, which the sweep of data/ removes when stale.
  const types = type !== undefined ? [type] : safeDirectories(contentDir, readDirectorySync(contentDir).filter((entry) => entry.name !== STAGING_FOLDER), top.skipped);
  const directories: DocumentDirectory[] = [];
  for (const typeName of types) {
    const typeDir = join(contentDir, typeName);
    for (const documentId of safeDirectories(typeDir, readDirectorySync(typeDir), top.skipped)) {
      directories.push({ type: typeName, documentId, dir: typeDir + sep + documentId });
    }
  }
  const threads = directories.length < THREADS_FROM_DIRECTORIES ? 0 : Math.min(options.readerThreads, Math.ceil(directories.length / THREADS_FROM_DIRECTORIES));
  const shares = threads > 0 ? await readInThreads(directories, threads) : [readHere(directories, 0, directories.length)];
  const skipped = top.skipped.concat(...shares.map((share) => share.skipped));
  await report(skipped, options);
  return shares.length === 1 ? shares[0]!.documents : ([] as StoredDocument[]).concat(...shares.map((share) => share.documents));
}

/** The value of a document file; one that is not a JSON object is an error naming the file. */
export function parseDocument(path: string, text: string): Record<string, Json> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApplicationError(`${path}: not valid JSON (${syntaxReason((error as Error).message)}); fix or restore the file`, { file: path }, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApplicationError(`${path}: expected a JSON object`, { file: path });
  }
  return value as Record<string, Json>;
}

/**
 * V8's reason for a JSON syntax error without the piece of the file it may quote
 * (`Unexpected token 's', "sk_live_12"... is not valid JSON`): that piece can be a secret pasted
 * into the file, and can hold a line break, and the reason goes into one-line log messages.
 * @example syntaxReason('Unexpected token \'a\', "a\nb" is not valid JSON') // "Unexpected token 'a'"
 */
function syntaxReason(message: string): string {
  return message
    .replace(/, "[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '')
    .replace(/'[\r\n]'/g, 'line break')
    .replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/** Parses a read batch into `found`. */
function add(directories: readonly DocumentDirectory[], batch: ReadBatch, found: Found): void {
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  let start = 0;
  for (let i = 0; i < batch.names.length; i++) {
    const { type, documentId, dir } = directories[batch.directories[i]!]!;
    const name = batch.names[i]!;
    const end = batch.ends[i]!;
    // The reader kept only names parseDocumentFileName accepts: `<status>.<locale>.json`.
    const status = name.startsWith('draft.') ? 'draft' : 'published';
    const locale = name.slice(status.length + 1, -'.json'.length);
    found.documents.push({ key: { type, documentId, status, locale }, value: parseDocument(dir + sep + name, bytes.toString('utf8', start, end)) });
    start = end;
  }
  for (const { path, kind, entry } of batch.others) {
    const reason = kind === 'temp' ? 'temporary file of an unfinished write; skipped' : 'not a document file (<status>.<locale>.json); skipped';
    found.skipped.push({ path, reason, entry });
  }
}

function readHere(directories: readonly DocumentDirectory[], from: number, to: number): Found {
  const found: Found = { documents: [], skipped: [] };
  const reader = new BatchReader();
  for (let index = from; index < to; index++) {
    reader.readDirectory(directories[index]!.dir, index);
    if (reader.full) add(directories, reader.take(), found);
  }
  add(directories, reader.take(), found);
  return found;
}

/**
 * Each thread reads a contiguous share of the folders, so their results in order keep the walk
 * order. A read error in a thread is reproduced by reading that share again on this thread, so it
 * throws the file system's own error (or succeeds, if it was transient).
 */
async function readInThreads(directories: readonly DocumentDirectory[], threads: number): Promise<Found[]> {
  const size = Math.ceil(directories.length / threads);
  const workers: Worker[] = [];
  try {
    return await Promise.all(
      Array.from({ length: threads }, (_, i) => {
        const from = i * size;
        const to = Math.min(directories.length, from + size);
        const worker = startThread(THREAD_URL, { dirs: directories.slice(from, to).map(({ dir }) => dir), first: from });
        workers.push(worker);
        const found: Found = { documents: [], skipped: [] };
        return new Promise<Found>((resolve, reject) => {
          worker.on('message', (message: ThreadMessage) => {
            try {
              if ('batch' in message) add(directories, message.batch, found);
              else if ('failed' in message) resolve(readHere(directories, from, to));
              else resolve(found);
            } catch (error) {
              reject(error);
            }
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`a document reader thread stopped (exit code ${code})`)));
        });
      }),
    );
  } finally {
    for (const worker of workers) void worker.terminate();
  }
}

/** What a reader thread posts (see document-reader-thread.ts). */
export type ThreadMessage = { batch: ReadBatch } | { done: true } | { failed: true };

function safeDirectories(parent: string, entries: Dirent[], skipped: Skipped[]): string[] {
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) skipped.push({ path: join(parent, entry.name), reason: 'not a directory; skipped', entry: entryType(entry) });
    else if (!isSafeName(entry.name)) skipped.push({ path: join(parent, entry.name), reason: 'not a valid type or document id; skipped', entry: 'directory' });
    else names.push(entry.name);
  }
  return names;
}

/**
 * Reports what the walk skipped. When sweeping, stale temp files and folders go first (silently,
 * as removeStaleTempFiles does), and so do those inside skipped folders, which the walk did not enter.
 */
async function report(skipped: readonly Skipped[], options: TreeOptions): Promise<void> {
  const removed = new Set<string>();
  if (options.sweepTempFiles) {
    for (const path of await options.files.removeStaleTempFilesAmong(skipped.filter(({ entry }) => entry !== 'other').map(({ path }) => path))) removed.add(path);
    for (const { path, entry } of skipped) if (entry === 'directory' && !removed.has(path)) await options.files.removeStaleTempFiles(path);
  }
  for (const { path, reason } of skipped) if (!removed.has(path)) options.onSkip(path, reason);
}
