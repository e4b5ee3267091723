/**
 * A document's draft and published versions and how each request moves between them, and the
 * status a read answers by default (published), as Strapi 5 does (https://docs.strapi.io/cms/api/rest/status).
 */
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

const actions = suite('publish, unpublish and discardDraft actions');
let site: ApiServer;
actions.before(async () => {
  site = await apiServer();
});
actions.after(() => site.close());

actions('publish makes the draft the published version; unpublish takes it away and keeps the draft', async () => {
  const created = (await site.post('/api/articles?status=draft', { data: { title: 'First draft', sections: [{ heading: 'One' }] } })).body.data;
  const id = created.documentId;
  assert.is((await site.get(`/api/articles/${id}`)).status, 404, 'a draft is not read by default');

  const published = await site.post(`/api/articles/${id}/actions/publish`, {});
  assert.is(published.status, 200, published.text);
  assert.equal(Object.keys(published.body), ['data', 'meta']);
  assert.is(published.body.data.title, 'First draft');
  assert.type(published.body.data.publishedAt, 'string');
  assert.is((await site.get(`/api/articles/${id}`)).body.data.title, 'First draft', 'served as published');
  assert.equal(await storedVersionNames(site, 'article', id), ['draft.en', 'published.en']);

  const unpublished = await site.post(`/api/articles/${id}/actions/unpublish`, {});
  assert.is(unpublished.status, 200, unpublished.text);
  assert.is(unpublished.body.data.publishedAt, null, 'the answer is the draft');
  assert.is((await site.get(`/api/articles/${id}`)).status, 404, 'no longer served');
  assert.is((await site.get(`/api/articles/${id}?status=draft`)).body.data.title, 'First draft', 'the draft stays');
  assert.equal(await storedVersionNames(site, 'article', id), ['draft.en']);

  const again = await site.post(`/api/articles/${id}/actions/unpublish`, {});
  assert.is(again.status, 400);
  assert.is(again.body.error.message, 'This entry is not published');
});

actions('discardDraft brings the draft back to the published version; each acts on one locale', async () => {
  const created = (await site.post('/api/articles', { data: { title: 'Live' } })).body.data;
  const id = created.documentId;
  assert.is((await site.put(`/api/articles/${id}?locale=fr`, { data: { title: 'En ligne' } })).status, 200);
  assert.is((await site.put(`/api/articles/${id}?status=draft`, { data: { title: 'Half-written' } })).status, 200);

  const discarded = await site.post(`/api/articles/${id}/actions/discardDraft`, {});
  assert.is(discarded.status, 200, discarded.text);
  assert.is(discarded.body.data.title, 'Live');
  assert.is(discarded.body.data.publishedAt, null);
  assert.is((await site.get(`/api/articles/${id}?status=draft`)).body.data.title, 'Live');

  assert.is((await site.post(`/api/articles/${id}/actions/unpublish?locale=fr`, {})).status, 200);
  assert.is((await site.get(`/api/articles/${id}?locale=fr`)).status, 404, 'fr unpublished');
  assert.is((await site.get(`/api/articles/${id}`)).body.data.title, 'Live', 'en still published');

  const nothingToDiscard = await site.post(`/api/articles/${id}/actions/discardDraft?locale=fr`, {});
  assert.is(nothingToDiscard.status, 400);
  assert.match(nothingToDiscard.body.error.message, /no published version/);
  assert.is((await site.post('/api/articles/nosuchdocument/actions/publish', {})).status, 404);
  assert.is((await site.post(`/api/articles/${id}/actions/publish?locale=xx`, {})).status, 400, 'a locale that was not added');
});

actions('a single type has the actions at /api/<singular>/actions/…; a type without draft & publish has none', async () => {
  assert.is((await site.post('/api/homepage/actions/publish', {})).status, 404, 'not created yet');
  assert.is((await site.put('/api/homepage?status=draft', { data: { title: 'Welcome' } })).status, 200);
  assert.is((await site.get('/api/homepage')).status, 404);
  const published = await site.post('/api/homepage/actions/publish', {});
  assert.is(published.status, 200, published.text);
  assert.is((await site.get('/api/homepage')).body.data.title, 'Welcome');
  const category = (await site.post('/api/categories', { data: { name: 'News' } })).body.data;
  assert.is((await site.post(`/api/categories/${category.documentId}/actions/publish`, {})).status, 404, "no such route");
});

actions('a freshly started server publishes as its first write; unpublishing a version without its draft keeps its content as the draft', async () => {
  const limited = await apiServer();
  try {
    const created = (await limited.post('/api/articles?status=draft', { data: { title: 'Before the restart', sections: [{ heading: 'One' }] } })).body.data;
    const id = created.documentId as string;
    await limited.stop();
    // A new process (on PostgreSQL: no ids reserved yet) whose first write is a publish.
    const again = await serveProject(limited.dir);
    try {
      const published = await again.post(`/api/articles/${id}/actions/publish`, {});
      assert.is(published.status, 200, published.text);
      // The draft goes behind the server's back: a published version written by hand, alone.
      await again.project.documents.remove({ type: 'article', documentId: id, status: 'draft', locale: 'en' });
      await again.stop();
      const third = await serveProject(limited.dir);
      try {
        const unpublished = await third.post(`/api/articles/${id}/actions/unpublish`, {});
        assert.is(unpublished.status, 200, unpublished.text);
        assert.is(unpublished.body.data.publishedAt, null);
        assert.is((await third.get(`/api/articles/${id}`)).status, 404, 'no longer published');
        const draft = await third.get(`/api/articles/${id}?status=draft&populate=sections`);
        assert.is(draft.body.data.title, 'Before the restart', 'the content stays, as the draft');
        assert.equal(draft.body.data.sections.map((section: { heading: string }) => section.heading), ['One']);
      } finally {
        await third.stop();
      }
    } finally {
      await again.stop().catch(() => undefined);
    }
  } finally {
    await limited.close().catch(() => undefined);
  }
});

actions('each action needs its own permission, and shows in the permission tree of a type with draft & publish', async () => {
  const limited = await apiServer({ publicActions: ['api::article.article.create', 'api::article.article.find', 'api::article.article.publish'] });
  try {
    const created = (await limited.post('/api/articles?status=draft', { data: { title: 'Mine' } })).body.data;
    assert.is((await limited.post(`/api/articles/${created.documentId}/actions/publish`, {})).status, 200);
    assert.is((await limited.post(`/api/articles/${created.documentId}/actions/unpublish`, {})).status, 403);
    assert.is((await limited.post(`/api/articles/${created.documentId}/actions/discardDraft`, {})).status, 403);
  } finally {
    await limited.close();
  }
  const { project } = site;
  const tree = (await import('../../src/permissions/index.js')).permissionTree(project.schemas);
  assert.equal(Object.keys(tree['api::article']!.controllers.article!), ['find', 'findOne', 'create', 'update', 'delete', 'createLocalization', 'history', 'restore', 'publish', 'unpublish', 'discardDraft']);
  assert.equal(Object.keys(tree['api::category']!.controllers.category!), ['find', 'findOne', 'create', 'update', 'delete', 'createLocalization', 'history', 'restore']);
});

actions.run();
