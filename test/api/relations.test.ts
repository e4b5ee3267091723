/** Relations between content types: write by id, documentId, connect/disconnect/set; populate to read. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const tag = `
kind: collectionType
info: { singularName: tag, pluralName: tags, displayName: Tag }
options: { draftAndPublish: false }
attributes:
  label: { type: string }
`;
const post = `
kind: collectionType
info: { singularName: post, pluralName: posts, displayName: Post }
options: { draftAndPublish: true }
attributes:
  title: { type: string }
  tags:  { type: relation, relation: manyToMany, target: api::tag.tag }
  lead:  { type: relation, relation: oneToOne, target: api::tag.tag }
  author: { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
`;

let api: ApiServer;
const relations = suite('relations');
relations.before(async () => {
  api = await apiServer({ files: { 'content-types/tag.yaml': tag, 'content-types/post.yaml': post } });
  // A relation to users is read (and written) only by a role that may read users.
  await api.project.roles.grant(SYSTEM_ACTOR, 'public', ['plugin::users-permissions.user.find']);
});
relations.after(() => api.close());

const label = (tags: Array<{ label: string }>) => tags.map((t) => t.label).sort();

relations('a to-one relation is written by documentId or numeric id and read with populate', async () => {
  const news = (await api.post('/api/categories', { data: { name: 'News' } })).body.data;
  const byDocumentId = await api.post('/api/articles?populate=category', { data: { title: 'A', category: news.documentId } });
  assert.is(byDocumentId.status, 200, JSON.stringify(byDocumentId.body));
  assert.is(byDocumentId.body.data.category.name, 'News');
  const byId = (await api.post('/api/articles', { data: { title: 'B', category: news.id } })).body.data;
  const read = await api.get(`/api/articles/${byId.documentId}?populate=category`);
  assert.equal(read.body.data.category, news);
  assert.not.ok('category' in (await api.get(`/api/articles/${byId.documentId}`)).body.data, 'not populated, not shown');
});

relations('the inverse side lists its owners when populated', async () => {
  const sport = (await api.post('/api/categories', { data: { name: 'Sport' } })).body.data;
  await api.post('/api/articles', { data: { title: 'Match', category: { connect: [sport.documentId] } } });
  const read = await api.get(`/api/categories/${sport.documentId}?populate=articles`);
  assert.equal(read.body.data.articles.map((a: { title: string }) => a.title), ['Match']);
});

relations('to-many relations take set, connect and disconnect', async () => {
  const [a, b, c] = await Promise.all(['a', 'b', 'c'].map(async (l) => (await api.post('/api/tags', { data: { label: l } })).body.data));
  const created = (await api.post('/api/posts?populate=tags', { data: { title: 'P', tags: [a.documentId, b.id] } })).body.data;
  assert.equal(label(created.tags), ['a', 'b']);
  const connected = await api.put(`/api/posts/${created.documentId}?populate=tags`, { data: { tags: { connect: [{ documentId: c.documentId }], disconnect: [a.documentId] } } });
  assert.equal(label(connected.body.data.tags), ['b', 'c']);
  const set = await api.put(`/api/posts/${created.documentId}?populate=tags`, { data: { tags: { set: [{ id: a.id }] } } });
  assert.equal(label(set.body.data.tags), ['a']);
  const counted = await api.get(`/api/posts/${created.documentId}?populate[tags][count]=true`);
  assert.equal(counted.body.data.tags, { count: 1 });
});

relations('a populated to-many relation can be read a window at a time, after its filters and sort', async () => {
  const tags = await Promise.all(['w1', 'w2', 'w3', 'w4'].map(async (l) => (await api.post('/api/tags', { data: { label: l } })).body.data));
  const created = (await api.post('/api/posts', { data: { title: 'Windowed', tags: tags.map((t) => t.documentId) } })).body.data;
  const page = await api.get(`/api/posts/${created.documentId}?populate[tags][sort]=label:desc&populate[tags][start]=1&populate[tags][limit]=2`);
  assert.equal(page.body.data.tags.map((t: { label: string }) => t.label), ['w3', 'w2']);
  const filtered = await api.get(`/api/posts/${created.documentId}?populate[tags][filters][label][$ne]=w4&populate[tags][sort]=label&populate[tags][limit]=1`);
  assert.equal(filtered.body.data.tags.map((t: { label: string }) => t.label), ['w1']);
});

relations('a relation to a missing document is refused with 400 naming it', async () => {
  const response = await api.post('/api/posts', { data: { title: 'P', lead: 'nosuchdocument' } });
  assert.is(response.status, 400);
  assert.match(response.body.error.message, /lead.*nosuchdocument/);
});

relations('null clears a to-one relation', async () => {
  const t = (await api.post('/api/tags', { data: { label: 'lead' } })).body.data;
  const created = (await api.post('/api/posts', { data: { title: 'P', lead: t.documentId } })).body.data;
  const cleared = await api.put(`/api/posts/${created.documentId}?populate=lead`, { data: { lead: null } });
  assert.is(cleared.body.data.lead, null);
});

relations('filters follow relations', async () => {
  const tech = (await api.post('/api/categories', { data: { name: 'Tech' } })).body.data;
  await api.post('/api/articles', { data: { title: 'Chips', category: tech.documentId } });
  const response = await api.get('/api/articles?filters[category][name][$eq]=Tech');
  assert.equal(response.body.data.map((a: { title: string }) => a.title), ['Chips']);
});

relations('a relation to a user is written by id and populated without any secret', async () => {
  await api.project.tables.users.update((data) => {
    data.rows.push({
      id: data.nextId++, documentId: 'useraaaaaaaaaaaaaaaaaaaa', username: 'ada', email: 'ada@example.com', provider: 'local',
      password: 'scrypt$secret-hash', resetPasswordToken: 'reset-secret', confirmationToken: 'confirm-secret',
      confirmed: true, blocked: false, role: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-01-01T00:00:00.000Z',
    });
  });
  const user = api.project.tables.users.rows().find((row) => row.username === 'ada')!;
  const created = await api.post('/api/posts?populate=author', { data: { title: 'By Ada', author: user.id } });
  assert.is(created.status, 200, JSON.stringify(created.body));
  assert.equal(Object.keys(created.body.data.author).sort(), ['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'publishedAt', 'updatedAt', 'username']);
  assert.not.match(created.text, /secret/);
  const byDocumentId = await api.post('/api/posts', { data: { title: 'Again', author: { connect: [{ documentId: user.documentId }] } } });
  assert.is(byDocumentId.status, 200);
  for (const probe of ['filters[author][password][$startsWith]=scrypt', 'filters[author][resetPasswordToken][$eq]=reset-secret', 'sort=author.password', 'populate[author][fields][0]=password']) {
    const response = await api.get(`/api/posts?${probe}`);
    assert.is(response.status, 400, probe);
    assert.match(response.body.error.message, /^Invalid key /, probe);
  }
  const filtered = await api.get('/api/posts?filters[author][username][$eq]=ada&populate=author');
  assert.equal(filtered.body.data.map((p: { title: string }) => p.title).sort(), ['Again', 'By Ada']);
  assert.not.match(filtered.text, /secret/);
});

relations.run();
