/**
 * Lists are answered from a cache while nothing changes: a list asked again must still show every
 * change made since, whoever made it (this server, or the CLI in another process).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { eventually, folio } from '../_helpers/index.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const note = `
kind: collectionType
info: { singularName: note, pluralName: notes, displayName: Note }
options: { draftAndPublish: false }
attributes:
  text:  { type: string }
  owner: { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
`;


let api: ApiServer;
const answers = suite('list answers');
answers.before(async () => {
  api = await apiServer({ files: { 'content-types/note.yaml': note } });
  // Notes relate to users, and users to roles: Public must read both to see them populated.
  await api.project.roles.grant(SYSTEM_ACTOR, 'public', ['plugin::users-permissions.user.find', 'plugin::users-permissions.role.find']);
});
answers.after(() => api.close());

const titles = async (path: string) => ((await api.get(path)).body.data as Array<{ title: string }>).map((row) => row.title);

answers('a list asked again shows documents created, updated and deleted since', async () => {
  const path = '/api/articles?sort=title&filters[title][$containsi]=cache';
  assert.equal(await titles(path), []);
  const created = (await api.post('/api/articles', { data: { title: 'Cache one' } })).body.data;
  assert.equal(await titles(path), ['Cache one']);
  await api.put(`/api/articles/${created.documentId}`, { data: { title: 'Cache renamed' } });
  assert.equal(await titles(path), ['Cache renamed']);
  const other = await api.get('/api/articles?sort=title&filters[title][$containsi]=CACHE');
  assert.equal(other.body.data.map((row: { title: string }) => row.title), ['Cache renamed'], 'the same filter in other case');
  assert.is(other.body.meta.pagination.total, 1);
  await api.del(`/api/articles/${created.documentId}`);
  assert.equal(await titles(path), []);
});

answers('queries no answer has seen are the same whether scanned or answered from the list\'s indexes, and follow writes', async () => {
  const made: Array<{ documentId: string; title: string; views: number | null }> = [];
  for (const [i, views] of [5, 3, null, 9, 3, 7, 1, 3, 8].entries()) {
    const title = `${i % 2 ? 'Indexed' : 'indexed'} ${i}`;
    made.push({ ...(await api.post('/api/articles', { data: { title, views } })).body.data, title, views });
  }
  // The expected answer: a stable sort of the matching articles, as the database would give it.
  const expected = (low: number, rows: typeof made) =>
    rows
      .filter((row) => row.views !== null && row.views >= low && row.views < 9 && row.title.toLowerCase().includes('indexed'))
      .sort((a, b) => b.views! - a.views!)
      .map((row) => row.title);
  // A new range each time, so that no cached answer serves it: the first ones scan the list, the
  // later ones are answered from its index of views and its lower-cased titles.
  for (const low of [0, 1, 2, 3, 4, 5]) {
    const answer = await api.get(`/api/articles?filters[views][$gte]=${low}&filters[views][$lt]=9&filters[title][$containsi]=INDEXED&sort=views:desc&pagination[pageSize]=100`);
    assert.equal(answer.body.data.map((row: { title: string }) => row.title), expected(low, made), `views ≥ ${low}`);
    assert.is(answer.body.meta.pagination.total, expected(low, made).length);
  }
  // A write gives the list a new version: it is answered from that, not from the old index.
  await api.put(`/api/articles/${made[2]!.documentId}`, { data: { views: 6 } });
  made[2]!.views = 6;
  for (const low of [6, 2, 1, 0]) {
    const answer = await api.get(`/api/articles?filters[views][$gte]=${low}&filters[views][$lt]=9&filters[title][$containsi]=indexed&sort=views:desc&pagination[pageSize]=100`);
    assert.equal(answer.body.data.map((row: { title: string }) => row.title), expected(low, made), `after the write, views ≥ ${low}`);
  }
});

answers('a write to one locale leaves the other locale\'s list cached, yet each list shows what changed in it', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'In English', views: 1 } })).body.data;
  assert.is((await api.put(`/api/articles/${created.documentId}?locale=fr`, { data: { title: 'En français' } })).status, 200);
  const views = async (locale: string) => ((await api.get(`/api/articles?locale=${locale}&sort=id`)).body.data as Array<{ documentId: string; views: number }>).find((row) => row.documentId === created.documentId)?.views;
  assert.is(await views('fr'), 1);
  // `views` is not localized: a write in English changes the French version too, and its list.
  assert.is((await api.put(`/api/articles/${created.documentId}`, { data: { views: 7 } })).status, 200);
  assert.is(await views('fr'), 7);
  assert.is(await views('en'), 7);
  // A new English article changes the English list, not the French one.
  await api.post('/api/articles', { data: { title: 'Only in English' } });
  assert.ok((await titles('/api/articles?locale=en&pagination[pageSize]=100')).includes('Only in English'));
  assert.not.ok((await titles('/api/articles?locale=fr&pagination[pageSize]=100')).includes('Only in English'));
});

answers('a list asked again shows a change to a related category', async () => {
  const category = (await api.post('/api/categories', { data: { name: 'Before' } })).body.data;
  await api.post('/api/articles', { data: { title: 'Related', category: category.documentId } });
  const path = '/api/articles?filters[title][$eq]=Related&populate=category';
  assert.is((await api.get(path)).body.data[0].category.name, 'Before');
  await api.put(`/api/categories/${category.documentId}`, { data: { name: 'After' } });
  assert.is((await api.get(path)).body.data[0].category.name, 'After');
});

answers('a list asked again follows a user blocked by another process', async () => {
  const created = await folio(['--dir', api.dir, 'user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'ada-password-1', '--yes']);
  assert.is(created.code, 0, created.stderr);
  const path = '/api/notes?populate=owner';
  await eventually(async () => (await api.post('/api/notes', { data: { text: 'mine', owner: 1 } })).status === 200, 'the new user');
  assert.is((await api.get(path)).body.data[0].owner.blocked, false);
  const blocked = await folio(['--dir', api.dir, 'user', 'block', '1']);
  assert.is(blocked.code, 0, blocked.stderr);
  await eventually(async () => (await api.get(path)).body.data[0].owner.blocked === true, 'the user blocked');
});

answers('a list asked again shows a role renamed since', async () => {
  const created = await folio(['--dir', api.dir, 'user', 'create', '--username', 'bob', '--email', 'bob@example.com', '--password', 'bob-password-1', '--yes']);
  assert.is(created.code, 0, created.stderr);
  const bob = () => api.project.tables.users.rows().find((row) => row.username === 'bob');
  await eventually(async () => bob() !== undefined, 'the new user');
  await api.post('/api/notes', { data: { text: 'role check', owner: bob()!.id } });
  const path = '/api/notes?filters[text][$eq]=role check&populate[owner][populate]=role';
  const roleName = async () => (await api.get(path)).body.data[0].owner.role.name;
  assert.is(await roleName(), 'Authenticated');
  await api.project.roles.update(SYSTEM_ACTOR, bob()!.role as number, { name: 'Members' });
  assert.is(await roleName(), 'Members');
});

answers('a list asked again follows a new default locale set by another process', async () => {
  await api.post('/api/articles?locale=fr', { data: { title: 'Seulement en français' } });
  const path = '/api/articles?filters[title][$eq]=Seulement en français';
  assert.equal(await titles(path), [], 'not in the default locale, en');
  const changed = await folio(['--dir', api.dir, 'locale', 'default', 'fr']);
  assert.is(changed.code, 0, changed.stderr);
  await eventually(async () => (await titles(path)).length === 1, 'the French document');
});

answers('a refused list query is refused again, and answers once what it lacked exists', async () => {
  for (let i = 0; i < 2; i++) assert.is((await api.get('/api/articles?sort=nothing:asc')).status, 400);
  assert.is((await api.get('/api/articles?locale=de')).status, 400, 'de is not a locale yet');
  const added = await folio(['--dir', api.dir, 'locale', 'add', 'de']);
  assert.is(added.code, 0, added.stderr);
  await eventually(async () => (await api.get('/api/articles?locale=de')).status === 200, 'the new locale');
});

answers.run();
