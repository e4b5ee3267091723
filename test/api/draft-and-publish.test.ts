/** spec/api.md "States and transitions" (document versions), strapi-reference §4.1 default status. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storedVersionNames } from '../_helpers/at-rest.js';
import { apiServer, serveProject, type ApiServer } from '../_helpers/server.js';

let api: ApiServer;
const dp = suite('draft & publish');
dp.before(async () => {
  api = await apiServer();
});
dp.after(() => api.close());

dp('a write changes the draft and publishes it: reads return the published version with its own id', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'v1' } })).body.data;
  assert.ok(created.publishedAt, 'published by default');
  const draft = (await api.get(`/api/articles/${created.documentId}?status=draft`)).body.data;
  assert.is(draft.title, 'v1');
  assert.is(draft.publishedAt, null, 'the draft has no publishedAt');
  assert.is.not(draft.id, created.id, 'draft and published rows have different ids');
  assert.equal(await storedVersionNames(api, 'article', created.documentId), ['draft.en', 'published.en']);
});

dp('with ?status=draft a write changes only the draft', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'v1' } })).body.data;
  const drafted = await api.put(`/api/articles/${created.documentId}?status=draft`, { data: { title: 'v2 (draft)' } });
  assert.is(drafted.status, 200);
  assert.is(drafted.body.data.title, 'v2 (draft)');
  assert.is(drafted.body.data.publishedAt, null);
  assert.is((await api.get(`/api/articles/${created.documentId}`)).body.data.title, 'v1', 'the published version is unchanged');
  const published = await api.put(`/api/articles/${created.documentId}`, { data: {} });
  assert.is(published.body.data.title, 'v2 (draft)', 'publishing takes the draft');
});

dp('a document created as a draft is not readable by default', async () => {
  const created = await api.post('/api/articles?status=draft', { data: { title: 'secret plan' } });
  assert.is(created.status, 200);
  assert.is(created.body.data.publishedAt, null);
  assert.is((await api.get(`/api/articles/${created.body.data.documentId}`)).status, 404);
  const list = (await api.get('/api/articles')).body.data;
  assert.not.ok(list.some((doc: { documentId: string }) => doc.documentId === created.body.data.documentId));
  const drafts = (await api.get('/api/articles?status=draft')).body.data;
  assert.ok(drafts.some((doc: { documentId: string }) => doc.documentId === created.body.data.documentId));
});

dp('a type without draft & publish keeps one version, always published', async () => {
  const created = (await api.post('/api/categories', { data: { name: 'News' } })).body.data;
  assert.ok(created.publishedAt);
  assert.not.ok('locale' in created, 'a type that is not localized shows no locale');
  const asDraft = await api.get(`/api/categories/${created.documentId}?status=draft`);
  assert.equal(asDraft.body.data, created, 'status is ignored');
  assert.equal(await storedVersionNames(api, 'category', created.documentId), ['published.default']);
});

dp.run();

const orphan = suite('a published version without its draft');

orphan('is updated as if it were the draft, not taken for a missing locale version', async () => {
  const api = await apiServer({ publicActions: ['api::article.article.create', 'api::article.article.update', 'api::article.article.findOne'] });
  try {
    const created = (await api.post('/api/articles', { data: { title: 'v1', views: 1 } })).body.data;
    // The draft is removed from the store behind the server's back, and the project opened again:
    // the draft is gone, as after a crash between two writes of old.
    await api.project.documents.remove({ type: 'article', documentId: created.documentId, status: 'draft', locale: 'en' });
    await api.stop();
    const again = await serveProject(api.dir);
    try {
      const response = await again.put(`/api/articles/${created.documentId}`, { data: { views: 2 } });
      assert.is(response.status, 200);
      const body = response.body as { data: { title: string; views: number } };
      assert.is(body.data.title, 'v1');
      assert.is(body.data.views, 2);
    } finally {
      await again.stop();
    }
  } finally {
    await api.close().catch(() => undefined);
  }
});

orphan.run();
