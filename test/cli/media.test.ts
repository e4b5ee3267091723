/** `folio media add|list|delete`: the media library from a script, obeyed by a running server at once. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { eventually, folio, initProject, request } from '../_helpers/index.js';
import { serve } from '../_helpers/server.js';

const test = suite('folio media');

test('add should store files with alt text and caption, list them, and delete one with its formats; a running server serves each change', async () => {
  const project = await initProject();
  const server = await serve(project.dir);
  try {
    const dir = project.dir;
    assert.is((await folio(['permission', 'grant', 'public', 'plugin::upload.content-api.find', '--dir', dir])).code, 0);
    const photo = join(dir, 'photo.png');
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } }).png().toFile(photo);
    await writeFile(join(dir, 'notes.txt'), 'plain text');

    const added = await folio(['media', 'add', photo, 'notes.txt', '--alt', 'A red box', '--caption', 'Red', '--dir', dir], { cwd: dir });
    assert.is(added.code, 0, added.stderr);
    assert.match(added.stdout, /^Added file 1 \(photo\.png, image\/png, 900×600\): \/uploads\/photo_[0-9a-f]{10}\.png\nAdded file 2 \(notes\.txt, text\/plain\): \/uploads\/notes_[0-9a-f]{10}\.txt\n$/);
    const listed = JSON.parse((await folio(['media', 'list', '--json', '--dir', dir])).stdout) as Array<{ id: number; alternativeText: string; caption: string; formats: object | null; url: string }>;
    assert.equal(listed.map((file) => [file.id, file.alternativeText, file.caption, file.formats === null]), [[1, 'A red box', 'Red', false], [2, 'A red box', 'Red', true]]);
    assert.equal((await request(`${server.url}/api/upload/files`)).body.map((file: { id: number }) => file.id), [1, 2], 'the running server lists what the CLI added');
    assert.is((await fetch(`${server.url}${listed[0]!.url}`)).status, 200);

    const deleted = await folio(['media', 'delete', '1', '--dir', dir]);
    assert.equal([deleted.code, deleted.stdout], [0, 'Deleted file 1 (photo.png) and its formats.\n']);
    assert.equal((await readdir(join(dir, 'public/uploads'))).filter((name) => name.includes('photo')), []);
    assert.equal((await request(`${server.url}/api/upload/files`)).body.map((file: { id: number }) => file.id), [2]);

    const missing = await folio(['media', 'add', 'nope.png', '--dir', dir], { cwd: dir });
    assert.equal([missing.code, missing.stderr], [1, 'folio: cannot read nope.png: no such file\n']);
    const badId = await folio(['media', 'delete', 'x', '--dir', dir]);
    assert.equal([badId.code, badId.stderr], [1, 'folio: "x" is not a file id: give the number `folio media list` shows\n']);
    const unknown = await folio(['media', 'delete', '99', '--dir', dir]);
    assert.equal([unknown.code, unknown.stderr], [1, 'folio: no file has the id 99: `folio media list` shows them\n']);
  } finally {
    await server.stop();
    await project.cleanup();
  }
});

test('content-type create --attr cover:media should write a media attribute that loads, lists and links files', async () => {
  const project = await initProject();
  try {
    const dir = project.dir;
    const created = await folio(['content-type', 'create', 'post', '--attr', 'title:string', 'cover:media', '--dir', dir]);
    assert.is(created.code, 0, created.stderr);
    assert.match(await readFile(join(dir, 'content-types/post.yaml'), 'utf8'), /\n {2}cover: \{ type: media \}\n/);
    const listed = JSON.parse((await folio(['content-type', 'list', '--json', '--dir', dir])).stdout) as Array<{ singularName: string; attributes: number }>;
    assert.equal(listed.map((type) => [type.singularName, type.attributes]), [['post', 2]]);
    assert.equal((await folio(['check', '--dir', dir])).code, 0);
  } finally {
    await project.cleanup();
  }
});

test('a data/files.json pulled with git whose rows name files outside the uploads folder: the server and the CLI delete the rows, never those files', async () => {
  const project = await initProject();
  const dir = project.dir;
  const server = await serve(dir);
  try {
    assert.is((await folio(['permission', 'grant', 'public', 'plugin::upload.content-api.destroy', 'plugin::upload.content-api.findOne', '--dir', dir])).code, 0);
    await writeFile(join(dir, 'keep.txt'), 'keep me');
    const stamp = '2026-01-01T00:00:00.000Z';
    const row = (id: number, hash: string, ext: string) => ({
      id, documentId: `pulled${id}`, name: 'pulled.jpg', alternativeText: null, caption: null, focalPoint: null, width: null, height: null, formats: null, hash, ext,
      mime: 'image/jpeg', size: 1, url: `/uploads/${hash}${ext}`, previewUrl: null, provider: 'local', provider_metadata: null, createdAt: stamp, updatedAt: stamp, publishedAt: stamp,
    });
    // As a pull request would bring it: the file written on disk under the running server.
    await writeFile(join(dir, 'data/files.json'), `${JSON.stringify({ nextId: 3, rows: [row(1, '../../keep', '.txt'), row(2, '..', '/../.env')] }, null, 2)}\n`);
    const check = await folio(['check', '--dir', dir]);
    assert.is(check.code, 1);
    assert.match(check.stdout, /^data\/files\.json:\d+: file 1: its stored name "\.\.\/\.\.\/keep\.txt" would leave the uploads folder/m);

    await eventually(async () => (await request(`${server.url}/api/upload/files/1`)).status === 200, 'the server follows the pulled data/files.json');
    const answer = await request(`${server.url}/api/upload/files/1`, { method: 'DELETE' });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const deleted = await folio(['media', 'delete', '2', '--dir', dir]);
    assert.is(deleted.code, 0, deleted.stderr);
    assert.is(await readFile(join(dir, 'keep.txt'), 'utf8'), 'keep me');
    assert.ok((await readFile(join(dir, '.env'), 'utf8')).includes('JWT_SECRET='), '.env is still there');
    assert.is((await folio(['check', '--dir', dir])).code, 0, 'with the rows gone, the project is well');
  } finally {
    await server.stop();
    await project.cleanup();
  }
});

test.run();
