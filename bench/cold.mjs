// `npm run bench -- --cold [--docs 10000] [--store postgres]`: list queries as sites send them,
// each request one that no cache has seen. The answer cache and the kept answers serve a query
// asked again from memory, so `query` measures the cache after its first request; here every
// request changes something that changes its answer (an offset, a bound, the locale, the sort
// direction), counted on from one request to the next and never going back, so every request is
// evaluated anew: filtered, sorted, counted and populated. Each shape takes turns with the bare Koa
// ceiling (the bytes of `list`), `rounds` times, and reports its median round, against the target
// of a query no cache has seen: 10% of the ceiling. On PostgreSQL (`--store postgres`), the
// project's data is copied into a throwaway server with `folio db copy`, as compare.mjs does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startPostgresServer } from '../scripts/postgres-server.mjs';
import { root, setUp, startProcess } from './project.mjs';
import { readPaths } from './scenarios.mjs';

const LOCALES = ['en', 'fr'];
const PAGE = 25;
/** Held by 10 titles in 12 (see generate.mjs: two of its words in each title). */
const MOST = 'o';
/** Held by 2 titles in 12: the rarer side of the `$or`. */
const SOME = 'lorem';
/** How many of each shape's first requests are checked before it is measured. */
const CHECKED = 4;
/** The target of a query no cache has seen, as a share of the ceiling. */
const TARGET = 0.1;

/**
 * `k` written in mixed radix, least significant first: the first digit moves at every request,
 * the next once the first has gone round, and so on; past the product of the radices it starts
 * over (the run then says so: its answers may come from a cache).
 */
function digits(k, ...radices) {
  return radices.map((radix) => {
    const digit = k % radix;
    k = Math.floor(k / radix);
    return digit;
  });
}

/**
 * The published articles as generated, by locale (what the answers are checked against): title,
 * views and category name of each. Read from the project's files, which PostgreSQL is copied from.
 */
async function publishedArticles(dir) {
  const content = join(dir, 'data/content');
  const categoryNames = new Map();
  for (const id of await readdir(join(content, 'category'))) {
    categoryNames.set(id, JSON.parse(await readFile(join(content, 'category', id, 'published.default.json'), 'utf8')).name);
  }
  const byLocale = Object.fromEntries(LOCALES.map((locale) => [locale, []]));
  const ids = await readdir(join(content, 'article'));
  // A few dozen reads at once: 20,000 files one by one would take a while.
  for (let at = 0; at < ids.length; at += 64) {
    await Promise.all(ids.slice(at, at + 64).flatMap((id) => LOCALES.map(async (locale) => {
      const row = JSON.parse(await readFile(join(content, 'article', id, `published.${locale}.json`), 'utf8'));
      byLocale[locale].push({ title: row.title, views: row.views, category: categoryNames.get(row.category) });
    })));
  }
  return { byLocale, categories: [...new Set(categoryNames.values())].sort() };
}

const count = (rows, match) => rows.reduce((sum, row) => sum + (match(row) ? 1 : 0), 0);
/** The fewest rows `match` holds in any locale: how far an offset may go with a full page in each. */
const fewest = (articles, match) => Math.min(...LOCALES.map((locale) => count(articles.byLocale[locale], match)));
const hasMost = (row) => row.title.toLowerCase().includes(MOST);

/**
 * The shapes, each given the generated articles: `space`, how many different requests it has
 * before it repeats one; `at(k)`, its k-th request: its path, its locale, which rows match, and
 * the offset of its page (page 1 when there is none). `pattern` is the path with what varies
 * named in angle brackets.
 */
const SHAPES = [
  {
    name: 'text search matching most rows, sorted by title',
    pattern: `/api/articles?filters[title][$containsi]=${MOST}&sort=title:<dir>&pagination[start]=<s>&pagination[limit]=25&locale=<loc>`,
    // What varies: the locale, then the sort direction, then the offset of the page. A page number
    // would give only a few hundred different answers, which the cache would soon hold.
    make(articles) {
      const offsets = fewest(articles, hasMost) - PAGE + 1;
      return {
        space: offsets * LOCALES.length * 2,
        at(k) {
          const [locale, desc, start] = digits(k, LOCALES.length, 2, offsets);
          const path = `/api/articles?filters[title][$containsi]=${MOST}&sort=title:${desc ? 'desc' : 'asc'}&pagination[start]=${start}&pagination[limit]=${PAGE}&locale=${LOCALES[locale]}`;
          return { path, locale: LOCALES[locale], match: hasMost, start };
        },
      };
    },
  },
  {
    name: 'a bound on views, sorted by title',
    pattern: '/api/articles?filters[views][$gt]=<n>&sort=title:<dir>&locale=<loc>',
    // What varies: the locale, then the sort direction, then the bound n (0 to 4999: from every
    // row to half of them, views going from 0 to 9999).
    make() {
      return {
        space: 5000 * LOCALES.length * 2,
        at(k) {
          const [locale, desc, bound] = digits(k, LOCALES.length, 2, 5000);
          return { path: `/api/articles?filters[views][$gt]=${bound}&sort=title:${desc ? 'desc' : 'asc'}&locale=${LOCALES[locale]}`, locale: LOCALES[locale], match: (row) => row.views > bound, start: 0 };
        },
      };
    },
  },
  {
    name: 'a filter through a relation',
    pattern: '/api/articles?filters[category][name][$eq]=<name>&pagination[start]=<s>&pagination[limit]=25&locale=<loc>',
    // What varies: the locale, then the category (20 of them), then the offset of the page.
    make(articles) {
      const { categories } = articles;
      const offsets = Math.min(...categories.map((name) => fewest(articles, (row) => row.category === name))) - PAGE + 1;
      return {
        space: offsets * categories.length * LOCALES.length,
        at(k) {
          const [locale, category, start] = digits(k, LOCALES.length, categories.length, offsets);
          const name = categories[category];
          const path = `/api/articles?filters[category][name][$eq]=${encodeURIComponent(name)}&pagination[start]=${start}&pagination[limit]=${PAGE}&locale=${LOCALES[locale]}`;
          return { path, locale: LOCALES[locale], match: (row) => row.category === name, start };
        },
      };
    },
  },
  {
    name: '$or of two fields',
    pattern: `/api/articles?filters[$or][0][views][$lt]=<n>&filters[$or][1][title][$containsi]=${SOME}&locale=<loc>`,
    // What varies: the locale, then the bound n (0 to 9999).
    make() {
      return {
        space: 10_000 * LOCALES.length,
        at(k) {
          const [locale, bound] = digits(k, LOCALES.length, 10_000);
          const path = `/api/articles?filters[$or][0][views][$lt]=${bound}&filters[$or][1][title][$containsi]=${SOME}&locale=${LOCALES[locale]}`;
          return { path, locale: LOCALES[locale], match: (row) => row.views < bound || row.title.toLowerCase().includes(SOME), start: 0 };
        },
      };
    },
  },
  {
    name: 'populate=* (two section components, the category; no cover)',
    pattern: '/api/articles?populate=*&pagination[start]=<s>&pagination[limit]=25&locale=<loc>&status=<status>',
    // What varies: the locale, then the status (draft or published: the generator writes both,
    // alike but for publishedAt), then the offset of the page.
    make(articles) {
      const offsets = fewest(articles, () => true) - PAGE + 1;
      return {
        space: offsets * LOCALES.length * 2,
        at(k) {
          const [locale, draft, start] = digits(k, LOCALES.length, 2, offsets);
          const path = `/api/articles?populate=*&pagination[start]=${start}&pagination[limit]=${PAGE}&locale=${LOCALES[locale]}&status=${draft ? 'draft' : 'published'}`;
          return { path, locale: LOCALES[locale], match: () => true, start, populated: true };
        },
      };
    },
  },
  {
    name: 'query, uncached (as in the whole benchmark)',
    pattern: readPaths([]).query.replace('$gte]=1000', '$gte]=<n>').replace('$lt]=8000', '$lt]=<m>'),
    // What varies: the lower bound n (1000 to 5999), as in run.mjs, then the upper bound m (8000
    // on). run.mjs's 5000 ranges alone come round again within a second, and the answer cache,
    // which keeps the first few thousand answers it computes, answers those the next time round
    // (at 10,000 documents that made it a quarter faster than ranges all new).
    make() {
      const { query } = readPaths([]);
      return {
        space: 5000 * 2000,
        at(k) {
          const [low, high] = digits(k, 5000, 2000);
          const path = query.replace('$gte]=1000', `$gte]=${1000 + low}`).replace('$lt]=8000', `$lt]=${8000 + high}`);
          return { path, locale: 'en', match: (row) => row.views >= 1000 + low && row.views < 8000 + high && row.title.toLowerCase().includes('lorem'), start: 0 };
        },
      };
    },
  },
];

/**
 * Asks a shape's request once and checks its answer: 200, as many rows as the generated data says
 * (more than none: a shape that answers nothing measures nothing), the total the data says, and
 * with `populated` the components and the category in place. Drafts are generated as the
 * published versions are, so the published rows give their counts too.
 */
async function check(url, articles, name, { path, locale, match, start, populated }) {
  const response = await fetch(url + path);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${name}: ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  const { data, meta } = JSON.parse(text);
  const total = count(articles.byLocale[locale], match);
  const rows = Math.max(0, Math.min(PAGE, total - start));
  if (rows === 0) throw new Error(`${name}: ${path} matches no generated article: it would measure nothing`);
  if (data?.length !== rows || meta?.pagination?.total !== total) {
    throw new Error(`${name}: ${path} answered ${data?.length} rows of ${meta?.pagination?.total}, not ${rows} of ${total}`);
  }
  if (populated && !data.every((row) => row.sections?.length === 2 && row.sections[0].heading && row.category?.name)) {
    throw new Error(`${name}: ${path} answered rows without their two sections and category: ${JSON.stringify(data[0]).slice(0, 500)}`);
  }
  return { rows, total };
}

/** User and system CPU time of a process so far, in µs (from /proc; clock ticks of 10 ms). */
function cpuMicroseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The machine's CPU time so far, busy and all, in clock ticks (from /proc/stat). */
function machineTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq + steal, all: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * Waits until the machine is nearly idle (under 15% busy over half a second), at most two
 * minutes: when a run stops, the requests it left on their way are still being answered (on
 * PostgreSQL, a few seconds' worth of queries), and the next run, the ceiling's or a shape's,
 * would share the CPUs with them. Answers whether it settled.
 */
async function settle() {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const before = machineTicks();
    await new Promise((done) => setTimeout(done, 500));
    const after = machineTicks();
    if (after.busy - before.busy < 0.15 * (after.all - before.all)) return true;
  }
  return false;
}

/** `folio serve` on the project in `dir`: on its files, or on PostgreSQL at `databaseUrl` once the data is copied there. */
function serve(dir, databaseUrl) {
  const env = { NODE_ENV: 'production' };
  if (databaseUrl) {
    execFileSync(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'db', 'copy', '--to', databaseUrl], { stdio: 'ignore' });
    env.DATABASE_URL = databaseUrl;
  }
  // The request log goes to a file, so that this process, the load generator, does not read it.
  return startProcess(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'serve', '--port', '0'], /^foliocms listening on (http:\/\/\S+)$/, env, { logFile: join(dir, 'folio.log') });
}

/** The shapes' median rounds as a Markdown table, the ceiling first. */
function table(ceiling, rows) {
  const met = (share) => (share >= TARGET ? 'met' : 'not met');
  const percent = (share) => `${share < 0.01 ? (share * 100).toFixed(2) : Math.round(share * 1000) / 10}%`;
  // Below 10 req/s, a decimal; a round in which no answer came has no latency to show.
  const rate = (rps) => (rps < 10 ? rps.toFixed(1) : Math.round(rps));
  const ms = (result, value) => (result.requests.total > 0 ? value : '—');
  return [
    '| shape | URL pattern | req/s | p50 ms | p99 ms | of ceiling | ≥ 10% of the ceiling | errors, non-2xx | folio CPU µs per request sent |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ceiling | bare Koa, the bytes of \`${readPaths([]).list}\` | ${Math.round(ceiling.requests.average)} | ${ceiling.latency.p50} | ${ceiling.latency.p99} | 100% | | ${ceiling.errors + ceiling.timeouts}, ${ceiling.non2xx} | |`,
    ...rows.map(({ name, pattern, result, cpu }) => {
      const share = result.requests.average / ceiling.requests.average;
      return `| ${name} | \`${pattern}\` | ${rate(result.requests.average)} | ${ms(result, result.latency.p50)} | ${ms(result, result.latency.p99)} | ${percent(share)} | ${met(share)} | ${result.errors + result.timeouts}, ${result.non2xx} | ${Math.round(cpu)} |`;
    }),
  ].join('\n');
}

/**
 * Runs the cold queries and prints their table: `docs` generated articles served by `folio serve`
 * on `store` ('files' or 'postgres'), each shape driven for `duration` seconds with `connections`
 * connections, in turns with the ceiling, `rounds` times.
 * @example await coldBench({ docs: 10_000, store: 'postgres', duration: 5, connections: 50, rounds: 3 });
 */
export async function coldBench({ docs, store, duration, connections, rounds, watchContent = true, requestLog = true }) {
  const cleanUp = [];
  try {
    const { dir } = await setUp(docs, { watchContent, requestLog });
    cleanUp.unshift(() => rm(dir, { recursive: true, force: true }));
    const articles = await publishedArticles(dir);
    console.error(`generated ${docs} articles (en and fr, draft and published) in a temporary project`);
    const postgres = store === 'postgres' ? await startPostgresServer({ database: 'bench' }) : undefined;
    if (postgres) cleanUp.unshift(() => postgres.stop());
    const server = await serve(dir, postgres?.url);
    cleanUp.unshift(() => new Promise((resolve) => server.child.once('exit', resolve).kill('SIGTERM')));
    console.error(`folio serve on ${postgres ? 'PostgreSQL' : 'its files'}: ready in ${Math.round(server.readyMs)} ms`);

    const bodyFile = join(dir, 'list-response.json');
    await writeFile(bodyFile, Buffer.from(await (await fetch(server.url + readPaths([]).list)).arrayBuffer()));
    const ceilingServer = await startProcess(process.execPath, [join(root, 'bench/ceiling.mjs'), bodyFile], /^ceiling listening on (http:\/\/\S+)$/);
    cleanUp.unshift(() => ceilingServer.child.kill('SIGTERM'));

    const shapes = SHAPES.map((shape) => ({ ...shape, ...shape.make(articles), asked: 0, rounds: [] }));
    // The first requests of each shape checked, one locale and the other, one direction or
    // status and the other: these are also the first the shape's runs would have asked.
    for (const shape of shapes) {
      const answered = [];
      while (shape.asked < CHECKED) answered.push(await check(server.url, articles, shape.name, shape.at(shape.asked++)));
      console.error(`${shape.name}: its first ${CHECKED} requests answered ${answered.map(({ rows, total }) => `${rows} rows of ${total}`).join(', ')}; ${shape.space} different requests`);
    }

    const drive = (options) => new Promise((resolve, reject) => autocannon({ duration, connections, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
    const ceilingRounds = [];
    let unsettled = 0;
    const settled = async () => {
      if (!(await settle())) unsettled++;
    };
    for (let round = 0; round < rounds; round++) {
      await settled();
      ceilingRounds.push(await drive({ url: ceilingServer.url }));
      for (const shape of shapes) {
        await settled();
        const before = cpuMicroseconds(server.child.pid);
        // Each request the next of the shape's: `asked` goes on from round to round.
        const result = await drive({ url: server.url, requests: [{ setupRequest: (request) => ({ ...request, path: shape.at(shape.asked++).path }) }] });
        // Taken once the requests left on their way when the run stopped are answered too: the CPU
        // time is of every request sent, answered in the run or after it.
        await settled();
        shape.rounds.push({ result, cpu: (cpuMicroseconds(server.child.pid) - before) / Math.max(1, result.requests.sent) });
      }
      console.error(`cold queries: round ${round + 1} of ${rounds} done`);
    }

    const median = (list, value) => [...list].sort((a, b) => value(a) - value(b))[Math.floor(list.length / 2)];
    const ceiling = median(ceilingRounds, (result) => result.requests.average);
    const rows = shapes.map((shape) => ({ ...shape, ...median(shape.rounds, (r) => r.result.requests.average) }));
    console.log(`\nCold queries: ${docs} documents on ${postgres ? 'PostgreSQL' : 'the files store'}, ${connections} connections, ${duration} s each, median of ${rounds} rounds taking turns with the ceiling, ${cpus().length} cores, Node ${process.version}\n`);
    console.log(table(ceiling, rows));
    console.log(`\nIn angle brackets, what changes from one request to the next (every request a new answer; <dir> is asc or desc, <loc> en or fr, <status> draft or published).`);
    for (const shape of shapes) {
      if (shape.asked > shape.space) console.log(`${shape.name}: ${shape.asked} requests for ${shape.space} different ones: some came round again, and may have been answered from a cache.`);
    }
    if (shapes.every((shape) => shape.asked <= shape.space)) console.log('No request was asked twice.');
    for (const { name, result } of rows) {
      // With 50 connections and answers slower than the run is long, most requests are still on
      // their way when it stops: the rate is then a rough one.
      if (result.requests.total < 100) console.log(`${name}: ${result.requests.total} answers in its median round, of ${result.requests.sent} requests sent.`);
    }
    if (unsettled > 0) console.log(`${unsettled} times the machine was still busy two minutes after a run: something else was running, and these figures are not to be trusted.`);
  } finally {
    for (const step of cleanUp) await step();
  }
}
