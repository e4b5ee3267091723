// Startup of `folio serve`: the time from spawning it to its ready line, and its RSS then, with
// several numbers of documents (the benchmark issue asks for 1k, 10k and 100k). Each count gets a
// fresh generated project, started a few times; the median start is reported. The first start of
// a project also writes its JWT secret and seeds its roles, as a user's first start does.
// Alone: node bench/startup.mjs [--startup 1000,10000] [--runs 3]
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { peakRssMb, root, setUp, startProcess } from './project.mjs';

const READY = /^foliocms listening on (http:\/\/\S+)$/;

/**
 * The document counts to measure: `--startup 1000,10000,100000` if given, else 1,000 and 10,000,
 * plus 100,000 when the benchmark itself runs with `--docs 100000`.
 */
export function startupCounts(args, docs) {
  const at = args.indexOf('--startup');
  if (at >= 0) return args[at + 1] === 'none' ? [] : args[at + 1].split(',').map(Number);
  return docs >= 100_000 ? [1_000, 10_000, 100_000] : [1_000, 10_000];
}

/** For each count: median ready time (ms) and RSS (MB) of `runs` starts, and every start's time. */
export async function measureStartup(counts, { runs = 3 } = {}) {
  const results = [];
  for (const docs of counts) {
    const { dir } = await setUp(docs);
    try {
      const starts = [];
      for (let run = 0; run < runs; run++) {
        const server = await startProcess(process.execPath, [join(root, 'bin/folio.js'), '--dir', dir, 'serve', '--port', '0'], READY, { NODE_ENV: 'production' });
        const rssMb = await peakRssMb(server.child.pid);
        const exited = once(server.child, 'exit');
        server.child.kill('SIGTERM');
        await exited;
        starts.push({ readyMs: Math.round(server.readyMs), rssMb });
      }
      const median = [...starts].sort((a, b) => a.readyMs - b.readyMs)[Math.floor(runs / 2)];
      results.push({ docs, readyMs: median.readyMs, rssMb: median.rssMb, startsMs: starts.map((start) => start.readyMs) });
      console.error(`startup with ${docs} documents: ready in ${median.readyMs} ms (median of ${runs}), RSS ${median.rssMb} MB`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return results;
}

/** The results as a Markdown table. */
export function startupTable(results) {
  return [
    '| documents | ready ms (median) | RSS MB | every start, ms |',
    '|---|---|---|---|',
    ...results.map((r) => `| ${r.docs} | ${r.readyMs} | ${r.rssMb} | ${r.startsMs.join(', ')} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
  console.log(startupTable(await measureStartup(startupCounts(args, 0), { runs })));
}
