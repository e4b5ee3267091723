/**
 * A running server serves what arrives in data/content/ from outside (git, an editor) within a
 * second, refuses a file it cannot take while serving the last good version, and builds API
 * writes on what is on disk, never on a stale copy.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../src/storage/index.js';
import { eventually } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let server: ApiServer;
const test = suite('content changed on disk while serving');
test.before.each(async () => {
  server = await apiServer();
});
test.after.each(() => server.close());

const fileOf = (documentId: string, name: string) => join(server.dir, 'data/content/category', documentId, name);
const categoryNames = async () => ((await server.get('/api/categories?sort=id')).body.data as Array<{ name: string }>).map((category) => category.name);

async function createCategory(name: string): Promise<{ documentId: string; id: number }> {
  const created = await server.post('/api/categories', { data: { name } });
  assert.is(created.status, 200, created.text);
  return created.body.data;
}

/** Rewrites a stored version the way a `git pull` would: a whole new file with other content. */
async function edit(documentId: string, change: Record<string, unknown>): Promise<void> {
  const file = fileOf(documentId, 'published.default.json');
  const stored = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, stableStringify({ ...stored, ...change }));
}

test('when a document file is edited on disk then the server serves the new content', async () => {
  const news = await createCategory('News');
  await categoryNames(); // the list is now cached: the change must reach the cache too
  await edit(news.documentId, { name: 'Latest news' });
  await eventually(async () => (await categoryNames()).includes('Latest news'), 'the edited name served');
  assert.is((await server.get(`/api/categories/${news.documentId}`)).body.data.name, 'Latest news');
});

test('when a document is added on disk then it is served, with an id of its own', async () => {
  const news = await createCategory('News');
  const documentId = 'fromgit0000000000000001a';
  await mkdir(fileOf(documentId, ''), { recursive: true });
  const stamp = '2026-01-01T00:00:00.000Z';
  await writeFile(fileOf(documentId, 'published.default.json'), stableStringify({ name: 'From git', createdAt: stamp, updatedAt: stamp, publishedAt: stamp }));
  await eventually(async () => (await categoryNames()).includes('From git'), 'the added document served');
  const added = (await server.get(`/api/categories/${documentId}`)).body.data;
  assert.is(added.documentId, documentId);
  assert.ok(added.id > news.id, 'a document written without an id gets one of its own');
  const next = await createCategory('Sports');
  assert.is(next.id, news.id + 1, 'the ids the server hands out go on from its own');
});

test('when a document is removed on disk then it is no longer served', async () => {
  const news = await createCategory('News');
  await createCategory('Sports');
  await rm(fileOf(news.documentId, ''), { recursive: true });
  await eventually(async () => !(await categoryNames()).includes('News'), 'the removed document gone');
  assert.is((await server.get(`/api/categories/${news.documentId}`)).status, 404);
  assert.equal(await categoryNames(), ['Sports']);
});

test('when a file has a merge conflict then it is reported once and the last good version is served until it is fixed', async () => {
  const news = await createCategory('News');
  const file = fileOf(news.documentId, 'published.default.json');
  const good = await readFile(file, 'utf8');
  await writeFile(file, good.replace('"name": "News"', '<<<<<<< HEAD\n  "name": "News",\n=======\n  "name": "Headlines",\n>>>>>>> theirs'));
  await eventually(async () => server.log.some((line) => line.includes(`data/content/category/${news.documentId}/published.default.json`) && line.includes('not valid JSON')), 'the conflict reported');
  await writeFile(file, (await readFile(file, 'utf8')) + '\n'); // another event on the same broken file
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.is(server.log.filter((line) => line.includes('not valid JSON')).length, 1, 'reported once');
  assert.equal(await categoryNames(), ['News'], 'the last good version is served');
  await writeFile(file, good.replace('"name": "News"', '"name": "Headlines"'));
  await eventually(async () => (await categoryNames()).includes('Headlines'), 'the fixed file served');
  assert.ok(server.log.some((line) => line.includes('served again')));
});

test('when a file takes an id another document has then it is refused and the last good version is served', async () => {
  const news = await createCategory('News');
  const sports = await createCategory('Sports');
  await edit(sports.documentId, { id: news.id, name: 'Sport' });
  await eventually(async () => server.log.some((line) => line.includes(`id ${news.id} is the id of document ${news.documentId}`)), 'the id clash reported');
  assert.equal(await categoryNames(), ['News', 'Sports']);
});

test('when a file on disk breaks its content type then it is refused naming the field, and the last good version is served', async () => {
  const article = await server.post('/api/articles', { data: { title: 'Hello', views: 1 } });
  const { documentId } = article.body.data;
  const file = join(server.dir, 'data/content/article', documentId, 'published.en.json');
  await writeFile(file, stableStringify({ ...JSON.parse(await readFile(file, 'utf8')), views: 'ten' }));
  await eventually(async () => server.log.some((line) => line.includes('published.en.json') && line.includes('views')), 'the bad value reported');
  assert.is((await server.get(`/api/articles/${documentId}`)).body.data.views, 1);
});

test('when an API update follows an edit on disk then the update is applied to the edited content', async () => {
  const article = await server.post('/api/articles', { data: { title: 'Hello', views: 1 } });
  assert.is(article.status, 200, article.text);
  const { documentId } = article.body.data;
  const draft = join(server.dir, 'data/content/article', documentId, 'draft.en.json');
  const stored = JSON.parse(await readFile(draft, 'utf8'));
  // Edited on disk (a pull) and updated through the API at once: no time for the watcher.
  await writeFile(draft, stableStringify({ ...stored, title: 'Hello from git' }));
  const updated = await server.put(`/api/articles/${documentId}`, { data: { views: 2 } });
  assert.is(updated.status, 200, updated.text);
  assert.is(updated.body.data.title, 'Hello from git', 'the on-disk edit is kept');
  assert.is(updated.body.data.views, 2);
  assert.is(JSON.parse(await readFile(draft, 'utf8')).title, 'Hello from git');
});

test('when a locale version is written on disk for a locale the project does not have then it is refused', async () => {
  const article = await server.post('/api/articles', { data: { title: 'Hello' } });
  const { documentId } = article.body.data;
  const en = JSON.parse(await readFile(join(server.dir, 'data/content/article', documentId, 'published.en.json'), 'utf8'));
  await writeFile(join(server.dir, 'data/content/article', documentId, 'published.de.json'), stableStringify({ ...en, id: 9999, title: 'Hallo' }));
  await eventually(async () => server.log.some((line) => line.includes('published.de.json') && line.includes('locale "de" is not a locale of the project')), 'the unknown locale reported');
  assert.is((await server.get(`/api/articles?locale=de`)).status, 400);
});

test.run();

const off = suite('server.watchContent: false');
let quiet: ApiServer;
off.before(async () => {
  quiet = await apiServer({ config: { server: { watchContent: false } } });
});
off.after(() => quiet.close());

off('when watching is off then an edit on disk is served only after a restart', async () => {
  const created = (await quiet.post('/api/categories', { data: { name: 'News' } })).body.data;
  const file = join(quiet.dir, 'data/content/category', created.documentId, 'published.default.json');
  await writeFile(file, stableStringify({ ...JSON.parse(await readFile(file, 'utf8')), name: 'Latest news' }));
  await new Promise((resolve) => setTimeout(resolve, 500)); // five times what a watching server needs
  assert.is((await quiet.get(`/api/categories/${created.documentId}`)).body.data.name, 'News');
});

off.run()
;
