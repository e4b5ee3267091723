/** Content endpoints with `locale`: the rules numbered 1–6 in the tests below, as Strapi 5 answers them (https://docs.strapi.io/cms/api/rest/locale). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { folio } from '../_helpers/index.js';

let api: ApiServer;
const locales = suite('content endpoints with locale');
locales.before(async () => {
  api = await apiServer();
});
locales.after(() => api.close());

locales('POST with ?locale= creates the document in that locale; without it, in the default locale', async () => {
  const fr = await api.post('/api/articles?locale=fr', { data: { title: 'Bonjour' } });
  assert.is(fr.status, 200);
  assert.is(fr.body.data.locale, 'fr');
  const en = await api.post('/api/articles', { data: { title: 'Hello' } });
  assert.is(en.body.data.locale, 'en');
});

locales('rule 1: an unknown locale is refused with 400 naming it, on reads and writes', async () => {
  for (const response of [
    await api.get('/api/articles?locale=de'),
    await api.post('/api/articles?locale=de', { data: { title: 'x' } }),
    await api.get('/api/homepage?locale=de'),
  ]) {
    assert.is(response.status, 400);
    assert.is(response.body.error.name, 'ValidationError');
    assert.match(response.body.error.message, /Locale "de" has not been added/);
  }
});

locales('rule 2: a request without locale behaves like one with the default locale', async () => {
  const list = (await api.get('/api/articles')).body;
  const en = (await api.get('/api/articles?locale=en')).body;
  assert.equal(list, en);
  assert.ok(list.data.every((doc: { locale: string }) => doc.locale === 'en'));
});

locales('GET list ?locale=xx answers only that locale; ?locale=* every locale', async () => {
  const fr = (await api.get('/api/articles?locale=fr')).body;
  assert.ok(fr.data.length >= 1);
  assert.ok(fr.data.every((doc: { locale: string }) => doc.locale === 'fr'));
  assert.is(fr.meta.pagination.pageSize, 25);
  const all = (await api.get('/api/articles?locale=*')).body.data.map((doc: { locale: string }) => doc.locale);
  assert.ok(all.includes('fr') && all.includes('en'));
});

locales('GET one ?locale=xx answers { data: [document], meta: { pagination } }', async () => {
  const created = (await api.post('/api/articles?locale=fr', { data: { title: 'Salut' } })).body.data;
  const response = await api.get(`/api/articles/${created.documentId}?locale=fr`);
  assert.is(response.status, 200);
  assert.equal(response.body, { data: [created], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
  const plain = await api.get(`/api/articles/${created.documentId}?locale=en`);
  assert.is(plain.status, 404, 'no en version yet');
});

locales('rules 3 and 4: PUT ?locale= creates the locale version with only localized fields, then updates it', async () => {
  const en = (await api.post('/api/articles', { data: { title: 'Hello', views: 7 } })).body.data;
  const refused = await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour', views: 1 } });
  assert.is(refused.status, 400, 'a non-localized field cannot be set by a new localization');
  assert.match(refused.body.error.message, /views/);
  const fr = await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour' } });
  assert.is(fr.status, 200);
  assert.is(fr.body.data.documentId, en.documentId, 'documentId is shared by the locale versions');
  assert.is.not(fr.body.data.id, en.id, 'the numeric id differs per locale version');
  assert.is(fr.body.data.locale, 'fr');
  assert.is(fr.body.data.views, 7, 'non-localized fields come from the existing version');
  const again = await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour !' } });
  assert.is(again.body.data.title, 'Bonjour !');
  assert.is((await api.get(`/api/articles/${en.documentId}`)).body.data.title, 'Hello', 'the en version is untouched');
});

locales('non-localized attributes stay in sync across the locale versions', async () => {
  const en = (await api.post('/api/articles', { data: { title: 'Hello', views: 1 } })).body.data;
  await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour' } });
  await api.put(`/api/articles/${en.documentId}`, { data: { views: 42 } });
  assert.is((await api.get(`/api/articles/${en.documentId}?locale=fr`)).body.data[0].views, 42);
  assert.is((await api.get(`/api/articles/${en.documentId}?locale=fr&status=draft`)).body.data[0].views, 42);
});

locales('rule 6: a locale key in the PUT body is ignored', async () => {
  const en = (await api.post('/api/articles', { data: { title: 'Hello' } })).body.data;
  const response = await api.put(`/api/articles/${en.documentId}`, { data: { title: 'Hi', locale: 'fr' } });
  assert.is(response.status, 200);
  assert.is(response.body.data.locale, 'en');
  assert.is((await api.get(`/api/articles/${en.documentId}?locale=fr`)).status, 404);
});

locales('DELETE ?locale= removes only that locale version: 204, empty body', async () => {
  const en = (await api.post('/api/articles', { data: { title: 'Hello' } })).body.data;
  await api.put(`/api/articles/${en.documentId}?locale=fr`, { data: { title: 'Bonjour' } });
  const deleted = await api.del(`/api/articles/${en.documentId}?locale=fr`);
  assert.is(deleted.status, 204);
  assert.is(deleted.text, '');
  assert.is((await api.get(`/api/articles/${en.documentId}?locale=fr`)).status, 404);
  assert.is((await api.get(`/api/articles/${en.documentId}`)).status, 200);
});

locales('single types: PUT ?locale= creates or updates that locale version; DELETE ?locale= removes only it', async () => {
  const en = await api.put('/api/homepage', { data: { title: 'Home' } });
  const fr = await api.put('/api/homepage?locale=fr', { data: { title: 'Accueil' } });
  assert.is(fr.status, 200);
  assert.is(fr.body.data.documentId, en.body.data.documentId);
  assert.equal((await api.get('/api/homepage?locale=fr')).body, { data: fr.body.data, meta: {} });
  assert.is((await api.del('/api/homepage?locale=fr')).status, 204);
  assert.is((await api.get('/api/homepage?locale=fr')).status, 404);
  assert.is((await api.get('/api/homepage')).body.data.title, 'Home');
});

locales('a locale added with the CLI while the server runs is usable at once', async () => {
  const added = await folio(['--dir', api.dir, 'locale', 'add', 'es']);
  assert.is(added.code, 0, added.stderr);
  const response = await api.post('/api/articles?locale=es', { data: { title: 'Hola' } });
  assert.is(response.status, 200, JSON.stringify(response.body));
  assert.is(response.body.data.locale, 'es');
});

locales('locale=* is refused on writes', async () => {
  const response = await api.post('/api/articles?locale=*', { data: { title: 'x' } });
  assert.is(response.status, 400);
  assert.is(response.body.error.message, 'Invalid locale param * provided. Document locales must be strings.');
});

locales.run();

const strapiShape = suite('rest.localeDocumentAsArray: false');

strapiShape('GET one ?locale=xx answers Strapi\'s { data: document, meta: {} } for @strapi/client users', async () => {
  const api = await apiServer({ config: { api: { rest: { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, localeDocumentAsArray: false } } } });
  const created = (await api.post('/api/articles?locale=fr', { data: { title: 'Salut' } })).body.data;
  const response = await api.get(`/api/articles/${created.documentId}?locale=fr`);
  assert.equal(response.body, { data: created, meta: {} });
  await api.close();
});

strapiShape.run();
