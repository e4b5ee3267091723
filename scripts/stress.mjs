#!/usr/bin/env node
// The long reliability run (`npm run test:stress`): every test/reliability/**/*.test.ts file, one after
// the other, each in its own Node process with FOLIO_STRESS_ROUNDS set (default 25 kills of the
// crash-under-load test; `npm test` runs the same files with their short default). Output streams
// as it comes, since a run takes minutes; it ends with the line CI reads: "N passed, N failed".
// Usage: node scripts/stress.mjs [--rounds N] [--seed S] [path-or-substring ...]
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const FILE_TIMEOUT_MS = 30 * 60_000;

const args = process.argv.slice(2);
const env = { ...process.env, FORCE_COLOR: '0', FOLIO_STRESS_ROUNDS: process.env.FOLIO_STRESS_ROUNDS || '25' };
const filters = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--rounds' || arg === '--seed') {
    const value = args[++i];
    if (!/^\d+$/.test(value ?? '')) {
      process.stderr.write(`stress: ${arg} takes a non-negative integer\n`);
      process.exit(2);
    }
    env[arg === '--rounds' ? 'FOLIO_STRESS_ROUNDS' : 'FOLIO_STRESS_SEED'] = value;
  } else filters.push(arg);
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

const files = findTests(join(root, 'test/reliability'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((p) => f.includes(p)));

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      const note = `\n  timed out after ${FILE_TIMEOUT_MS / 60_000} min: killed\n`;
      output += note;
      process.stdout.write(note);
      child.kill('SIGKILL');
    }, FILE_TIMEOUT_MS);
    const take = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const count = (label) => Number(output.match(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
      const total = count('Total');
      const passed = count('Passed');
      const skipped = count('Skipped');
      let failed = total - passed - skipped;
      if ((code !== 0 || signal) && failed === 0) failed = 1;
      resolve({ file, passed, failed, skipped, seconds: (Date.now() - started) / 1000 });
    });
  });
}

process.stdout.write(`stress: FOLIO_STRESS_ROUNDS=${env.FOLIO_STRESS_ROUNDS}${env.FOLIO_STRESS_SEED ? ` FOLIO_STRESS_SEED=${env.FOLIO_STRESS_SEED}` : ''}, ${files.length} file(s)\n`);
const results = [];
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  results.push(await runFile(file));
}
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.failed > 0 ? 'FAIL' : 'ok  '} ${r.file} (${r.passed} passed, ${r.failed} failed, ${r.seconds.toFixed(1)} s)\n`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
if (files.length === 0) process.stdout.write('no test files matched\n');
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
