/**
 * An import is written beside the project first (a staging folder next to each part it replaces,
 * so every swap is a rename within one file system), made durable, and then swapped in part by
 * part; if a swap fails, the parts already swapped are swapped back. A crash leaves the staging
 * folders behind (`.folio-import.<pid>.tmp`), removed by the next import.
 */
import { mkdtemp, open, readdir, rename, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DATA_FOLDER } from '../project-layout.js';
import { mapLimit } from '../storage/index.js';

const STAGE_NAME = /^\.folio-import\.(\d+)\.tmp$/;

/** A staging folder in `parent`, named after this process. */
function stagingFolder(parent: string): string {
  return join(parent, `.folio-import.${process.pid}.tmp`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folders an import writes before they are swapped into the project. */
export interface Staging {
  /** The staged project: config/, content-types/, uploads/. */
  project: string;
  /** The staged data folder: content/ and the tables. */
  data: string;
  /** Removes both. */
  remove(): Promise<void>;
}

/**
 * The staging folders of an import into the project at `root` with its data in `dataDir`, those
 * that a crashed import left there removed first; a dry run's (both undefined) are in the system's
 * temp folder.
 */
export async function stagingFor(root: string | undefined, dataDir: string | undefined): Promise<Staging> {
  if (root === undefined || dataDir === undefined) {
    const project = await mkdtemp(join(tmpdir(), 'folio-import-'));
    return { project, data: join(project, DATA_FOLDER), remove: () => rm(project, { recursive: true, force: true }) };
  }
  await Promise.all([removeStaleStages(root), removeStaleStages(dataDir)]);
  const project = stagingFolder(root);
  const data = stagingFolder(dataDir);
  const remove = async () => {
    await Promise.all([rm(project, { recursive: true, force: true }), rm(data, { recursive: true, force: true })]);
  };
  return { project, data, remove };
}

/** Removes the staging folders in `parent` that an import which is no longer running left. */
async function removeStaleStages(parent: string): Promise<void> {
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    const match = STAGE_NAME.exec(name);
    const left = match && (Number(match[1]) === process.pid || !isAlive(Number(match[1])));
    if (left) await rm(join(parent, name), { recursive: true, force: true });
  }
}

/** fsync of one file or folder. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes every file and folder under `root` durable (an fsync each, a few dozen at a time): the
 * staged import is written without a sync per file, and synced once whole.
 */
export async function syncTree(root: string): Promise<void> {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    folders.push(dir);
    const entries = await readdir(dir, { withFileTypes: true });
    const subfolders: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) subfolders.push(join(dir, entry.name));
      else if (entry.isFile()) files.push(join(dir, entry.name));
    }
    await mapLimit(subfolders, 16, walk);
  };
  await walk(root);
  await mapLimit(files, 64, syncPath);
  await mapLimit(folders, 64, syncPath);
}

export interface Swap {
  /** What replaces `target`: a staged file or folder. */
  staged: string;
  target: string;
}

async function exists(path: string): Promise<boolean> {
  return open(path, 'r').then(
    async (handle) => {
      await handle.close();
      return true;
    },
    () => false,
  );
}

/**
 * Puts each staged part in place of its target, the target moved into `backup` (a folder on the
 * same file system, made if missing). All or none: on a failure the swapped parts are put back
 * and the error is thrown. Answers a function that removes the backups.
 * @example const done = await swapIn([{ staged: '.folio-import.1.tmp/content', target: 'data/content' }], backup); await done();
 */
export async function swapIn(swaps: readonly Swap[], backup: string): Promise<() => Promise<void>> {
  await mkdir(backup, { recursive: true });
  const done: Array<{ swap: Swap; saved?: string }> = [];
  try {
    for (const [i, swap] of swaps.entries()) {
      let saved: string | undefined;
      if (await exists(swap.target)) {
        saved = join(backup, String(i));
        await rename(swap.target, saved);
      }
      done.push({ swap, saved });
      await mkdir(dirname(swap.target), { recursive: true });
      await rename(swap.staged, swap.target);
    }
    for (const parent of new Set(swaps.map(({ target }) => dirname(target)))) await syncPath(parent);
  } catch (error) {
    for (const { swap, saved } of done.reverse()) {
      if (await exists(swap.target)) await rename(swap.target, swap.staged).catch(() => rm(swap.target, { recursive: true, force: true }));
      if (saved) await rename(saved, swap.target);
    }
    throw error;
  }
  return () => rm(backup, { recursive: true, force: true });
}
