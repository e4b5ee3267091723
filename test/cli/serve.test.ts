import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cp, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  cleanEnv,
  copySampleProject,
  eventually,
  folio,
  initProject,
  listenLocal,
  repoRoot,
  request,
} from '../_helpers/index.js';
import { serve } from '../_helpers/server.js';

const serveSuite = suite('folio serve');

serveSuite('should print the ready line with the real port for --port 0 and answer on it', async () => {
  const { dir, cleanup } = await initProject();
  const server = await serve(dir);
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.is.not(new URL(server.url).port, '0');
  const response = await request(`${server.url}/api/i18n/locales`);
  assert.is(response.status, 200);
  assert.equal(response.body.map((l: { code: string; isDefault: boolean }) => [l.code, l.isDefault]), [['en', true]]);
  assert.is(await server.stop('SIGTERM'), 0, 'SIGTERM exits 0');
  await cleanup();
});

serveSuite('should exit 0 on SIGINT', async () => {
  const { dir, cleanup } = await initProject();
  const server = await serve(dir);
  assert.is(await server.stop('SIGINT'), 0);
  await cleanup();
});

serveSuite('should serve the sample project of the repository', async () => {
  const { dir, cleanup } = await copySampleProject();
  const server = await serve(dir);
  const response = await request(`${server.url}/api/i18n/locales`);
  assert.equal(response.body.map((l: { code: string }) => l.code), ['en', 'fr']);
  assert.is(await server.stop(), 0);
  await cleanup();
});

serveSuite('should pick up a locale added by the CLI while it runs, without a restart', async () => {
  const { dir, cleanup } = await initProject();
  const server = await serve(dir);
  const added = await folio(['--dir', dir, 'locale', 'add', 'fr']);
  assert.is(added.code, 0, added.stderr);
  const response = await request(`${server.url}/api/i18n/locales`);
  assert.equal(response.body.map((l: { code: string }) => l.code), ['en', 'fr']);
  await folio(['--dir', dir, 'locale', 'default', 'fr']);
  const after = await request(`${server.url}/api/i18n/locales`);
  assert.equal(after.body.find((l: { isDefault: boolean }) => l.isDefault).code, 'fr');
  assert.is(await server.stop(), 0);
  await cleanup();
});

/** Whether any process of the group `id` is still there. */
function groupRuns(id: number): boolean {
  try {
    process.kill(-id, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

serveSuite('when `npm start` gets SIGTERM then the server stops too and frees its port', async () => {
  // The sample as the repository's `npm start` serves it: its package.json, its bin/.
  const { dir, cleanup } = await copySampleProject();
  await cp(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  await symlink(join(repoRoot, 'bin'), join(dir, 'bin'));
  // A group of its own, so that whatever npm started can be looked for, and removed, after it.
  const env = cleanEnv({ PORT: '0' });
  const npm = spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: npm.stdout }).on('line', (line) => {
        const ready = /^foliocms listening on (http:\/\/\S+)$/.exec(line);
        if (ready) resolve(ready[1]!);
      });
      npm.once('exit', (code) => reject(new Error(`npm start exited with ${code} before the server was ready`)));
    });
    assert.is((await request(`${url}/_health`)).status, 204);
    npm.kill('SIGTERM');
    await exited;
    const answers = () => request(`${url}/_health`).then(() => true, () => false);
    await eventually(async () => !(await answers()), 'the port freed');
    await eventually(async () => !groupRuns(npm.pid!), 'no process of npm start left');
  } finally {
    if (groupRuns(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
    await cleanup();
  }
});

serveSuite('when a content-type file is broken then exit 1 naming the file and key', async () => {
  const { dir, cleanup } = await initProject();
  await writeFile(join(dir, 'content-types/article.yaml'), 'kind: collectionType\ninfo: { singularName: article, pluralName: articles }\nattributes:\n  views: { type: integr }\n');
  const result = await folio(['--dir', dir, 'serve', '--port', '0']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: content-types/article.yaml: attributes.views.type "integr" is not a known type; did you mean "integer"?\n');
  assert.is(result.stdout, '');
  await cleanup();
});

serveSuite('when a config file is broken then exit 1 naming the file and key', async () => {
  const { dir, cleanup } = await initProject();
  await writeFile(join(dir, 'config/server.yaml'), 'port: http\n');
  const result = await folio(['--dir', dir, 'serve']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: config/server.yaml: port must be an integer from 0 to 65535, got "http"\n');
  await cleanup();
});

serveSuite('when PORT in the environment is wrong then exit 1 naming the variable', async () => {
  const { dir, cleanup } = await initProject();
  const result = await folio(['--dir', dir, 'serve'], { env: { PORT: 'http' } });
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: environment variable PORT: must be an integer from 0 to 65535, got "http"\n');
  await cleanup();
});

serveSuite('when --port is not a number then exit 1', async () => {
  const { dir, cleanup } = await initProject();
  const result = await folio(['--dir', dir, 'serve', '--port', 'abc']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: --port must be a number from 0 to 65535, got "abc"\n');
  await cleanup();
});

serveSuite('when the port is taken then exit 1 saying so', async () => {
  const { dir, cleanup } = await initProject();
  const blocker = createServer();
  const port = await listenLocal(blocker);
  const result = await folio(['--dir', dir, 'serve', '--port', String(port)]);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: port ${port} on 127.0.0.1 is already in use; pass another with --port\n`);
  blocker.close();
  await cleanup();
});

serveSuite.run();
