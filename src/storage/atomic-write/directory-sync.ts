/**
 * Shared directory fsyncs: a directory is fsynced so that a rename, unlink or create inside it
 * survives a power cut, and callers that arrive while one fsync of it runs share the next one.
 */
import type { FileHandle } from 'node:fs/promises';
import { errorCode } from '../fs-errors.js';
import type { WriteFs } from './context.js';

interface DirectorySync {
  done: Promise<void>;
  /** The fsync that waiters arriving during `done` share. */
  next?: Promise<void>;
}

/**
 * fsync a directory so a rename/unlink/create inside it survives a power cut. Callers that arrive
 * while one fsync of `dir` runs share the next one (it starts after theirs began to wait, so it
 * covers their change): ten documents created at once cost two fsyncs of their type's directory.
 */
export function createDirectorySyncs(fs: WriteFs): (dir: string) => Promise<void> {
  const directorySyncs = new Map<string, DirectorySync>();

  function startDirectorySync(dir: string): Promise<void> {
    const sync: DirectorySync = { done: fsyncDirectory(fs, dir) };
    directorySyncs.set(dir, sync);
    void sync.done.then(forget, forget);
    function forget(): void {
      if (directorySyncs.get(dir) === sync && sync.next === undefined) directorySyncs.delete(dir);
    }
    return sync.done;
  }

  return function syncDirectory(dir) {
    const running = directorySyncs.get(dir);
    if (!running) return startDirectorySync(dir);
    return (running.next ??= running.done.then(() => startDirectorySync(dir), () => startDirectorySync(dir)));
  };
}

async function fsyncDirectory(fs: WriteFs, dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) and file systems cannot open or fsync a directory; the rename is
    // still atomic there, only its durability across a power cut is weaker.
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EACCES', 'ENOTSUP', 'EBADF'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}
