/**
 * One JSON file per document, status and locale (CONTRACT.md "Data on disk"):
 * `<dataDir>/content/<type>/<documentId>/<status>.<locale>.json`.
 */
import { readFile as readFileCallback, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ApplicationError } from '../errors.js';
import { removeEmptyDirectory, removeFile, track, writeFileAtomic } from './atomic-write.js';
import { errorCode } from './fs-errors.js';
import { mapLimit } from './map-limit.js';
import { assertDocumentKey, assertSafeName } from './names.js';
import { stableStringify } from './stable-json.js';
import type { DocumentAdapter, DocumentKey, DocumentStatus, Json, StoredDocument } from './types.js';

export interface FileDocumentsOptions {
  /**
   * Told about each file or directory `list` skips (a temp file left by a crash, a stray file).
   * Default: a process warning on stderr.
   */
  onSkip?: (path: string, reason: string) => void;
}

// The callback readFile, promisified: fs.promises.readFile costs ~2.5× more per small file, which
// made listing 100k documents take ~13 s instead of ~6 s on two cores (nodejs/node#37583, #52046).
const readFile = promisify(readFileCallback);
/** Enough to keep the disk busy without running out of file descriptors. */
const PARALLEL_READS = 64;
const DOCUMENT_FILE = /^(draft|published)\.(.+)\.json$/;

/**
 * The file-backed DocumentAdapter, the default for a project.
 *
 * @example
 * const documents = createFileDocuments('data');
 * await documents.put({ type: 'article', documentId: 'a1b2', status: 'draft', locale: 'en' }, { title: 'Hi' });
 * // → data/content/article/a1b2/draft.en.json
 */
export function createFileDocuments(dataDir: string, options: FileDocumentsOptions = {}): DocumentAdapter {
  const contentDir = join(dataDir, 'content');
  const onSkip = options.onSkip ?? ((path, reason) => process.emitWarning(`${path}: ${reason}`, 'FolioStorageWarning'));
  const documentDir = (key: DocumentKey) => join(contentDir, key.type, key.documentId);
  const fileOf = (key: DocumentKey) => {
    assertDocumentKey(key);
    return join(documentDir(key), `${key.status}.${key.locale}.json`);
  };

  return {
    // async, so a bad key is a rejected promise like every other failure, not a synchronous throw.
    async get(key) {
      return readDocument(fileOf(key));
    },

    async put(key, value) {
      await writeFileAtomic(fileOf(key), stableStringify(value));
    },

    async remove(key) {
      const file = fileOf(key);
      await track(async () => {
        await removeFile(file);
        // The last version of a document takes its directory with it, so `list` never walks empty ones.
        await removeEmptyDirectory(documentDir(key));
      });
    },

    async list(type) {
      if (type !== undefined) assertSafeName(type, 'type');
      const types = type !== undefined ? [type] : safeDirectories(contentDir, await readDirectory(contentDir), onSkip);
      const documentDirs = (
        await mapLimit(types, PARALLEL_READS, async (typeName) => {
          const typeDir = join(contentDir, typeName);
          return safeDirectories(typeDir, await readDirectory(typeDir), onSkip).map((documentId) => ({ typeName, documentId }));
        })
      ).flat();
      const files = (
        await mapLimit(documentDirs, PARALLEL_READS, async ({ typeName, documentId }) => {
          const dir = join(contentDir, typeName, documentId);
          return documentFiles(dir, await readDirectory(dir), onSkip).map(({ name, status, locale }) => ({
            path: join(dir, name),
            key: { type: typeName, documentId, status, locale },
          }));
        })
      ).flat();
      const documents = await mapLimit(files, PARALLEL_READS, async ({ path, key }) => {
        const value = await readDocument(path);
        // null: removed since we listed its directory.
        return value === null ? null : { key, value };
      });
      return documents.filter((document): document is StoredDocument => document !== null);
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApplicationError(`${path}: not valid JSON (${(error as Error).message}); fix or restore the file`, { file: path }, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApplicationError(`${path}: expected a JSON object`, { file: path });
  }
  return value as Record<string, Json>;
}

async function readDirectory(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

function safeDirectories(parent: string, entries: Dirent[], onSkip: (path: string, reason: string) => void): string[] {
  const names: string[] = [];
  for (const entry of entries) {
    const path = join(parent, entry.name);
    if (!entry.isDirectory()) onSkip(path, 'not a directory; skipped');
    else if (!isSafeName(entry.name)) onSkip(path, 'not a valid type or document id; skipped');
    else names.push(entry.name);
  }
  return names;
}

function documentFiles(
  dir: string,
  entries: Dirent[],
  onSkip: (path: string, reason: string) => void,
): Array<{ name: string; status: DocumentStatus; locale: string }> {
  const files: Array<{ name: string; status: DocumentStatus; locale: string }> = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const match = DOCUMENT_FILE.exec(entry.name);
    if (entry.name.endsWith('.tmp')) onSkip(path, 'temporary file of an unfinished write; skipped');
    else if (!entry.isFile() || !match || !isSafeName(match[2])) onSkip(path, 'not a document file (<status>.<locale>.json); skipped');
    else files.push({ name: entry.name, status: match[1] as DocumentStatus, locale: match[2] as string });
  }
  return files;
}

function isSafeName(name: string | undefined): boolean {
  try {
    assertSafeName(name, 'name');
    return true;
  } catch {
    return false;
  }
}
