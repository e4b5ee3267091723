/**
 * The folder watches that both content watches are made of: data/content/ (content-watch-thread.ts)
 * and content-types/ (follow-content-types.ts). There is one plain watch per folder, down to a
 * depth, and, while the root is missing, one on the root's parent, which tells when it is back.
 * Files are never watched one by one. Their folder's watch sees every way of saving them: in place, a new
 * file renamed over them, removed and made again (git). Node 20's recursive watch on Linux
 * watches each file, so it loses a file that a rename replaces.
 *
 * The kernel watches a folder, not its path. A folder replaced at its path (`rm -rf` and `mv`, a
 * checkout that swaps in a new tree) keeps its old watch on the old folder, or on none. So a
 * folder counts as followed only while the watch is on the folder at its path now: same device,
 * inode and birth time (a folder made anew may get the inode number of the one just removed, as
 * git does when it empties a folder and fills it again). Every event at a folder's path checks
 * this, whether its parent's watch or its own tells it. A folder replaced is watched again, with
 * everything below it. No timer polls the tree.
 */
import { readdirSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface FolderWatchOptions {
  /** The folder followed. It need not exist yet: its parent's watch tells when it appears. */
  root: string;
  /** How many levels of folders below `root` are followed: with 2, `root/a/b` is and `root/a/b/c` is not. */
  depth: number;
  /**
   * An event at `path` (relative to `root`, `/`-separated), a file or a folder in a followed
   * folder; `''` when `root` itself appeared, went or was replaced. Names that start with a dot
   * (temp files, the server's staging folder) are not told.
   */
  changed(path: string): void;
  /** A folder (`..`: the root's parent) could not be watched, not for being gone: ENOSPC (too many watches). */
  failed(path: string, error: NodeJS.ErrnoException): void;
}

export interface FolderWatch {
  close(): void;
}

interface Followed {
  watcher: FSWatcher;
  /** What the folder at the path was when the watch began. */
  identity: string;
}

const identityOf = (stats: Stats) => `${stats.dev}:${stats.ino}:${stats.birthtimeMs}`;

/**
 * Follows `root` and its folders down to `depth` until `close()`.
 * @example const folders = watchFolders({ root: paths.contentTypes, depth: 2, changed: reloadSoon, failed: logIt });
 */
export function watchFolders(options: FolderWatchOptions): FolderWatch {
  const { root } = options;
  const followed = new Map<string, Followed>();
  const full = (path: string) => (path === '' ? root : join(root, path));
  const depthOf = (path: string) => (path === '' ? 0 : path.split('/').length);

  /** The folder at `path` now; undefined when nothing, or a file, is there. */
  function folderAt(path: string): Stats | undefined {
    try {
      const stats = statSync(full(path), { throwIfNoEntry: false });
      return stats?.isDirectory() ? stats : undefined;
    } catch {
      return undefined; // ENOTDIR and the like: no folder there
    }
  }

  function watchOrTell(path: string, listener: (event: string, name: string) => void): FSWatcher | undefined {
    try {
      const folder = path === '..' ? dirname(root) : full(path);
      return watch(folder, (event, name) => name && listener(event, name.toString()));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A folder gone meanwhile is no failure: the watch of its parent tells when it is back.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') options.failed(path, error as NodeJS.ErrnoException);
      return undefined;
    }
  }

  /**
   * Watches the folder at `path` and the folders below it. `stats` were read before the watch
   * began, so that a replacement in between shows as a change of identity at the next event.
   */
  function follow(path: string, stats: Stats): void {
    const own = basename(full(path));
    const watcher = watchOrTell(path, (event, name) => {
      if (followed.get(path)?.watcher === watcher) seen(path, own, event, name);
    });
    if (!watcher) return;
    watcher.on('error', () => {
      if (followed.get(path)?.watcher === watcher) unfollow(path);
    });
    followed.set(path, { watcher, identity: identityOf(stats) });
    if (depthOf(path) >= options.depth) return;
    for (const name of subfolders(full(path))) {
      const child = path === '' ? name : `${path}/${name}`;
      const found = folderAt(child);
      if (found) follow(child, found);
    }
  }

  function unfollow(path: string): void {
    for (const [key, { watcher }] of followed) {
      if (path !== '' && key !== path && !key.startsWith(`${path}/`)) continue;
      watcher.close();
      followed.delete(key);
    }
  }

  /** Brings the watch of `path` in line with the folder there now. Answers whether it changed. */
  function recheck(path: string): boolean {
    const found = folderAt(path);
    const current = followed.get(path);
    if (found ? current?.identity === identityOf(found) : current === undefined) return false;
    unfollow(path);
    if (found) follow(path, found);
    return true;
  }

  /** An event in the followed `folder`, whose own name is `own`. */
  function seen(folder: string, own: string, event: string, name: string): void {
    // A folder's own removal or move is told by its watch under the folder's name (and by its
    // parent's): then it is watched again, or no more. A child of the same name is told as itself.
    if (event === 'rename' && name === own && (folder === '' ? rootChanged() : recheck(folder))) {
      if (folder !== '') options.changed(folder);
      return;
    }
    if (name.startsWith('.')) return;
    const path = folder === '' ? name : `${folder}/${name}`;
    if (depthOf(path) <= options.depth) recheck(path);
    options.changed(path);
  }

  /**
   * The root's parent is watched only while the root is missing (removed, moved away, not made
   * yet): it is the project's folder, where a log may be appended to at every request, and each
   * of its events would cost the server's thread a callback. The root's own watch tells when it goes.
   */
  let parent: FSWatcher | undefined;
  /** Brings the root's watch, and its parent's, in line with what is at the root's path. Answers whether the root changed. */
  function rootChanged(): boolean {
    const changed = recheck('');
    if (changed) options.changed('');
    if (followed.has('')) {
      parent?.close();
      parent = undefined;
    } else if (!parent) {
      // Of the root's parent, only the root is followed: its other entries' events are dropped here.
      parent = watchOrTell('..', (_event, name) => {
        if (name === basename(root)) rootChanged();
      });
      // Back between its going and this watch beginning: seen now.
      if (folderAt('')) rootChanged();
    }
    return changed;
  }
  const found = folderAt('');
  if (found) follow('', found);
  else rootChanged();
  return {
    close() {
      parent?.close();
      parent = undefined;
      unfollow('');
    },
  };
}

/** What may be a folder directly in `dir` (a link may point to one), temp folders left out. */
function subfolders(dir: string): string[] {
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    const folders = entries.filter((entry) => entry.isDirectory() || entry.isSymbolicLink());
    return folders.map((entry) => entry.name).filter((name) => !name.startsWith('.'));
  } catch {
    return []; // gone meanwhile
  }
}
