/**
 * Attributes a localized type does not mark localized are shared by every locale version of a
 * document, whatever their type: a write in one locale reaches the others' drafts, a new locale
 * version starts with them, publishing one locale carries them to the others' published versions.
 * And each locale keeps its own status: publishing, unpublishing or discarding one locale changes
 * no other locale's `publishedAt`, status or "modified" state.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { apiServer, type ApiServer } from '../_helpers/server.js';

/** Shared: views, cover, category, meta (a component). Per locale: title (localized) and slug (a uid). */
const FILES = {
  'content-types/components/shared/meta.yaml': 'info: { displayName: Meta }\nattributes:\n  keywords: { type: string }\n',
  'content-types/story.yaml': `
kind: collectionType
info: { singularName: story, pluralName: stories, displayName: Story }
options: { draftAndPublish: true }
pluginOptions: { i18n: { localized: true } }
attributes:
  title:    { type: string, required: true, pluginOptions: { i18n: { localized: true } } }
  slug:     { type: uid, targetField: title }
  views:    { type: integer }
  cover:    { type: media, allowedTypes: [images] }
  category: { type: relation, relation: manyToOne, target: api::category.category }
  meta:     { type: component, component: shared.meta }
`,
};
const UPLOAD = ['plugin::upload.content-api.upload'];
const STORY = ['find', 'findOne', 'create', 'update', 'delete', 'createLocalization', 'publish', 'unpublish', 'discardDraft'].map((action) => `api::story.story.${action}`);

let api: ApiServer;
let covers: number[];
let categories: string[];

async function uploadImage(name: string, color: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer()], { type: 'image/png' }), name);
  const answer = await fetch(`${api.url}/api/upload`, { method: 'POST', body: form });
  return ((await answer.json()) as Array<{ id: number }>)[0]!.id;
}

const populate = 'populate[cover][fields][0]=name&populate[category][fields][0]=name&populate[meta]=*';

/** A locale version as GET answers it, shared attributes populated. */
async function version(documentId: string, locale: string, status: 'draft' | 'published'): Promise<any> {
  const answer = await api.get(`/api/stories/${documentId}?locale=${locale}&status=${status}&${populate}`);
  assert.is(answer.status, 200, `${locale} ${status}: ${answer.text}`);
  return answer.body.data[0];
}

const shared = (entry: any) => ({ views: entry.views, cover: entry.cover?.name ?? null, category: entry.category?.name ?? null, keywords: entry.meta?.keywords ?? null });

const write = async (documentId: string, locale: string, data: Record<string, unknown>, status = 'draft') => {
  const answer = await api.put(`/api/stories/${documentId}?locale=${locale}&status=${status}`, { data });
  assert.is(answer.status, 200, answer.text);
  return answer.body.data;
};
const act = async (documentId: string, action: string, locale: string) => {
  const answer = await api.post(`/api/stories/${documentId}/actions/${action}?locale=${locale}`, undefined);
  assert.is(answer.status, 200, `${action} ${locale}: ${answer.text}`);
  return answer.body.data;
};

const test = suite('shared attributes and per-locale status');
test.before(async () => {
  api = await apiServer({ files: FILES, publicActions: [...UPLOAD, ...STORY, 'api::category.category.find', 'api::category.category.findOne', 'api::category.category.create'] });
  covers = [await uploadImage('red.png', '#c33'), await uploadImage('blue.png', '#33c')];
  categories = [];
  for (const name of ['News', 'Sport']) categories.push((await api.post('/api/categories', { data: { name } })).body.data.documentId);
});
test.after(() => api.close());

test('a new locale version starts with every shared attribute, media, relation and component included', async () => {
  const en = (await api.post('/api/stories?status=draft', { data: { title: 'Hello', views: 7, cover: covers[0], category: categories[0], meta: { keywords: 'harbour' } } })).body.data;
  const fr = await write(en.documentId, 'fr', { title: 'Bonjour' });
  assert.is(fr.title, 'Bonjour');
  assert.equal(shared(await version(en.documentId, 'fr', 'draft')), { views: 7, cover: 'red.png', category: 'News', keywords: 'harbour' });
  assert.is((await version(en.documentId, 'fr', 'draft')).slug, null, 'a uid is each locale\'s own');
});

test('a write of a shared attribute in one locale reaches the other locale\'s draft, in both directions', async () => {
  const en = (await api.post('/api/stories?status=draft', { data: { title: 'Two ways', views: 1, cover: covers[0], category: categories[0] } })).body.data;
  await write(en.documentId, 'fr', { title: 'Deux sens' });
  await write(en.documentId, 'en', { cover: covers[1], views: 2 });
  assert.equal(shared(await version(en.documentId, 'fr', 'draft')), { views: 2, cover: 'blue.png', category: 'News', keywords: null });
  await write(en.documentId, 'fr', { cover: covers[0], category: categories[1], meta: { keywords: 'quai' } });
  assert.equal(shared(await version(en.documentId, 'en', 'draft')), { views: 2, cover: 'red.png', category: 'Sport', keywords: 'quai' });
  assert.is((await version(en.documentId, 'en', 'draft')).title, 'Two ways', 'localized attributes stay each locale\'s own');
});

test('publishing one locale carries the shared attributes to the others\' published versions, never their own changes, status or publishedAt', async () => {
  const en = (await api.post('/api/stories?status=draft', { data: { title: 'Hello', cover: covers[0] } })).body.data;
  await write(en.documentId, 'fr', { title: 'Bonjour' });
  const frPublished = await act(en.documentId, 'publish', 'fr');
  // French changes its title as a draft; then English is published.
  await write(en.documentId, 'fr', { title: 'Salut' });
  await act(en.documentId, 'publish', 'en');
  const fr = await version(en.documentId, 'fr', 'published');
  assert.equal([fr.title, fr.publishedAt, fr.updatedAt], ['Bonjour', frPublished.publishedAt, frPublished.updatedAt], 'nobody published French');
  const frDraft = await version(en.documentId, 'fr', 'draft');
  assert.ok(Date.parse(frDraft.updatedAt) > Date.parse(fr.updatedAt), 'French is still modified: its draft is newer than its published version');

  // A shared change made in English, published with English: French's published version carries it.
  await write(en.documentId, 'en', { cover: covers[1] });
  await act(en.documentId, 'publish', 'en');
  const carried = await version(en.documentId, 'fr', 'published');
  assert.equal([carried.cover.name, carried.title, carried.publishedAt], ['blue.png', 'Bonjour', frPublished.publishedAt]);
  assert.ok(Date.parse((await version(en.documentId, 'fr', 'draft')).updatedAt) > Date.parse(carried.updatedAt), 'French is still modified (its title)');

  // Unpublishing and discarding English change nothing of French's status.
  await write(en.documentId, 'en', { title: 'Hello again' });
  await act(en.documentId, 'discardDraft', 'en');
  await act(en.documentId, 'unpublish', 'en');
  const after = await version(en.documentId, 'fr', 'published');
  assert.equal([after.title, after.publishedAt, after.updatedAt], ['Bonjour', carried.publishedAt, carried.updatedAt]);
});

test('a locale whose only change was a shared attribute is no longer modified once another locale publishes it', async () => {
  const en = (await api.post('/api/stories?status=draft', { data: { title: 'Hello', cover: covers[0] } })).body.data;
  await write(en.documentId, 'fr', { title: 'Bonjour' });
  await act(en.documentId, 'publish', 'fr');
  await act(en.documentId, 'publish', 'en');
  await write(en.documentId, 'en', { cover: covers[1] });
  const frDraft = await version(en.documentId, 'fr', 'draft');
  assert.is(frDraft.cover.name, 'blue.png');
  assert.ok(Date.parse(frDraft.updatedAt) > Date.parse((await version(en.documentId, 'fr', 'published')).updatedAt), 'modified: its published version has the old cover');
  await act(en.documentId, 'publish', 'en');
  const frPublished = await version(en.documentId, 'fr', 'published');
  assert.is(frPublished.cover.name, 'blue.png');
  assert.is(frPublished.updatedAt, (await version(en.documentId, 'fr', 'draft')).updatedAt, 'not modified: its draft and published version hold the same');
});

test.run();
