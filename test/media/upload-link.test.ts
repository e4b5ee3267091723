/**
 * Strapi 5's "upload entry files": `POST /api/upload` with `ref`, `refId` and `field` stores the
 * files and links them to that entry's media attribute, through the same update a PUT makes: a
 * single media replaced, a multiple one appended to, the draft written (shared media reaching
 * every locale's draft), the entry's `update` action required, and a wrong ref, refId or field
 * refused with nothing stored: no record, no file under public/uploads/, no temporary file.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { storedTable, storedVersion } from '../_helpers/at-rest.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { withOwnTmpdir } from '../_helpers/index.js';

const UPLOAD_ACTIONS = ['upload', 'find', 'findOne', 'destroy'].map((action) => `plugin::upload.content-api.${action}`);
const ARTICLE_ACTIONS = ['find', 'findOne', 'create', 'update', 'createLocalization', 'publish'].map((action) => `api::article.article.${action}`);
const POST_ACTIONS = ['find', 'findOne', 'create', 'update'].map((action) => `api::post.post.${action}`);

/** A type without draft & publish, with a multiple media next to a single one. */
const POST = `kind: collectionType
info: { singularName: post, pluralName: posts, displayName: Post }
options: { draftAndPublish: false }
attributes:
  title: { type: string }
  cover: { type: media }
  gallery: { type: media, multiple: true }
`;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data POST to /api/upload through fetch, as a browser or a site's build sends it. */
async function upload(api: ApiServer, parts: Part[]): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string' && part.filename === undefined) form.append(part.name, part.value);
    else form.append(part.name, new Blob([part.value], { type: part.type ?? 'application/octet-stream' }), part.filename ?? 'file');
  }
  const answer = await fetch(`${api.url}/api/upload`, { method: 'POST', body: form });
  return { status: answer.status, body: await answer.json() };
}

/** `ref`, `refId` and `field` as form fields, with `locale` when given. */
const linkTo = (ref: string, refId: string | number, field: string, locale?: string): Part[] => [
  { name: 'ref', value: ref },
  { name: 'refId', value: String(refId) },
  { name: 'field', value: field },
  ...(locale === undefined ? [] : [{ name: 'locale', value: locale }]),
];

const png = (color: string, name: string): Promise<Part> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((value) => ({ name: 'files', value, filename: name, type: 'image/png' }));

const uploadedNames = async (api: ApiServer) => (await readdir(join(api.dir, 'public/uploads')).catch(() => [] as string[])).sort();
/** The ids of the media library's records at rest (none before the first upload: no table yet). */
async function libraryIds(api: ApiServer): Promise<number[]> {
  const table = await storedTable(api.dir, 'files').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return { rows: [] };
    throw error;
  });
  return table.rows.map((row) => row.id).sort((a, b) => a - b);
}


/** An article published in en and fr, its cover a file of its own: answers its documentId and the ids of its versions. */
async function article(api: ApiServer, title: string): Promise<{ documentId: string; cover: number; enPublishedId: number; frPublishedId: number }> {
  const [cover] = (await upload(api, [await png('#777', `${title}.png`)])).body;
  const en = await api.post('/api/articles?locale=en', { data: { title, cover: cover.id } });
  assert.is(en.status, 200, en.text);
  const { documentId } = en.body.data;
  const fr = await api.put(`/api/articles/${documentId}?locale=fr`, { data: { title: `${title} (fr)` } });
  assert.is(fr.status, 200, fr.text);
  return { documentId, cover: cover.id, enPublishedId: en.body.data.id, frPublishedId: fr.body.data.id };
}

let api: ApiServer;
const test = suite('POST /api/upload with ref, refId and field');
test.before(async () => {
  api = await apiServer({ files: { 'content-types/post.yaml': POST }, publicActions: [...UPLOAD_ACTIONS, ...ARTICLE_ACTIONS, ...POST_ACTIONS] });
});
test.after(() => api.close());

test('a single media gets the uploaded file in place of its own, on the draft; the published version keeps its file until published', async () => {
  const { documentId, cover } = await article(api, 'Harbour');
  const answer = await upload(api, [await png('#c33', 'dawn.png'), ...linkTo('api::article.article', documentId, 'cover')]);
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  const [file] = answer.body;
  assert.equal([file.name, file.mime], ['dawn.png', 'image/png'], 'the answer is Strapi’s array of file objects');

  assert.is((await storedVersion(api, 'article', documentId, 'draft', 'en')).cover, file.id);
  assert.is((await storedVersion(api, 'article', documentId, 'published', 'en')).cover, cover, 'the published version is not touched');
  assert.is((await api.get(`/api/articles/${documentId}?status=draft&populate=cover`)).body.data.cover.name, 'dawn.png');
  assert.is((await api.get(`/api/articles/${documentId}?populate=cover`)).body.data.cover.name, 'Harbour.png');

  assert.is((await api.post(`/api/articles/${documentId}/actions/publish`, {})).status, 200);
  assert.is((await api.get(`/api/articles/${documentId}?populate=cover`)).body.data.cover.name, 'dawn.png', 'published with the draft');
  assert.ok((await libraryIds(api)).includes(cover), 'the file it replaced stays in the media library');
});

test('shared media of a localized type reaches every locale’s draft, as a PUT does; the ETag of each changes', async () => {
  const { documentId } = await article(api, 'Lighthouse');
  const tagOf = async (locale: string) => (await api.get(`/api/articles/${documentId}?status=draft&locale=${locale}`)).headers.get('etag');
  const before = { en: await tagOf('en'), fr: await tagOf('fr') };
  const answer = await upload(api, [await png('#3c3', 'green.png'), ...linkTo('api::article.article', documentId, 'cover', 'fr')]);
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  const id = answer.body[0].id;
  assert.is((await storedVersion(api, 'article', documentId, 'draft', 'fr')).cover, id);
  assert.is((await storedVersion(api, 'article', documentId, 'draft', 'en')).cover, id, 'the shared attribute is copied to the en draft');
  assert.is.not(await tagOf('fr'), before.fr);
  assert.is.not(await tagOf('en'), before.en);
});

test('a multiple media gets the uploaded files after its own, in the order sent, on a type without draft & publish', async () => {
  const [first] = (await upload(api, [await png('#111', 'first.png')])).body;
  const created = await api.post('/api/posts', { data: { title: 'Gallery', gallery: [first.id] } });
  assert.is(created.status, 200, created.text);
  const { documentId } = created.body.data;
  const two = await upload(api, [await png('#222', 'second.png'), await png('#333', 'third.png'), ...linkTo('api::post.post', documentId, 'gallery')]);
  assert.is(two.status, 201, JSON.stringify(two.body));
  // Strapi's `path` (a folder, for providers that have them) is taken and changes nothing here.
  const one = await upload(api, [await png('#444', 'fourth.png'), ...linkTo('api::post.post', documentId, 'gallery'), { name: 'path', value: 'galleries' }]);
  assert.is(one.status, 201, JSON.stringify(one.body));
  const names = (await api.get(`/api/posts/${documentId}?populate=gallery`)).body.data.gallery.map((file: { name: string }) => file.name);
  assert.equal(names, ['first.png', 'second.png', 'third.png', 'fourth.png']);
  assert.equal((await storedVersion(api, 'post', documentId, 'published', 'default')).gallery, [first.id, two.body[0].id, two.body[1].id, one.body[0].id]);
});

test('refId may be the numeric id of a version, as Strapi 5 takes it: that version’s locale gets the file, on its draft', async () => {
  const { documentId, cover, frPublishedId } = await article(api, 'Quay');
  const answer = await upload(api, [await png('#33c', 'blue.png'), ...linkTo('api::article.article', frPublishedId, 'cover')]);
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  const id = answer.body[0].id;
  assert.is((await storedVersion(api, 'article', documentId, 'draft', 'fr')).cover, id);
  assert.is((await storedVersion(api, 'article', documentId, 'draft', 'en')).cover, id);
  assert.is((await storedVersion(api, 'article', documentId, 'published', 'fr')).cover, cover);

  // A numeric id names one locale: a locale that says otherwise is refused.
  const clash = await upload(api, [await png('#33c', 'blue.png'), ...linkTo('api::article.article', frPublishedId, 'cover', 'en')]);
  assert.is(clash.status, 400);
  assert.equal(clash.body.error.details.errors[0].path, ['locale']);
});

test('a wrong ref, refId, field or locale, or files the field cannot take, are 400s naming it, with nothing stored and no temporary file left', async () => {
  const { documentId } = await article(api, 'Refused');
  const storedBefore = await libraryIds(api);
  const onDiskBefore = await uploadedNames(api);
  const text: Part = { name: 'files', value: Buffer.from('plain words'), filename: 'notes.txt', type: 'text/plain' };
  const image = await png('#c3c', 'refused.png');
  const cases: Array<[string, Part[], string, RegExp]> = [
    ['no such type', [image, ...linkTo('api::nope.nope', documentId, 'cover')], 'ref', /^ref "api::nope\.nope" names no content type/],
    ['no such entry', [image, ...linkTo('api::article.article', 'nosuchdocument', 'cover')], 'refId', /^refId "nosuchdocument" names no article in locale en/],
    ['no such numeric id', [image, ...linkTo('api::article.article', 999999, 'cover')], 'refId', /^refId "999999" names no article/],
    ['an entry of another type', [image, ...linkTo('api::post.post', documentId, 'gallery')], 'refId', /^refId ".+" names no post/],
    ['no such attribute', [image, ...linkTo('api::article.article', documentId, 'nope')], 'field', /^field "nope" is not an attribute of article/],
    ['not a media attribute', [image, ...linkTo('api::article.article', documentId, 'title')], 'field', /^field "title" of article is not a media attribute \(media attributes: cover\)/],
    ['a kind allowedTypes refuses', [text, ...linkTo('api::article.article', documentId, 'cover')], 'field', /^cover takes images: notes\.txt is files \(text\/plain\)/],
    ['two files for a single media', [image, image, ...linkTo('api::article.article', documentId, 'cover')], 'field', /^cover takes one file: 2 were sent/],
    ['a locale not added', [image, ...linkTo('api::article.article', documentId, 'cover', 'de')], 'locale', /Locale "de" has not been added/],
    ['refId without ref', [image, { name: 'refId', value: documentId }, { name: 'field', value: 'cover' }], 'ref', /ref is missing/],
  ];
  await withOwnTmpdir(async (temporary) => {
    for (const [what, parts, field, message] of cases) {
      const answer = await upload(api, parts);
      assert.is(answer.status, 400, `${what}: ${JSON.stringify(answer.body)}`);
      assert.is(answer.body.data, null, what);
      assert.is(answer.body.error.name, 'ValidationError', what);
      assert.match(answer.body.error.message, message, what);
      assert.equal(answer.body.error.details.errors[0].path, [field], what);
    }
    assert.equal(await readdir(temporary), [], 'no temporary file is left');
  });
  assert.equal(await libraryIds(api), storedBefore, 'no record in the media library');
  assert.equal(await uploadedNames(api), onDiskBefore, 'no file under public/uploads/');
  assert.is((await storedVersion(api, 'article', documentId, 'draft', 'en')).cover, (await storedVersion(api, 'article', documentId, 'published', 'en')).cover, 'the entry is as it was');
});

test('the files of one upload are stored all or none: a picture found corrupt after the first file was stored takes it back, and nothing is linked', async () => {
  const [first] = (await upload(api, [await png('#555', 'kept.png')])).body;
  const created = await api.post('/api/posts', { data: { title: 'Whole or nothing', gallery: [first.id] } });
  const { documentId } = created.body.data;
  const storedBefore = await libraryIds(api);
  const onDiskBefore = await uploadedNames(api);
  // Its header is whole, so it is taken for a picture; its pixels are cut short, which only making its formats finds.
  const noise = Buffer.from(Array.from({ length: 600 * 400 * 3 }, (_, i) => (i * 7919) % 251));
  const whole = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } }).png().toBuffer();
  const cut: Part = { name: 'files', value: whole.subarray(0, Math.floor(whole.length / 2)), filename: 'cut.png', type: 'image/png' };
  const answer = await upload(api, [await png('#666', 'good.png'), cut, ...linkTo('api::post.post', documentId, 'gallery')]);
  assert.equal([answer.status, answer.body.error?.message], [400, 'cut.png is not a valid image']);
  assert.equal(await libraryIds(api), storedBefore, 'good.png, stored first, was taken back');
  assert.equal(await uploadedNames(api), onDiskBefore);
  assert.equal((await storedVersion(api, 'post', documentId, 'published', 'default')).gallery, [first.id]);
});

test.run();

// ---------------------------------------------------------------------------------------------

const permissions = suite('POST /api/upload with ref, refId and field: permissions');

permissions('linking needs the entry’s update action besides upload: without it, 403 and nothing is stored', async () => {
  // Public may create articles and upload files, not update articles.
  const server = await apiServer({ publicActions: [...UPLOAD_ACTIONS, 'api::article.article.find', 'api::article.article.findOne', 'api::article.article.create'] });
  try {
    const created = await server.post('/api/articles', { data: { title: 'Locked' } });
    assert.is(created.status, 200, created.text);
    const { documentId } = created.body.data;
    const storedBefore = await libraryIds(server);
    const onDiskBefore = await uploadedNames(server);
    await withOwnTmpdir(async (temporary) => {
      const answer = await upload(server, [await png('#fff', 'denied.png'), ...linkTo('api::article.article', documentId, 'cover')]);
      assert.is(answer.status, 403, JSON.stringify(answer.body));
      assert.equal(answer.body.error, { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
      assert.equal(await readdir(temporary), []);
    });
    assert.equal(await libraryIds(server), storedBefore, 'no record in the media library');
    assert.equal(await uploadedNames(server), onDiskBefore, 'no file under public/uploads/');
    // The upload alone is still allowed.
    assert.is((await upload(server, [await png('#fff', 'plain.png')])).status, 201);
  } finally {
    await server.close();
  }
});

permissions.run();
