/**
 * One JSON file per document, status and locale (docs/getting-started.md, "Project layout"):
 * `<dataDir>/content/<type>/<documentId>/<status>.<locale>.json`.
 */
import { readFile as readFileCallback, readdir as readdirCallback, stat as statCallback } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { defaultReaderThreads, parseDocument, readDocumentTree, STAGING_FOLDER } from './document-tree.js';
import type { FileStore } from './file-store.js';
import { errorCode } from './fs-errors.js';
import { createKeyedQueue } from './keyed-queue.js';
import { assertDocumentKey, assertOneDocument, assertSafeName } from './names.js';
import { stableStringify } from './stable-json.js';
import { parseDocumentFileName } from './document-reader.js';
import type { CommitOptions, DocumentAdapter, DocumentKey, DocumentVersions, Json, StoredDocument } from './types.js';

export interface FileDocumentsOptions {
  /**
   * Told about each file or directory `list` skips (a temp file left by a crash, a stray file).
   * Default: a process warning on stderr.
   */
  onSkip?: (path: string, reason: string) => void;
  /**
   * Let `list` remove the stale temp files it meets (by the rules of removeStaleTempFiles) rather
   * than report them, so startup walks the content folders once. Default false.
   */
  sweepTempFiles?: boolean;
  /** Threads that read files for `list` of a large tree; 0: none. Default: one per core, at most four. */
  readerThreads?: number;
  /**
   * Told, before a write changes data/content/, what it will leave at each path it changes: a file
   * with these bytes, a document's folder, or nothing; then, for each of those paths in turn,
   * that it `landed`, or, when it failed, that what is there is `unknown`. Paths are relative to
   * data/content/ and `/`-separated: a version's file (`article/abc/draft.en.json`) or a
   * document's folder (`article/abc`). A watch of those folders tells the server's own changes
   * from others' by them.
   */
  onWrite?: (said: readonly PathSaid[]) => void;
}

/**
 * What a write says of a path (see `onWrite`); `hash` is the SHA-1 of a file's bytes, in hex.
 * Writes at one path land in the order they were said, so `landed` and `unknown` are of the
 * oldest one said there that had neither.
 */
export type PathSaid = { path: string; state: 'folder' | 'absent' | 'landed' | 'unknown' } | { path: string; state: 'file'; hash: string };

/** The hash `PathSaid` gives a file's bytes. */
const contentHash = (data: string | Uint8Array): string => createHash('sha1').update(data).digest('hex');

// `get` reads with the callback readFile, promisified: fs.promises.readFile costs ~2.5× more per
// small file (nodejs/node#37583, #52046). `list` reads synchronously, see document-tree.ts.
const readFile = promisify(readFileCallback);
const readdir = promisify(readdirCallback);
const stat = promisify(statCallback);

/**
 * The file-backed DocumentAdapter, the default for a project. It writes, removes and sweeps
 * through `files`, whose `whenIdle()` waits for its writes.
 *
 * @example
 * const documents = createFileDocuments(files, 'data');
 * await documents.put({ type: 'article', documentId: 'a1b2', status: 'draft', locale: 'en' }, { title: 'Hi' });
 * // → data/content/article/a1b2/draft.en.json
 */
export function createFileDocuments(files: FileStore, dataDir: string, options: FileDocumentsOptions = {}): DocumentAdapter {
  const contentDir = join(dataDir, 'content');
  // Temp files are made in data/content/.staging: the folders the server watches see each write as
  // one rename per file, not the temp file's creation, writes and rename (a quarter of the events).
  const stagingDir = join(contentDir, STAGING_FOLDER);
  const onSkip = options.onSkip ?? ((path, reason) => process.emitWarning(`${path}: ${reason}`, 'FolioStorageWarning'));
  const treeOptions = { files, onSkip, sweepTempFiles: options.sweepTempFiles ?? false, readerThreads: options.readerThreads ?? defaultReaderThreads() };
  const documentDir = (key: DocumentKey) => join(contentDir, key.type, key.documentId);
  const notify = options.onWrite ?? (() => undefined);
  /** Hashing what a write leaves is only worth it for a watch to tell it by. */
  const watched = options.onWrite !== undefined;
  const fileOf = (key: DocumentKey) => {
    assertDocumentKey(key);
    return join(documentDir(key), `${key.status}.${key.locale}.json`);
  };

  /** Writes and removes of one document land in the order they were asked for. */
  const inOrder = createKeyedQueue();

  async function putAll(versions: readonly StoredDocument[], options?: CommitOptions): Promise<void> {
    assertOneDocument(versions);
    if (versions.length === 0) return;
    await options?.with?.(); // durable before the document: see CommitOptions
    const written = versions.map(({ key, value }) => ({ name: basename(fileOf(key)), data: stableStringify(value) }));
    const { type, documentId } = versions[0]!.key;
    const dir = documentDir(versions[0]!.key);
    const folder = `${type}/${documentId}`;
    const said: PathSaid[] = watched ? [{ path: folder, state: 'folder' }, ...written.map(({ name, data }) => ({ path: `${folder}/${name}`, state: 'file' as const, hash: contentHash(data) }))] : [];
    await inOrder(dir, async () => {
      notify(said);
      let landed = false;
      try {
        await files.writeFilesAtomic(dir, written, { stagingDir });
        landed = true;
      } finally {
        notify(said.map(({ path }) => ({ path, state: landed ? 'landed' : 'unknown' })));
      }
    });
  }

  return {
    // async, so a bad key is a rejected promise like every other failure, not a synchronous throw.
    async get(key) {
      return readDocument(fileOf(key));
    },

    async put(key, value) {
      await putAll([{ key, value }]);
    },

    putAll,

    async remove(key, options) {
      const file = fileOf(key);
      await options?.with?.();
      const folder = `${key.type}/${key.documentId}`;
      const version = `${folder}/${basename(file)}`;
      await inOrder(documentDir(key), () => files.track(async () => {
        notify([{ path: version, state: 'absent' }, { path: folder, state: 'absent' }]);
        let removed: 'none' | 'file' | 'folder' = 'none';
        try {
          await files.removeFile(file);
          removed = 'file';
          // The last version of a document takes its directory with it, so `list` never walks empty ones.
          if (await files.removeEmptyDirectory(documentDir(key))) removed = 'folder';
        } finally {
          notify([
            { path: version, state: removed === 'none' ? 'unknown' : 'landed' },
            // A folder that still holds other versions stays: what it holds is theirs to say.
            { path: folder, state: removed === 'folder' ? 'landed' : 'unknown' },
          ]);
        }
      }));
    },

    async list(type) {
      if (type !== undefined) assertSafeName(type, 'type');
      return readDocumentTree(contentDir, type, treeOptions);
    },

    async documentIds(type) {
      assertSafeName(type, 'type');
      try {
        const entries = await readdir(join(contentDir, type), { withFileTypes: true });
        return entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return [];
        throw error;
      }
    },

    async fileTimes(key) {
      try {
        const { mtimeMs, birthtimeMs } = await stat(fileOf(key));
        // A file system that keeps no birth time answers 0 for it.
        return { modifiedMs: mtimeMs, ...(birthtimeMs > 0 && { bornMs: birthtimeMs }) };
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw error;
      }
    },

    async readDocument(type, documentId) {
      assertSafeName(type, 'type');
      assertSafeName(documentId, 'documentId');
      const dir = join(contentDir, type, documentId);
      const found: DocumentVersions = { versions: [], broken: [] };
      let names: string[];
      try {
        names = ((await readdir(dir)) as string[]).sort();
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return found;
        throw error;
      }
      for (const name of names) {
        const parsed = parseDocumentFileName(name); // temp files and strays are not versions
        if (!parsed) continue;
        const key = { type, documentId, ...parsed };
        const path = join(dir, name);
        try {
          const value = await readDocument(path);
          if (value) found.versions.push({ key, value }); // gone between readdir and read: not a version
        } catch (error) {
          if (errorCode(error) !== undefined) throw error; // the file system's own failure, not the file's content
          found.broken.push({ key, path, reason: (error as Error).message });
        }
      }
      return found;
    },
  };
}

/** A missing file is `null`; a file that is not a JSON object is an error naming it. */
async function readDocument(path: string): Promise<Record<string, Json> | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  return parseDocument(path, text);
}
