/**
 * `populate=localizations` (https://docs.strapi.io/cms/api/rest/locale): the other locale versions of a document, as
 * Strapi 5 answers them, on GET one and on lists, obeying `fields` and `status`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let api: ApiServer;
let documentId: string;

const localizations = suite('populate=localizations');
localizations.before(async () => {
  api = await apiServer();
  const en = await api.post('/api/articles', { data: { title: 'Hello', views: 3, sections: [{ heading: 'One' }] } });
  documentId = en.body.data.documentId;
  const fr = await api.put(`/api/articles/${documentId}?locale=fr`, { data: { title: 'Bonjour' } });
  assert.is(fr.status, 200, fr.text);
});
localizations.after(() => api.close());

const one = (query: string) => api.get(`/api/articles/${documentId}?${query}`);

localizations('GET one lists the other locale versions with id, documentId, locale and the attributes', async () => {
  const fr = (await one('locale=fr')).body.data[0];
  const response = await one('populate=localizations');
  assert.is(response.status, 200, response.text);
  const { data } = response.body;
  assert.is(data.locale, 'en');
  assert.equal(data.localizations, [{ ...fr }], 'the fr version, as GET ?locale=fr shows it');
  assert.equal(Object.keys(data.localizations[0]), ['id', 'documentId', 'title', 'slug', 'body', 'views', 'likes', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
  const fromFr = (await one('locale=fr&populate=localizations')).body.data[0];
  assert.equal(fromFr.localizations.map((entry: { locale: string; title: string }) => [entry.locale, entry.title]), [['en', 'Hello']]);
});

localizations('lists populate them on every document, and other populates still apply', async () => {
  const response = await api.get('/api/articles?filters[documentId][$eq]=' + documentId + '&populate[0]=localizations&populate[1]=sections');
  assert.is(response.status, 200, response.text);
  const [data] = response.body.data;
  assert.equal(data.localizations.map((entry: { title: string }) => entry.title), ['Bonjour']);
  assert.equal(data.sections, [{ heading: 'One', body: null }]);
  const star = (await api.get(`/api/articles?filters[documentId][$eq]=${documentId}&populate=*`)).body.data[0];
  assert.equal(star.localizations.map((entry: { title: string }) => entry.title), ['Bonjour'], 'populate=* includes them, as Strapi 5.54 answers it');
});

localizations('fields of the populate shape each entry, and top-level fields keep them', async () => {
  const picked = (await one('populate[localizations][fields][0]=title')).body.data;
  assert.equal(picked.localizations, [{ id: picked.localizations[0].id, documentId, title: 'Bonjour' }]);
  const withLocale = (await one('populate[localizations][fields]=title,locale')).body.data.localizations;
  assert.equal(withLocale.map((entry: { locale: string }) => entry.locale), ['fr']);
  const top = (await one('fields=title&populate=localizations')).body.data;
  assert.equal(Object.keys(top), ['id', 'documentId', 'title', 'localizations']);
});

localizations('status chooses which versions are listed: published by default, drafts with status=draft', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Published in en' } })).body.data;
  const draftOnly = await api.put(`/api/articles/${created.documentId}?locale=fr&status=draft`, { data: { title: 'Brouillon' } });
  assert.is(draftOnly.status, 200, draftOnly.text);
  const published = (await api.get(`/api/articles/${created.documentId}?populate=localizations`)).body.data;
  assert.equal(published.localizations, [], 'the fr version has no published version yet');
  const drafts = (await api.get(`/api/articles/${created.documentId}?status=draft&populate=localizations`)).body.data;
  assert.equal(drafts.localizations.map((entry: { title: string; publishedAt: unknown }) => [entry.title, entry.publishedAt]), [['Brouillon', null]]);
});

localizations('they can be filtered on like a relation', async () => {
  const response = await api.get('/api/articles?filters[localizations][title][$eq]=Bonjour');
  assert.is(response.status, 200, response.text);
  assert.equal(response.body.data.map((entry: { documentId: string }) => entry.documentId), [documentId]);
});

localizations('an unknown populate key stays a 400, and so do localizations on a type that is not localized or in a body', async () => {
  for (const path of ['/api/articles?populate=nope', '/api/articles?populate=localizations.nope', '/api/categories?populate=localizations']) {
    const response = await api.get(path);
    assert.is(response.status, 400, path);
    assert.match(response.body.error.message, /^Invalid key (nope|localizations)/, path);
  }
  const written = await api.put(`/api/articles/${documentId}`, { data: { localizations: [] } });
  assert.is(written.status, 400);
  assert.match(written.body.error.message, /^Invalid key localizations/);
});

localizations.run();
