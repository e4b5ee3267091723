/**
 * Notices: one connection per process that LISTENs, for following the others and for hearing them
 * confirm a change of ours. A process tells the others what it changed with a notification on one
 * channel; one that follows the database serves the change and confirms it, and a writer of a table
 * change waits (a second at most) for every follower's confirmation. The connection is opened again
 * after a loss, and a process that follows nothing listens only while it waits.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { describeFailure } from './failures.js';
import type { PostgresSettings } from './settings.js';

/** What a process that follows the database is told of the connection it listens on. */
export interface ConnectionEvents {
  /** The connection was lost (once per loss); `cause` holds no secret. */
  lost(cause: string): void;
  /** It listens again after a loss. */
  back(): void;
}

/** What one process tells the others: a table's new version, or a document whose versions changed. */
export type Change = { kind: 'table'; name: string; version: string } | { kind: 'document'; type: string; documentId: string };

export const CHANNEL = 'folio_changes';

/** The name the connection of a process that follows the database goes by, for the others to count it. */
const FOLLOWER = 'folio follower';
/** The longest a table change waits for the other processes to confirm they serve it. */
const CONFIRM_MS = 1000;
/** The longest wait between two tries to listen again while the database is away. */
const LISTEN_RETRY_MAX_MS = 1000;

/** Six bytes drawn per connection: a process tells its own notifications from the others'. */
export function originTag(): string {
  return randomBytes(6).toString('hex');
}

/** node-postgres, as the caller loaded it. */
type NodePostgres = typeof pg;

/** The notices of one connection to the database; see {@link createNotices}. */
export type Notices = ReturnType<typeof createNotices>;

/**
 * The notices of a database whose processes tell their own notifications by `origin`: `pg` is
 * node-postgres, loaded by the caller, and `config` the connection's settings for it. Its `close`
 * stops them for good: a connection lost afterwards is not listened to again.
 */
export function createNotices(pg: NodePostgres, config: pg.ClientConfig, settings: PostgresSettings, origin: string) {

  let notices: pg.Client | undefined;
  /** The backend pid of `notices`: a follower's confirmations are sent from its own connection. */
  let noticesPid = 0;
  let opening: Promise<void> | undefined;
  let follower: { onChange: (change: Change) => unknown; connection: ConnectionEvents } | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Table changes of ours still waiting for confirmations: id → the follower pids yet to confirm. */
  const waiting = new Map<string, { pids: Set<number>; finish: () => void }>();
  let counter = 0;

  function received({ payload, processId }: pg.Notification): void {
    let message: (Change & { origin?: string; confirm?: string }) | { confirmed: string } | undefined;
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return; // not one of ours
    }
    if (!message || typeof message !== 'object') return;
    if ('confirmed' in message) {
      const wait = waiting.get(message.confirmed);
      wait?.pids.delete(processId);
      if (wait?.pids.size === 0) wait.finish();
      return;
    }
    if (message.origin === origin || !follower) return;
    const { origin: _sender, confirm, ...change } = message;
    const applied = Promise.resolve().then(() => follower?.onChange(change as Change)).catch(() => undefined);
    if (confirm !== undefined) {
      // Sent once the change is served here, and from the connection the writer counted.
      void applied.then(() =>
        notices?.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ confirmed: confirm })]).catch(() => undefined));
    }
  }

  async function openNotices(): Promise<void> {
    const next = new pg.Client(config);
    next.on('notification', received);
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the database closed the connection')));
    await next.connect();
    try {
      const { rows } = await next.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (follower) await next.query(`SET application_name = '${FOLLOWER}'`);
      await next.query(`LISTEN ${CHANNEL}`);
      noticesPid = rows[0]!.pid;
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    notices = next;
  }

  function ensureNotices(): Promise<void> {
    if (notices) return Promise.resolve();
    opening ??= openNotices().finally(() => (opening = undefined));
    return opening;
  }

  /** The connection that listens is gone (its first 'error' or 'end': once per loss). */
  function lost(which: pg.Client, cause: unknown): void {
    if (closed || notices !== which) return;
    notices = undefined;
    which.end().catch(() => undefined);
    // Confirmations can no longer be heard: the writes waiting for them are answered.
    for (const wait of [...waiting.values()]) wait.finish();
    if (!follower) return;
    schedule(250);
    follower.connection.lost(describeFailure(cause, settings));
  }

  /**
   * Tries to listen again after `delayMs`, then every second at most while the database is away (a
   * refused connection costs it nothing), so that other processes' writes are followed again
   * within a second of its return rather than up to five.
   */
  function schedule(delayMs: number): void {
    retry = setTimeout(() => {
      ensureNotices().then(
        () => follower?.connection.back(),
        () => schedule(Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS)),
      );
    }, delayMs);
    retry.unref();
  }

  /**
   * Inside a transaction that changes a table: counts the processes following the database now
   * (but this one), which will each confirm once they serve the change. None: nothing to wait for.
   */
  async function expectConfirmations(
    client: pg.PoolClient,
  ): Promise<{ id: string; confirmed: Promise<void>; cancel: () => void } | undefined> {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND pid <> $2',
      [FOLLOWER, follower ? noticesPid : 0],
    );
    if (rows.length === 0) return undefined;
    await ensureNotices(); // before the commit, so that no confirmation is missed
    const id = `${origin}.${++counter}`;
    let finish!: () => void;
    const confirmed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), CONFIRM_MS);
      finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
    });
    waiting.set(id, { pids: new Set(rows.map((row) => row.pid)), finish });
    return { id, confirmed, cancel: finish };
  }

  /**
   * A process that does not follow the database (a CLI command) listens only while it waits for
   * confirmations: an open connection would keep it from exiting.
   */
  function idleNotices(): void {
    if (follower || waiting.size > 0 || !notices) return;
    const idle = notices;
    notices = undefined;
    idle.end().catch(() => undefined);
  }

  async function listen(onChange: (change: Change) => unknown, connection: ConnectionEvents): Promise<() => Promise<void>> {
    follower = { onChange, connection };
    await ensureNotices();
    await notices!.query(`SET application_name = '${FOLLOWER}'`);
    return async () => {
      follower = undefined;
      clearTimeout(retry);
      for (const wait of [...waiting.values()]) wait.finish();
      const stopped = notices;
      notices = undefined;
      await stopped?.end().catch(() => undefined);
    };
  }

  return {
    expectConfirmations,
    idle: idleNotices,
    listen,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      for (const wait of [...waiting.values()]) wait.finish();
      await notices?.end().catch(() => undefined);
    },
  };
}
