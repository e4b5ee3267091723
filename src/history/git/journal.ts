/**
 * The writes waiting for their commit, one JSON line each in `data/.pending-commits.jsonl` (never
 * versioned): each with its author, its trailers and the content of every file it wrote. A line is
 * on disk before its write lands, so a server killed before the commit commits it at the next
 * start, as its author. Lines of writes that failed, and of those committed, are dropped by
 * writing the file anew (atomically), or removing it when none is left.
 */
import { mkdir, open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { HistoryAction } from '../types.js';

/** A commit's author as git takes it. */
export interface GitIdentity {
  name: string;
  email: string;
}

/** The trailers of one write: `Folio-Type`, `Folio-Document`, `Folio-Locale`, `Folio-Action`. */
export interface Trailer {
  type: string;
  document: string;
  locale: string;
  action: HistoryAction;
}

/**
 * One file a write changed, as a path from the work tree's top: its new content (null: removed),
 * or, for a file too big to keep here (an upload), to be taken from the work tree at commit time.
 */
export type PendingFile = { path: string; content: string | null } | { path: string; fromWorkTree: true };

export interface PendingCommit {
  /** In the order writes were recorded (per process, from the last line's on). */
  id: number;
  /** ISO 8601: the commit's author date. */
  at: string;
  author: GitIdentity;
  subject: string;
  trailers: Trailer[];
  files: PendingFile[];
}

export interface Journal {
  /** Every line on disk, in order (the ones a previous run left first). */
  readonly entries: readonly PendingCommit[];
  /** Appends `entry` durably. */
  append(entry: Omit<PendingCommit, 'id'>): Promise<PendingCommit>;
  /** Drops the lines of `ids` (committed, or their write failed). */
  drop(ids: ReadonlySet<number>): Promise<void>;
  close(): Promise<void>;
}

/**
 * @example const journal = await openJournal('site/data/.pending-commits.jsonl');
 */
export async function openJournal(file: string): Promise<Journal> {
  let entries: PendingCommit[] = [];
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as PendingCommit);
    } catch {
      // A line cut short by a crash mid-append: its write had not landed (it lands after the line).
    }
  }
  let nextId = Math.max(0, ...entries.map((entry) => entry.id)) + 1;
  let handle: FileHandle | undefined;
  /** Appends and rewrites take turns, so a rewrite never loses a line appended meanwhile. */
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };
  /**
   * The sync that will cover the lines written so far to `target`: one fdatasync for the appends
   * that wait together. A handle a rewrite closed meanwhile needs none: the rewrite synced its lines.
   */
  let syncing: { target: FileHandle; done: Promise<void> } | undefined;

  async function handleOf(): Promise<FileHandle> {
    if (!handle) {
      await mkdir(dirname(file), { recursive: true });
      handle = await open(file, 'a', 0o600);
    }
    return handle;
  }

  async function sync(target: FileHandle): Promise<void> {
    if (!syncing || syncing.target !== target) {
      const next: { target: FileHandle; done: Promise<void> } = {
        target,
        done: Promise.resolve().then(async () => {
          if (syncing === next) syncing = undefined;
          await target.datasync().catch((error: unknown) => {
            if (handle === target) throw error;
          });
        }),
      };
      syncing = next;
    }
    await syncing.done;
  }

  return {
    get entries() {
      return entries;
    },

    async append(fields) {
      const entry: PendingCommit = { id: nextId++, ...fields };
      const target = await inTurn(async () => {
        const opened = await handleOf();
        await opened.appendFile(`${JSON.stringify(entry)}\n`);
        entries.push(entry);
        return opened;
      });
      await sync(target);
      return entry;
    },

    drop(ids) {
      return inTurn(async () => {
        entries = entries.filter((entry) => !ids.has(entry.id));
        // Forgotten before it closes, so that a sync on it meanwhile knows it need not.
        const closing = handle;
        handle = undefined;
        await closing?.close();
        if (entries.length === 0) {
          await unlink(file).catch(() => undefined);
          return;
        }
        const temp = `${file}.${process.pid}.tmp`;
        const rewritten = await open(temp, 'w', 0o600);
        try {
          await rewritten.writeFile(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
          await rewritten.datasync();
        } finally {
          await rewritten.close();
        }
        await rename(temp, file);
      });
    },

    async close() {
      await inTurn(async () => {
        const closing = handle;
        handle = undefined;
        await closing?.close();
      });
    },
  };
}
