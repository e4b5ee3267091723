/**
 * The benchmarks' command lines (bench/options.mjs): `--help` prints the options and runs nothing
 * (not even the build), an unknown option or a value that does not fit is one line naming it, and
 * nothing in the repository is written unless asked with `--save`; `--scenarios` alone runs just
 * the reads named (a short run of `graphql-list` against `list-populated` here).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot, tempDir } from '../_helpers/index.js';

const RESULTS = join(repoRoot, 'bench/results/latest.json');
const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * Runs a bench script with `args`, `npm` being a stand-in that notes each run and fails: a build
 * started is seen, and stops the script before any benchmark. `build: 'passes'`: the stand-in
 * succeeds, and the script runs on the dist/ built before the tests.
 */
async function bench(script: string, args: string[], { build = 'fails' }: { build?: 'fails' | 'passes' } = {}): Promise<{ code: number | null; stdout: string; stderr: string; built: boolean }> {
  const folder = await tempDir('folio-bench-options-');
  try {
    const npm = join(folder.path, 'npm-cli.js');
    const note = join(folder.path, 'built');
    await writeFile(npm, `require('node:fs').writeFileSync(${JSON.stringify(note)}, process.argv.slice(2).join(' ')); process.exit(${build === 'passes' ? 0 : 1});\n`);
    const result = spawnSync(process.execPath, [join(repoRoot, script), ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, npm_execpath: npm }, timeout: 60_000 });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr, built: existsSync(note) };
  } finally {
    await folder.cleanup();
  }
}

test('npm run bench -- --help prints every option and runs nothing: no build, no benchmark, no results written', async () => {
  const before = hashOf(RESULTS);
  const result = await bench('bench/run.mjs', ['--help']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stderr, '');
  assert.ok(result.stdout.startsWith('Usage: npm run bench -- [options]\n'), result.stdout);
  for (const option of ['--docs <n>', '--duration <seconds>', '--connections <n>', '--rounds <n>', '--startup <1000,10000|none>', '--watch-content <on|off>', '--request-log <on|off>', '--compare <request-log|watch-content|store|slow-receiver|git-commit|middleware|none|build>', '--scenarios <list,query,one,list-populated,graphql-list,create,update>', '--base <dir>', '--store <postgres>', '--admin', '--import <n>', '--save', '--help']) {
    assert.ok(result.stdout.includes(`  ${option} `) || result.stdout.includes(`  ${option}\n`), `${option} in:\n${result.stdout}`);
  }
  assert.match(result.stdout, /--save +write the results to bench\/results\/latest\.json/);
  assert.not.ok(result.built, 'the build did not run');
  assert.is(hashOf(RESULTS), before);
});

test('an unknown option is one line naming it, and nothing runs', async () => {
  const result = await bench('bench/run.mjs', ['--docs', '10', '--frobnicate']);
  assert.is(result.code, 1);
  assert.is(result.stdout, '');
  assert.is(result.stderr, 'unknown option --frobnicate (`npm run bench -- --help` lists the options)\n');
  assert.not.ok(result.built);
});

test('a value that does not fit, a missing value, a stray argument and --save beside a partial benchmark are refused, naming them', async () => {
  const refused = async (args: string[]) => {
    const result = await bench('bench/run.mjs', args);
    assert.is(result.code, 1, args.join(' '));
    assert.not.ok(result.built);
    return result.stderr;
  };
  assert.is(await refused(['--docs', 'many']), '--docs takes <n>, not many (`npm run bench -- --help` lists the options)\n');
  assert.is(await refused(['--duration']), '--duration takes <seconds> (`npm run bench -- --help` lists the options)\n');
  assert.is(await refused(['--compare', 'colour']), '--compare takes <request-log|watch-content|store|slow-receiver|git-commit|middleware|none|build>, not colour (`npm run bench -- --help` lists the options)\n');
  assert.is(await refused(['--store', 'files']), '--store takes <postgres>, not files (`npm run bench -- --help` lists the options)\n');
  assert.is(await refused(['10000']), 'unexpected argument 10000 (`npm run bench -- --help` lists the options)\n');
  assert.match(await refused(['--admin', '--save']), /^--save goes with the whole benchmark/);
  assert.match(await refused(['--scenarios', 'create']), /^without --compare, --scenarios takes the reads: list, query, one, list-populated, graphql-list /);
  assert.match(await refused(['--scenarios', 'graphql-list', '--save']), /^--save goes with the whole benchmark/);
  assert.match(await refused(['--compare', 'build']), /^--compare build and --base <dir> \(a built checkout\) go together/);
  assert.match(await refused(['--compare', 'build', '--base', 'no/such/checkout']), /^--base/);
});

test('a command line that fits builds first (the build, failing here, stops it before any benchmark)', async () => {
  const before = hashOf(RESULTS);
  const result = await bench('bench/run.mjs', ['--docs', '10', '--duration', '1', '--startup', 'none']);
  assert.is(result.code, 1);
  assert.ok(result.built, 'the build ran');
  assert.is(result.stderr, 'npm run build failed\n');
  assert.is(hashOf(RESULTS), before);
});

test('--scenarios graphql-list,list-populated runs those two reads alone, on a project where both answer the same page with its categories, with no errors', async () => {
  const before = hashOf(RESULTS);
  const result = await bench('bench/run.mjs', ['--scenarios', 'graphql-list,list-populated', '--docs', '30', '--duration', '1', '--rounds', '1', '--connections', '5'], { build: 'passes' });
  assert.is(result.code, 0, result.stderr);
  assert.ok(result.built, 'the build ran');
  assert.match(result.stderr, /graphql-list and list-populated both answer the same 25 articles, each with its category/);
  const rows = result.stdout.split('\n').filter((line) => line.startsWith('| ')).map((line) => line.split(' | '));
  assert.equal(rows.map((cells) => cells[0]), ['| scenario', '| ceiling', '| graphql-list', '| list-populated']);
  for (const [name, rps, , , errors, non2xx] of rows.slice(1)) {
    assert.ok(Number(rps) > 0, `${name} answered: ${result.stdout}`);
    assert.is(errors, '0', name);
    assert.is(non2xx, '0', name);
  }
  assert.match(result.stdout, /GraphQL: graphql-list reached \d+ req\/s, \d+% of list-populated's \d+ \(the same page by REST; rounds: \d+% to \d+%/);
  assert.not.match(result.stdout, /\| list \||\| create \|/);
  assert.is(hashOf(RESULTS), before);
});

test('bench:propagation and bench/startup.mjs take --help and refuse unknown options the same way', async () => {
  const propagation = await bench('bench/propagation.mjs', ['--help']);
  assert.is(propagation.code, 0, propagation.stderr);
  assert.ok(propagation.stdout.startsWith('Usage: npm run bench:propagation -- [options]\n'));
  assert.match(propagation.stdout, /--rounds <n> +updates timed/);
  assert.not.ok(propagation.built);
  const unknown = await bench('bench/propagation.mjs', ['--round', '5']);
  assert.is(unknown.code, 1);
  assert.is(unknown.stderr, 'unknown option --round (`npm run bench:propagation -- --help` lists the options)\n');

  const startup = await bench('bench/startup.mjs', ['--help']);
  assert.is(startup.code, 0, startup.stderr);
  assert.match(startup.stdout, /^Usage: node bench\/startup\.mjs \[options\]\n[^]*--runs <n>/);
  assert.is((await bench('bench/startup.mjs', ['--startup', 'lots'])).stderr, '--startup takes <1000,10000>, not lots (`node bench/startup.mjs --help` lists the options)\n');
});

test.run();
