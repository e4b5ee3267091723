/**
 * scripts/run-tests.mjs and the programs it checks (scripts/programs.mjs): a test file that needs
 * a program from Debian that is missing is skipped with one line naming the package, or the
 * package is installed first when the runner runs as root with apt-get; the closing line counts
 * the skipped files.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROGRAMS } from '../../scripts/programs.mjs';
import { repoRoot } from '../_helpers/index.js';
import { programsModule, runnerFixture, testFile } from './_runner.js';

const TOOL = { command: 'folio-fixture-tool', package: 'folio-fixture-tool-package', calls: "\\bspawnSync\\(\\s*'folio-fixture-tool'" };
const asRoot = process.getuid?.() === 0;

/** A repository of two test files: one that needs nothing, one that runs the fixture's tool. */
const FILES = {
  'test/plain.test.ts': testFile('needs nothing', 'assert.is(1 + 1, 2);'),
  'test/tool/needs-tool.test.ts': testFile(
    'runs the tool',
    "await writeFile(new URL('../../ran-the-tool', import.meta.url), '');\nassert.is(spawnSync('folio-fixture-tool').status, 0);",
    "import { spawnSync } from 'node:child_process';\nimport { writeFile } from 'node:fs/promises';",
  ),
};

/** A folder for PATH holding `programs` (name → shell script body). */
async function binFolder(root: string, programs: Record<string, string> = {}): Promise<string> {
  const bin = join(root, 'bin');
  await mkdir(bin, { recursive: true });
  for (const [name, body] of Object.entries(programs)) {
    await writeFile(join(bin, name), `#!/bin/sh\n${body}\n`);
    await chmod(join(bin, name), 0o755);
  }
  return bin;
}

const skipping = suite('the runner and the programs a test file needs');

skipping('a file that needs a missing program is skipped with one line naming its package and the command that installs it, and counted', async () => {
  const fixture = await runnerFixture({ files: FILES, programs: programsModule([TOOL]) });
  try {
    // No apt-get on this PATH either: nothing can be installed, even as root.
    const result = await fixture.run([], { PATH: await binFolder(fixture.root) });
    assert.is(result.code, 0, result.output);
    assert.ok(result.lines.includes('ok   test/plain.test.ts (1 passed, 0 failed)'), result.output);
    assert.ok(result.lines.includes('skipped test/tool/needs-tool.test.ts: needs folio-fixture-tool (apt-get install folio-fixture-tool-package)'), result.output);
    assert.is(result.lines.at(-1), '1 passed, 0 failed, 1 skipped');
    assert.not.ok(existsSync(join(fixture.root, 'ran-the-tool')), 'the skipped file did not run');
  } finally {
    await fixture.cleanup();
  }
});

skipping('a file whose program is there runs, and the closing line says 0 skipped', async () => {
  const fixture = await runnerFixture({ files: FILES, programs: programsModule([TOOL]) });
  try {
    const result = await fixture.run([], { PATH: await binFolder(fixture.root, { 'folio-fixture-tool': 'exit 0' }) });
    assert.is(result.code, 0, result.output);
    assert.ok(result.lines.includes('ok   test/tool/needs-tool.test.ts (1 passed, 0 failed)'), result.output);
    assert.not.match(result.output, /^skipped/m);
    assert.is(result.lines.at(-1), '2 passed, 0 failed, 0 skipped');
  } finally {
    await fixture.cleanup();
  }
});

skipping(`as root with apt-get, a missing program is installed first and its file runs${asRoot ? '' : ' (not root here: skipped, apt-get never called)'}`, async () => {
  const fixture = await runnerFixture({ files: FILES, programs: programsModule([TOOL]) });
  try {
    const calls = join(fixture.root, 'apt-get-calls');
    // The fake apt-get notes each call, and "installs" the tool.
    const bin = await binFolder(fixture.root, {
      'apt-get': `echo "$DEBIAN_FRONTEND $*" >> '${calls}'\nif [ "$1" = install ]; then printf '#!/bin/sh\\nexit 0\\n' > '${join(fixture.root, 'bin/folio-fixture-tool')}'; /bin/chmod 755 '${join(fixture.root, 'bin/folio-fixture-tool')}'; fi`,
    });
    const result = await fixture.run([], { PATH: bin });
    assert.is(result.code, 0, result.output);
    if (asRoot) {
      assert.is(result.lines[0], 'installing folio-fixture-tool-package (apt-get install -y folio-fixture-tool-package): the tests need them');
      assert.is(await readFile(calls, 'utf8'), 'noninteractive update -qq\nnoninteractive install -y -qq folio-fixture-tool-package\n');
      assert.ok(result.lines.includes('ok   test/tool/needs-tool.test.ts (1 passed, 0 failed)'), result.output);
      assert.is(result.lines.at(-1), '2 passed, 0 failed, 0 skipped');
    } else {
      assert.not.ok(existsSync(calls), 'apt-get was not called');
      assert.is(result.lines.at(-1), '1 passed, 0 failed, 1 skipped');
    }
  } finally {
    await fixture.cleanup();
  }
});

skipping('when apt-get fails, the runner says so and skips the files that need the package', async () => {
  const fixture = await runnerFixture({ files: FILES, programs: programsModule([TOOL]) });
  try {
    const bin = await binFolder(fixture.root, { 'apt-get': 'if [ "$1" = install ]; then echo "E: Unable to locate package $4" >&2; exit 100; fi' });
    const result = await fixture.run([], { PATH: bin });
    assert.is(result.code, 0, result.output);
    if (asRoot) assert.ok(result.lines.includes('apt-get install -y -qq folio-fixture-tool-package failed: E: Unable to locate package folio-fixture-tool-package'), result.output);
    assert.ok(result.lines.includes('skipped test/tool/needs-tool.test.ts: needs folio-fixture-tool (apt-get install folio-fixture-tool-package)'), result.output);
    assert.is(result.lines.at(-1), '1 passed, 0 failed, 1 skipped');
  } finally {
    await fixture.cleanup();
  }
});

skipping('a failing file still fails the run, and the closing line starts as CI reads it', async () => {
  const fixture = await runnerFixture({ files: { ...FILES, 'test/broken.test.ts': testFile('fails', 'assert.is(1, 2);') }, programs: programsModule([TOOL]) });
  try {
    const result = await fixture.run(['test/broken', 'test/tool'], { PATH: await binFolder(fixture.root) });
    assert.is(result.code, 1, result.output);
    assert.is(result.lines.at(-1), '0 passed, 1 failed, 1 skipped');
    assert.match(result.lines.at(-1)!, /^\d+ passed, \d+ failed/);
  } finally {
    await fixture.cleanup();
  }
});

skipping.run();

const programs = suite('scripts/programs.mjs: what in a test file starts which program');

const needed = (source: string) => PROGRAMS.filter((program) => program.calls.test(source)).map((program) => program.command);

programs('the helpers that start a browser, Redis, and a spawn of git are each told apart', () => {
  assert.equal(needed('const browser = await startBrowser();'), ['chromium']);
  assert.equal(needed("const browser = await startBrowser('chromium');"), ['chromium']);
  assert.equal(needed("const firefox = await startBrowser('firefox');"), ['firefox-esr']);
  assert.equal(needed('for (const name of names) await startBrowser(name);'), ['chromium', 'firefox-esr']);
  assert.equal(needed('site = await startEditorsSite({ project });'), ['chromium']);
  assert.equal(needed('const redis = await startRedis();'), ['redis-server']);
  assert.equal(needed("execFileSync('git', ['init'], { cwd });"), ['git']);
  assert.equal(needed("spawnSync('git', ['--version'])"), ['git']);
  assert.equal(needed("import { startBrowser, startEditorsSite } from '../_helpers/browser.js';\nconst digits = 'git';"), []);
});

programs('every program is needed by some test file of the repository (a renamed helper would be noticed)', () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = join(dir, name);
      if (name.startsWith('_') || name === 'fixtures') return [];
      return statSync(full).isDirectory() ? walk(full) : name.endsWith('.test.ts') ? [full] : [];
    });
  const sources = walk(join(repoRoot, 'test')).map((file) => readFileSync(file, 'utf8'));
  for (const program of PROGRAMS) assert.ok(sources.some((source) => program.calls.test(source)), `no test file needs ${program.command}`);
});

programs.run();
