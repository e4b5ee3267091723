/**
 * The test runner (scripts/run-tests.mjs) on a tiny repository of its own: a temporary folder with
 * a copy of the runner and the modules beside it, the repository's packages, and the test files a
 * spec writes. The runner reads the tree it sits in, so the copy runs the spec's files only.
 */
import { spawn } from 'node:child_process';
import { cp, link, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeTempDir, removeTempDir, repoRoot } from '../_helpers/index.js';

export interface RunnerFixture {
  root: string;
  /** Runs the runner with `args` and `env` (over this process's environment, FOLIO_TEST_* removed). */
  run(args?: string[], env?: Record<string, string | undefined>): Promise<{ code: number | null; output: string; lines: string[] }>;
  cleanup(): Promise<void>;
}

export interface FixtureOptions {
  /** Test files and other files, path → text. */
  files: Record<string, string>;
  /** The fixture's own scripts/programs.mjs (see `programsModule`); default: the repository's. */
  programs?: string;
  /** Packages recreated in the fixture's node_modules (hard links, or copies), not linked to the repository's. */
  ownPackages?: string[];
}

/**
 * A scripts/programs.mjs declaring `programs` (`{ command, package, calls: RegExp source }`), with the
 * repository's functions.
 */
export function programsModule(programs: Array<{ command: string; package: string; calls: string }>): string {
  const real = pathToFileURL(join(repoRoot, 'scripts/programs.mjs')).href;
  const list = programs.map((program) => `{ command: ${JSON.stringify(program.command)}, package: ${JSON.stringify(program.package)}, calls: new RegExp(${JSON.stringify(program.calls)}) }`);
  return `export { locate, missingMessage, findProgram } from ${JSON.stringify(real)};\nexport const PROGRAMS = [${list.join(', ')}];\n`;
}

async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isSymbolicLink()) await cp(source, target, { verbatimSymlinks: true });
    else await link(source, target).catch(() => cp(source, target));
  }
}

export async function runnerFixture(options: FixtureOptions): Promise<RunnerFixture> {
  const root = await makeTempDir('folio-runner-');
  await mkdir(join(root, 'scripts'));
  for (const script of ['run-tests.mjs', 'postgres-server.mjs', 'programs.mjs']) await cp(join(repoRoot, 'scripts', script), join(root, 'scripts', script));
  if (options.programs) await writeFile(join(root, 'scripts/programs.mjs'), options.programs);
  const own = options.ownPackages ?? [];
  if (own.length === 0) await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  else {
    // Every package linked to the repository's, but the ones the spec needs as files of this folder.
    const modules = join(root, 'node_modules');
    for (const name of await readdir(join(repoRoot, 'node_modules'))) {
      const scoped = name.startsWith('@') ? (await readdir(join(repoRoot, 'node_modules', name))).map((inner) => `${name}/${inner}`) : [name];
      for (const entry of scoped) {
        if (own.includes(entry)) await linkTree(join(repoRoot, 'node_modules', entry), join(modules, entry));
        else {
          await mkdir(dirname(join(modules, entry)), { recursive: true });
          await symlink(join(repoRoot, 'node_modules', entry), join(modules, entry));
        }
      }
    }
  }
  for (const [path, text] of Object.entries(options.files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return {
    root,
    run(args = [], env = {}) {
      return new Promise((resolve, reject) => {
        const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('FOLIO_TEST_')));
        const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
        const child = spawn(process.execPath, [join(root, 'scripts/run-tests.mjs'), ...args], { cwd: root, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, output, lines: output.split('\n').filter(Boolean) }));
      });
    },
    cleanup: () => removeTempDir(root),
  };
}

/** A uvu test file whose one test runs `body` (TypeScript, in an async function). */
export function testFile(name: string, body: string, imports = ''): string {
  return `import { test } from 'uvu';\nimport * as assert from 'uvu/assert';\n${imports}\ntest(${JSON.stringify(name)}, async () => {\n${body}\n});\n\ntest.run();\n`;
}
