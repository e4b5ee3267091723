/**
 * Stale writes are refused, not applied: one-document answers carry an `ETag` naming the document's
 * state; a write with `If-Match` whose document changed since is `412 PreconditionFailedError` and
 * writes nothing. GET answers honour `If-None-Match` with 304, lists and uploaded files too.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { rawRequest } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let api: ApiServer;
const test = suite('ETag, If-Match and If-None-Match');
test.before(async () => {
  api = await apiServer();
});
test.after(() => api.close());

const STRONG = /^"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"$/;
const tagOf = (answer: { headers: Headers }) => answer.headers.get('etag')!;
const put = (path: string, data: Record<string, unknown>, tag?: string) => api.put(path, { data }, tag === undefined ? {} : { 'if-match': tag });

async function article(title: string): Promise<{ documentId: string; tag: string }> {
  const created = await api.post('/api/articles?status=draft', { data: { title, views: 1 } });
  assert.is(created.status, 200, created.text);
  assert.match(tagOf(created), STRONG, 'a write answers with the tag of what it wrote');
  return { documentId: created.body.data.documentId, tag: tagOf(created) };
}

test('one-document answers carry a strong ETag, which changes with the document and only then', async () => {
  const { documentId } = await article('Tagged');
  const first = await api.get(`/api/articles/${documentId}?status=draft`);
  assert.match(tagOf(first), STRONG);
  assert.is(tagOf(await api.get(`/api/articles/${documentId}?status=draft`)), tagOf(first), 'the same document, the same tag');
  const written = await put(`/api/articles/${documentId}?status=draft`, { views: 2 });
  assert.is.not(tagOf(written), tagOf(first));
  assert.is(tagOf(await api.get(`/api/articles/${documentId}?status=draft`)), tagOf(written), 'the write\'s answer names the state a read then sees');
  const home = await api.put('/api/homepage', { data: { title: 'Home' } });
  assert.is(home.status, 200, home.text);
  assert.match(tagOf(home), STRONG, 'a single type too');
  assert.is(tagOf(await api.get('/api/homepage')), tagOf(home));
});

test('two clients read the same version; the first write wins, the second is refused 412 and writes nothing', async () => {
  const { documentId } = await article('Two tabs');
  const read = tagOf(await api.get(`/api/articles/${documentId}?status=draft`));
  const a = await put(`/api/articles/${documentId}?status=draft`, { title: 'Tab A' }, read);
  assert.is(a.status, 200, a.text);
  const b = await put(`/api/articles/${documentId}?status=draft`, { views: 99 }, read);
  assert.is(b.status, 412, b.text);
  assert.equal(b.body, { data: null, error: { status: 412, name: 'PreconditionFailedError', message: 'This entry was changed since it was read: read it again, and apply your change to what it is now', details: {} } });
  const now = (await api.get(`/api/articles/${documentId}?status=draft`)).body.data;
  assert.equal([now.title, now.views], ['Tab A', 1], 'B\'s change was not applied');
  // Read again, B's change goes through.
  assert.is((await put(`/api/articles/${documentId}?status=draft`, { views: 99 }, tagOf(a))).status, 200);
});

test('a tag read with any populate or fields guards the same document; a weak or foreign tag never matches; * matches what exists', async () => {
  const { documentId } = await article('Shapes');
  const populated = tagOf(await api.get(`/api/articles/${documentId}?status=draft&populate=*&fields[0]=title`));
  assert.is((await put(`/api/articles/${documentId}?status=draft`, { views: 3 }, populated)).status, 200);
  const current = tagOf(await api.get(`/api/articles/${documentId}?status=draft`));
  assert.is((await put(`/api/articles/${documentId}?status=draft`, { views: 4 }, `W/${current}`)).status, 412, 'a weak tag');
  assert.is((await put(`/api/articles/${documentId}?status=draft`, { views: 4 }, '"not-ours"')).status, 412);
  assert.is((await put(`/api/articles/${documentId}?status=draft`, { views: 4 }, `"stale.x", ${current}`)).status, 200, 'any of a list');
  assert.is((await put(`/api/articles/${documentId}?status=draft`, { views: 5 }, '*')).status, 200);
  assert.is((await put('/api/articles/nosuchdocument0000000000?status=draft', { views: 5 }, '*')).status, 412, '* on nothing');
});

test('DELETE and the draft actions are refused 412 on a stale tag, and act on a current one', async () => {
  const { documentId } = await article('Actions');
  const read = tagOf(await api.get(`/api/articles/${documentId}?status=draft`));
  await put(`/api/articles/${documentId}?status=draft`, { views: 7 });
  for (const [method, path] of [['POST', `/api/articles/${documentId}/actions/publish`], ['DELETE', `/api/articles/${documentId}`]] as const) {
    const answer = await rawRequest(`${api.url}${path}`, method, undefined, { 'if-match': read });
    assert.is(answer.status, 412, `${method} ${path}`);
  }
  assert.is((await api.get(`/api/articles/${documentId}`)).status, 404, 'not published');
  const current = tagOf(await api.get(`/api/articles/${documentId}?status=draft`));
  const published = await rawRequest(`${api.url}/api/articles/${documentId}/actions/publish`, 'POST', undefined, { 'if-match': current });
  assert.is(published.status, 200);
  const removed = await rawRequest(`${api.url}/api/articles/${documentId}`, 'DELETE', undefined, { 'if-match': published.headers.get('etag')! });
  assert.is(removed.status, 204);
});

test('a DELETE of every locale takes the tag of any one locale version read, and is refused once that one changed', async () => {
  const { documentId } = await article('All locales');
  await put(`/api/articles/${documentId}?locale=fr&status=draft`, { title: 'Toutes' });
  const fr = tagOf(await api.get(`/api/articles/${documentId}?locale=fr&status=draft`));
  await put(`/api/articles/${documentId}?locale=fr&status=draft`, { title: 'Changed' });
  assert.is((await rawRequest(`${api.url}/api/articles/${documentId}?locale=*`, 'DELETE', undefined, { 'if-match': fr })).status, 412);
  const current = tagOf(await api.get(`/api/articles/${documentId}?locale=fr&status=draft`));
  assert.is((await rawRequest(`${api.url}/api/articles/${documentId}?locale=*`, 'DELETE', undefined, { 'if-match': current })).status, 204);
  assert.is((await api.get(`/api/articles/${documentId}?status=draft`)).status, 404);
});

test('a change in another locale\'s shared attribute changes this locale\'s tag: its draft changed too', async () => {
  const { documentId } = await article('Locales');
  await put(`/api/articles/${documentId}?locale=fr&status=draft`, { title: 'Locales FR' });
  const fr = tagOf(await api.get(`/api/articles/${documentId}?locale=fr&status=draft`));
  await put(`/api/articles/${documentId}?locale=en&status=draft`, { views: 42 });
  assert.is((await put(`/api/articles/${documentId}?locale=fr&status=draft`, { title: 'Stale' }, fr)).status, 412);
});

test('GET answers honour If-None-Match with 304: one document, a list, a single type, an uploaded file', async () => {
  const { documentId } = await article('Cached');
  for (const path of [`/api/articles/${documentId}?status=draft`, '/api/articles?sort=id', '/api/homepage']) {
    const first = await rawRequest(`${api.url}${path}`, 'GET');
    const tag = first.headers.get('etag');
    assert.ok(tag, path);
    const again = await rawRequest(`${api.url}${path}`, 'GET', undefined, { 'if-none-match': tag! });
    assert.is(again.status, 304, path);
    assert.is(again.text, '', path);
  }
  const list = (await rawRequest(`${api.url}/api/articles?sort=id`, 'GET')).headers.get('etag')!;
  await put(`/api/articles/${documentId}?status=draft`, { views: 8 });
  await api.post('/api/articles', { data: { title: 'Another' } });
  assert.is((await rawRequest(`${api.url}/api/articles?sort=id`, 'GET', undefined, { 'if-none-match': list })).status, 200, 'the list changed');

  // An uploaded file, as the media library stores one.
  await mkdir(join(api.dir, 'public/uploads'), { recursive: true });
  await writeFile(join(api.dir, 'public/uploads/tiny_0123456789.png'), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).png().toBuffer());
  const file = await rawRequest(`${api.url}/uploads/tiny_0123456789.png`, 'GET');
  assert.is(file.status, 200);
  assert.is((await rawRequest(`${api.url}/uploads/tiny_0123456789.png`, 'GET', undefined, { 'if-none-match': file.headers.get('etag')! })).status, 304);
});

test('an answer that populates another document is never a 304 once that document changed; one that does not still is', async () => {
  const category = (await api.post('/api/categories', { data: { name: 'Before' } })).body.data.documentId;
  const created = await api.post('/api/articles', { data: { title: 'Linked', category } });
  const documentId = created.body.data.documentId;
  const populated = `${api.url}/api/articles/${documentId}?populate=category`;
  const plain = `${api.url}/api/articles/${documentId}`;
  const [populatedTag, plainTag] = [(await rawRequest(populated, 'GET')).headers.get('etag')!, (await rawRequest(plain, 'GET')).headers.get('etag')!];
  assert.is((await rawRequest(populated, 'GET', undefined, { 'if-none-match': populatedTag })).status, 304);
  assert.is((await api.put(`/api/categories/${category}`, { data: { name: 'After' } })).status, 200);
  const again = await rawRequest(populated, 'GET', undefined, { 'if-none-match': populatedTag });
  assert.is(again.status, 200, 'the category shown changed');
  assert.is(again.body.data.category.name, 'After');
  assert.is((await rawRequest(plain, 'GET', undefined, { 'if-none-match': plainTag })).status, 304, 'the article itself did not');
  assert.is((await api.put(`/api/articles/${documentId}`, { data: { views: 1 } }, { 'if-match': populatedTag })).status, 200, 'either tag guards the article');
});

test.run();
