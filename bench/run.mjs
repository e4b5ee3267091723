#!/usr/bin/env node
// `npm run bench`: the benchmark. What it does and its options are declared once, below, and
// printed by `npm run bench -- --help`.
import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import autocannon from 'autocannon';
import { adminBench } from './admin.mjs';
import { coldBench } from './cold.mjs';
import { compare, SCENARIOS, SETTINGS } from './compare.mjs';
import { importBench } from './import.mjs';
import { diskCeiling } from './disk.mjs';
import { build, count, counts, oneOf, parseOptions, someOf, usageError } from './options.mjs';
import { peakRssMb, root, setUp, startProcess } from './project.mjs';
import { benchPhoto, createOptions, READS, readOptions, readPaths, updateOptions, uploadOptions } from './scenarios.mjs';
import { measureStartup, startupCounts, startupTable } from './startup.mjs';

const COMMAND_LINE = {
  usage: 'npm run bench --',
  about: [
    'A temporary project with generated documents, served by `folio serve` as a user runs it, driven by',
    'autocannon from this (separate) process; in the same run, a bare Koa server answering the same bytes',
    'as `list` gives the ceiling of this stack on this machine. Prints the results; writes nothing in the',
    'repository unless asked with --save.',
  ].join('\n'),
  options: [
    { name: 'docs', value: 'n', parse: count, about: 'documents to generate (default 1000; with --cold, 10000)' },
    { name: 'duration', value: 'seconds', parse: count, about: 'of each scenario (default 10; with --compare or --cold, 5)' },
    { name: 'connections', value: 'n', parse: count, about: 'of the reads (default 50; create, update and login: 10)' },
    { name: 'rounds', value: 'n', parse: count, about: 'rounds, the reads taking turns with the ceiling (default 3; with --compare, 10; with --admin, 5)' },
    { name: 'startup', value: '1000,10000|none', parse: counts, about: 'document counts to time folio serve\'s start with (default 1000,10000, and 100000 with --docs 100000)' },
    { name: 'watch-content', value: 'on|off', parse: oneOf('on', 'off'), about: 'off: the server not following data/content (what the watcher costs)' },
    { name: 'request-log', value: 'on|off', parse: oneOf('on', 'off'), about: 'off: no line per request (what the request log costs)' },
    { name: 'compare', value: SETTINGS.join('|'), parse: oneOf(...SETTINGS), about: 'one setting on against off, side by side; store: PostgreSQL against files (see compare.mjs)' },
    { name: 'scenarios', value: SCENARIOS.join(','), parse: someOf(...SCENARIOS), about: `only those: with --compare, compared; without, only those reads (${READS.join(', ')}) taking turns with the ceiling, and nothing else` },
    { name: 'base', value: 'dir', parse: (text) => (existsSync(join(text, 'bin/folio.js')) && existsSync(join(text, 'dist')) ? text : undefined), about: 'with --compare build: a built checkout to measure this one against' },
    { name: 'store', value: 'postgres', parse: oneOf('postgres'), about: 'the same as --compare store; with --cold, the cold queries on PostgreSQL' },
    { name: 'cold', about: 'list queries no cache has seen (a text search, sorts, a filter through a relation, $or, populate=*), each against the ceiling (see cold.mjs)' },
    { name: 'admin', about: "the editors' page: first load bytes and time, in headless chromium (see admin.mjs)" },
    { name: 'import', value: 'n', parse: count, about: 'folio import strapi on a generated archive of n documents, e.g. 100000 (see import.mjs)' },
    { name: 'save', about: 'write the results to bench/results/latest.json (the whole benchmark only: the others keep none)' },
  ],
};

const given = parseOptions(COMMAND_LINE);
if (given.cold && (given.compare || given.admin || given.import || given.scenarios || given.save || given.base || given.startup)) usageError(COMMAND_LINE, '--cold takes --docs, --store, --duration, --connections, --rounds, --watch-content and --request-log, and keeps no results');
// `--store postgres` (the spelling) is `--compare store`; with --cold, the store it runs on.
const compared = given.compare ?? (given.store && !given.cold ? 'store' : undefined);
if (given.scenarios && !compared && !given.scenarios.every((name) => READS.includes(name))) usageError(COMMAND_LINE, `without --compare, --scenarios takes the reads: ${READS.join(', ')}`);
if ((compared === 'build') !== (given.base !== undefined)) usageError(COMMAND_LINE, '--compare build and --base <dir> (a built checkout) go together');
if (given.save && (compared || given.admin || given.import || given.scenarios)) usageError(COMMAND_LINE, '--save goes with the whole benchmark: --compare, --admin, --import and --scenarios keep no results');
const docs = given.docs ?? 1000;
const connections = given.connections ?? 50;
const watchContent = given.watchContent !== 'off';
const requestLog = given.requestLog !== 'off';
build();

if (given.cold) {
  await coldBench({ docs: given.docs ?? 10_000, store: given.store ?? 'files', duration: given.duration ?? 5, connections, rounds: given.rounds ?? 3, watchContent, requestLog });
  process.exit(0);
}

if (compared) {
  await compare(compared, { docs, duration: given.duration ?? 5, connections, rounds: given.rounds ?? 10, only: given.scenarios, base: given.base && resolve(given.base) });
  process.exit(0);
}

if (given.admin) {
  await adminBench({ rounds: given.rounds ?? 5 });
  process.exit(0);
}

if (given.import) {
  await importBench(given.import);
  process.exit(0);
}

const duration = given.duration ?? 10;
const rounds = given.rounds ?? 3;

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

// Each read asked once before it is driven: autocannon counts a GraphQL answer of 200 with
// `errors` (or no data) as a success, and `graphql-list` is only worth comparing with
// `list-populated` if both answer the same articles with the same categories.
const selected = given.scenarios ?? READS;
const firstAnswers = {};
for (const name of selected) {
  const { url, method = 'GET', headers, body } = readOptions(name, server.url, articles);
  const response = await fetch(url, { method, headers, body });
  const answer = await response.json();
  if (response.status !== 200 || answer.errors || !answer.data) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  firstAnswers[name] = answer.data;
}
if (firstAnswers['graphql-list'] && firstAnswers['list-populated']) {
  const viaGraphql = firstAnswers['graphql-list'].articles;
  const viaRest = firstAnswers['list-populated'];
  const same = viaGraphql.length > 0 && viaGraphql.length === viaRest.length
    && viaGraphql.every((article, i) => article.category?.name && article.title === viaRest[i].title && article.category.name === viaRest[i].category?.name);
  if (!same) throw new Error(`graphql-list and list-populated answer different pages: ${JSON.stringify(viaGraphql.slice(0, 2))} against ${JSON.stringify(viaRest.slice(0, 2))}`);
  console.error(`graphql-list and list-populated both answer the same ${viaGraphql.length} articles, each with its category`);
}

// The ceiling and the reads it is compared with take turns, `rounds` times, and each reports its
// median round: on a shared 2-core VM one 10 s run of the ceiling can be a third off the next.
// With --scenarios, only the reads named take turns with it.
const reads = { ceiling: { url: ceilingServer.url } };
for (const name of selected) {
  reads[name] = readOptions(name, server.url, articles);
  if (name === 'list' && !given.scenarios) reads['list, compressed (Accept-Encoding: br, gzip)'] = { url: server.url + paths.list, headers: compressedHeaders };
}
const readRounds = Object.fromEntries(Object.keys(reads).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const [name, options] of Object.entries(reads)) readRounds[name].push(await drive(options));
  console.error(`reads: round ${round + 1} of ${rounds} done`);
}
const median = (list) => [...list].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(list.length / 2)];
const ceilingRps = median(readRounds.ceiling).requests.average;
const results = [row('ceiling', median(readRounds.ceiling), await peakRssMb(ceilingServer.child.pid), 0)];
for (const name of Object.keys(reads).slice(1)) results.push(row(name, median(readRounds[name]), await peakRssMb(server.child.pid), ceilingRps));

const columns = ['scenario', 'requestsPerSecond', 'p50Ms', 'p99Ms', 'errors', 'non2xx', 'peakRssMb', 'ofCeiling'];
const table = (rows) => [
  `| ${['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'peak RSS MB', 'of ceiling'].join(' | ')} |`,
  `|${columns.map(() => '---').join('|')}|`,
  ...rows.map((r) => (r.pending ? `| ${r.scenario} | ${r.pending} |||||||` : `| ${columns.map((c) => r[c]).join(' | ')} |`)),
].join('\n');
/** GraphQL against REST for the same page: the line printed when both ran. */
function graphqlLine() {
  const graphql = results.find((r) => r.scenario === 'graphql-list');
  const rest = results.find((r) => r.scenario === 'list-populated');
  if (!graphql || !rest) return '';
  const share = Math.round((graphql.requestsPerSecond / rest.requestsPerSecond) * 100);
  // The two ran in the same rounds, minutes apart at most: the range of the per-round ratios says how far the machine's drift moves it.
  const perRound = readRounds['graphql-list'].map((result, round) => Math.round((result.requests.average / readRounds['list-populated'][round].requests.average) * 100));
  return `\nGraphQL: graphql-list reached ${graphql.requestsPerSecond} req/s, ${share}% of list-populated's ${rest.requestsPerSecond} (the same page by REST; rounds: ${Math.min(...perRound)}% to ${Math.max(...perRound)}%; target ≥ 50%: ${share >= 50 ? 'met' : 'missed'}).`;
}

if (given.scenarios) {
  server.child.kill('SIGTERM');
  ceilingServer.child.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
  console.log(`\n${docs} documents, ${connections} connections, watcher ${watchContent ? 'on' : 'off'}, request log ${requestLog ? 'on' : 'off'}, ${duration} s each, median of ${rounds} alternating rounds, ${(await import('node:os')).cpus().length} cores, Node ${process.version}\n`);
  console.log(table(results));
  console.log(`${graphqlLine()}\nThe results were not saved (only the whole benchmark's are, with --save).`);
  process.exit(0);
}
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
const startup = await measureStartup(startupCounts(given.startup, docs));

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
// The results file is versioned (docs/performance.md quotes it): written only when asked.
const resultsFile = join(root, 'bench/results/latest.json');
if (given.save) {
  await mkdir(join(root, 'bench/results'), { recursive: true });
  await writeFile(`${resultsFile}.tmp`, JSON.stringify(summary, null, 2) + '\n');
  await rename(`${resultsFile}.tmp`, resultsFile);
}

console.log(`\n${docs} documents, ${connections} connections, watcher ${watchContent ? 'on' : 'off'}, request log ${requestLog ? 'on' : 'off'} (create/update/login: 10), ${duration} s each (ceiling, ${READS.join(', ')}: median of ${rounds} alternating rounds), ${summary.machine}\n`);
console.log(table(results));
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
console.log(graphqlLine().slice(1));
console.log(`folio serve ready in ${summary.readyMs} ms (RSS ${readyRssMb} MB); folio --help median ${summary.helpMedianMs} ms`);
console.log(`\nfolio serve startup (median of 3 starts) and the uncached query at each size\n\n${startupTable(startup, ceilingRps)}`);
console.log(given.save ? `\nThe results are in ${relative(root, resultsFile)}.` : `\nThe results were not saved (--save writes them to ${relative(root, resultsFile)}).`);
