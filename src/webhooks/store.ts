/**
 * Where deliveries wait until they are sent. Recording one is on the path of the write that caused
 * it, so its cost must not grow with the deliveries already waiting (a receiver that is down while
 * writes go on):
 *
 * - the files store keeps one file per waiting delivery (`data/deliveries/<key>.json`, written
 *   atomically and durably; writes made at once share their folder's fsync), and the finished
 *   ones, without their body, in the `deliveries` table. Only the serving process sends, so its
 *   claims live in its memory; what a CLI records is found by a look at the folder.
 * - PostgreSQL keeps them in `folio_deliveries` (postgres-store.ts), whose rows every process
 *   sees and claims with `FOR UPDATE SKIP LOCKED`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { insideFolder } from '../safe-path.js';
import type { FileStore, Table } from '../storage/index.js';
import { stableStringify } from '../storage/index.js';
import type { DeliveryRow } from './types.js';

/** Finished deliveries kept per webhook, for `folio webhook deliveries`. */
export const KEPT_DELIVERIES = 100;

/** What a sent delivery came to: waiting for its next attempt, or finished (delivered or given up). */
export interface Settled {
  documentId: string;
  change: Pick<DeliveryRow, 'attempts' | 'lastStatus' | 'lastError' | 'status' | 'nextAttemptAt' | 'finishedAt'>;
}

export type NewDelivery = Pick<DeliveryRow, 'webhook' | 'event' | 'body' | 'subject' | 'status' | 'attempts' | 'nextAttemptAt' | 'claimedUntil' | 'lastStatus' | 'lastError' | 'createdAt' | 'finishedAt'>;

export interface DeliveryStore {
  /** Records deliveries, durably; answers once they are on disk (or committed). */
  add(rows: readonly NewDelivery[]): Promise<void>;
  /** Picks up what other processes recorded (a `folio media add`). */
  refresh(): Promise<void>;
  /**
   * Claims up to `limit` deliveries that may go at `at` (see `due`) for one attempt, until `until`,
   * oldest first; none is claimed twice while its claim holds, by this process or another.
   */
  claim(limit: number, at: number, until: number): Promise<DeliveryRow[]>;
  settle(outcomes: readonly Settled[]): Promise<void>;
  /** A webhook's deliveries, newest first: the waiting ones and the last finished ones. */
  of(webhook: number): Promise<DeliveryRow[]>;
  removeWebhook(webhook: number): Promise<void>;
  /** Every delivery, waiting or finished, oldest first (`folio db copy`). */
  all(): Promise<DeliveryRow[]>;
  /** Takes deliveries as another store kept them, keys and all (`folio db copy`); none claimed. */
  restore(rows: readonly DeliveryRow[]): Promise<void>;
}

/** Which deliveries may go now: due, unclaimed, and each the oldest unfinished one of its webhook and document. */
export function due(rows: readonly DeliveryRow[], now: number, limit: number): DeliveryRow[] {
  const blocked = new Set<string>();
  const ready: DeliveryRow[] = [];
  for (const row of rows) {
    if (row.status !== 'pending') continue;
    const key = `${row.webhook}\u0000${row.subject}`;
    if (blocked.has(key)) continue;
    blocked.add(key); // later deliveries of the same document wait for this one
    if (row.nextAttemptAt <= now && row.claimedUntil <= now) ready.push(row);
    if (ready.length >= limit) break;
  }
  return ready;
}

/**
 * Keeps the newest finished deliveries of each webhook, without their body, and every pending one.
 */
export function prune(rows: DeliveryRow[]): DeliveryRow[] {
  const finished = new Map<number, number>();
  for (const row of rows) if (row.status !== 'pending') finished.set(row.webhook, (finished.get(row.webhook) ?? 0) + 1);
  return rows.filter((row) => {
    if (row.status === 'pending') return true;
    row.body = '';
    const left = finished.get(row.webhook)!;
    finished.set(row.webhook, left - 1);
    return left <= KEPT_DELIVERIES;
  });
}

const newest = (a: DeliveryRow, b: DeliveryRow) => (a.documentId < b.documentId ? 1 : a.documentId > b.documentId ? -1 : 0);

/** A key that sorts in the order deliveries were recorded, unique across the processes of a project. */
let counter = 0;
export function deliveryKey(at: number): string {
  counter = (counter + 1) % 1_000_000;
  return `${String(at).padStart(15, '0')}-${process.pid}-${String(counter).padStart(6, '0')}`;
}

/**
 * The files store's deliveries: a spool folder for the waiting ones, `history` for the finished.
 * @example const store = await openSpool(files, 'data/deliveries', tables.deliveries);
 */
export async function openSpool(files: FileStore, dir: string, history: Table<DeliveryRow>): Promise<DeliveryStore> {
  const waiting = new Map<string, DeliveryRow>();
  let ordered: DeliveryRow[] | undefined;
  const changed = () => (ordered = undefined);
  // A delivery's key may come back from a database (`folio db copy --from`): made a path only if plain.
  const fileOf = (documentId: string) => insideFolder(dir, 'delivery key', `${documentId}.json`);

  async function readSpool(): Promise<string[]> {
    try {
      return (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.')).map((name) => name.slice(0, -'.json'.length));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function refresh(): Promise<void> {
    const onDisk = new Set(await readSpool());
    for (const documentId of onDisk) {
      if (waiting.has(documentId)) continue;
      const text = await readFile(fileOf(documentId), 'utf8').catch(() => undefined);
      if (text === undefined) continue; // finished meanwhile
      try {
        waiting.set(documentId, { ...(JSON.parse(text) as DeliveryRow), documentId, claimedUntil: 0 });
        changed();
      } catch {
        // A file cut short by a crash before its rename cannot be here (writes are atomic); anything else is not ours.
      }
    }
    for (const documentId of waiting.keys()) {
      if (!onDisk.has(documentId)) {
        waiting.delete(documentId);
        changed();
      }
    }
  }
  await refresh();
  const pending = () => (ordered ??= [...waiting.values()].sort((a, b) => -newest(a, b)));

  return {
    async add(rows) {
      const at = Date.now();
      const added = rows.map((row) => ({ ...row, id: 0, documentId: deliveryKey(at) }));
      await Promise.all(added.map((row) => files.writeFileAtomic(fileOf(row.documentId), stableStringify(row))));
      for (const row of added) waiting.set(row.documentId, row);
      changed();
    },

    refresh,

    async claim(limit, at, until) {
      const claimed = due(pending(), at, limit);
      for (const row of claimed) row.claimedUntil = until;
      return claimed.map((row) => ({ ...row }));
    },

    async settle(outcomes) {
      const finished: DeliveryRow[] = [];
      await Promise.all(
        outcomes.map(async ({ documentId, change }) => {
          const row = waiting.get(documentId);
          if (!row) return;
          Object.assign(row, change, { claimedUntil: 0 });
          if (row.status === 'pending') {
            await files.writeFileAtomic(fileOf(documentId), stableStringify(row));
            return;
          }
          await files.removeFile(fileOf(documentId));
          waiting.delete(documentId);
          finished.push({ ...row, body: '' });
        }),
      );
      changed();
      if (finished.length > 0) {
        await history.update((data) => {
          for (const row of finished) data.rows.push({ ...row, id: data.nextId++ });
          data.rows = prune(data.rows);
        });
      }
    },

    of: async (webhook) => [...waiting.values(), ...history.rows()].filter((row) => row.webhook === webhook).sort(newest),

    async removeWebhook(webhook) {
      for (const row of [...waiting.values()].filter((candidate) => candidate.webhook === webhook)) {
        await files.removeFile(fileOf(row.documentId));
        waiting.delete(row.documentId);
      }
      changed();
      await history.update((data) => {
        data.rows = data.rows.filter((row) => row.webhook !== webhook);
      });
    },

    all: async () => [...history.rows(), ...pending()].sort((a, b) => -newest(a, b)),

    async restore(rows) {
      const waitingRows = rows.filter((row) => row.status === 'pending').map((row) => ({ ...row, id: 0, claimedUntil: 0 }));
      await Promise.all(waitingRows.map((row) => files.writeFileAtomic(fileOf(row.documentId), stableStringify(row))));
      for (const row of waitingRows) waiting.set(row.documentId, row);
      changed();
      const finished = rows.filter((row) => row.status !== 'pending');
      if (finished.length > 0) {
        await history.update((data) => {
          for (const row of finished) data.rows.push({ ...row, body: '', id: data.nextId++ });
          data.rows = prune(data.rows.sort((a, b) => -newest(a, b)));
        });
      }
    },
  };
}

