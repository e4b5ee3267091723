/**
 * The steps of a write, each given its writer's context: a file replaced through a temp file and a
 * rename, several files of one directory replaced together or a new directory made whole, a file or
 * an empty directory removed, and a probe of whether the storage takes writes, each made durable by
 * fsyncs of the files and of the directories that hold them.
 */
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { errorCode } from '../fs-errors.js';
import { DEFAULT_FILE_MODE, DIRECTORY_MODE, type DirectoryFile, type FileData, type WriteContext, type WriteFs } from './context.js';

/** Removes `dir` if it is empty (and fsyncs its parent); a non-empty or missing one is left alone. */
export async function removeEmptyDirectory(context: WriteContext, dir: string): Promise<boolean> {
  try {
    await context.fs.rmdir(dir);
  } catch (error) {
    if (['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '')) return false;
    throw error;
  }
  await context.syncDirectory(dirname(dir));
  return true;
}

export async function writeDurably(context: WriteContext, path: string, data: FileData, mode: number): Promise<void> {
  const dir = dirname(path);
  const temp = context.temps.reserve(path);
  let handle: FileHandle | undefined;
  try {
    handle = await openCreatingDirectories(context, temp, mode);
    await writeAndSync(handle, data, context.syncFiles);
    handle = undefined;
    await context.fs.rename(temp, path);
    await context.syncDirectory(dir);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await context.fs.unlink(temp).catch(() => undefined); // after a successful rename this is ENOENT
    throw error;
  } finally {
    context.temps.release(temp);
  }
}

/** Writes, fsyncs (unless `sync` is false) and closes a freshly opened file (closing it even when a step fails). */
async function writeAndSync(handle: FileHandle, data: FileData, sync = true): Promise<void> {
  try {
    if (typeof data === 'object' && 'copyOf' in data) {
      for await (const chunk of createReadStream(data.copyOf)) await handle.write(chunk as Buffer);
    } else {
      await handle.writeFile(data);
    }
    if (sync) await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `path` (it must not exist), writes and fsyncs it. */
async function createSynced(context: WriteContext, path: string, data: string | Uint8Array, mode: number): Promise<void> {
  await writeAndSync(await context.fs.open(path, 'wx', mode), data, context.syncFiles);
}

/** writeFilesAtomic into an existing directory; ENOENT when `dir` is missing. */
export async function replaceFilesIn(
  context: WriteContext,
  dir: string,
  files: readonly DirectoryFile[],
  mode: number,
  staging?: string,
): Promise<void> {
  const temps = files.map((file) => context.temps.reserve(join(dir, file.name), staging));
  // Beside their target, a temp file that cannot be made means `dir` is missing; in a staging folder,
  // that the folder is (made then), and a missing `dir` fails the rename.
  const create = (path: string, data: string | Uint8Array) =>
    staging === undefined
      ? createSynced(context, path, data, mode)
      : openCreatingDirectories(context, path, mode).then((handle) => writeAndSync(handle, data, context.syncFiles));
  try {
    await allSettled(files.map((file, i) => create(temps[i]!, file.data)));
    for (const [i, file] of files.entries()) await context.fs.rename(temps[i]!, join(dir, file.name));
    await context.syncDirectory(dir);
  } catch (error) {
    await Promise.all(temps.map((temp) => context.fs.unlink(temp).catch(() => undefined)));
    throw error;
  } finally {
    temps.forEach((temp) => context.temps.release(temp));
  }
}

/** Like `Promise.all`, but rejects only once every task has settled, so cleanup never races a write. */
async function allSettled(tasks: Array<Promise<void>>): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * writeFilesAtomic for a directory that does not exist: the files go into a temp directory (beside
 * it, or in `staging`), synced with it, which is then renamed into place and its parent synced.
 */
export async function createDirectoryWith(
  context: WriteContext,
  dir: string,
  files: readonly DirectoryFile[],
  mode: number,
  staging?: string,
): Promise<void> {
  const parent = dirname(dir);
  const temp = context.temps.reserve(dir, staging);
  try {
    await context.fs.mkdir(temp, { mode: DIRECTORY_MODE }).catch(async (error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
      await makeDirectoryDurably(context, dirname(temp)); // the first document of its type, or the staging folder
      await context.fs.mkdir(temp, { mode: DIRECTORY_MODE });
    });
    await allSettled(files.map((file) => createSynced(context, join(temp, file.name), file.data, mode)));
    await context.syncDirectory(temp);
    try {
      await context.fs.rename(temp, dir).catch(async (error: unknown) => {
        // From a staging folder, the first document of its type has no folder of its type yet.
        if (errorCode(error) !== 'ENOENT' || dirname(temp) === parent) throw error;
        await makeDirectoryDurably(context, parent);
        await context.fs.rename(temp, dir);
      });
    } catch (error) {
      // Someone made `dir` meanwhile (rename only replaces an empty directory): write into it instead.
      if (errorCode(error) !== 'ENOTEMPTY' && errorCode(error) !== 'EEXIST') throw error;
      await context.fs.rm(temp, { recursive: true, force: true });
      await replaceFilesIn(context, dir, files, mode, staging);
      return;
    }
    await context.syncDirectory(parent);
  } catch (error) {
    await context.fs.rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  } finally {
    context.temps.release(temp);
  }
}

/** What a probe writes: a few blocks, so that a disk with a few bytes left is not taken for one with room. */
const PROBE_BYTES = new Uint8Array(16 * 1024);

export async function probe(context: WriteContext, dir: string): Promise<void> {
  const temp = context.temps.reserve(join(dir, 'probe'));
  try {
    await createSynced(context, temp, PROBE_BYTES, DEFAULT_FILE_MODE);
  } finally {
    await context.fs.unlink(temp).catch(() => undefined);
    context.temps.release(temp);
  }
}

export async function removeDurably(context: WriteContext, path: string): Promise<void> {
  try {
    await context.fs.unlink(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  await context.syncDirectory(dirname(path));
}

async function openCreatingDirectories(context: WriteContext, file: string, mode: number): Promise<FileHandle> {
  // The directory usually exists, so try first. Retry a few times because a concurrent
  // removeEmptyDirectory (document remove) may delete the directory between mkdir and open.
  for (let attempt = 0; ; attempt++) {
    try {
      return await context.fs.open(file, 'wx', mode);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' || attempt >= 5) throw error;
      await makeDirectoryDurably(context, dirname(file));
    }
  }
}

async function makeDirectoryDurably(context: WriteContext, dir: string): Promise<void> {
  const firstCreated = await context.fs.mkdir(dir, { recursive: true, mode: DIRECTORY_MODE });
  if (firstCreated === undefined) return;
  // Each new directory's entry lives in its parent: fsync from the first existing ancestor down.
  // `dir` itself is synced after the rename that follows.
  const top = dirname(firstCreated);
  for (let current = dirname(dir); ; current = dirname(current)) {
    await context.syncDirectory(current);
    if (current === top || dirname(current) === current) break;
  }
}

export async function isDirectory(fs: WriteFs, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    throw error;
  }
}
