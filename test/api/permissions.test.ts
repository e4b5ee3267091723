/**
 * Authorization of the content routes as Strapi 5 answers it (a token that does not verify: 401; a
 * role without the action: 403), and locale rule 5: creating a locale version of a document needs
 * the `createLocalization` action (docs/api/permissions-and-tokens.md and docs/api/content.md).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer } from '../_helpers/server.js';

const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const unauthorized = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };

const access = suite('content routes and the Public role');

access('should allow exactly the actions Public holds and answer 403 Forbidden for the others', async () => {
  const api = await apiServer({ publicActions: ['api::article.article.find', 'api::article.article.findOne', 'plugin::users-permissions.auth.register'] });
  assert.is((await api.get('/api/articles')).status, 200);
  assert.equal((await api.post('/api/articles', { data: { title: 'x' } })).body, forbidden);
  assert.equal((await api.put('/api/articles/abc', { data: { title: 'x' } })).body, forbidden);
  assert.equal((await api.del('/api/articles/abc')).body, forbidden);
  assert.equal((await api.get('/api/categories')).body, forbidden);
  assert.equal((await api.get('/api/homepage')).body, forbidden);
  await api.close();
});

access('when Public holds no permission at all then anonymous callers get 401', async () => {
  const api = await apiServer({ publicActions: [] });
  // The built-in defaults (register, login…) are granted too; take them all away.
  await api.project.tables.permissions.update((data) => {
    data.rows.splice(0);
  });
  assert.equal((await api.get('/api/articles')).body, unauthorized);
  await api.close();
});

access('a bearer token that is not valid never falls back to Public: 401', async () => {
  const api = await apiServer();
  for (const header of ['Bearer not-a-token', 'bearer x']) {
    const response = await api.get('/api/articles', { authorization: header });
    assert.equal(response.body, unauthorized, header);
  }
  const notBearer = await api.get('/api/articles', { authorization: 'Basic abc' });
  assert.is(notBearer.status, 200, 'anything but "Bearer <token>" counts as no token');
  await api.close();
});

access('a permission granted while the server runs is obeyed on the next request', async () => {
  const api = await apiServer({ publicActions: [] });
  assert.is((await api.get('/api/categories')).status, 403);
  const publicRole = api.project.tables.roles.rows().find((role) => role.type === 'public')!;
  await api.project.tables.permissions.update((data) => {
    data.rows.push({ id: data.nextId++, documentId: 'granted', action: 'api::category.category.find', role: publicRole.id, createdAt: '', updatedAt: '', publishedAt: '' });
  });
  assert.is((await api.get('/api/categories')).status, 200);
  await api.close();
});

access.run();

const localization = suite('rule 5: createLocalization');

localization('PUT ?locale= that would create a locale version needs createLocalization, else 403; updating needs only update', async () => {
  const api = await apiServer({
    publicActions: ['api::article.article.create', 'api::article.article.update', 'api::article.article.findOne', 'api::homepage.homepage.update'],
  });
  const en = (await api.post('/api/articles', { data: { title: 'Hello' } })).body.data;
  const refused = await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour' } });
  assert.equal(refused.body, forbidden);
  assert.is((await api.get(`/api/articles/${en.documentId}?locale=fr`)).status, 404, 'nothing was created');
  assert.is((await api.put(`/api/articles/${en.documentId}`, { data: { title: 'Hello again' } })).status, 200);
  await api.put('/api/homepage', { data: { title: 'Home' } });
  assert.equal((await api.put('/api/homepage?locale=fr', { data: { title: 'Accueil' } })).body, forbidden);
  await api.close();
});

localization('with createLocalization the locale version is created', async () => {
  const api = await apiServer({
    publicActions: ['api::article.article.create', 'api::article.article.update', 'api::article.article.createLocalization'],
  });
  const en = (await api.post('/api/articles', { data: { title: 'Hello' } })).body.data;
  assert.is((await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour' } })).status, 200);
  await api.close();
});

localization.run();
