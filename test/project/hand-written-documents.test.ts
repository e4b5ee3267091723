/**
 * A document file written by hand may leave out `id` and the timestamps (docs/content-in-git.md):
 * the server serves it after every edit on disk with the same id, at every start too, whatever
 * other files appear, takes its timestamps from the file's changes, and never writes into the file
 * to add them; an API write afterwards writes a regular file. A file it refuses is logged on one
 * line that says what is served meanwhile and shows no value that could be a secret.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../src/storage/index.js';
import { eventually } from '../_helpers/index.js';
import { serveProject, testProject, type ApiServer } from '../_helpers/server.js';

/** Ids the server hands out count up from 1; an id given to a file without one lies far above. */
const HAND_WRITTEN_IDS = 2 ** 52;

let dir: string;
let cleanup: () => Promise<void>;
let server: ApiServer | undefined;

const test = suite('documents written by hand, without id or timestamps');
test.before.each(async () => {
  ({ dir, cleanup } = await testProject());
});
test.after.each(async () => {
  await server?.stop();
  server = undefined;
  await cleanup();
});

async function start(): Promise<ApiServer> {
  await server?.stop();
  server = await serveProject(dir);
  return server;
}

const fileOf = (type: string, documentId: string, name: string) => join(dir, 'data/content', type, documentId, name);

/** Writes a file as a person would, in place: pretty-printed, no id, no timestamps. */
async function writeByHand(file: string, value: Record<string, unknown>): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The timestamps the file's changes give: updatedAt its modification time, createdAt its birth time where the file system keeps one. */
async function fileTimes(file: string): Promise<{ modified: string; created: string; born: boolean }> {
  const { mtimeMs, birthtimeMs } = await stat(file);
  const born = birthtimeMs > 0;
  return { modified: new Date(mtimeMs).toISOString(), created: new Date(Math.min(born ? birthtimeMs : mtimeMs, mtimeMs)).toISOString(), born };
}

const categoryOf = async (documentId: string) => (await server!.get(`/api/categories/${documentId}`)).body.data;

test('a hand-written document edited three times on disk is served after each edit with the same id, at a restart too, with the timestamps of its file', async () => {
  const documentId = 'byhand0000000000000000m1';
  const file = fileOf('category', documentId, 'published.default.json');
  await writeByHand(file, { name: 'By hand' });
  await start();
  const first = await categoryOf(documentId);
  assert.is(first?.name, 'By hand');
  const times = await fileTimes(file);
  assert.equal([first.createdAt, first.updatedAt, first.publishedAt], [times.created, times.modified, times.modified]);

  for (const name of ['Edited once', 'Edited twice', 'Edited three times']) {
    await writeByHand(file, { name });
    await eventually(async () => (await categoryOf(documentId))?.name === name, `"${name}" served`);
    const served = await categoryOf(documentId);
    const { modified } = await fileTimes(file);
    assert.is(served.id, first.id, 'the same id after every edit');
    assert.equal([served.createdAt, served.updatedAt, served.publishedAt], [first.createdAt, modified, modified], 'updated and published when the file changed, created when first seen');
  }
  assert.equal(server!.log.filter((line) => line.includes(documentId) && line.includes('not served')), [], 'no edit refused');
  assert.equal(JSON.parse(await readFile(file, 'utf8')), { name: 'Edited three times' }, 'nothing written into the file');
  assert.ok(Number.isSafeInteger(first.id) && first.id >= HAND_WRITTEN_IDS, `an id far above the ones handed out: ${first.id}`);

  // Another hand-written document appears, whose documentId comes first: ours keeps its id anyway.
  await writeByHand(fileOf('category', 'aaaa000000000000000000m2', 'published.default.json'), { name: 'Another one' });
  await eventually(async () => (await categoryOf('aaaa000000000000000000m2'))?.name === 'Another one', 'the other document served');
  const other = await categoryOf('aaaa000000000000000000m2');
  assert.is.not(other.id, first.id);

  await start();
  const again = await categoryOf(documentId);
  const now = await fileTimes(file);
  assert.is(again.name, 'Edited three times');
  assert.is(again.id, first.id, 'the same id after a restart');
  assert.is((await categoryOf('aaaa000000000000000000m2')).id, other.id);
  assert.equal([again.createdAt, again.updatedAt, again.publishedAt], [now.created, now.modified, now.modified]);
  // A file edited in place keeps its birth time: where the file system keeps one, createdAt outlives restarts.
  if (now.born) assert.is(again.createdAt, first.createdAt, 'createdAt stable across restarts');

  // Ids handed out afterwards follow the server's own, not the ones given to hand-written files.
  const created = await server!.post('/api/categories', { data: { name: 'Through the API' } });
  assert.is(created.status, 200, created.text);
  assert.ok(created.body.data.id < 1000, `the next id the server hands out: ${created.body.data.id}`);
});

test('an API write to a hand-written document writes a regular file, served with the same id before and after a restart', async () => {
  const documentId = 'byhand0000000000000000m3';
  const file = fileOf('category', documentId, 'published.default.json');
  await start();
  await writeByHand(file, { name: 'From git' });
  await eventually(async () => (await categoryOf(documentId))?.name === 'From git', 'the added document served');
  const before = await categoryOf(documentId);

  const updated = await server!.put(`/api/categories/${documentId}`, { data: { name: 'Renamed through the API' } });
  assert.is(updated.status, 200, updated.text);
  assert.is(updated.body.data.id, before.id);
  assert.is(updated.body.data.createdAt, before.createdAt);
  const written = JSON.parse(await readFile(file, 'utf8'));
  assert.is(written.id, before.id, 'the file has its id now');
  for (const key of ['createdAt', 'updatedAt', 'publishedAt']) assert.type(written[key], 'string', key);

  await start();
  const after = await categoryOf(documentId);
  assert.equal([after.id, after.name, after.createdAt], [before.id, 'Renamed through the API', before.createdAt]);
});

test('a hand-written draft is edited on disk, then published through the API', async () => {
  const documentId = 'byhand0000000000000000m4';
  const draft = fileOf('article', documentId, 'draft.en.json');
  await writeByHand(draft, { title: 'Draft by hand', sections: [{ heading: 'One' }] });
  await start();
  const first = (await server!.get(`/api/articles/${documentId}?status=draft`)).body.data;
  assert.is(first?.title, 'Draft by hand');
  assert.is(first.publishedAt, null);
  await writeByHand(draft, { title: 'Draft edited', sections: [{ heading: 'One' }] });
  await eventually(async () => (await server!.get(`/api/articles/${documentId}?status=draft`)).body.data?.title === 'Draft edited', 'the edited draft served');
  assert.is((await server!.get(`/api/articles/${documentId}?status=draft`)).body.data.id, first.id);

  const published = await server!.post(`/api/articles/${documentId}/actions/publish`, {});
  assert.is(published.status, 200, published.text);
  assert.is(published.body.data.title, 'Draft edited');
  assert.is(published.body.data.createdAt, first.createdAt);
  assert.ok(published.body.data.id < HAND_WRITTEN_IDS, 'the published copy is the server\'s: an id it hands out');
  assert.equal(JSON.parse(await readFile(draft, 'utf8')).title, 'Draft edited', 'the hand-written draft stays as it was');
});

test.run();

// =============================================================================================

const refused = suite('a refused file in the log');
refused.before.each(async () => {
  ({ dir, cleanup } = await testProject({
    files: {
      'content-types/member.yaml': [
        'kind: collectionType',
        'info: { singularName: member, pluralName: members }',
        'attributes:',
        '  name: { type: string, required: true }',
        '  pin:  { type: password }',
        '  note: { type: string, private: true }',
        '',
      ].join('\n'),
    },
  }));
});
refused.after.each(async () => {
  await server?.stop();
  server = undefined;
  await cleanup();
});

/** The log lines about `file` (relative to the project), without their time. */
const linesAbout = (file: string) => server!.log.filter((line) => line.includes(file)).map((line) => line.trimEnd().replace(/^\S+ /, ''));

refused('says the last good version is served when there is one, and that nothing is when there is none, on one line', async () => {
  const documentId = 'byhand0000000000000000r1';
  const file = `data/content/category/${documentId}/published.default.json`;
  await writeByHand(join(dir, file), { name: 'Good' });
  await start();
  await writeByHand(join(dir, file), { name: { first: 'An', second: 'object' } });
  await eventually(async () => linesAbout(file).length > 0, 'the refusal logged');
  assert.equal(linesAbout(file), [`warn ${file}: not served (name must be a \`string\` type, but the final value was: \`{ "first": "An", "second": "object" }\`.); the last good version is served`]);
  assert.is((await categoryOf(documentId)).name, 'Good');

  const added = 'data/content/category/byhand0000000000000000r2/published.default.json';
  await writeByHand(join(dir, added), { title: 'No such attribute' });
  await eventually(async () => linesAbout(added).length > 0, 'the refusal of a new file logged');
  assert.equal(linesAbout(added), [`warn ${added}: not served (title is not an attribute of category; name must be defined.); nothing of it is served until it is fixed`]);
  for (const line of server!.log) assert.not.ok(line.trimEnd().includes('\n'), `one line: ${line}`);
});

refused('never shows a password, a private value or a piece of a file that is not JSON', async () => {
  await start();
  const member = 'data/content/member/byhand0000000000000000r3/published.default.json';
  await writeByHand(join(dir, member), { name: 'Ada', pin: 482913, note: 771204 });
  const pasted = 'data/content/category/byhand0000000000000000r4/published.default.json';
  await mkdir(join(dir, pasted, '..'), { recursive: true });
  await writeFile(join(dir, pasted), 'sk_live_51Hx9Q2\n{ "name": "Pasted" }\n');
  await eventually(async () => linesAbout(member).length > 0 && linesAbout(pasted).length > 0, 'both refusals logged');
  const hidden = 'its value is not shown (a password or private attribute)';
  assert.equal(linesAbout(member), [`warn ${member}: not served (pin must be a \`string\` type; ${hidden}; note must be a \`string\` type; ${hidden}); nothing of it is served until it is fixed`]);
  assert.match(linesAbout(pasted)[0]!, new RegExp(`^warn ${pasted}: not served \\(not valid JSON \\(Unexpected token 's'\\); fix or restore the file\\); nothing of it is served until it is fixed$`));
  for (const line of server!.log) {
    for (const secret of ['482913', '771204', 'sk_live', '51Hx9Q2']) assert.not.ok(line.includes(secret), `a log line shows a secret: ${line}`);
  }
});

refused.run();
