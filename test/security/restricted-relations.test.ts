/**
 * A relation never shows a document the caller's role may not read (Strapi's GHSA-6j89-frxc-q26m):
 * without `<target>.find`, a populated relation is left out of the answer at every depth, and a
 * filter, a sort or a body that goes through it is `400 Invalid key <relation>`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../src/auth/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const link = `
info: { displayName: Link }
attributes:
  label:    { type: string }
  category: { type: relation, relation: manyToOne, target: api::category.category }
`;
const page = `
kind: collectionType
info: { singularName: page, pluralName: pages, displayName: Page }
options: { draftAndPublish: false }
attributes:
  title:  { type: string }
  link:   { type: component, component: shared.link }
  blocks: { type: dynamiczone, components: [shared.link, shared.quote] }
`;

const CATEGORY_READ = ['api::category.category.find', 'api::category.category.findOne'];
/** The category's name: it must never reach a caller who may not read categories. */
const SECRET = 'Secret Desk';

let api: ApiServer;
let articleId: string;
let pageId: string;

const restricted = suite('relations to a type the caller may not read');
restricted.before(async () => {
  api = await apiServer({ files: { 'content-types/components/shared/link.yaml': link, 'content-types/page.yaml': page } });
  const category = (await api.post('/api/categories', { data: { name: SECRET } })).body.data;
  articleId = (await api.post('/api/articles', { data: { title: 'Leaked?', category: category.documentId, sections: [{ heading: 'S' }] } })).body.data.documentId;
  const created = await api.post('/api/pages', {
    data: {
      title: 'Home',
      link: { label: 'L', category: category.documentId },
      blocks: [{ __component: 'shared.link', label: 'B', category: category.documentId }, { __component: 'shared.quote', text: 'Q' }],
    },
  });
  assert.is(created.status, 200, JSON.stringify(created.body));
  pageId = created.body.data.documentId;
  await api.project.roles.revoke(SYSTEM_ACTOR, 'public', CATEGORY_READ);
});
restricted.after(() => api.close());

restricted('a populated relation is left out, at the top, below a relation and with nested options', async () => {
  for (const query of [
    'populate=category',
    'populate=*',
    'populate[category]=true',
    'populate[category][fields][0]=name',
    'populate[category][populate]=articles',
    'populate=category.articles',
    'populate[0]=category&populate[1]=sections',
  ]) {
    for (const path of ['/api/articles', `/api/articles/${articleId}`]) {
      const response = await api.get(`${path}?${query}`);
      assert.is(response.status, 200, `${path}?${query}: ${response.text}`);
      const documents = Array.isArray(response.body.data) ? response.body.data : [response.body.data];
      assert.ok(documents.length > 0, `${path}?${query}`);
      for (const document of documents) assert.not.ok('category' in document, `${path}?${query}`);
      assert.not.match(response.text, SECRET, `${path}?${query}`);
    }
  }
  const withSections = await api.get(`/api/articles/${articleId}?populate=*`);
  assert.equal(withSections.body.data.sections, [{ heading: 'S', body: null }], 'what the caller may read is still populated');
});

restricted('relations inside components and dynamic zones are left out too', async () => {
  for (const query of [
    'populate=link.category',
    'populate[link][populate]=category',
    'populate[link][populate]=*',
    'populate[blocks][populate]=*',
    'populate[blocks][on][shared.link][populate]=category',
    'populate[blocks][on][shared.link][populate][category][fields][0]=name',
  ]) {
    const response = await api.get(`/api/pages/${pageId}?${query}`);
    assert.is(response.status, 200, `${query}: ${response.text}`);
    assert.not.match(response.text, SECRET, query);
    assert.not.match(response.text, /"category"/, query);
  }
  const link = (await api.get(`/api/pages/${pageId}?populate[link][populate]=*`)).body.data.link;
  assert.equal(link, { label: 'L' });
});

restricted('a filter or sort through the relation is 400 Invalid key, at any depth, so it cannot serve as an oracle', async () => {
  for (const [path, query] of [
    ['/api/articles', 'filters[category][name][$eq]=Secret%20Desk'],
    ['/api/articles', 'filters[category][name][$startsWith]=S'],
    ['/api/articles', 'filters[category][$null]=true'],
    ['/api/articles', 'filters[category][id]=1'],
    ['/api/articles', 'filters[$or][0][category][name]=x&filters[$or][1][title]=y'],
    ['/api/articles', 'filters[$not][category][name]=x'],
    ['/api/articles', 'sort=category.name'],
    ['/api/articles', 'sort[0][category][name]=desc'],
    ['/api/articles', 'populate[sections][sort]=heading&sort=category.name:asc'],
    ['/api/pages', 'filters[link][category][name][$eq]=Secret%20Desk'],
    ['/api/pages', 'sort=link.category.name'],
  ] as const) {
    const response = await api.get(`${path}?${query}`);
    assert.is(response.status, 400, `${query}: ${response.text}`);
    assert.is(response.body.error.name, 'ValidationError', query);
    assert.match(response.body.error.message, /^Invalid key category( at [a-z.]+)?$/, query);
    assert.not.match(response.text, SECRET, query);
  }
});

restricted('a body that sets the relation is 400 Invalid key and writes nothing', async () => {
  const before = (await api.get('/api/articles?pagination[pageSize]=100')).body.meta.pagination.total;
  const attempts = [
    api.post('/api/articles', { data: { title: 'T', category: 'nosuchdocument' } }),
    api.put(`/api/articles/${articleId}`, { data: { category: null } }),
    api.post('/api/pages', { data: { title: 'P', link: { label: 'x', category: { connect: ['abc'] } } } }),
  ];
  for (const response of await Promise.all(attempts)) {
    assert.is(response.status, 400, response.text);
    assert.match(response.body.error.message, /^Invalid key category/);
  }
  assert.is((await api.get('/api/articles?pagination[pageSize]=100')).body.meta.pagination.total, before);
});

restricted('the same list asked by a role that may read categories shows them, and each caller gets its own answer', async () => {
  const reader = await api.project.users.create(SYSTEM_ACTOR, { username: 'reader', email: 'reader@example.com', password: 'reader-pass' });
  await api.project.roles.grant(SYSTEM_ACTOR, 'authenticated', ['api::article.article.find', ...CATEGORY_READ]);
  const token = { authorization: `Bearer ${issueToken(api.project.tokens, reader.id)}` };
  const url = '/api/articles?populate=category&filters[title][$eq]=Leaked%3F';
  for (let round = 0; round < 2; round++) {
    const allowed = await api.get(url, token);
    assert.is(allowed.body.data[0].category.name, SECRET, `round ${round}: a reader of categories sees it`);
    const anonymous = await api.get(url);
    assert.not.ok('category' in anonymous.body.data[0], `round ${round}: the cached answer is not shared with Public`);
  }
  await api.project.roles.grant(SYSTEM_ACTOR, 'public', CATEGORY_READ);
  try {
    assert.is((await api.get(url)).body.data[0].category.name, SECRET, 'granting find shows it at once');
    assert.is((await api.get('/api/articles?filters[category][name][$eq]=Secret%20Desk')).body.data.length, 1);
  } finally {
    await api.project.roles.revoke(SYSTEM_ACTOR, 'public', CATEGORY_READ);
  }
  assert.not.ok('category' in (await api.get(url)).body.data[0], 'revoking it hides it at once');
});

restricted('under /api/users the role is left out, and refused in filters and sort, without plugin::users-permissions.role.find', async () => {
  const me = await api.project.users.create(SYSTEM_ACTOR, { username: 'someone', email: 'someone@example.com', password: 'someone-pass' });
  const users = ['find', 'findOne', 'count', 'me'].map((action) => `plugin::users-permissions.user.${action}`);
  await api.project.roles.grant(SYSTEM_ACTOR, 'authenticated', users);
  const token = { authorization: `Bearer ${issueToken(api.project.tokens, me.id)}` };
  for (const path of ['/api/users?populate=role', '/api/users?populate=*', `/api/users/${me.id}?populate=role`, '/api/users/me?populate=role', '/api/users/me?populate[role][fields][0]=name']) {
    const response = await api.get(path, token);
    assert.is(response.status, 200, `${path}: ${response.text}`);
    for (const user of [response.body].flat()) assert.not.ok('role' in user, path);
    assert.not.match(response.text, /Authenticated|authenticated/, path);
  }
  for (const path of ['/api/users?filters[role][type][$eq]=authenticated', '/api/users?sort=role.name', '/api/users/count?filters[role][name][$eq]=Public']) {
    const response = await api.get(path, token);
    assert.is(response.status, 400, `${path}: ${response.text}`);
    assert.match(response.body.error.message, /^Invalid key role/, path);
  }
  await api.project.roles.grant(SYSTEM_ACTOR, 'authenticated', ['plugin::users-permissions.role.find']);
  const allowed = await api.get('/api/users/me?populate=role', token);
  assert.is(allowed.body.role.type, 'authenticated', 'with role.find the role is populated');
});

restricted.run();
