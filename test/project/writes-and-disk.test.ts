/**
 * Writes judged on what is on disk. Publishing, unpublishing and discarding a draft apply the type's
 * rules to the version they write: a draft may lack a required value (one edited on disk, say), the
 * published version made of it may not. A conditional write (`If-Match`) is refused when the file
 * changed on disk since it was read, even a moment ago, before the watcher told the server.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../src/storage/index.js';
import { eventually } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let server: ApiServer;
const test = suite('writes and what is on disk');
test.before(async () => {
  server = await apiServer();
});
test.after(() => server.close());

test('a draft that lost its required title on disk is not published: 400 naming the field, and nothing is written', async () => {
  const created = await server.post('/api/articles?status=draft', { data: { title: 'To be published', views: 1 } });
  assert.is(created.status, 200, created.text);
  const { documentId } = created.body.data;
  const folder = join(server.dir, 'data/content/article', documentId);
  const draftFile = join(folder, 'draft.en.json');
  const { title: _title, ...withoutTitle } = JSON.parse(await readFile(draftFile, 'utf8'));
  await writeFile(draftFile, stableStringify(withoutTitle));
  await eventually(async () => (await server.get(`/api/articles/${documentId}?status=draft`)).body.data?.title === null, 'the draft without its title served');

  const refused = await server.post(`/api/articles/${documentId}/actions/publish`, undefined);
  assert.is(refused.status, 400, refused.text);
  assert.equal(refused.body.error.name, 'ValidationError');
  assert.is(refused.body.error.message, 'title must be defined.');
  assert.equal(refused.body.error.details.errors.map((error: { path: string[] }) => error.path), [['title']]);
  assert.equal((await readdir(folder)).sort(), ['draft.en.json'], 'no published version was written');
  assert.is((await server.get(`/api/articles/${documentId}`)).status, 404, 'nothing is published');

  // With its title back, it publishes.
  const fixed = await server.put(`/api/articles/${documentId}?status=draft`, { data: { title: 'Published at last' } });
  assert.is(fixed.status, 200, fixed.text);
  assert.is((await server.post(`/api/articles/${documentId}/actions/publish`, undefined)).status, 200);
});

test('a write with If-Match is refused 412 when the document was changed on disk since it was read, at once, and writes nothing', async () => {
  // Not watching: nothing tells the server of the edit but the write's own look at the disk.
  const unwatched = await apiServer({ config: { server: { watchContent: false } } });
  try {
    await refusedAfterEditOnDisk(unwatched);
  } finally {
    await unwatched.close();
  }
});

async function refusedAfterEditOnDisk(server: ApiServer): Promise<void> {
  const created = await server.post('/api/categories', { data: { name: 'Desk' } });
  assert.is(created.status, 200, created.text);
  const { documentId } = created.body.data;
  const read = (await server.get(`/api/categories/${documentId}`)).headers.get('etag')!;
  const file = join(server.dir, 'data/content/category', documentId, 'published.default.json');
  const edited = stableStringify({ ...JSON.parse(await readFile(file, 'utf8')), name: 'Desk (edited in git)' });
  await writeFile(file, edited);
  const stale = await server.put(`/api/categories/${documentId}`, { data: { name: 'Desk (from a tab)' } }, { 'if-match': read });
  assert.is(stale.status, 412, stale.text);
  assert.is(await readFile(file, 'utf8'), edited, 'the file is as it was edited');
  assert.is((await server.get(`/api/categories/${documentId}`)).body.data.name, 'Desk (edited in git)');
}

test.run();
