/** The REST query language over HTTP, parsed as Strapi parses it (docs/api/query-parameters.md; https://docs.strapi.io/cms/api/rest). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';

const book = `
kind: collectionType
info: { singularName: book, pluralName: books, displayName: Book }
options: { draftAndPublish: false }
attributes:
  title:  { type: string }
  pages:  { type: integer }
  price:  { type: decimal }
  inStock: { type: boolean }
  isbn:   { type: string, private: true }
  pin:    { type: password }
  chapters: { type: component, repeatable: true, component: shared.section }
`;

let api: ApiServer;
const titles = (response: { body: { data: Array<{ title: string }> } }) => response.body.data.map((doc) => doc.title);

const query = suite('REST query parameters');
query.before(async () => {
  api = await apiServer({ files: { 'content-types/book.yaml': book } });
  const books = [
    { title: 'Alpha', pages: 100, price: 9.5, inStock: true, isbn: 'secret-1', pin: 'aaaa', chapters: [{ heading: 'Intro' }] },
    { title: 'beta', pages: 250, price: 20, inStock: false, isbn: 'secret-2', pin: 'bbbb', chapters: [{ heading: 'Middle' }] },
    { title: 'Gamma 50%', pages: 50, price: 5, inStock: true, isbn: 'other', pin: 'cccc' },
    { title: 'Delta', pages: null, price: 15, inStock: false, isbn: 'secret-4', pin: 'dddd' },
  ];
  for (const data of books) {
    const response = await api.post('/api/books', { data });
    assert.is(response.status, 200, JSON.stringify(response.body));
  }
});
query.after(() => api.close());

query('filters: operators, casts and implicit $in', async () => {
  assert.equal(titles(await api.get('/api/books?filters[pages][$gt]=99&sort=pages')), ['Alpha', 'beta']);
  assert.equal(titles(await api.get('/api/books?filters[pages][$between][0]=50&filters[pages][$between][1]=100&sort=pages')), ['Gamma 50%', 'Alpha']);
  assert.equal(titles(await api.get('/api/books?filters[title][$eqi]=BETA')), ['beta']);
  assert.equal(titles(await api.get('/api/books?filters[title][$containsi]=a&filters[inStock]=true&sort=title')), ['Alpha', 'Gamma 50%']);
  assert.equal(titles(await api.get('/api/books?filters[title][$contains]=50%25')), ['Gamma 50%'], '% is matched literally');
  assert.equal(titles(await api.get('/api/books?filters[pages][$null]=true')), ['Delta']);
  assert.equal(titles(await api.get('/api/books?filters[pages][0]=50&filters[pages][1]=250&sort=pages:desc')), ['beta', 'Gamma 50%']);
  assert.equal(titles(await api.get('/api/books?filters[$or][0][pages]=100&filters[$or][1][price][$lt]=6&sort=title')), ['Alpha', 'Gamma 50%']);
  assert.equal(titles(await api.get('/api/books?filters[$not][inStock]=true&sort=title')), ['Delta', 'beta'], 'strings sort by code point, as SQLite does');
  assert.equal(titles(await api.get('/api/books?filters[chapters][heading][$eq]=Middle')), ['beta'], 'component filters');
});

query('filters: malformed values and unknown, private or password keys answer 400 and reveal nothing', async () => {
  const cases: Array<[string, RegExp]> = [
    ['filters[notAnAttribute]=1', /^Invalid key notAnAttribute$/],
    ['filters[ID]=1', /^Invalid key ID$/],
    ['filters[title][$fakeOp]=1', /^Invalid key \$fakeOp at title$/],
    ['filters[title][$STARTSWITH]=A', /Invalid key/],
    ['filters[isbn][$startsWith]=secret', /^Invalid key isbn$/],
    ['filters[pin][$eq]=aaaa', /^Invalid key pin$/],
    ['filters[$or]=x', /./],
    ['filters[pages][$gt]=abc', /pages/],
    ['sort[title][x]=asc', /./],
    ['sort=isbn', /^Invalid key isbn$/],
    ['sort=title:sideways', /^Invalid order\. order can only be one of asc\|desc\|ASC\|DESC$/],
    ['fields=isbn', /^Invalid key isbn$/],
    ['lookup[x]=1', /^Invalid params: 'lookup'$/],
    ['pagination[page]=1&pagination[limit]=2', /^Cannot use both page & offset pagination in the same query$/],
  ];
  for (const [search, message] of cases) {
    const response = await api.get(`/api/books?${search}`);
    assert.is(response.status, 400, search);
    assert.is(response.body.data, null);
    assert.match(response.body.error.message, message, search);
    assert.not.match(response.text, /secret|aaaa/, `${search} leaks nothing`);
  }
});

query('sort: every form', async () => {
  assert.equal(titles(await api.get('/api/books?sort=price')), ['Gamma 50%', 'Alpha', 'Delta', 'beta']);
  assert.equal(titles(await api.get('/api/books?sort=price:DESC')), ['beta', 'Delta', 'Alpha', 'Gamma 50%']);
  assert.equal(titles(await api.get('/api/books?sort[0]=inStock:asc&sort[1]=price:desc')), ['beta', 'Delta', 'Alpha', 'Gamma 50%']);
  assert.equal(titles(await api.get('/api/books?sort[price]=desc')), ['beta', 'Delta', 'Alpha', 'Gamma 50%']);
  assert.equal(titles(await api.get('/api/books?sort=inStock,price:desc')), ['beta', 'Delta', 'Alpha', 'Gamma 50%']);
});

query('pagination: page and offset styles, caps, withCount', async () => {
  const page = await api.get('/api/books?sort=price&pagination[page]=2&pagination[pageSize]=3');
  assert.equal(titles(page), ['beta']);
  assert.equal(page.body.meta.pagination, { page: 2, pageSize: 3, pageCount: 2, total: 4 });
  const offset = await api.get('/api/books?sort=price&pagination[start]=1&pagination[limit]=2');
  assert.equal(titles(offset), ['Alpha', 'Delta']);
  assert.equal(offset.body.meta.pagination, { start: 1, limit: 2, total: 4 });
  const capped = await api.get('/api/books?pagination[pageSize]=1000');
  assert.is(capped.body.meta.pagination.pageSize, 100);
  const uncounted = await api.get('/api/books?pagination[withCount]=false');
  assert.equal(uncounted.body.meta.pagination, { page: 1, pageSize: 25 });
  for (const bad of ['pagination[page]=-5', 'pagination[pageSize]=0', 'pagination[start]=-1', 'pagination[page]=99999999999999999999']) {
    const refused = await api.get(`/api/books?${bad}`);
    assert.is(refused.status, 400, bad);
    assert.is(refused.body.error.name, 'PaginationError', bad);
  }
});

query('fields keeps id, documentId and the listed fields', async () => {
  const response = await api.get('/api/books?fields[0]=title&sort=title&pagination[pageSize]=1');
  assert.equal(Object.keys(response.body.data[0]).sort(), ['documentId', 'id', 'title']);
});

query('populate: * and dot paths; scalars cannot be populated', async () => {
  const all = await api.get('/api/books?populate=*&filters[title]=Alpha');
  assert.equal(all.body.data[0].chapters, [{ heading: 'Intro', body: null }]);
  const bad = await api.get('/api/books?populate=title');
  assert.is(bad.status, 400);
});

query('_q searches string attributes', async () => {
  assert.equal(titles(await api.get('/api/books?_q=ALP')), ['Alpha']);
});

query('unknown top-level parameters are ignored', async () => {
  const response = await api.get('/api/books?where[title]=Alpha&customFilter=1');
  assert.is(response.status, 200);
  assert.is(response.body.data.length, 4);
});

query('a query string over the limit answers 4xx, not a crash', async () => {
  const response = await api.get(`/api/books?filters[title][$eq]=${'x'.repeat(20000)}`);
  assert.ok(response.status >= 400 && response.status < 500, String(response.status));
});

query.run();
