/**
 * How the content watch tells the server's own changes from anyone else's. Before each write the
 * server says what it will leave at each path it changes (a file with these bytes, a document's
 * folder, or nothing), and after it that the write landed, or that it failed. An event is the
 * server's own when its path holds what the server's last landed write left there, or what a
 * write still on its way will leave; anything else there is someone else's doing.
 *
 * Judging by what a path holds, not by counting events, keeps two facts of the kernel's watch
 * from hiding a change or telling a false one. The thread judges an event some time after it came,
 * so the path may have changed again since, more so on a busy machine. And two like events at one
 * name that the thread has not read yet are merged into one: the server's write and, just after
 * it, a sync tool's make one event, which counting would have taken for the server's.
 *
 * Apart from the watch thread so that its rules can be tried on their own.
 */
import type { PathWord } from './path-ring.js';

/** What is said of a path is forgotten after one to two rounds of this without a word. */
export const KEPT_MS = 10_000;

type State = { state: 'folder' | 'absent' } | { state: 'file'; hash: string };

/** What the server said of one path: what its last landed write left, and the writes on their way, oldest first. */
interface Said {
  landed?: State;
  coming: State[];
}

/** What the judge reads: the disk, and what the server said since it last looked. */
export interface Sources {
  /** The file names in a document folder now (not temp files); undefined when it is gone. */
  filesIn(folder: string): string[] | undefined;
  /** The SHA-1 of a file's bytes, in hex; undefined when it is gone. */
  hashOf(file: string): string | undefined;
  /** Hands what the server said since the last call to `say`. */
  catchUp(): void;
}

/**
 * Reads of the disk are tried again while the server keeps saying things of the path meanwhile;
 * past this, the event is told (the server then reads a document it wrote itself: no harm).
 */
const READS = 5;

export interface Judge {
  /**
   * What the server said of `path` (`detail`: a file's hash): what a write will leave there, then
   * that the oldest such write `landed`, or that it failed (`unknown`: all said there is forgotten).
   */
  say(word: PathWord, path: string, detail: string): void;
  /** Whether the event at `path` (`type/documentId[/file]`) left what the server's writes leave there. */
  isOwn(path: string): boolean;
  /** Starts a new generation: a path nothing was said of for two generations is forgotten. */
  age(): void;
}

/**
 * @example const judge = createJudge({ filesIn, hashOf, catchUp }); judge.say('file', 'article/a1/draft.en.json', hash); judge.isOwn('article/a1/draft.en.json');
 */
export function createJudge(sources: Sources): Judge {
  let current = new Map<string, Said>();
  let older = new Map<string, Said>();
  /** How many words were said of each path (a folder counts its files' too): what changed while the disk was read. */
  const words = new Map<string, number>();
  const count = (path: string) => words.get(path) ?? 0;

  /**
   * Reads the disk at `path` and judges what it found against what was said, once nothing more
   * was said of the path during the read. A write shows on disk only after it was said, so what
   * is said by the end of a read covers every write the read can have seen; and a word that comes
   * during the read (a write said, or landed) may be of a state the read did not see: read again.
   */
  function settled<T>(path: string, read: () => T, judge: (found: T) => boolean): boolean {
    for (let attempt = 0; attempt < READS; attempt++) {
      sources.catchUp();
      const before = count(path);
      const found = read();
      sources.catchUp();
      if (count(path) === before) return judge(found);
    }
    return false;
  }

  /** What was said of `path`, moved into the current generation. */
  function saidOf(path: string): Said | undefined {
    const said = current.get(path) ?? older.get(path);
    if (said && older.delete(path)) current.set(path, said);
    return said;
  }

  /** Whether the server's writes leave `path` as `matches` finds it. */
  function leaves(path: string, matches: (state: State) => boolean): boolean {
    const said = current.get(path) ?? older.get(path);
    return said !== undefined && ((said.landed !== undefined && matches(said.landed)) || said.coming.some(matches));
  }

  /** Whether the server's writes leave a file with the bytes of `hash` (undefined: none) at `path`. */
  const leavesFile = (path: string, hash: string | undefined) =>
    leaves(path, (said) => (hash === undefined ? said.state === 'absent' : said.state === 'file' && said.hash === hash));

  /**
   * Someone else changed `path`: what the server's last write left there is no longer what it
   * holds, so those bytes coming back later (a `git checkout` of the commit the server wrote) are
   * someone else's doing too. Writes still on their way are kept.
   */
  function forgetLanded(path: string): void {
    const said = current.get(path) ?? older.get(path);
    if (said) said.landed = undefined;
  }

  function isOwnFile(path: string): boolean {
    const own = settled(path, () => sources.hashOf(path), (hash) => leavesFile(path, hash));
    if (!own) forgetLanded(path);
    return own;
  }

  /**
   * A document folder appeared (put in place whole by a create, its files in it: they make no
   * event of their own) or went (its last version removed), maybe both by the time it is judged.
   */
  function isOwnFolder(folder: string): boolean {
    const read = () => sources.filesIn(folder)?.map((name) => ({ file: `${folder}/${name}`, hash: sources.hashOf(`${folder}/${name}`) }));
    let found: Array<{ file: string; hash: string | undefined }> | undefined;
    const own = settled(folder, read, (files) => {
      found = files;
      // Gone, or emptied by a removal on its way.
      return files === undefined || files.length === 0 ? leaves(folder, (said) => said.state === 'absent') : files.every(({ file, hash }) => leavesFile(file, hash));
    });
    if (!own) {
      forgetLanded(folder);
      for (const { file, hash } of found ?? []) if (!leavesFile(file, hash)) forgetLanded(file);
    }
    return own;
  }

  return {
    say(word, path, detail) {
      words.set(path, count(path) + 1);
      const parts = path.split('/');
      if (parts.length === 3) words.set(`${parts[0]}/${parts[1]}`, count(`${parts[0]}/${parts[1]}`) + 1);
      if (word === 'unknown') {
        current.delete(path);
        older.delete(path);
        return;
      }
      let said = saidOf(path);
      if (!said) current.set(path, (said = { coming: [] }));
      if (word === 'landed') said.landed = said.coming.shift() ?? said.landed;
      else said.coming.push(word === 'file' ? { state: 'file', hash: detail } : { state: word });
    },
    isOwn: (path) => (path.split('/').length === 2 ? isOwnFolder(path) : isOwnFile(path)),
    age() {
      older = current;
      current = new Map();
      words.clear(); // compared within one read only
    },
  };
}
