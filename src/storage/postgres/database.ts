/**
 * One connection to PostgreSQL for a project: a pool for reads and writes, transactions, and the
 * notifications by which the processes that share the database tell each other what they changed.
 * Its parts: the settings (`settings.ts`), connection failures (`failures.ts`) and the notifications
 * (`notices.ts`); this file holds the pools, queries, transactions and advisory locks.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { ignoreLoss, isUnreachable, unavailable } from './failures.js';
import { CHANNEL, createNotices, originTag, type Change, type ConnectionEvents } from './notices.js';
import { clientConfig, shownDatabase, type PostgresSettings } from './settings.js';

export { describeFailure, isUnreachable } from './failures.js';
export type { Change, ConnectionEvents } from './notices.js';
export { shownDatabase, type PostgresSettings } from './settings.js';

export interface PostgresDatabase {
  /** The schema every table of the project lives in. */
  readonly schema: string;
  /** `postgres://user@host:port/database`, never with the password: for messages. */
  readonly shown: string;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<T>>;
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws. `notify` sends a change to the other processes when (and only if) it commits.
   * Called (or `query` called) from within `work`, it joins that transaction rather than open
   * another: a document write and the webhook deliveries it records commit together.
   * A table change (accounts, roles, permissions, sessions, tokens) resolves only once every other
   * process following the database confirms it serves it (or after a second): a user blocked or a
   * session revoked through one process is refused by all of them on the next request.
   */
  transaction<T>(work: (client: pg.PoolClient, notify: (change: Change) => void) => Promise<T>): Promise<T>;
  /**
   * Follows the database: calls `onChange` for every change another process commits (a table
   * change is confirmed to its writer once the promise it answers settles). The connection that
   * listens is held open all along, so it is the first to know when the database goes away:
   * `connection.lost` is called once when it is lost (with the cause, see {@link describeFailure}),
   * and `connection.back` once it listens again (changes may have been missed meanwhile). Answers
   * a stop function.
   */
  listen(onChange: (change: Change) => unknown, connection: ConnectionEvents): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process (or call of this one) runs work under the same `key`: a
   * PostgreSQL advisory lock, held on a connection of its own pool so that the writes `work` makes
   * never wait for a connection a lock holds.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Connects (checking at once that the database answers) and answers the project's database.
 * @example const db = await connectPostgres(config.database); await migrate(db);
 */
export async function connectPostgres(settings: PostgresSettings): Promise<PostgresDatabase> {
  // Loaded by the projects that use PostgreSQL: it adds about 30 ms to the start of the others.
  const { default: pg } = await import('pg');
  const config = clientConfig(settings);
  const shown = shownDatabase(settings);
  const origin = originTag();
  const pool = new pg.Pool({
    ...config,
    min: settings.pool.min,
    max: settings.pool.max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  });
  // An idle connection that the server drops emits here; the next checkout makes a new one.
  pool.on('error', () => undefined);
  pool.on('connect', ignoreLoss);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  /**
   * The transaction the calling code runs in, if any. Work that outlives it (a timer it started)
   * finds it `done` and goes to the pool.
   */
  const openTransaction = new AsyncLocalStorage<{ client: pg.PoolClient; notify: (change: Change) => void; done: boolean }>();
  const joined = () => {
    const open = openTransaction.getStore();
    return open && !open.done ? open : undefined;
  };

  async function query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<T>> {
    try {
      const open = joined();
      return open ? await open.client.query<T>(text, values) : await pool.query<T>(text, values);
    } catch (error) {
      throw unavailable(error, shown);
    }
  }

  const notices = createNotices(pg, config, settings, origin);

  async function transaction<T>(work: (client: pg.PoolClient, notify: (change: Change) => void) => Promise<T>): Promise<T> {
    const outer = joined();
    if (outer) return work(outer.client, outer.notify);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw unavailable(error, shown);
    }
    const changes: Change[] = [];
    let broken = false;
    let confirmation: Awaited<ReturnType<typeof notices.expectConfirmations>>;
    let result: T;
    const open = { client, notify: (change: Change) => void changes.push(change), done: false };
    try {
      await client.query('BEGIN');
      result = await openTransaction.run(open, () => work(client, open.notify));
      open.done = true; // what `work` left running uses the pool from here: this client is committing
      if (changes.some((change) => change.kind === 'table')) confirmation = await notices.expectConfirmations(client);
      for (const change of changes) {
        const confirm = change.kind === 'table' ? confirmation?.id : undefined;
        await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin, ...change, ...(confirm && { confirm }) })]);
      }
      await client.query('COMMIT');
    } catch (error) {
      confirmation?.cancel();
      broken = isUnreachable(error);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      throw unavailable(error, shown);
    } finally {
      open.done = true;
      client.release(broken);
    }
    if (confirmation) {
      await confirmation.confirmed;
      notices.idle();
    }
    return result;
  }

  const locks = new pg.Pool({
    ...config,
    max: settings.pool.max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  });
  locks.on('error', () => undefined);
  locks.on('connect', ignoreLoss);

  async function exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    // The lock's number is hashed here: a key is any text a request names, even one PostgreSQL
    // could not take as text (a NUL byte).
    const lock = createHash('sha256').update(key).digest().readBigInt64BE(0).toString();
    let client: pg.PoolClient;
    try {
      client = await locks.connect();
    } catch (error) {
      throw unavailable(error, shown);
    }
    try {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [lock]);
    } catch (error) {
      client.release(true);
      throw unavailable(error, shown);
    }
    let broken = false;
    try {
      return await work();
    } finally {
      // A lost connection releases its locks by itself; the client is then dropped, not reused.
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [lock]).catch(() => (broken = true));
      client.release(broken);
    }
  }

  return {
    schema: settings.connection.schema,
    shown,
    query,
    transaction,
    listen: notices.listen,
    exclusive,
    close: async () => {
      await notices.close();
      await Promise.all([pool.end(), locks.end()]);
    },
  };
}
