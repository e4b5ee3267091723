/** Updating repeatable components (rules 1–3, in the tests below) and component/dynamic-zone output. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { storedVersion } from '../_helpers/at-rest.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let api: ApiServer;
const components = suite('components and dynamic zones');
components.before(async () => {
  api = await apiServer();
});
components.after(() => api.close());

const sections = [
  { heading: 'One', body: 'first' },
  { heading: 'Two', body: 'second' },
];

components('populated components and dynamic-zone entries carry no id', async () => {
  const created = await api.post('/api/articles?populate=sections', { data: { title: 'With sections', sections } });
  assert.is(created.status, 200);
  const read = await api.get(`/api/articles/${created.body.data.documentId}?populate=sections`);
  assert.equal(read.body.data.sections, sections);
  const home = await api.put('/api/homepage', {
    data: { title: 'Home', blocks: [{ __component: 'shared.section', heading: 'Hi', body: null }, { __component: 'shared.quote', text: 'To be', author: 'W.' }] },
  });
  assert.is(home.status, 200, JSON.stringify(home.body));
  const zone = (await api.get('/api/homepage?populate=blocks')).body.data.blocks;
  assert.equal(zone, [
    { __component: 'shared.section', heading: 'Hi', body: null },
    { __component: 'shared.quote', text: 'To be', author: 'W.' },
  ]);
});

components('rule 1: a PUT with the complete list replaces it on the draft; entries left out are removed', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Replace', sections } })).body.data;
  await api.put(`/api/articles/${created.documentId}`, { data: { sections: [{ heading: 'Only' }] } });
  const read = await api.get(`/api/articles/${created.documentId}?populate=sections`);
  assert.equal(read.body.data.sections, [{ heading: 'Only', body: null }]);
});

components('stored component rows have numeric ids local to a status: draft and published ids differ', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Ids', sections } })).body.data;
  const draft = await storedVersion(api, 'article', created.documentId, 'draft', 'en');
  const published = await storedVersion(api, 'article', created.documentId, 'published', 'en');
  const draftIds = draft.sections.map((entry: { id: number }) => entry.id);
  const publishedIds = published.sections.map((entry: { id: number }) => entry.id);
  assert.ok(draftIds.every((id: unknown) => typeof id === 'number'));
  assert.ok(publishedIds.every((id: number) => !draftIds.includes(id)), 'publishing creates new component rows');
});

components('rule 2: ids taken from the published version are refused with 400, and nothing changes', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Stale ids', sections } })).body.data;
  const published = await storedVersion(api, 'article', created.documentId, 'published', 'en');
  const response = await api.put(`/api/articles/${created.documentId}`, { data: { sections: [{ id: published.sections[0].id, heading: 'Changed' }] } });
  assert.is(response.status, 400);
  assert.equal(response.body.error, { status: 400, name: 'ApplicationError', message: 'Some of the provided components in sections are not related to the entity', details: {} });
  assert.equal((await api.get(`/api/articles/${created.documentId}?populate=sections&status=draft`)).body.data.sections, sections);
});

components('rule 3: backend-side callers may update draft rows in place by sending the draft ids back', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'In place', sections } })).body.data;
  const draft = await storedVersion(api, 'article', created.documentId, 'draft', 'en');
  const [first, second] = draft.sections;
  await api.project.content.update(
    api.project.schemas.bySingular('article')!,
    created.documentId,
    { sections: [{ id: second.id, heading: 'Two, edited' }, { id: first.id }] },
    { status: 'draft', locale: undefined, actor: SYSTEM_ACTOR },
  );
  const after = await storedVersion(api, 'article', created.documentId, 'draft', 'en');
  assert.equal(after.sections.map((entry: { id: number }) => entry.id), [second.id, first.id], 'the same rows, reordered');
  assert.equal(after.sections[0].heading, 'Two, edited');
  assert.equal(after.sections[0].body, 'second', 'fields not sent keep their value');
});

components('a dynamic-zone entry whose __component is not allowed is refused', async () => {
  const response = await api.put('/api/homepage', { data: { blocks: [{ __component: 'shared.unknown' }] } });
  assert.is(response.status, 400);
  assert.match(response.body.error.message + JSON.stringify(response.body.error.details), /__component/);
});

components.run();

const fragments = suite('dynamic-zone populate fragments');

fragments('populate[dz][on][uid] shows only the named components, with their own fields', async () => {
  const api = await apiServer();
  await api.put('/api/homepage', {
    data: { title: 'Home', blocks: [{ __component: 'shared.section', heading: 'Hi', body: 'text' }, { __component: 'shared.quote', text: 'To be', author: 'W.' }] },
  });
  const response = await api.get('/api/homepage?populate[blocks][on][shared.quote][fields][0]=text');
  assert.is(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.data.blocks, [{ __component: 'shared.quote', text: 'To be' }]);
  const refused = await api.get('/api/homepage?populate[blocks][fields][0]=title');
  assert.is(refused.status, 400);
  await api.close();
});

fragments.run();

const linked = suite('relations inside components');
let linkedApi: ApiServer;
linked.before(async () => {
  linkedApi = await apiServer({
    files: {
      'content-types/components/shared/link.yaml': 'info: { displayName: Link }\nattributes:\n  label: { type: string }\n  category: { type: relation, relation: oneToOne, target: api::category.category }\n',
      'content-types/page.yaml':
        'kind: collectionType\ninfo: { singularName: page, pluralName: pages, displayName: Page }\noptions: { draftAndPublish: false }\nattributes:\n  title: { type: string }\n  links: { type: component, repeatable: true, component: shared.link }\n',
    },
  });
});
linked.after(() => linkedApi.close());

linked('a relation inside a component is stored as the documentId of its target and populated from it', async () => {
  const category = (await linkedApi.post('/api/categories', { data: { name: 'News' } })).body.data;
  const page = await linkedApi.post('/api/pages', { data: { title: 'Home', links: [{ label: 'to news', category: category.documentId }] } });
  assert.is(page.status, 200, page.text);
  const stored = await storedVersion(linkedApi, 'page', page.body.data.documentId, 'published', 'default');
  assert.is(stored.links[0].category, category.documentId);
  const read = await linkedApi.get(`/api/pages/${page.body.data.documentId}?populate[links][populate]=category`);
  assert.is(read.status, 200, read.text);
  assert.is(read.body.data.links[0].category.name, 'News');
  const kept = await linkedApi.put(`/api/pages/${page.body.data.documentId}`, { data: { links: [{ id: stored.links[0].id, label: 'news' }] } });
  assert.is(kept.status, 200, kept.text);
  const after = await storedVersion(linkedApi, 'page', page.body.data.documentId, 'published', 'default');
  assert.is(after.links[0].category, category.documentId, 'an entry updated without its relation keeps it');
});

linked.run();
