/**
 * `folio serve` on a real small disk (a 2 MB tmpfs mounted on the project's data/): filled up,
 * then made read-only, then given back. Mounting needs root (CI runs as root); elsewhere this
 * spec says so and stops, and test/server/health.test.ts covers the same answers with a disk
 * whose failures are injected through the store's file system calls.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { messages } from '../../src/messages.js';
import { request } from '../_helpers/index.js';
import { NO_RATE_LIMIT, serve, testProject, type ServeProcess } from '../_helpers/server.js';

const test = suite('folio serve on a disk that fills up');

function mount(args: string[]): boolean {
  try {
    execFileSync('mount', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes `file` until the disk refuses more: the disk is full after. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

async function healthBecomes(url: string, status: number): Promise<number> {
  let last = 0;
  for (let i = 0; i < 50 && last !== status; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    last = (await request(`${url}/_health`)).status;
  }
  return last;
}

const create = (url: string, title: string) => request(`${url}/api/articles`, { method: 'POST', body: { data: { title } } });
const titles = async (url: string) =>
  ((await request(`${url}/api/articles?status=draft&pagination[pageSize]=100`)).body.data as Array<{ title: string }>).map((doc) => doc.title).sort();

test('writes answer 507 while the disk is full or read-only, reads go on, and everything acknowledged is kept', async () => {
  const project = await testProject({ config: { 'users-permissions': NO_RATE_LIMIT } });
  const data = join(project.dir, 'data');
  // The sample's documents, if the copy has them, go onto the small disk.
  const hadData = await rename(data, `${data}.before`).then(() => true, () => false);
  await mkdir(data, { mode: 0o700 });
  if (process.getuid?.() !== 0 || !mount(['-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', data])) {
    console.log('  (no tmpfs: not root, or mounting is not allowed here; the injected faults of test/server/health.test.ts cover these answers)');
    await project.cleanup();
    return;
  }
  let server: ServeProcess | undefined;
  try {
    if (hadData) await cp(`${data}.before`, data, { recursive: true });
    server = await serve(project.dir);
    const url = server.url;
    const acknowledged: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      assert.is((await create(url, title)).status, 200);
      acknowledged.push(title);
    }
    const before = await titles(url);
    const some = (await request(`${url}/api/articles?status=draft&filters[title][$eq]=one`)).body.data[0].documentId as string;

    fill(join(data, 'filler'));
    const refusedCreate = await create(url, 'not saved');
    assert.is(refusedCreate.status, 507);
    assert.equal(refusedCreate.body, { data: null, error: { status: 507, name: 'InsufficientStorageError', message: messages.storageFull, details: {} } });
    assert.is((await request(`${url}/api/articles/${some}`, { method: 'PUT', body: { data: { title: 'not saved either' } } })).status, 507);
    const register = await request(`${url}/api/auth/local/register`, { method: 'POST', body: { username: 'ada', email: 'ada@example.com', password: 'correct-horse-1' } });
    assert.is(register.status, 507);
    assert.equal(await titles(url), before, 'reads are served, and nothing refused shows');
    const health = await request(`${url}/_health`);
    assert.is(health.status, 503);
    assert.is(health.body.error.message, messages.storageFull);
    assert.is(server.stderr().split('\n').filter((line) => line.includes('storage:')).length, 1, server.stderr());

    await rm(join(data, 'filler'));
    assert.is(await healthBecomes(url, 204), 204, 'health recovers once space is freed');
    assert.is((await create(url, 'four')).status, 200, 'writes resume without a restart');
    acknowledged.push('four');

    assert.ok(mount(['-o', 'remount,ro', data]), 'remounted read-only');
    const readOnly = await create(url, 'not saved on a read-only disk');
    assert.is(readOnly.status, 507);
    assert.is(readOnly.body.error.message, messages.storageReadOnly);
    assert.is((await request(`${url}/_health`)).status, 503);
    assert.ok(mount(['-o', 'remount,rw', data]), 'remounted read-write');
    assert.is(await healthBecomes(url, 204), 204);
    assert.is((await create(url, 'five')).status, 200);
    acknowledged.push('five');

    assert.is(await server.stop(), 0);
    // No torn or temporary file anywhere, and every acknowledged write is there after a restart.
    const files = await readdir(data, { recursive: true });
    assert.equal(files.filter((name) => name.endsWith('.tmp')), []);
    for (const name of files.filter((file) => file.endsWith('.json'))) JSON.parse(await readFile(join(data, name), 'utf8'));
    server = await serve(project.dir);
    const after = await titles(server.url);
    for (const title of acknowledged) assert.ok(after.includes(title), `${title} is kept`);
    assert.not.ok(after.some((title) => title.startsWith('not saved')));
    const registered = await request(`${server.url}/api/auth/local/register`, { method: 'POST', body: { username: 'ada', email: 'ada@example.com', password: 'correct-horse-1' } });
    assert.is(registered.status, 200, 'the refused registration left no trace');
  } finally {
    await server?.stop('SIGKILL');
    mount(['-o', 'remount,rw', data]);
    execFileSync('umount', [data], { stdio: 'ignore' });
    await project.cleanup();
  }
});

test.run();
