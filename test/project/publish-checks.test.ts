/**
 * Publishing, unpublishing and discarding a draft write a version: each applies its type's rules to
 * the version it writes. A draft may lack a required value (one edited on disk, say); the published
 * version made of it may not, and such a publish writes nothing.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../src/storage/index.js';
import { eventually } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let server: ApiServer;
const test = suite('draft actions check what they write');
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

test.run();
