/**
 * The raw reading of document directories, synchronous and allocation-light, shared by the main
 * thread and the reader threads of `list` (see document-tree.ts). Nothing here parses JSON or
 * decides anything: it sorts entries by name and copies document files' bytes into one buffer.
 */
import { closeSync, openSync, readdirSync, readSync, type Dirent } from 'node:fs';
import { sep } from 'node:path';
import { errorCode } from './fs-errors.js';
import { assertSafeName } from './names.js';
import type { DocumentStatus } from './types.js';

const DOCUMENT_FILE = /^(draft|published)\.(.+)\.json$/;
/** A batch is handed over once its buffer holds this much; files are ~1 KB, so a few thousand. */
const BATCH_BYTES = 4 * 1024 * 1024;

/** An entry of a document directory that is not a document file: the caller reports or sweeps it. */
export interface OtherEntry {
  path: string;
  /** `temp`: named like a temp file (`*.tmp`); `stray`: anything else. */
  kind: 'temp' | 'stray';
  entry: EntryType;
}

export type EntryType = 'file' | 'directory' | 'other';

export function entryType(entry: Dirent): EntryType {
  return entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other';
}

/** What reading some document directories found; plain data, so it can cross a thread boundary. */
export interface ReadBatch {
  /** The document files read, in the order met: their directory (its index in the caller's list) and name. */
  directories: number[];
  names: string[];
  /** File `i` is `bytes[ends[i - 1] ?? 0 .. ends[i]]`. */
  ends: number[];
  bytes: Uint8Array<ArrayBuffer>;
  others: OtherEntry[];
}

/** The status and locale a document file's name gives, or null for any other name. */
export function parseDocumentFileName(name: string): { status: DocumentStatus; locale: string } | null {
  const match = DOCUMENT_FILE.exec(name);
  if (!match || !isSafeName(match[2])) return null;
  return { status: match[1] as DocumentStatus, locale: match[2] as string };
}

/** Entries of `dir`; a directory removed since it was listed has none. */
export function readDirectorySync(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Collects document files of directories into batches. One open, read and close per file into a
 * shared buffer: `readFileSync` adds an fstat per file, and the async reads cost ~4× more CPU per
 * small file (promise and thread-pool hops), which is what bounded startup.
 */
export class BatchReader {
  private buffer = new Uint8Array(BATCH_BYTES + 64 * 1024);
  private length = 0;
  private batch = emptyBatch();

  /**
   * Reads document directory `dir`, number `index` in the caller's list; throws what the file
   * system throws, but a directory or file removed since it was listed is just not there.
   */
  readDirectory(dir: string, index: number): void {
    for (const entry of readDirectorySync(dir)) {
      // Not path.join: `dir` is already normal, and join's normalizing showed in profiles.
      const path = dir + sep + entry.name;
      if (entry.name.endsWith('.tmp')) this.batch.others.push({ path, kind: 'temp', entry: entryType(entry) });
      else if (!entry.isFile() || !parseDocumentFileName(entry.name)) this.batch.others.push({ path, kind: 'stray', entry: entryType(entry) });
      else if (this.readFile(path)) {
        this.batch.directories.push(index);
        this.batch.names.push(entry.name);
        this.batch.ends.push(this.length);
      }
    }
  }

  /** Whether a batch is worth handing over. */
  get full(): boolean {
    return this.length >= BATCH_BYTES;
  }

  /** Answers what was read since the last call, in a buffer of its own (transferable). */
  take(): ReadBatch {
    const batch = { ...this.batch, bytes: this.buffer.slice(0, this.length) };
    this.batch = emptyBatch();
    this.length = 0;
    return batch;
  }

  /** Appends a file's bytes to the buffer; false when it was removed since its directory was listed. */
  private readFile(path: string): boolean {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return false;
      throw error;
    }
    try {
      for (;;) {
        if (this.buffer.length - this.length < 64 * 1024) this.grow();
        const wanted = this.buffer.length - this.length;
        const read = readSync(fd, this.buffer, this.length, wanted, null);
        this.length += read;
        // A regular file answers less than asked only at its end: no extra read to see 0.
        if (read < wanted) return true;
      }
    } finally {
      closeSync(fd);
    }
  }

  private grow(): void {
    const bigger = new Uint8Array(this.buffer.length * 2);
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
  }
}

function emptyBatch(): Omit<ReadBatch, 'bytes'> {
  return { directories: [], names: [], ends: [], others: [] };
}

/** Whether `name` may be a type, document id or locale on disk (see assertSafeName). */
export function isSafeName(name: string | undefined): boolean {
  try {
    assertSafeName(name, 'name');
    return true;
  } catch {
    return false;
  }
}
