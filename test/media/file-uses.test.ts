/**
 * `GET /api/upload/files/:id?populate=related`: the entries that use a file of the media library
 * (Strapi's `related` of an upload file), every version that shows it in a media attribute or
 * inside a component, each with its type's uid as `__type`; only entries of types the caller may
 * read are named, the others counted in `relatedHidden`; and what is refused.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

/** A type without draft & publish, whose files are also inside a component. */
const POST = `kind: collectionType
info: { singularName: post, pluralName: posts, displayName: Post }
options: { draftAndPublish: false }
attributes:
  title: { type: string }
  gallery: { type: media, multiple: true }
  blocks: { type: component, repeatable: true, component: shared.figure }
`;
const FIGURE = `info: { displayName: Figure }
attributes:
  image: { type: media, allowedTypes: [images] }
`;

const UPLOAD = ['upload', 'find', 'findOne'].map((action) => `plugin::upload.content-api.${action}`);
// Public writes articles but may not read them: their uses are counted, not named.
const ARTICLE_WRITES = ['create', 'update', 'publish'].map((action) => `api::article.article.${action}`);
const POST_ACTIONS = ['find', 'findOne', 'create', 'update'].map((action) => `api::post.post.${action}`);

let api: ApiServer;
/** A full-access token's header: it reads every type. */
let everything: Record<string, string>;
/** A read-only token's header: it reads entries, not the media library. */
let readOnly: Record<string, string>;

async function uploadPng(name: string): Promise<{ id: number; name: string }> {
  const form = new FormData();
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#468' } }).png().toBuffer();
  form.append('files', new Blob([bytes], { type: 'image/png' }), name);
  const answer = await fetch(`${api.url}/api/upload`, { method: 'POST', body: form });
  assert.is(answer.status, 201);
  return ((await answer.json()) as Array<{ id: number; name: string }>)[0]!;
}

const test = suite('GET /api/upload/files/:id?populate=related');
test.before(async () => {
  api = await apiServer({
    files: { 'content-types/post.yaml': POST, 'content-types/components/shared/figure.yaml': FIGURE },
    publicActions: [...UPLOAD, ...ARTICLE_WRITES, ...POST_ACTIONS],
  });
  const bearer = async (type: 'full-access' | 'read-only') =>
    ({ authorization: `Bearer ${(await api.project.apiTokens.create(SYSTEM_ACTOR, { name: type, type })).accessKey}` });
  everything = await bearer('full-access');
  readOnly = await bearer('read-only');
});
test.after(() => api.close());

/** An English article with `cover`, published: its draft and its published version both show it. */
async function publishedArticle(title: string, cover: number): Promise<string> {
  const created = await api.post('/api/articles?locale=en', { data: { title, cover } });
  assert.is(created.status, 200, created.text);
  const { documentId } = created.body.data;
  assert.is((await api.post(`/api/articles/${documentId}/actions/publish?locale=en`, {})).status, 200);
  return documentId;
}

test('names every entry version that shows the file, in a media attribute or inside a component, with its type as __type', async () => {
  const file = await uploadPng('harbour.png');
  const other = await uploadPng('other.png');
  const article = await publishedArticle('Harbour at dawn', file.id);
  const figures = { title: 'Figures', blocks: [{ image: file.id }], gallery: [other.id] };
  const post = (await api.post('/api/posts', { data: figures })).body.data;
  await api.post('/api/posts', { data: { title: 'Unrelated', gallery: [other.id] } });

  const answer = await api.get(`/api/upload/files/${file.id}?populate=related`, everything);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.body.name, 'harbour.png', 'the file object, as without populate');
  assert.is(answer.body.relatedHidden, 0);
  const related = answer.body.related as Array<Record<string, unknown>>;
  const statusOf = (entry: Record<string, unknown>) => (entry.publishedAt === null ? 'draft' : 'published');
  const lines = related.map((entry) => [entry.__type, entry.documentId, entry.locale ?? null, statusOf(entry)]);
  assert.equal(lines.sort(), [
    ['api::article.article', article, 'en', 'draft'],
    ['api::article.article', article, 'en', 'published'],
    ['api::post.post', post.documentId, null, 'published'],
  ].sort());
  const articleEntry = related.find((entry) => entry.__type === 'api::article.article')!;
  assert.is(articleEntry.title, 'Harbour at dawn', 'each entry as the Content API answers it');
  assert.is(typeof articleEntry.id, 'number');
  assert.not.ok('cover' in articleEntry, 'its media is not populated');
});

test('entries of a type the caller may not read are counted in relatedHidden, never named', async () => {
  const file = await uploadPng('shared.png');
  await publishedArticle('Not for the public', file.id);
  const post = (await api.post('/api/posts', { data: { title: 'Public post', gallery: [file.id] } })).body.data;

  const answer = await api.get(`/api/upload/files/${file.id}?populate=related`);
  assert.is(answer.status, 200, answer.text);
  assert.equal(answer.body.related.map((entry: { documentId: string }) => entry.documentId), [post.documentId]);
  assert.is(answer.body.relatedHidden, 2, 'the article\'s draft and published versions');
  assert.not.match(answer.text, /Not for the public|api::article/);
  const all = await api.get(`/api/upload/files/${file.id}?populate=related`, everything);
  assert.equal([all.body.related.length, all.body.relatedHidden], [3, 0]);
});

test('populate names related as Strapi’s forms do, and without it the file is answered as before', async () => {
  const file = await uploadPng('forms.png');
  await api.post('/api/posts', { data: { title: 'Forms', gallery: [file.id] } });
  const plain = await api.get(`/api/upload/files/${file.id}`);
  assert.not.ok('related' in plain.body || 'relatedHidden' in plain.body);
  const forms = ['populate=related', 'populate[0]=related', 'populate[related]=true', 'populate[related]=*', 'populate=*'];
  for (const query of forms) {
    const answer = await api.get(`/api/upload/files/${file.id}?${query}`);
    assert.is(answer.status, 200, `${query}: ${answer.text}`);
    assert.equal(answer.body.related.map((entry: { title: string }) => entry.title), ['Forms'], query);
  }
  const off = await api.get(`/api/upload/files/${file.id}?populate[related]=false`);
  assert.not.ok('related' in off.body);
  const picked = await api.get(`/api/upload/files/${file.id}?fields[0]=name&populate=related`);
  assert.equal(Object.keys(picked.body), ['id', 'documentId', 'name', 'related', 'relatedHidden']);
  const unused = await uploadPng('unused.png');
  const none = await api.get(`/api/upload/files/${unused.id}?populate=related`);
  assert.equal([none.body.related, none.body.relatedHidden], [[], 0]);
});

test('an entry that no longer shows the file is no longer listed', async () => {
  const file = await uploadPng('passing.png');
  const post = (await api.post('/api/posts', { data: { title: 'Passing', gallery: [file.id] } })).body.data;
  assert.is((await api.get(`/api/upload/files/${file.id}?populate=related`)).body.related.length, 1);
  assert.is((await api.put(`/api/posts/${post.documentId}`, { data: { gallery: [] } })).status, 200);
  assert.equal((await api.get(`/api/upload/files/${file.id}?populate=related`)).body.related, []);
});

test('refused: without findOne (403), a file that does not exist (404), populate options for related and related on the list (400)', async () => {
  const file = await uploadPng('refused.png');
  const forbidden = await api.get(`/api/upload/files/${file.id}?populate=related`, readOnly);
  assert.is(forbidden.status, 403);
  const error = { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} };
  assert.equal(forbidden.body, { data: null, error });
  for (const path of ['/api/upload/files/999999?populate=related', '/api/upload/files/abc?populate=related']) {
    const missing = await api.get(path);
    assert.is(missing.status, 404, path);
    assert.is(missing.body.error.name, 'NotFoundError');
  }
  const options = await api.get(`/api/upload/files/${file.id}?populate[related][fields][0]=title`);
  assert.is(options.status, 400, options.text);
  assert.is(options.body.data, null);
  assert.is(options.body.error.name, 'ValidationError');
  assert.is(options.body.error.message, 'populate[related] takes true or *: the related entries are answered whole, without options');
  const other = await api.get(`/api/upload/files/${file.id}?populate=nothing`);
  assert.is(other.status, 400, 'another relation: the file has none');
  const list = await api.get('/api/upload/files?populate=related');
  assert.is(list.status, 400, 'a list is answered without its files’ uses');
  assert.is(list.body.error.name, 'ValidationError');
});

test.run();
