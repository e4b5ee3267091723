/**
 * Where the bytes of uploaded files live. The local folder (`upload.dir`) is the one provider today;
 * another (an S3-compatible bucket) implements the same three calls, and nothing that uploads,
 * lists or deletes files changes.
 */
import { insideFolder } from '../safe-path.js';
import type { FileData, FileStore } from '../storage/index.js';

export interface MediaProvider {
  /** Strapi's `provider` field of a file: `local`. */
  readonly name: string;
  /**
   * Stores `data` (bytes, or the bytes of a file: `{ copyOf: path }`) under `fileName` (a hash and
   * its extension, never a name a caller chose) and resolves once they are durable; answers the URL
   * the file is served at.
   */
  put(fileName: string, data: FileData): Promise<string>;
  /**
   * Removes a stored file; one already gone is no error. A name that is not a plain name (a file
   * row edited by hand, pulled with git or imported) is an UnsafePathError: nothing is removed.
   */
  remove(fileName: string): Promise<void>;
}

/** The public path of the local provider's files. */
export const UPLOADS_PATH = '/uploads';

/**
 * Files in a local folder, written as the store writes its own (temp file, fsync, rename), so an
 * acknowledged upload survives a crash and a failed one leaves no partial file. Several processes
 * may share the folder: names are unique hashes, and nothing is ever written in place.
 * @example const provider = localProvider(join(root, 'public/uploads'), files);
 */
export function localProvider(dir: string, files: Pick<FileStore, 'writeFileAtomic' | 'removeFile'>): MediaProvider {
  return {
    name: 'local',
    async put(fileName, data) {
      // Readable by the web server that may serve the folder in front of foliocms.
      await files.writeFileAtomic(insideFolder(dir, 'stored file name', fileName), data, { mode: 0o644 });
      return `${UPLOADS_PATH}/${fileName}`;
    },
    remove: async (fileName) => files.removeFile(insideFolder(dir, 'stored file name', fileName)),
  };
}
