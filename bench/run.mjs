#!/usr/bin/env node
// `npm run bench`: a temporary project with generated documents, served by `folio serve` as a
// user runs it, driven by autocannon from this (separate) process; in the same run, a bare Koa
// server answering the same bytes as `list` gives the ceiling of this stack on this machine.
// Usage: npm run bench -- [--docs 1000] [--duration 10] [--connections 50] [--rounds 3] [--startup 1000,10000|none]
//                         [--watch-content off]   (the server not following data/content: what the watcher costs)
//                         [--request-log off]     (no line per request: what the request log costs)
//                         [--compare request-log|watch-content|store|slow-receiver|none]  (one setting on against off, side by side; store: PostgreSQL against files; see compare.mjs)
//                         [--scenarios list,create,update]  (with --compare: only those)
//                         [--store postgres]      (the same as --compare store)
//                         [--admin]               (the editors' page: first load bytes and time, in headless chromium; see admin.mjs)
//                         [--import 100000]       (folio import strapi on a generated archive of that many documents; see import.mjs)
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { adminBench } from './admin.mjs';
import { compare } from './compare.mjs';
import { importBench } from './import.mjs';
import { diskCeiling } from './disk.mjs';
import { peakRssMb, root, setUp, startProcess } from './project.mjs';
import { benchPhoto, createOptions, readPaths, updateOptions, uploadOptions } from './scenarios.mjs';
import { measureStartup, startupCounts, startupTable } from './startup.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const docs = option('docs', 1000);
const duration = option('duration', 10);
const connections = option('connections', 50);
const rounds = option('rounds', 3);
const switchedOff = (name) => args.includes(`--${name}`) && args[args.indexOf(`--${name}`) + 1] === 'off';
const watchContent = !switchedOff('watch-content');
const requestLog = !switchedOff('request-log');

// `--store postgres` (the spelling) is `--compare store`.
const compared = args.includes('--compare') ? args[args.indexOf('--compare') + 1] : args.includes('--store') ? `store:${args[args.indexOf('--store') + 1]}` : undefined;
if (compared !== undefined) {
  if (compared.startsWith('store:') && compared !== 'store:postgres') throw new Error(`--store takes postgres (the files store is the other side), not ${compared.slice(6)}`);
  await compare(compared.startsWith('store:') ? 'store' : compared, { docs, duration: option('duration', 5), connections, rounds: option('rounds', 10), only: args.includes('--scenarios') ? args[args.indexOf('--scenarios') + 1].split(',') : undefined });
  process.exit(0);
}

if (args.includes('--admin')) {
  await adminBench({ rounds: option('rounds', 5) });
  process.exit(0);
}

if (args.includes('--import')) {
  await importBench(option('import', 100_000));
  process.exit(0);
}

function drive(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function row(scenario, result, rssMb, ceiling) {
  const rps = Math.round(result.requests.average);
  return {
    scenario,
    requestsPerSecond: rps,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: rssMb,
    ofCeiling: ceiling ? `${Math.round((rps / ceiling) * 100)}%` : '100%',
  };
}

const { dir, articles } = await setUp(docs, { watchContent, requestLog });
console.error(`generated ${docs} articles (en and fr, draft and published) in a temporary project`);
const server = await startProcess(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'serve', '--port', '0'], /^foliocms listening on (http:\/\/\S+)$/, { NODE_ENV: 'production' });
const readyRssMb = await peakRssMb(server.child.pid);
console.error(`folio serve ready in ${Math.round(server.readyMs)} ms, RSS ${readyRssMb} MB`);

const paths = readPaths(articles);
/** One GET as autocannon sends it (no Accept-Encoding unless given): the status, headers and bytes as they came. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const listBytes = (await rawGet(server.url + paths.list)).bytes;
const bodyFile = join(dir, 'list-response.json');
await writeFile(bodyFile, listBytes);
const ceilingServer = await startProcess(process.execPath, [join(root, 'bench/ceiling.mjs'), bodyFile], /^ceiling listening on (http:\/\/\S+)$/);
// What a browser-like client gets for `list`: autocannon sends no Accept-Encoding by default.
const compressedHeaders = { 'accept-encoding': 'br, gzip' };
const compressedList = await rawGet(server.url + paths.list, compressedHeaders);

// The ceiling and the reads it is compared with take turns, `rounds` times, and each reports its
// median round: on a shared 2-core VM one 10 s run of the ceiling can be a third off the next.
const reads = {
  ceiling: { url: ceilingServer.url },
  list: { url: server.url + paths.list },
  'list, compressed (Accept-Encoding: br, gzip)': { url: server.url + paths.list, headers: compressedHeaders },
  query: { url: server.url + paths.query },
  one: { url: server.url + paths.one },
};
const readRounds = Object.fromEntries(Object.keys(reads).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const [name, options] of Object.entries(reads)) readRounds[name].push(await drive(options));
  console.error(`reads: round ${round + 1} of ${rounds} done`);
}
const median = (list) => [...list].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(list.length / 2)];
const ceilingRps = median(readRounds.ceiling).requests.average;
const results = [row('ceiling', median(readRounds.ceiling), await peakRssMb(ceilingServer.child.pid), 0)];
for (const name of Object.keys(reads).slice(1)) results.push(row(name, median(readRounds[name]), await peakRssMb(server.child.pid), ceilingRps));
// `query` asks one URL again and again, which the server answers from its cache of list answers;
// this asks a new range each time, so every request filters, sorts and populates anew.
let range = 0;
results.push(row('query, uncached (a new range each request)', await drive({
  url: server.url,
  requests: [{ setupRequest: (request) => ({ ...request, path: paths.query.replace('$gte]=1000', `$gte]=${1000 + (range++ % 5000)}`) }) }],
}), await peakRssMb(server.child.pid), ceilingRps));
// What the disk allows for the file work of one create, with no HTTP and no foliocms code.
const diskCreatesPerSecond = await diskCeiling(join(dir, 'disk-ceiling'), { seconds: Math.min(duration, 5), connections: 10 });
console.error(`disk alone: ${diskCreatesPerSecond} durable creates/s`);
results.push(row('create', await drive(createOptions(server.url)), await peakRssMb(server.child.pid), ceilingRps));
results.push(row('update', await drive(updateOptions(server.url, articles)), await peakRssMb(server.child.pid), ceilingRps));
// Accounts: one registered user, its token for `authed`, its credentials for `login`.
const credentials = { identifier: 'bench', password: 'bench-password-1' };
const registered = await (await fetch(`${server.url}/api/auth/local/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: credentials.password }),
})).json();
results.push(row('authed', await drive({ url: `${server.url}/api/users/me`, headers: { authorization: `Bearer ${registered.jwt}` } }), await peakRssMb(server.child.pid), ceilingRps));
const login = { url: `${server.url}/api/auth/local`, connections: 10, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) };
results.push(row('login', await drive(login), await peakRssMb(server.child.pid), ceilingRps));
// Media: a 200 KB photo uploaded again and again; each answer means the original and its four
// formats are on disk (the formats are made with sharp on its own threads).
const photo = await benchPhoto();
results.push(row(`upload (${Math.round(photo.length / 1000)} KB JPEG, 4 formats)`, await drive(uploadOptions(server.url, photo)), await peakRssMb(server.child.pid), ceilingRps));
// `list` while logins hash passwords at the same time: scrypt runs on the thread pool, so reads should not wait.
const [mixedList] = await Promise.all([drive({ url: server.url + paths.list }), drive(login)]);
results.push(row('mixed (list during login)', mixedList, await peakRssMb(server.child.pid), ceilingRps));
// `list` while 10 connections create articles (in the default locale; `list` reads the French
// ones): a write must not throw away the answers it cannot change.
const [listWhileCreating] = await Promise.all([drive({ url: server.url + paths.list }), drive(createOptions(server.url))]);
results.push(row('list while creating', listWhileCreating, await peakRssMb(server.child.pid), ceilingRps));

const helpMs = [];
for (let i = 0; i < 10; i++) {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--help']);
  helpMs.push(Number(process.hrtime.bigint() - started) / 1e6);
}
helpMs.sort((a, b) => a - b);

server.child.kill('SIGTERM');
ceilingServer.child.kill('SIGTERM');
await rm(dir, { recursive: true, force: true });
const startup = await measureStartup(startupCounts(args, docs));

const summary = {
  date: new Date().toISOString(),
  machine: `${(await import('node:os')).cpus().length} cores, Node ${process.version}`,
  docs,
  durationSeconds: duration,
  connections,
  rounds,
  watchContent,
  requestLog,
  readyMs: Math.round(server.readyMs),
  readyRssMb,
  helpMedianMs: Math.round(helpMs[5]),
  diskCreatesPerSecond,
  compression: {
    listBytes: listBytes.length,
    compressedBytes: compressedList.bytes.length,
    encoding: compressedList.headers['content-encoding'] ?? 'identity',
  },
  scenarios: results,
  startup,
};
await mkdir(join(root, 'bench/results'), { recursive: true });
await writeFile(join(root, 'bench/results/latest.json'), JSON.stringify(summary, null, 2) + '\n');

const columns = ['scenario', 'requestsPerSecond', 'p50Ms', 'p99Ms', 'errors', 'non2xx', 'peakRssMb', 'ofCeiling'];
const lines = [
  `| ${['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'peak RSS MB', 'of ceiling'].join(' | ')} |`,
  `|${columns.map(() => '---').join('|')}|`,
  ...results.map((r) => (r.pending ? `| ${r.scenario} | ${r.pending} |||||||` : `| ${columns.map((c) => r[c]).join(' | ')} |`)),
];
console.log(`\n${docs} documents, ${connections} connections, watcher ${watchContent ? 'on' : 'off'}, request log ${requestLog ? 'on' : 'off'} (create/update/login: 10), ${duration} s each (ceiling, list, query, one: median of ${rounds} alternating rounds), ${summary.machine}\n`);
console.log(lines.join('\n'));
const created = results.find((r) => r.scenario === 'create');
const plain = results.find((r) => r.scenario === 'list');
const whileCreating = results.find((r) => r.scenario === 'list while creating');
const ofAlone = Math.round((whileCreating.requestsPerSecond / plain.requestsPerSecond) * 100);
console.log(`\nReads while writing: list reached ${whileCreating.requestsPerSecond} req/s while 10 connections created articles, ${ofAlone}% of list alone (target ≥ 60%: ${ofAlone >= 60 ? 'met' : 'missed'}).`);
const zipped = results.find((r) => r.scenario.startsWith('list, compressed'));
console.log(`\nCompression: a list answer of ${listBytes.length} bytes is sent as ${compressedList.bytes.length} bytes (${summary.compression.encoding}); list, compressed reached ${Math.round((zipped.requestsPerSecond / plain.requestsPerSecond) * 100)}% of list's req/s.`);
const ofDisk = Math.round((created.requestsPerSecond / diskCreatesPerSecond) * 100);
console.log(`The disk alone (the file work of a create, plain fs calls, 10 at once): ${diskCreatesPerSecond} durable creates/s; create reached ${ofDisk}% of it (target ≥ 100%: ${ofDisk >= 100 ? 'met' : 'missed'}).`);
const readTargets = ['list', 'query', 'one'].map((name) => {
  const share = Math.round((results.find((r) => r.scenario === name).requestsPerSecond / ceilingRps) * 100);
  return `${name} ${share}% (${share >= 75 ? 'met' : 'missed'})`;
});
console.log(`Reads against the ceiling of ${Math.round(ceilingRps)} req/s, target ≥ 75% each: ${readTargets.join(', ')}.`);
console.log(`folio serve ready in ${summary.readyMs} ms (RSS ${readyRssMb} MB); folio --help median ${summary.helpMedianMs} ms`);
console.log(`\nfolio serve startup (median of 3 starts) and the uncached query at each size\n\n${startupTable(startup, ceilingRps)}`);
