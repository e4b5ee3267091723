/**
 * A content document and the response envelopes (`{ data, meta }`, `{ data: null, error }`), routes and
 * status codes as Strapi 5 answers them (docs/api/content.md; https://docs.strapi.io/cms/api/rest).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storedVersion } from '../_helpers/at-rest.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let api: ApiServer;
const collection = suite('collection type documents');
collection.before(async () => {
  api = await apiServer();
});
collection.after(() => api.close());

collection('POST should answer 200 { data, meta: {} } with id, documentId, every attribute, timestamps and locale', async () => {
  const response = await api.post('/api/articles', { data: { title: 'Hello', views: 3 } });
  assert.is(response.status, 200);
  assert.equal(response.body.meta, {});
  const doc = response.body.data;
  assert.type(doc.id, 'number');
  assert.match(doc.documentId, /^[a-z0-9]{24}$/);
  assert.is(doc.title, 'Hello');
  assert.is(doc.views, 3);
  assert.is(doc.slug, null, 'unset attributes are null');
  assert.is(doc.body, null);
  assert.is(doc.locale, 'en', 'the default locale');
  for (const field of ['createdAt', 'updatedAt', 'publishedAt']) assert.match(doc[field], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, field);
  assert.not.ok('sections' in doc, 'components appear only when populated');
  assert.not.ok('category' in doc, 'relations appear only when populated');
  assert.equal(Object.keys(doc), ['id', 'documentId', 'title', 'slug', 'body', 'views', 'likes', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
});

collection('a 200 means the document is stored (on disk, or committed in the database)', async () => {
  const { body } = await api.post('/api/articles', { data: { title: 'Durable' } });
  const stored = await storedVersion(api, 'article', body.data.documentId, 'published', 'en');
  assert.is(stored.title, 'Durable');
  assert.is(stored.id, body.data.id);
});

collection('GET list should answer { data: [...], meta: { pagination } }', async () => {
  const response = await api.get('/api/articles');
  assert.is(response.status, 200);
  assert.ok(Array.isArray(response.body.data));
  assert.ok(response.body.data.length >= 2);
  const { pagination } = response.body.meta;
  assert.equal(Object.keys(pagination), ['page', 'pageSize', 'pageCount', 'total']);
  assert.is(pagination.page, 1);
  assert.is(pagination.pageSize, 25);
  assert.is(pagination.total, response.body.data.length);
});

collection('GET one should answer { data: document, meta: {} }, and PUT should change only the given fields', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Before', views: 1 } })).body.data;
  const one = await api.get(`/api/articles/${created.documentId}`);
  assert.is(one.status, 200);
  assert.equal(one.body, { data: created, meta: {} });
  const updated = await api.put(`/api/articles/${created.documentId}`, { data: { views: 2 } });
  assert.is(updated.status, 200);
  assert.is(updated.body.data.title, 'Before');
  assert.is(updated.body.data.views, 2);
  assert.is(updated.body.data.documentId, created.documentId);
  assert.equal(updated.body.meta, {});
});

collection('DELETE should answer 204 with an empty body; the document is then gone from memory and disk', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Doomed' } })).body.data;
  const deleted = await api.del(`/api/articles/${created.documentId}`);
  assert.is(deleted.status, 204);
  assert.is(deleted.text, '');
  assert.is((await api.get(`/api/articles/${created.documentId}`)).status, 404);
  assert.is(await storedVersion(api, 'article', created.documentId, 'published', 'en'), null);
});

collection('when the documentId is unknown then GET, PUT and DELETE answer 404 NotFoundError', async () => {
  const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
  assert.equal((await api.get('/api/articles/nope')).body, notFound);
  assert.equal((await api.put('/api/articles/nope', { data: { title: 'x' } })).body, notFound);
  assert.equal((await api.del('/api/articles/nope')).body, notFound);
});

collection('when the body has no data object then 400 Missing "data" payload', async () => {
  for (const body of [{}, { title: 'x' }, { data: 'x' }, { data: [] }, []]) {
    const response = await api.post('/api/articles', body);
    assert.is(response.status, 400, JSON.stringify(body));
    assert.equal(response.body.error, { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} });
  }
});

collection('when data carries id, documentId, timestamps or an unknown attribute then 400 Invalid key, and nothing is stored', async () => {
  const before = (await api.get('/api/articles')).body.meta.pagination.total;
  for (const key of ['id', 'documentId', 'createdAt', 'updatedAt', 'nope']) {
    const response = await api.post('/api/articles', { data: { title: 'x', [key]: 1 } });
    assert.is(response.status, 400, key);
    assert.is(response.body.error.name, 'ValidationError');
    assert.is(response.body.error.message, `Invalid key ${key}`);
  }
  assert.is((await api.get('/api/articles')).body.meta.pagination.total, before);
});

collection('publishedAt and locale in the body are ignored', async () => {
  const response = await api.post('/api/articles', { data: { title: 'x', publishedAt: '2000-01-01T00:00:00.000Z', locale: 'fr' } });
  assert.is(response.status, 200);
  assert.is.not(response.body.data.publishedAt, '2000-01-01T00:00:00.000Z');
  assert.is(response.body.data.locale, 'en');
});

collection.run();

const single = suite('single type documents');
single.before(async () => {
  api = await apiServer();
});
single.after(() => api.close());

single('GET should answer 404 until the document is created, PUT creates then updates it, DELETE removes it', async () => {
  assert.is((await api.get('/api/homepage')).status, 404);
  const created = await api.put('/api/homepage', { data: { title: 'Welcome' } });
  assert.is(created.status, 200);
  assert.is(created.body.data.title, 'Welcome');
  assert.equal(created.body.meta, {});
  const updated = await api.put('/api/homepage', { data: { title: 'Welcome back' } });
  assert.is(updated.body.data.documentId, created.body.data.documentId, 'still the one document');
  const read = await api.get('/api/homepage');
  assert.equal(read.body, { data: updated.body.data, meta: {} });
  assert.is((await api.del('/api/homepage')).status, 204);
  assert.is((await api.get('/api/homepage')).status, 404);
});

single('a single type has no list or documentId routes', async () => {
  assert.is((await api.get('/api/homepages')).status, 404);
  assert.is((await api.post('/api/homepage', { data: {} })).status, 405);
});

single.run();
