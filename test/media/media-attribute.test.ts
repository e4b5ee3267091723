/**
 * The `media` attribute: documents link uploaded files by id (one, several, or with connect,
 * disconnect and set), `populate` answers Strapi 5's file objects, `allowedTypes` is enforced
 * naming the field, and a deleted file is no longer shown.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { storedVersion } from '../_helpers/at-rest.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

const POST = `kind: collectionType
info: { singularName: post, pluralName: posts, displayName: Post }
options: { draftAndPublish: false }
attributes:
  title: { type: string }
  cover: { type: media, allowedTypes: [images] }
  gallery: { type: media, multiple: true }
  clip: { type: media, allowedTypes: [videos] }
  blocks: { type: component, repeatable: true, component: shared.figure }
`;
const FIGURE = `info: { displayName: Figure }
attributes:
  caption: { type: string }
  image: { type: media, allowedTypes: [images] }
`;

let api: ApiServer;
const ids: Record<string, number> = {};
const test = suite('the media attribute');
test.before(async () => {
  api = await apiServer({
    files: { 'content-types/post.yaml': POST, 'content-types/components/shared/figure.yaml': FIGURE },
    publicActions: ['find', 'findOne', 'create', 'update'].map((action) => `api::post.post.${action}`).concat('plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy'),
  });
  const form = new FormData();
  for (const [name, color] of [['red.png', '#c33'], ['blue.png', '#33c']] as const) {
    form.append('files', new Blob([await sharp({ create: { width: 400, height: 300, channels: 3, background: color } }).png().toBuffer()], { type: 'image/png' }), name);
  }
  form.append('files', new Blob(['plain words'], { type: 'text/plain' }), 'notes.txt');
  const uploaded = (await (await fetch(`${api.url}/api/upload`, { method: 'POST', body: form })).json()) as Array<{ id: number; name: string }>;
  for (const file of uploaded) ids[file.name] = file.id;
});
test.after(() => api.close());

test('a document links files by id; they are stored as ids and answered as file objects only when populated', async () => {
  const created = await api.post('/api/posts', { data: { title: 'Harbour', cover: ids['red.png'], gallery: [ids['blue.png'], ids['notes.txt']] } });
  assert.is(created.status, 200, created.text);
  assert.not.ok('cover' in created.body.data, 'not populated: not shown, as Strapi');
  const stored = await storedVersion(api, 'post', created.body.data.documentId, 'published', 'default');
  assert.equal([stored.cover, stored.gallery], [ids['red.png'], [ids['blue.png'], ids['notes.txt']]]);

  const one = await api.get(`/api/posts/${created.body.data.documentId}?populate=cover`);
  const cover = one.body.data.cover;
  assert.equal([cover.id, cover.name, cover.mime, cover.width, cover.height], [ids['red.png'], 'red.png', 'image/png', 400, 300]);
  assert.match(cover.url, /^\/uploads\/red_[0-9a-f]{10}\.png$/);
  assert.ok(cover.formats.thumbnail, 'with its formats');
  assert.not.ok('gallery' in one.body.data);
  const all = await api.get(`/api/posts/${created.body.data.documentId}?populate=*`);
  assert.equal(all.body.data.gallery.map((file: { name: string }) => file.name), ['blue.png', 'notes.txt']);
  assert.is((await fetch(`${api.url}${cover.url}`)).status, 200);
});

test('a file whose text changes is answered changed by lists read before, over REST and GraphQL', async () => {
  await api.post('/api/posts', { data: { title: 'Captioned', cover: ids['blue.png'] } });
  const restAlt = async () => (await api.get('/api/posts?filters[title][$eq]=Captioned&populate=cover')).body.data[0].cover.alternativeText;
  const graphqlAlt = async () => (await api.post('/graphql', { query: '{ posts(filters: { title: { eq: "Captioned" } }) { cover { alternativeText } } }' })).body.data.posts[0].cover.alternativeText;
  const before = [await restAlt(), await graphqlAlt()];
  assert.equal([await restAlt(), await graphqlAlt()], before, 'asked again: the same (kept) answers');
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ alternativeText: 'A blue square, edited' }));
  assert.is((await fetch(`${api.url}/api/upload?id=${ids['blue.png']}`, { method: 'POST', body: form })).status, 200);
  assert.equal([await restAlt(), await graphqlAlt()], ['A blue square, edited', 'A blue square, edited']);
});

test('connect, disconnect and set change a multiple media; null clears a single one', async () => {
  const { documentId } = (await api.post('/api/posts', { data: { title: 'Forms', gallery: [ids['red.png']] } })).body.data;
  const gallery = async () => (await api.get(`/api/posts/${documentId}?populate=gallery`)).body.data.gallery.map((file: { name: string }) => file.name);
  assert.is((await api.put(`/api/posts/${documentId}`, { data: { gallery: { connect: [ids['blue.png']] } } })).status, 200);
  assert.equal(await gallery(), ['red.png', 'blue.png']);
  await api.put(`/api/posts/${documentId}`, { data: { gallery: { disconnect: [ids['red.png']] } } });
  assert.equal(await gallery(), ['blue.png']);
  await api.put(`/api/posts/${documentId}`, { data: { gallery: { set: [{ id: ids['notes.txt'] }] } } });
  assert.equal(await gallery(), ['notes.txt']);
  await api.put(`/api/posts/${documentId}`, { data: { cover: ids['blue.png'] } });
  await api.put(`/api/posts/${documentId}`, { data: { cover: null } });
  assert.is((await api.get(`/api/posts/${documentId}?populate=cover`)).body.data.cover, null);
});

test('a file outside allowedTypes, a file that does not exist, and two files for a single media are 400s naming the field', async () => {
  const wrongKind = await api.post('/api/posts', { data: { title: 'x', cover: ids['notes.txt'] } });
  assert.is(wrongKind.status, 400);
  assert.is(wrongKind.body.error.message, `cover takes images: file ${ids['notes.txt']} (notes.txt) is files (text/plain)`);
  assert.equal(wrongKind.body.error.details.errors[0].path, ['cover']);
  const missing = await api.post('/api/posts', { data: { title: 'x', gallery: [999999] } });
  assert.is(missing.status, 400);
  assert.match(missing.body.error.message, /^gallery: no related entry with id 999999/);
  assert.is((await api.post('/api/posts', { data: { title: 'x', cover: [ids['red.png'], ids['blue.png']] } })).status, 400);
  const inComponent = await api.post('/api/posts', { data: { title: 'x', blocks: [{ caption: 'c', image: ids['notes.txt'] }] } });
  assert.is(inComponent.status, 400);
  assert.match(inComponent.body.error.message, /^blocks\.image takes images/, inComponent.body.error.message);
});

test('a file declared as a video whose bytes are not one is stored as a plain file, and a videos-only field refuses it', async () => {
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
  const form = new FormData();
  form.append('files', new Blob([mp4], { type: 'video/mp4' }), 'clip.mp4');
  form.append('files', new Blob(['<html><script>alert(1)</script></html>'], { type: 'video/mp4' }), 'fake.mp4');
  const [clip, fake] = (await (await fetch(`${api.url}/api/upload`, { method: 'POST', body: form })).json()) as Array<{ id: number; mime: string }>;
  assert.equal([clip!.mime, fake!.mime], ['video/mp4', 'application/octet-stream']);
  assert.is((await api.post('/api/posts', { data: { title: 'Clip', clip: clip!.id } })).status, 200);
  const refused = await api.post('/api/posts', { data: { title: 'Fake', clip: fake!.id } });
  assert.is(refused.status, 400);
  assert.is(refused.body.error.message, `clip takes videos: file ${fake!.id} (fake.mp4) is files (application/octet-stream)`);
});

test('media inside a component is populated through it', async () => {
  const created = await api.post('/api/posts', { data: { title: 'Figures', blocks: [{ caption: 'Red', image: ids['red.png'] }] } });
  assert.is(created.status, 200, created.text);
  const read = await api.get(`/api/posts/${created.body.data.documentId}?populate[blocks][populate]=image`);
  assert.is(read.body.data.blocks[0].image.name, 'red.png');
});

test('a deleted file is unlinked from the documents that showed it, also inside components', async () => {
  const form = new FormData();
  form.append('files', new Blob([await sharp({ create: { width: 50, height: 50, channels: 3, background: '#999' } }).png().toBuffer()], { type: 'image/png' }), 'gone.png');
  const [gone] = (await (await fetch(`${api.url}/api/upload`, { method: 'POST', body: form })).json()) as Array<{ id: number }>;
  const { documentId } = (await api.post('/api/posts', { data: { title: 'Soon without', cover: gone!.id, gallery: [gone!.id, ids['red.png']], blocks: [{ caption: 'c', image: gone!.id }] } })).body.data;
  assert.is((await api.del(`/api/upload/files/${gone!.id}`)).status, 200);
  const read = (await api.get(`/api/posts/${documentId}?populate[cover]=true&populate[gallery]=true&populate[blocks][populate]=image`)).body.data;
  assert.is(read.cover, null);
  assert.equal(read.gallery.map((file: { name: string }) => file.name), ['red.png']);
  assert.is(read.blocks[0].image, null);
  const stored = await storedVersion(api, 'post', documentId, 'published', 'default');
  assert.equal([stored.cover, stored.gallery, stored.blocks[0].image], [null, [ids['red.png']], null], 'the stored document no longer names it');
  assert.is(stored.title, 'Soon without');
});

test.run();
