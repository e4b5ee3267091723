/**
 * A document's history over HTTP as the store keeps it (files outside git, or PostgreSQL): the
 * entries newest first with their author, action, status, locale and changed attributes, one
 * version as the Content API answered it then, and a restore written as an update.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const ARTICLE = ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'createLocalization', 'history', 'restore'].map((action) => `api::article.article.${action}`);
const HOMEPAGE = ['find', 'update', 'delete', 'history', 'restore'].map((action) => `api::homepage.homepage.${action}`);
const CATEGORY = ['find', 'findOne', 'create', 'update', 'history', 'restore'].map((action) => `api::category.category.${action}`);

let api: ApiServer;
let alice: Record<string, string>;
let token: Record<string, string>;

const history = suite('history over HTTP, kept by the store');
history.before(async () => {
  api = await apiServer({ publicActions: ['api::article.article.find'], authenticatedActions: [...ARTICLE, ...HOMEPAGE, ...CATEGORY] });
  const registered = await api.post('/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'a-long-password-1' });
  alice = { Authorization: `Bearer ${registered.body.jwt}` };
  const { accessKey } = await api.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'full-access' });
  token = { Authorization: `Bearer ${accessKey}` };
});
history.after(() => api.close());

history('each write is an entry of its locale, newest first, with its author, action, status and changed attributes', async () => {
  const created = (await api.post('/api/articles?status=draft', { data: { title: 'Hello', views: 1 } }, alice)).body.data;
  const id = created.documentId;
  assert.is((await api.put(`/api/articles/${id}?status=draft&locale=fr`, { data: { title: 'Bonjour' } }, token)).status, 200);
  assert.is((await api.put(`/api/articles/${id}?status=draft`, { data: { views: 2 } }, alice)).status, 200);
  assert.is((await api.post(`/api/articles/${id}/actions/publish`, {}, token)).status, 200);

  const en = await api.get(`/api/articles/${id}/history`, alice);
  assert.is(en.status, 200);
  const summary = (entries: Array<{ action: string; status: string; locale: string; changed: string[] }>) => entries.map(({ action, status, locale, changed }) => [action, status, locale, changed]);
  assert.equal(summary(en.body.data), [
    ['publish', 'published', 'en', ['title', 'views']],
    ['update', 'draft', 'en', ['views']],
    ['create', 'draft', 'en', ['title', 'views']],
  ]);
  assert.equal(en.body.data[0].author, { token: 'site-build' });
  assert.equal(en.body.data[1].author, { username: 'alice', email: 'alice@example.com' });
  assert.ok(!Number.isNaN(Date.parse(en.body.data[0].createdAt)));
  assert.equal(en.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 3 });
  // French: its own creation, then the shared value (views) the English write carried over.
  const fr = await api.get(`/api/articles/${id}/history?locale=fr`, alice);
  assert.equal(summary(fr.body.data), [['update', 'draft', 'fr', ['views']], ['create', 'draft', 'fr', ['title', 'views']]]);
  assert.equal(fr.body.data[1].author, { token: 'site-build' });
  const page = await api.get(`/api/articles/${id}/history?pagination[page]=2&pagination[pageSize]=2`, alice);
  assert.is(page.body.data.length, 1);
  assert.equal(page.body.meta.pagination, { page: 2, pageSize: 2, pageCount: 2, total: 3 });
});

history('a version reads as the Content API answered it then; a restore puts it into the draft as an update', async () => {
  const id = (await api.post('/api/articles?status=draft', { data: { title: 'First', views: 1, sections: [{ heading: 'Why', body: 'Because.' }] } }, alice)).body.data.documentId;
  await api.put(`/api/articles/${id}?status=draft`, { data: { title: 'Second', views: 7, sections: [] } }, alice);
  const [latest, first] = (await api.get(`/api/articles/${id}/history`, alice)).body.data;
  const version = await api.get(`/api/articles/${id}/history/${first.version}`, alice);
  assert.is(version.status, 200);
  assert.is(version.body.data.title, 'First');
  assert.is(version.body.data.views, 1);
  assert.is(version.body.data.locale, 'en');
  assert.equal(version.body.meta, { version: first.version, createdAt: first.createdAt, author: first.author });
  assert.is(version.body.data.sections, undefined, 'components only when populated, as a read answers');
  const populated = await api.get(`/api/articles/${id}/history/${first.version}?populate=*`, alice);
  assert.equal(populated.body.data.sections.map((section: { heading: string }) => section.heading), ['Why']);
  assert.is((await api.get(`/api/articles/${id}/history/${latest.version}`, alice)).body.data.title, 'Second');

  const restored = await api.post(`/api/articles/${id}/actions/restore`, { version: first.version }, alice);
  assert.is(restored.status, 200, JSON.stringify(restored.body));
  assert.is(restored.body.data.title, 'First');
  assert.is(restored.body.data.publishedAt, null, 'into the draft');
  assert.ok(restored.headers.get('etag'), 'tagged like every write');
  const draft = (await api.get(`/api/articles/${id}?status=draft`, alice)).body.data;
  assert.is(draft.title, 'First');
  assert.is(draft.views, 1);
  assert.equal((await api.get(`/api/articles/${id}?status=draft&populate=sections`, alice)).body.data.sections.map((section: { heading: string }) => section.heading), ['Why'], 'components come back as new entries');
  const [entry] = (await api.get(`/api/articles/${id}/history`, alice)).body.data;
  assert.equal([entry.action, entry.changed, entry.author], ['restore', ['sections', 'title', 'views'], { username: 'alice', email: 'alice@example.com' }]);
  // Strapi's envelope is taken too.
  assert.is((await api.post(`/api/articles/${id}/actions/restore`, { data: { version: latest.version } }, alice)).body.data.title, 'Second');
});

history('single types and types without locales have their history too', async () => {
  assert.is((await api.put('/api/homepage?status=draft', { data: { title: 'Welcome' } }, alice)).status, 200);
  assert.is((await api.put('/api/homepage?status=draft', { data: { title: 'Welcome back' } }, alice)).status, 200);
  const single = await api.get('/api/homepage/history', alice);
  assert.is(single.status, 200, JSON.stringify(single.body));
  assert.equal(single.body.data.map((entry: { action: string }) => entry.action), ['update', 'create']);
  const restored = await api.post('/api/homepage/actions/restore', { version: single.body.data[1].version }, alice);
  assert.is(restored.body.data.title, 'Welcome');

  const category = (await api.post('/api/categories', { data: { name: 'News' } }, alice)).body.data;
  await api.put(`/api/categories/${category.documentId}`, { data: { name: 'Updates' } }, alice);
  const entries = (await api.get(`/api/categories/${category.documentId}/history`, alice)).body.data;
  assert.equal(entries.map((entry: { action: string; status: string; locale: unknown }) => [entry.action, entry.status, entry.locale]), [['update', 'published', null], ['create', 'published', null]]);
});

history('refused with a clear error: no permission, an unknown document, version or locale, a missing version', async () => {
  const id = (await api.post('/api/articles?status=draft', { data: { title: 'Guarded' } }, alice)).body.data.documentId;
  const [entry] = (await api.get(`/api/articles/${id}/history`, alice)).body.data;
  // Public holds find, not history or restore.
  assert.is((await api.get(`/api/articles/${id}/history`)).status, 403);
  assert.is((await api.get(`/api/articles/${id}/history/${entry.version}`)).status, 403);
  assert.is((await api.post(`/api/articles/${id}/actions/restore`, { version: entry.version })).status, 403);
  const unknownDocument = await api.get('/api/articles/nosuchdocument0000000000/history', alice);
  assert.is(unknownDocument.status, 404);
  assert.is(unknownDocument.body.error.name, 'NotFoundError');
  const unknownVersion = await api.get(`/api/articles/${id}/history/not-a-version`, alice);
  assert.is(unknownVersion.status, 404);
  assert.match(unknownVersion.body.error.message, /has no version not-a-version/);
  assert.is((await api.get(`/api/articles/${id}/history?locale=xx`, alice)).status, 400);
  const missing = await api.post(`/api/articles/${id}/actions/restore`, { version: 42 }, alice);
  assert.is(missing.status, 400);
  assert.equal(missing.body.error.details.errors[0].path, ['version']);
  assert.is((await api.post(`/api/articles/${id}/actions/restore`, { version: 'nope' }, alice)).status, 404);
  assert.is((await api.del(`/api/articles/${id}/history`, alice)).status, 405);
  assert.is((await api.get('/api/nothings/abc/history', alice)).status, 404);
  const badPage = await api.get(`/api/articles/${id}/history?pagination[page]=0`, alice);
  assert.is(badPage.status, 400);
  // A stale restore is refused like any other write.
  const stale = await api.send('POST', `/api/articles/${id}/actions/restore`, JSON.stringify({ version: entry.version }), { ...alice, 'Content-Type': 'application/json', 'If-Match': '"0.0"' });
  assert.is(stale.status, 412);
});

history('a deleted document keeps its history; the history says who deleted it', async () => {
  const id = (await api.post('/api/articles?status=draft', { data: { title: 'Short-lived' } }, alice)).body.data.documentId;
  assert.is((await api.del(`/api/articles/${id}`, token)).status, 204);
  const entries = (await api.get(`/api/articles/${id}/history`, alice)).body.data;
  assert.equal(entries.map((entry: { action: string; changed: string[] }) => [entry.action, entry.changed]), [['delete', []], ['create', ['title']]]);
  assert.equal(entries[0].author, { token: 'site-build' });
  assert.is((await api.get(`/api/articles/${id}/history/${entries[0].version}`, alice)).body.data.title, 'Short-lived', 'the version a delete removed');
  assert.is((await api.post(`/api/articles/${id}/actions/restore`, { version: entries[1].version }, alice)).status, 404);
});

history.run();
