/** What `folio serve` does with data/ at startup: one walk reads the documents and sweeps a crash's leftovers. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { handWrittenId, HAND_WRITTEN_IDS } from '../../src/content/index.js';
import { copySampleProject, request } from '../_helpers/index.js';
import { serve, serveProject, testProject } from '../_helpers/server.js';

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function write(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

function article(id: number, documentId: string, title: string, published: boolean) {
  const at = '2026-01-01T00:00:00.000Z';
  return { id, documentId, locale: 'en', title, createdAt: at, updatedAt: at, publishedAt: published ? at : null };
}

const startup = suite('folio serve startup');

startup('should give new component entries ids above every component id on disk', async () => {
  const at = '2026-01-01T00:00:00.000Z';
  const byHand = { id: 9000, documentId: 'a1', title: 'By hand', sections: [{ id: 9041, heading: 'One' }, { id: 7, heading: 'Two' }], createdAt: at, updatedAt: at, publishedAt: null };
  const { dir, cleanup } = await testProject({ files: { 'data/content/article/a1/draft.en.json': JSON.stringify(byHand, null, 2) } });
  const server = await serveProject(dir, cleanup);
  try {
    const created = await server.post('/api/articles', { data: { title: 'New', sections: [{ heading: 'A' }, { heading: 'B' }] } });
    assert.is(created.status, 200, created.text);
    const stored = JSON.parse(await readFile(join(dir, 'data/content/article', created.body.data.documentId, 'draft.en.json'), 'utf8'));
    assert.equal(stored.sections.map((section: { id: number }) => section.id), [9042, 9043]);
  } finally {
    await server.close();
  }
});

startup('should serve every document on disk, remove a dead writer’s temp files and keep a live writer’s', async () => {
  const { dir, cleanup } = await copySampleProject();
  const data = join(dir, 'data');
  const articles = join(data, 'content/article');
  const dead = await deadPid();
  await write(join(articles, 'a1/draft.en.json'), article(1, 'a1', 'Both versions', false));
  await write(join(articles, 'a1/published.en.json'), article(2, 'a1', 'Both versions', true));
  // A published version whose draft is missing is still served.
  await write(join(articles, 'a2/published.en.json'), article(3, 'a2', 'Published only', true));
  const staleFiles = [
    join(data, `.users.json.${dead}.0123456789ab.tmp`),
    join(articles, `a1/.draft.en.json.${dead}.0123456789ab.tmp`),
    // A folder of a content type the project no longer has is swept too.
    join(data, `content/legacy/x1/.draft.en.json.${dead}.0123456789ab.tmp`),
    // Writes make their temp files in content/.staging.
    join(data, `content/.staging/.published.en.json.${dead}.0123456789ab.tmp`),
  ];
  for (const path of staleFiles) await write(path, '{"id":');
  // The temp folder of a new document whose writer died before renaming it into place.
  const staleFolder = join(articles, `.a3.${dead}.0123456789ab.tmp`);
  await write(join(staleFolder, 'draft.en.json'), article(4, 'a3', 'Never acknowledged', false));
  const stagedFolder = join(data, `content/.staging/.a4.${dead}.0123456789ab.tmp`);
  await write(join(stagedFolder, 'published.en.json'), article(5, 'a4', 'Never acknowledged either', true));
  const stale = [...staleFiles, staleFolder, stagedFolder];
  // This test process is alive: its temp file may be mid-write, so the server leaves it alone.
  const live = join(articles, `a1/.published.en.json.${process.pid}.0123456789ab.tmp`);
  const stray = join(articles, 'a1/notes.txt');
  await write(live, '{"id":');
  await write(stray, 'hello');

  const server = await serve(dir);
  try {
    const listed = await request(`${server.url}/api/articles?sort=id:asc`);
    assert.is(listed.status, 200, listed.text);
    assert.equal(listed.body.data.map((row: { documentId: string; title: string }) => [row.documentId, row.title]), [['a1', 'Both versions'], ['a2', 'Published only']]);
    for (const path of stale) assert.not.ok(await exists(path), `${path} is removed`);
    assert.ok(await exists(live), 'the live writer’s temp file is kept');
    assert.ok(server.stderr().includes(live), 'the live writer’s temp file is reported');
    assert.ok(server.stderr().includes(stray), 'a stray file is reported');
    for (const path of stale) assert.not.ok(server.stderr().includes(path), `${path} is removed silently`);
    assert.not.ok(server.stderr().includes('.staging'), 'the staging folder is not reported as a stray content type');
  } finally {
    await server.stop();
    await cleanup();
  }
});

startup('when a document file is not valid JSON then folio serve stops with an error naming it', async () => {
  const { dir, cleanup } = await copySampleProject();
  const file = join(dir, 'data/content/article/a1/draft.en.json');
  await write(file, '{"id": ');
  try {
    const error = await serve(dir).then(
      async (server) => {
        await server.stop();
        return null;
      },
      (reason: Error) => reason,
    );
    assert.ok(error, 'the server does not start');
    assert.ok(error.message.includes(file), error.message);
  } finally {
    await cleanup();
  }
});

startup('when documents written by hand are there at start then each is served under its folder with an id of its own, and an id clash is refused', async () => {
  const { dir, cleanup } = await copySampleProject();
  const categories = join(dir, 'data/content/category');
  await write(join(categories, 'byhand1/published.default.json'), { name: 'Without an id' });
  await write(join(categories, 'byhand2/published.default.json'), { name: 'Also without an id' });
  await write(join(categories, 'byhand3/published.default.json'), { id: 7, name: 'With an id' });
  await write(join(categories, 'byhand4/published.default.json'), { id: 7, name: 'Taking that id' });
  const server = await serve(dir);
  try {
    const { body } = await request(`${server.url}/api/categories?sort=id`);
    // Without an id, each gets the one its type, documentId, status and locale give (the same at every start).
    const given = (documentId: string) => handWrittenId('category', documentId, 'published', 'default');
    const expected: Array<[number, string, string]> = [[7, 'byhand3', 'With an id'], [given('byhand1'), 'byhand1', 'Without an id'], [given('byhand2'), 'byhand2', 'Also without an id']];
    assert.equal(
      body.data.map((category: { id: number; documentId: string; name: string }) => [category.id, category.documentId, category.name]),
      expected.sort((a, b) => a[0] - b[0]),
    );
    assert.ok(given('byhand1') >= HAND_WRITTEN_IDS && given('byhand2') >= HAND_WRITTEN_IDS);
    assert.match(server.stderr(), 'data/content/category/byhand4/published.default.json: not served (id 7 is the id of document byhand3)');
  } finally {
    await server.stop();
    await cleanup();
  }
});

startup.run();
