/**
 * One connection to PostgreSQL for a project: a pool for reads and writes, transactions, and the
 * notifications by which the processes that share the database tell each other what they changed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ServiceUnavailableError } from '../../errors.js';

/**
 * Where the database is and how many connections to keep: `config/database.yaml` (README
 * "Outgrowing one machine: PostgreSQL").
 */
export interface PostgresSettings {
  connection: {
    /** `postgres://user:password@host:port/database`; when given, it wins over the keys below. */
    connectionString: string | null;
    host: string;
    port: number;
    database: string;
    user: string;
    password: string | null;
    ssl: boolean;
    /** The PostgreSQL schema the tables live in. */
    schema: string;
  };
  pool: { min: number; max: number };
}

/** What a process that follows the database is told of the connection it listens on. */
export interface ConnectionEvents {
  /** The connection was lost (once per loss); `cause` holds no secret. */
  lost(cause: string): void;
  /** It listens again after a loss. */
  back(): void;
}

/** What one process tells the others: a table's new version, or a document whose versions changed. */
export type Change = { kind: 'table'; name: string; version: string } | { kind: 'document'; type: string; documentId: string };

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

const CHANNEL = 'folio_changes';
/** The name the connection of a process that follows the database goes by, for the others to count it. */
const FOLLOWER = 'folio follower';
/** The longest a table change waits for the other processes to confirm they serve it. */
const CONFIRM_MS = 1000;
/** The longest wait between two tries to listen again while the database is away. */
const LISTEN_RETRY_MAX_MS = 1000;
/** Connection failures: the database is down or unreachable, not the caller's fault. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/** The connection's settings for node-postgres: the URL wins over the separate keys. */
function clientConfig(settings: PostgresSettings): pg.ClientConfig {
  const { connection } = settings;
  const options = `-c search_path=${connection.schema}`;
  if (connection.connectionString) return { connectionString: connection.connectionString, options, ...(connection.ssl && { ssl: true }) };
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    ...(connection.password !== null && { password: connection.password }),
    ssl: connection.ssl,
    options,
  };
}

/**
 * The database as messages may show it: no password, ever.
 * @example shownDatabase(settings) // 'postgres://folio@db.internal:5432/site'
 */
export function shownDatabase(settings: PostgresSettings): string {
  const { connection } = settings;
  if (connection.connectionString) {
    try {
      const url = new URL(connection.connectionString);
      url.password = '';
      url.search = '';
      return url.toString().replace(/^(\w+:\/\/[^@/]*):@/, '$1@');
    } catch {
      return 'the database of connection.connectionString';
    }
  }
  return `postgres://${connection.user}@${connection.host}:${connection.port}/${connection.database}`;
}

/**
 * Why a connection failed, for a message: the error's message and code, and no secret, even one an
 * error repeats (the password, or the connection string that holds it).
 * @example describeFailure(error, settings) // 'terminating connection due to administrator command, 57P01'
 */
export function describeFailure(error: unknown, settings: PostgresSettings): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const said = typeof message === 'string' ? message.trim() : '';
  const coded = typeof code === 'string' && !said.includes(code) ? code : '';
  let text = [said, coded].filter(Boolean).join(', ') || 'no answer';
  const { connectionString, password } = settings.connection;
  if (connectionString) text = text.split(connectionString).join(shownDatabase(settings));
  const secrets = [password];
  try {
    const inUrl = connectionString ? new URL(connectionString).password : '';
    secrets.push(inUrl);
    secrets.push(decodeURIComponent(inUrl));
  } catch {
    // not a URL, or an escape that does not decode: the whole string was hidden above
  }
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]');
  return text;
}

/** Whether an error means the database cannot be reached (rather than a query it refused). */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return typeof message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(message);
}

/** A lost database becomes a 503 that names the cause; anything else is thrown as it is. */
function unavailable(error: unknown, shown: string): unknown {
  if (!isUnreachable(error)) return error;
  return new ServiceUnavailableError(`The database cannot be reached (${shown}); the write was not made`, undefined, { cause: error });
}

/**
 * A connection of a pool hears of its loss here too. pg-pool listens only to the idle ones: one
 * the database ends while it is checked out (a transaction or a lock between two queries) would
 * otherwise emit an 'error' no one listens to, which ends the process. Its next query fails, as
 * unreachable, and its caller answers 503.
 */
function ignoreLoss(client: pg.Client): void {
  client.on('error', () => undefined);
}

/** Six bytes drawn per connection: a process tells its own notifications from the others'. */
function originTag(): string {
  return randomBytes(6).toString('hex');
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
  const pool = new pg.Pool({ ...config, min: settings.pool.min, max: settings.pool.max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, allowExitOnIdle: true });
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

  // ------------------------------------------------------------------------------------------
  // Notices: one connection per process that LISTENs, for following the others and for hearing
  // them confirm a change of ours.
  // ------------------------------------------------------------------------------------------

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
      void applied.then(() => notices?.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ confirmed: confirm })]).catch(() => undefined));
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
  async function expectConfirmations(client: pg.PoolClient): Promise<{ id: string; confirmed: Promise<void>; cancel: () => void } | undefined> {
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
    let confirmation: Awaited<ReturnType<typeof expectConfirmations>>;
    let result: T;
    const open = { client, notify: (change: Change) => void changes.push(change), done: false };
    try {
      await client.query('BEGIN');
      result = await openTransaction.run(open, () => work(client, open.notify));
      open.done = true; // what `work` left running uses the pool from here: this client is committing
      if (changes.some((change) => change.kind === 'table')) confirmation = await expectConfirmations(client);
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
      idleNotices();
    }
    return result;
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

  const locks = new pg.Pool({ ...config, max: settings.pool.max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, allowExitOnIdle: true });
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
    listen,
    exclusive,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      for (const wait of [...waiting.values()]) wait.finish();
      await notices?.end().catch(() => undefined);
      await Promise.all([pool.end(), locks.end()]);
    },
  };
}
