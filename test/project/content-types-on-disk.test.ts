/**
 * A running server serves content types changed in content-types/ (a pull, an editor) without a
 * restart, when the documents on disk still validate against them; otherwise it keeps the types it
 * serves and says why once.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { eventually } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let server: ApiServer;
const test = suite('content types changed on disk while serving');
test.before.each(async () => {
  server = await apiServer();
});
test.after.each(() => server.close());

const typeFile = (name: string) => join(server.dir, 'content-types', `${name}.yaml`);
const reloaded = () => eventually(async () => server.log.some((line) => line.includes('content types reloaded')), 'the content types reloaded');

async function editType(name: string, edit: (yaml: string) => string): Promise<void> {
  await writeFile(typeFile(name), edit(await readFile(typeFile(name), 'utf8')));
}

test('when an attribute is added to a content type on disk then the API accepts and serves it', async () => {
  const before = await server.post('/api/categories', { data: { name: 'News', motto: 'All of it' } });
  assert.is(before.status, 400);
  assert.match(before.body.error.message, 'Invalid key motto');
  await editType('category', (yaml) => `${yaml.trimEnd()}\n  motto:    { type: string }\n`);
  await reloaded();
  const created = await server.post('/api/categories', { data: { name: 'News', motto: 'All of it' } });
  assert.is(created.status, 200, created.text);
  assert.is((await server.get(`/api/categories/${created.body.data.documentId}`)).body.data.motto, 'All of it');
});

test('when a content type is added on disk then its routes are served, and removed again they are gone', async () => {
  assert.is((await server.get('/api/notes')).status, 404);
  await writeFile(typeFile('note'), 'kind: collectionType\ninfo: { singularName: note, pluralName: notes, displayName: Note }\nattributes:\n  text: { type: string, required: true }\n');
  await reloaded();
  // A new type starts with no permission, as it does after a restart.
  assert.is((await server.get('/api/notes')).status, 403);
  await server.project.roles.grant(SYSTEM_ACTOR, 'public', ['api::note.note.find', 'api::note.note.create']);
  const created = await server.post('/api/notes', { data: { text: 'Remember the milk' } });
  assert.is(created.status, 200, created.text);
  assert.equal((await server.get('/api/notes')).body.data.map((note: { text: string }) => note.text), ['Remember the milk']);

  await rm(typeFile('note'));
  await eventually(async () => (await server.get('/api/notes')).status === 404, 'the removed type no longer routed');
});

test('when a changed content type would not validate the documents on disk then it is refused once and the old one is served until they match', async () => {
  const news = (await server.post('/api/categories', { data: { name: 'News' } })).body.data;
  await editType('category', (yaml) => yaml.replace('name:     { type: string, required: true, unique: true }', 'name:     { type: integer, required: true, unique: true }'));
  const refusal = (line: string) => line.includes('content types were not reloaded') && line.includes(`data/content/category/${news.documentId}/published.default.json`) && line.includes('name');
  await eventually(async () => server.log.some(refusal), 'the refusal naming the document and the field');
  await editType('category', (yaml) => `${yaml}\n`); // saved again, unchanged in meaning
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.is(server.log.filter(refusal).length, 1, 'said once');
  // The served type is still the one where name is a string.
  const created = await server.post('/api/categories', { data: { name: 'Sports' } });
  assert.is(created.status, 200, created.text);

  await editType('category', (yaml) => yaml.replace('name:     { type: integer, required: true, unique: true }', 'name:     { type: string, required: true, unique: true }\n  motto:    { type: string }'));
  await reloaded();
  assert.equal((await server.get('/api/categories?sort=id')).body.data.map((category: { name: string }) => category.name), ['News', 'Sports']);
});

test('when a content type file does not parse then the log names it and the types served stay', async () => {
  await editType('category', (yaml) => `${yaml}attributes: [\n`);
  await eventually(async () => server.log.some((line) => line.includes('content types were not reloaded') && line.includes('content-types/category.yaml')), 'the broken file named');
  const created = await server.post('/api/categories', { data: { name: 'News' } });
  assert.is(created.status, 200, created.text);
  assert.is((await server.get('/api/articles')).status, 200);
});

test('when writes arrive while content types are reloaded then every one of them is kept and served', async () => {
  const isReloaded = () => server.log.some((line) => line.includes('content types reloaded'));
  await editType('category', (yaml) => `${yaml.trimEnd()}\n  motto:    { type: string }\n`);
  const names: string[] = [];
  // Five at a time until the reload is done, and a round after it.
  for (let round = 0, after = 0; after < 2 && round < 200; round++) {
    if (isReloaded()) after++;
    const batch = Array.from({ length: 5 }, (_, i) => `Category ${round}.${i}`);
    names.push(...batch);
    for (const response of await Promise.all(batch.map((name) => server.post('/api/categories', { data: { name } })))) assert.is(response.status, 200, response.text);
  }
  assert.ok(isReloaded(), 'the reload happened while writing');
  const served = (await server.get('/api/categories?pagination[pageSize]=1000')).body.data.map((category: { name: string }) => category.name);
  assert.equal(served.sort(), names.sort());
});

test.run();
