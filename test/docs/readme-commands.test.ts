/**
 * The shell examples of README and docs/, run as a newcomer runs them: every ```sh block, page after
 * page in the reading order of README's documentation table (PAGES), in a fresh copy of the
 * repository (its versioned files, the build and the installed packages), each command as written.
 * Later blocks rely on earlier ones (the server `npm start` began, a token made on one page and used
 * on the next), so the order is the reader's. A block that cannot run here says why on the line
 * before it (`<!-- not run here: a Docker daemon -->`), and that reason is all it takes to leave one out.
 *
 * What the check changes, and only this: each port the pages name (1337, and any other) is a free
 * port here, in URLs, `--port` and `PORT` (which `folio serve` reads); a line that starts a server (`npm start`, `… serve`)
 * runs in the background until another starts on its port; `npm install` is not run again (the copy uses
 * this checkout's packages); `curl` fails on an HTTP error (`--fail-with-body`), so an example that
 * answers 403 fails the check; and git has an identity for the examples that commit.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { findProgram } from '../../scripts/programs.mjs';
import { cleanEnv, freePort, makeTempDir, removeTempDir, repoRoot, tempDir } from '../_helpers/index.js';

const test = suite("The shell examples of README and docs/");

/**
 * The reading order: README, then the pages of its documentation table, in the table's order. Each
 * page's blocks run after those of the pages before it.
 */
const PAGES = [
  'README.md',
  'docs/getting-started.md',
  'docs/cli.md',
  'docs/content-types.md',
  'docs/content-in-git.md',
  'docs/history.md',
  'docs/custom-code.md',
  'docs/graphql.md',
  'docs/configuration.md',
  'docs/api/content.md',
  'docs/api/query-parameters.md',
  'docs/api/permissions-and-tokens.md',
  'docs/api/accounts.md',
  'docs/api/users-and-roles.md',
  'docs/api/settings.md',
  'docs/api/media.md',
  'docs/api/differences-from-strapi.md',
  'docs/api/strapi-front-ends.md',
  'docs/sites.md',
  'docs/production.md',
  'docs/postgresql.md',
  'docs/editors-page.md',
  'docs/webhooks.md',
  'docs/moving-from-strapi.md',
  'docs/security.md',
  'docs/architecture.md',
  'docs/performance.md',
];

interface Block {
  /** The page, and the line of it where the block's fence opens. */
  file: string;
  line: number;
  heading: string;
  text: string;
  /** Why it is not run here, from the comment before the fence. */
  notRun?: string;
}

const NOT_RUN = /^<!--\s*not run here:\s*(.*?)\s*-->$/;

/** The ```sh blocks of a Markdown page, with the heading each is under. */
function shellBlocks(file: string, markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let heading = '';
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at]!;
    if (line.startsWith('#')) heading = line.replace(/^#+\s*/, '');
    const fence = /^(`{3,})(\S*)/.exec(line);
    if (!fence) continue;
    const end = lines.findIndex((candidate, index) => index > at && candidate.startsWith(fence[1]!));
    if (['sh', 'bash', 'shell'].includes(fence[2]!)) {
      const notRun = NOT_RUN.exec((lines[at - 1] ?? '').trim())?.[1];
      blocks.push({ file, line: at + 1, heading, text: lines.slice(at + 1, end).join('\n'), ...(notRun !== undefined ? { notRun } : {}) });
    }
    at = end;
  }
  return blocks;
}

const texts = await Promise.all(PAGES.map((page) => readFile(join(repoRoot, page), 'utf8')));
const blocks = PAGES.flatMap((page, index) => shellBlocks(page, texts[index]!));
/** Every page's text, for the ports they name. */
const allText = texts.join('\n');
const where = (block: Block) => `${block.file}:${block.line}`;

/** Every Markdown file under docs/, as a path from the repository's root. */
async function docsPages(dir = join(repoRoot, 'docs')): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...(await docsPages(join(dir, entry.name))));
    else if (entry.name.endsWith('.md')) found.push(relative(repoRoot, join(dir, entry.name)).split('\\').join('/'));
  }
  return found;
}

const STARTS_SERVER = /^\s*(npm start|(npx folio|node bin\/folio\.js)\b.*\sserve\b[^#]*)\s*(#.*)?$/;
const REINSTALL = /^\s*npm (install|ci)\s*(#.*)?$/;

/** The versioned files of this checkout (git's list), copied to `dir` with the build and the packages. */
async function freshCopy(dir: string): Promise<void> {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await cp(join(repoRoot, file), join(dir, file), { verbatimSymlinks: true });
  }
  await cp(join(repoRoot, 'dist'), join(dir, 'dist'), { recursive: true });
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
}

/**
 * Runs lines of the pages in bash, in `cwd`. Variables carry from one block to the next, as in the
 * reader's terminal (`FOLIO_TOKEN=$(…)` in one block, `$FOLIO_TOKEN` in a later one): they are kept
 * in `state`, a file outside the copy.
 */
function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv, state: string): { code: number | null; output: string } {
  const prelude = `set -a\n[ -f '${state}' ] && . '${state}'\nset -eo pipefail\ncurl() { command curl --silent --show-error --fail-with-body "$@"; }\n`;
  const keep = `\nexport -p | grep -vE '^declare -x (SHELLOPTS|BASHOPTS|PWD|OLDPWD|SHLVL|_)=' > '${state}'\n`;
  const result = spawnSync('bash', ['-c', prelude + script + keep], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Starts a server line in the background; resolves once it says it listens. */
function startServer(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn('bash', ['-c', `exec ${line.replace(/#.*$/, '')}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (text) => {
      if (/listening on http/.test(text)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`"${line.trim()}" exited with ${code}: ${errors}`)));
  });
}

/** Stops a server started by `startServer`, and waits until it has let go of its port. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child?.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

test("the reading order is README's documentation table, and holds every page of docs/", async () => {
  const table = [...texts[0]!.matchAll(/^\| \[[^\]]+\]\((docs\/[^)#]+\.md)\)/gm)].map((match) => match[1]);
  assert.equal(table, PAGES.slice(1), "README's documentation table lists the pages in another order than PAGES: change one of them");
  assert.equal((await docsPages()).sort(), PAGES.slice(1).sort(), 'a page of docs/ is missing from PAGES (and its examples would not run)');
});

test('every shell block either runs or says why it cannot run here', () => {
  assert.ok(blocks.length >= 15, `${blocks.length} blocks found`);
  for (const block of blocks) if (block.notRun !== undefined) assert.ok(block.notRun.length > 0, `${where(block)}: a reason is needed`);
  assert.ok(blocks.filter((block) => block.notRun === undefined).length >= 10, 'most blocks run');
});

test('no example run in the clone calls `folio` bare, which is not on the PATH of a clone', () => {
  // A block that runs elsewhere (a CI job, a forge's bot) says so, and uses the `folio` installed there.
  for (const block of blocks.filter((each) => each.notRun === undefined)) {
    for (const line of block.text.split('\n')) {
      assert.not.match(line, /^\s*folio\s/, `${where(block)} (${block.heading}): "${line.trim()}" — write npx folio`);
    }
  }
});

test('the shell blocks run as written in a fresh copy of the repository', async () => {
  // What the examples call besides Node: said by name when missing (the test runner installs them).
  findProgram('curl');
  findProgram('git');
  const tmp = await tempDir('folio-readme-');
  const state = join(await makeTempDir('folio-readme-shell-'), 'variables.sh');
  // Each port the pages name gets a free one here: servers beside the tests' own, and a developer's.
  const ports = new Map<string, number>();
  for (const [, port] of allText.matchAll(/(?:127\.0\.0\.1:|localhost:|--port )(\d{4,5})\b/g)) if (!ports.has(port!)) ports.set(port!, await freePort());
  if (!ports.has('1337')) ports.set('1337', await freePort());
  const localPorts = (text: string) =>
    text.replace(/(127\.0\.0\.1|localhost):(\d{4,5})\b/g, (_, _host, port: string) => `127.0.0.1:${ports.get(port)}`).replace(/--port (\d{4,5})\b/g, (_, port: string) => `--port ${ports.get(port)}`);
  const env = cleanEnv({
    // A server started without --port listens where the pages' 1337 now is.
    PORT: String(ports.get('1337')),
    GIT_AUTHOR_NAME: 'Reader',
    GIT_AUTHOR_EMAIL: 'reader@example.com',
    GIT_COMMITTER_NAME: 'Reader',
    GIT_COMMITTER_EMAIL: 'reader@example.com',
  });
  // The servers running, by the port the pages give them: a new one on a port replaces the old.
  const servers = new Map<string, ChildProcess>();
  try {
    await freshCopy(tmp.path);
    for (const block of blocks.filter((candidate) => candidate.notRun === undefined)) {
      // A block's lines up to each server line run as one script; the server line starts in the background.
      let pending: string[] = [];
      const flush = () => {
        if (pending.join('').trim() === '') return;
        const { code, output } = runScript(localPorts(pending.join('\n')), tmp.path, env, state);
        assert.is(code, 0, `${where(block)} (${block.heading}) failed:\n${pending.join('\n')}\n---\n${output.slice(-2000)}`);
        pending = [];
      };
      for (const line of block.text.split('\n')) {
        if (REINSTALL.test(line)) continue;
        if (STARTS_SERVER.test(line)) {
          flush();
          const port = /--port (\d+)/.exec(line)?.[1] ?? '1337';
          await stop(servers.get(port));
          servers.set(port, await startServer(localPorts(line), tmp.path, env));
          continue;
        }
        pending.push(line);
      }
      flush();
    }
  } finally {
    for (const server of servers.values()) await stop(server);
    await tmp.cleanup();
    await removeTempDir(dirname(state));
  }
});

test.run();
