/**
 * What a write is given and what its steps share: the data of a file, the options of a write, the
 * files of one directory, the file system calls the writes make, and the context (file system, temp
 * names, shared directory fsyncs) a writer hands to each step, with the modes files and folders get.
 */
import type * as nodeFs from 'node:fs/promises';
import type { TempNames } from '../temp-files.js';

/**
 * What a file is written with: text, bytes, or the bytes of another file (`{ copyOf: path }`), read
 * as they are written, so that a large upload is never held in memory whole.
 */
export type FileData = string | Uint8Array | { copyOf: string };

export interface WriteFileOptions {
  /** File mode of the written file; default 0o600 because tables hold password hashes and tokens. */
  mode?: number;
}

export interface WriteFilesOptions extends WriteFileOptions {
  /**
   * A folder on the same file system where the temp files (and the temp folder of a new directory)
   * are made, rather than beside their targets: a watcher of the target directory then sees only
   * the renames that put the files in place, not the temp files' creation and writes. Made when
   * missing.
   */
  stagingDir?: string;
}

export interface DirectoryFile {
  /** A plain file name inside the directory. */
  name: string;
  data: string | Uint8Array;
}

export const DEFAULT_FILE_MODE = 0o600;
export const DIRECTORY_MODE = 0o700;

/**
 * The file system calls the writes make: Node's own, unless a test passes calls that fail (a full
 * disk, a read-only one) to see what the store and the server do then.
 */
export type WriteFs = Pick<typeof nodeFs, 'mkdir' | 'open' | 'rename' | 'rm' | 'rmdir' | 'stat' | 'unlink'>;

/** What the steps of a write need from their writer: the file system, temp names, and directory fsyncs to share. */
export interface WriteContext {
  fs: WriteFs;
  temps: TempNames;
  syncDirectory(dir: string): Promise<void>;
  /** Whether each written file is fsynced (see `deferSync`). */
  syncFiles: boolean;
}
