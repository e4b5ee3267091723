/**
 * `rest.componentIds` in config/api.yaml: off (the default; docs/configuration.md and docs/api/strapi-front-ends.md), component and
 * dynamic-zone entries carry no `id`; on, every one is answered with its status-local numeric `id`
 * as Strapi 5 answers it, wherever it appears: lists, one document, single types, populate (also
 * inside populated relations and nested components), the answers of writes and webhook bodies.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:http';
import { storedVersion } from '../_helpers/at-rest.js';
import { eventually, listenLocal } from '../_helpers/index.js';
import { apiServer, serveProject, testProject, type ApiServer, type ProjectOptions } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

/** A card holds links: a component inside a component. */
const NESTED: Record<string, string> = {
  'content-types/components/shared/link.yaml': 'info: { displayName: Link }\nattributes:\n  label: { type: string }\n',
  'content-types/components/shared/card.yaml':
    'info: { displayName: Card }\nattributes:\n  title: { type: string }\n  links: { type: component, repeatable: true, component: shared.link }\n',
  'content-types/page.yaml':
    'kind: collectionType\ninfo: { singularName: page, pluralName: pages, displayName: Page }\noptions: { draftAndPublish: true }\nattributes:\n  title: { type: string }\n  card: { type: component, component: shared.card }\n  zone: { type: dynamiczone, components: [shared.card, shared.quote] }\n',
};

const sections = [
  { heading: 'One', body: 'first' },
  { heading: 'Two', body: 'second' },
];

/** The ids of a list of entries, in order. */
const ids = (entries: Array<{ id?: unknown }>) => entries.map((entry) => entry.id);

/** A project with the nested components, served with `rest.componentIds` as given (unset: the default). */
function served(componentIds?: unknown, options: ProjectOptions = {}): Promise<ApiServer> {
  return apiServer({
    ...options,
    files: { ...NESTED, ...options.files },
    config: { ...(componentIds === undefined ? {} : { api: { rest: { componentIds } } }), ...options.config },
  });
}

/** A receiver of webhook deliveries on 127.0.0.1 that keeps every body. */
async function receiver() {
  const bodies: any[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(raw));
      res.writeHead(200).end();
    });
  });
  const port = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}/hook`, bodies, close: () => new Promise<void>((done) => server.close(() => done())) };
}

// ---------------------------------------------------------------------------------------------

const off = suite('rest.componentIds: false (the default)');
let plain: ApiServer;
off.before(async () => {
  plain = await served();
});
off.after(() => plain.close());

off('should be off when api.yaml does not set it', () => {
  assert.is(plain.project.config.api.rest.componentIds, false);
});

off('component and dynamic-zone entries carry no id, in lists, one document, nested and single types', async () => {
  const created = await plain.post('/api/articles?populate=sections', { data: { title: 'No ids', sections } });
  assert.is(created.status, 200, created.text);
  assert.equal(created.body.data.sections, sections);
  const list = await plain.get('/api/articles?populate=sections');
  assert.equal(list.body.data[0].sections, sections);
  const page = await plain.post('/api/pages?populate[card][populate]=links', { data: { title: 'P', card: { title: 'C', links: [{ label: 'a' }] } } });
  assert.equal(page.body.data.card, { title: 'C', links: [{ label: 'a' }] });
  await plain.put('/api/homepage', { data: { title: 'Home', blocks: [{ __component: 'shared.quote', text: 'To be', author: 'W.' }] } });
  assert.equal((await plain.get('/api/homepage?populate=blocks')).body.data.blocks, [{ __component: 'shared.quote', text: 'To be', author: 'W.' }]);
});

off.run();

// ---------------------------------------------------------------------------------------------

const on = suite('rest.componentIds: true');
let api: ApiServer;
on.before(async () => {
  api = await served(true);
});
on.after(() => api.close());

on('a write answers each component entry with the id it was stored with', async () => {
  const created = await api.post('/api/articles?populate=sections', { data: { title: 'With ids', sections } });
  assert.is(created.status, 200, created.text);
  const published = await storedVersion(api, 'article', created.body.data.documentId, 'published', 'en');
  assert.equal(created.body.data.sections, published.sections.map(({ id, heading, body }: any) => ({ id, heading, body })));
  assert.ok(ids(created.body.data.sections).every((id) => typeof id === 'number'));

  const draft = await api.put(`/api/articles/${created.body.data.documentId}?status=draft&populate=sections`, { data: { sections: [{ heading: 'Only' }] } });
  assert.is(draft.status, 200, draft.text);
  const storedDraft = await storedVersion(api, 'article', created.body.data.documentId, 'draft', 'en');
  assert.equal(draft.body.data.sections, [{ id: storedDraft.sections[0].id, heading: 'Only', body: null }]);
});

on('ids are local to a status: the draft and the published version answer different ids', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Two statuses', sections } })).body.data;
  const draft = await api.get(`/api/articles/${created.documentId}?status=draft&populate=sections`);
  const published = await api.get(`/api/articles/${created.documentId}?populate=sections`);
  assert.equal(ids(draft.body.data.sections), ids((await storedVersion(api, 'article', created.documentId, 'draft', 'en')).sections));
  assert.equal(ids(published.body.data.sections), ids((await storedVersion(api, 'article', created.documentId, 'published', 'en')).sections));
  assert.ok(ids(published.body.data.sections).every((id) => !ids(draft.body.data.sections).includes(id)), 'publishing made new rows');

  // Publishing again gives the published version new rows; the answer of the action shows them.
  const action = await api.post(`/api/articles/${created.documentId}/actions/publish?populate=sections`, {});
  assert.is(action.status, 200, action.text);
  assert.equal(ids(action.body.data.sections), ids((await storedVersion(api, 'article', created.documentId, 'published', 'en')).sections));
  assert.ok(ids(action.body.data.sections).every((id) => !ids(published.body.data.sections).includes(id)));
});

on('the draft read with its ids can be sent back: entries are updated in place; published ids are refused', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Round trip', sections } })).body.data;
  const draft = (await api.get(`/api/articles/${created.documentId}?status=draft&populate=sections`)).body.data.sections;
  const [first, second] = draft;
  const moved = await api.put(`/api/articles/${created.documentId}?status=draft&populate=sections`, { data: { sections: [{ ...second, heading: 'Two, edited' }, first] } });
  assert.is(moved.status, 200, moved.text);
  assert.equal(ids(moved.body.data.sections), [second.id, first.id], 'the same rows, reordered');
  const published = (await api.get(`/api/articles/${created.documentId}?populate=sections`)).body.data.sections;
  const refused = await api.put(`/api/articles/${created.documentId}`, { data: { sections: published } });
  assert.is(refused.status, 400);
  assert.equal(refused.body.error, { status: 400, name: 'ApplicationError', message: 'Some of the provided components in sections are not related to the entity', details: {} });
});

on('lists answer ids, the same when served again from the answer cache', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Listed', sections } })).body.data;
  const stored = ids((await storedVersion(api, 'article', created.documentId, 'published', 'en')).sections);
  const path = `/api/articles?populate=sections&filters[documentId][$eq]=${created.documentId}`;
  const first = await api.get(path);
  assert.is(first.status, 200, first.text);
  assert.equal(ids(first.body.data[0].sections), stored);
  const again = await api.get(path);
  assert.is(again.text, first.text);
  const fields = await api.get(`/api/articles/${created.documentId}?populate[sections][fields][0]=heading`);
  assert.equal(fields.body.data.sections, [{ id: stored[0], heading: 'One' }, { id: stored[1], heading: 'Two' }], 'fields keep the id, as documents keep theirs');
});

on('components inside a populated relation answer their ids', async () => {
  const category = (await api.post('/api/categories', { data: { name: 'With articles' } })).body.data;
  const article = (await api.post('/api/articles', { data: { title: 'In a category', sections, category: category.documentId } })).body.data;
  const read = await api.get(`/api/categories/${category.documentId}?populate[articles][populate]=sections`);
  assert.is(read.status, 200, read.text);
  assert.equal(ids(read.body.data.articles[0].sections), ids((await storedVersion(api, 'article', article.documentId, 'published', 'en')).sections));
});

on('a single type and its dynamic zone answer ids, fragments too', async () => {
  const written = await api.put('/api/homepage?populate=blocks', {
    data: { title: 'Home', blocks: [{ __component: 'shared.section', heading: 'Hi', body: null }, { __component: 'shared.quote', text: 'To be', author: 'W.' }] },
  });
  assert.is(written.status, 200, written.text);
  const documentId = written.body.data.documentId;
  const stored = ids((await storedVersion(api, 'homepage', documentId, 'published', 'en')).blocks);
  assert.equal(written.body.data.blocks, [
    { __component: 'shared.section', id: stored[0], heading: 'Hi', body: null },
    { __component: 'shared.quote', id: stored[1], text: 'To be', author: 'W.' },
  ]);
  const read = await api.get('/api/homepage?populate=blocks');
  assert.equal(read.body.data.blocks, written.body.data.blocks);
  const fragment = await api.get('/api/homepage?populate[blocks][on][shared.quote][fields][0]=text');
  assert.equal(fragment.body.data.blocks, [{ __component: 'shared.quote', id: stored[1], text: 'To be' }]);
  const draft = await api.get('/api/homepage?status=draft&populate=blocks');
  assert.equal(ids(draft.body.data.blocks), ids((await storedVersion(api, 'homepage', documentId, 'draft', 'en')).blocks));
});

on('nested components answer their ids at every level', async () => {
  const created = await api.post('/api/pages?populate[card][populate]=links&populate[zone][on][shared.card][populate]=links', {
    data: { title: 'Nested', card: { title: 'Card', links: [{ label: 'a' }, { label: 'b' }] }, zone: [{ __component: 'shared.card', title: 'In zone', links: [{ label: 'c' }] }] },
  });
  assert.is(created.status, 200, created.text);
  const stored = await storedVersion(api, 'page', created.body.data.documentId, 'published', 'default');
  assert.equal(created.body.data.card, { id: stored.card.id, title: 'Card', links: [{ id: stored.card.links[0].id, label: 'a' }, { id: stored.card.links[1].id, label: 'b' }] });
  assert.equal(created.body.data.zone, [{ __component: 'shared.card', id: stored.zone[0].id, title: 'In zone', links: [{ id: stored.zone[0].links[0].id, label: 'c' }] }]);
  const read = await api.get(`/api/pages/${created.body.data.documentId}?populate[card][populate]=links`);
  assert.equal(read.body.data.card, created.body.data.card);
});

on.run();

// ---------------------------------------------------------------------------------------------

const hooks = suite('rest.componentIds in webhook bodies');

async function webhookEntries(componentIds: boolean): Promise<{ entry: any; stored: any }> {
  const sink = await receiver();
  const site = await served(componentIds, { config: { server: { webhooks: { timeout: 2, retryDelays: [1], allowPrivateAddresses: true } } } });
  try {
    await site.project.webhooks.create(SYSTEM_ACTOR, { name: 'site', url: sink.url, events: 'entry.create' });
    const created = await site.post('/api/articles?status=draft', { data: { title: 'Hooked', sections } });
    assert.is(created.status, 200, created.text);
    await eventually(async () => sink.bodies.length > 0, 'the delivery');
    return { entry: sink.bodies[0].entry, stored: await storedVersion(site, 'article', created.body.data.documentId, 'draft', 'en') };
  } finally {
    await site.close();
    await sink.close();
  }
}

hooks('on: a webhook entry carries its components with their ids, as Strapi 5 sends them', async () => {
  const { entry, stored } = await webhookEntries(true);
  assert.equal(entry.sections, stored.sections.map(({ id, heading, body }: any) => ({ id, heading, body })));
});

hooks('off: a webhook entry carries its components without ids', async () => {
  const { entry } = await webhookEntries(false);
  assert.equal(entry.sections, sections);
});

hooks.run();

// ---------------------------------------------------------------------------------------------

const config = suite('rest.componentIds: a wrong value');

config('a value that is not true or false stops the start, naming the file and the key', async () => {
  for (const value of ['yes', 1, null]) {
    const project = await testProject({ files: NESTED, config: { api: { rest: { componentIds: value } } } });
    try {
      const refused = await serveProject(project.dir).then(
        async (site) => {
          await site.stop();
          return undefined;
        },
        (error: Error) => error,
      );
      assert.is(refused?.message, `config/api.yaml: rest.componentIds must be true or false, got ${JSON.stringify(value)}`);
    } finally {
      await project.cleanup();
    }
  }
});

config.run();
