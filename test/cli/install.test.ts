/**
 * foliocms as someone outside this repository gets it: not from the npm registry (it is not
 * published there) but as the tarball `npm pack` makes of this checkout, installed into an empty
 * folder, as docs/cli.md#installing and the container recipe of docs/production.md say. The installed
 * `folio` then creates, checks and serves a project, and the next step it prints runs that same
 * `folio`. One install for the whole file: it takes a while.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, realpath, symlink } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { cleanEnv, repoRoot, request, tempDir, type FolioResult } from '../_helpers/index.js';

const install = suite('foliocms installed from the tarball of `npm pack`');

/** A shell command line run in `cwd`, as a user types it. */
function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<FolioResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Started {
  url: string;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
}

/** Starts a server command line; resolves once it prints its ready line. */
function startServer(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn('sh', ['-c', `exec ${command}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /^foliocms listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (!url) return;
      const stop = () => {
        child.kill('SIGTERM');
        return exited;
      };
      resolve({ url, stop });
    });
    child.once('exit', (code) => reject(new Error(`"${command}" exited with ${code} before it was ready: ${stderr}`)));
  });
}

/** What comes after `Next: ` in `folio init`'s output. */
function nextStep(initOutput: string): string {
  const next = /Next: (.+)\n$/.exec(initOutput)?.[1];
  assert.ok(next, `folio init named no next step: ${initOutput}`);
  return next!;
}

let tmp: { path: string; cleanup: () => Promise<void> };
/** The empty folder the package is installed into. */
let app: string;
/** `bin/folio.js` of the installed package. */
let installedBin: string;
/** PATH with Node's folder first: `node` (the shebang's and the next step's) is this Node. */
let basePath: string;

install.before(async () => {
  // npm pack would run `prepare` (the build), rewriting dist/ under the test files running beside
  // this one; `npm test` has built it already.
  const built = existsSync(join(repoRoot, 'dist/bundle/folio.js'));
  assert.ok(built, 'dist/ is not built: run `npm run build` first (`npm test` does)');
  tmp = await tempDir('folio-install-');
  const root = await realpath(tmp.path);
  app = join(root, 'app');
  await mkdir(app);
  basePath = [dirname(process.execPath), process.env.PATH].join(delimiter);
  const env = cleanEnv({ PATH: basePath, npm_config_update_notifier: 'false' });
  const packed = await sh(`npm pack --ignore-scripts --json --pack-destination '${root}'`, repoRoot, env);
  assert.is(packed.code, 0, `npm pack failed: ${packed.stderr}`);
  const tarball = join(root, JSON.parse(packed.stdout)[0].filename);
  const installed = await sh(`npm install '${tarball}' --no-audit --no-fund --prefer-offline`, app, env);
  assert.is(installed.code, 0, `npm install of the tarball failed: ${installed.stderr}`);
  installedBin = join(app, 'node_modules/foliocms/bin/folio.js');
});

install.after(() => tmp?.cleanup());

install('the installed folio should create, check and serve a project, and its next step should run it', async () => {
  const env = cleanEnv({ PATH: basePath });
  const folio = join(app, 'node_modules/.bin/folio');
  const init = await sh(`${folio} init site --yes`, app, env);
  assert.is(init.code, 0, init.stderr);
  // Not on PATH (npm puts node_modules/.bin there only while it runs a script): run by its path.
  assert.is(init.stdout, `Created a foliocms project in site. Next: node ${installedBin} --dir site serve\n`);
  for (const command of [
    'content-type create article --plural articles --attr title:string',
    'permission grant public api::article.article.find',
    'check',
  ]) {
    const result = await sh(`${folio} --dir site ${command}`, app, env);
    assert.is(result.code, 0, `folio ${command}: ${result.stderr}`);
  }

  const server = await startServer(`${nextStep(init.stdout)} --port 0`, app, env);
  try {
    const articles = await request(`${server.url}/api/articles`);
    assert.is(articles.status, 200, articles.text);
    assert.equal(articles.body.data, []);
    const page = await fetch(`${server.url}/admin/`);
    assert.is(page.status, 200, "the editors' page ships with the package");
  } finally {
    assert.is(await server.stop(), 0);
  }
});

install('when the installed folio is on PATH (a global install) then its next step should be `folio …`', async () => {
  // What `npm install --global` of the tarball makes: a `folio` on PATH linked to the package's bin.
  const globalBin = join(await realpath(tmp.path), 'global-bin');
  await mkdir(globalBin);
  await symlink(installedBin, join(globalBin, 'folio'));
  const env = cleanEnv({ PATH: [globalBin, basePath].join(delimiter) });
  const init = await sh('folio init other --yes', app, env);
  assert.is(init.code, 0, init.stderr);
  assert.is(init.stdout, 'Created a foliocms project in other. Next: folio --dir other serve\n');

  const server = await startServer(`${nextStep(init.stdout)} --port 0`, app, env);
  try {
    const locales = await request(`${server.url}/api/i18n/locales`);
    assert.equal(locales.body.map((locale: { code: string }) => locale.code), ['en']);
  } finally {
    assert.is(await server.stop(), 0);
  }
});

install.run();
