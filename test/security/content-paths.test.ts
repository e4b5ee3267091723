/**
 * No path made from content leaves its folder. A media file's stored name (`hash` + `ext`) comes
 * from a row that anyone who can write content may have shaped: `data/files.json` arrives with a
 * `git pull` or a pull request, an import brings rows, a database holds what it was given. Such a
 * row must never make the server read, serve, replace or delete a file outside the uploads folder.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FileRow } from '../../src/media/index.js';
import { folio } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

const UPLOAD_ACTIONS = ['upload', 'find', 'findOne', 'destroy'].map((action) => `plugin::upload.content-api.${action}`);
/** What a poisoned row points at: files of the project that are no upload. */
const PRECIOUS = { 'precious.txt': 'keep me', 'config/precious.yaml': 'keep: me\n' };

let api: ApiServer;

/** A file row as a hand or a pull request may write it, with the stored names given. */
async function plantRow(hash: string, ext: string, formats: FileRow['formats'] = null): Promise<number> {
  const stamp = new Date().toISOString();
  return api.project.tables.files.update((data) => {
    const row = {
      id: data.nextId++, documentId: `planted${data.nextId}`, name: 'innocent.jpg', alternativeText: null, caption: null, focalPoint: null, width: null, height: null, formats,
      hash, ext, mime: 'image/jpeg', size: 1, url: `/uploads/${hash}${ext}`, previewUrl: null, provider: 'local', provider_metadata: null, createdAt: stamp, updatedAt: stamp, publishedAt: stamp,
    } as FileRow;
    data.rows.push(row);
    return row.id;
  });
}

async function assertPreciousKept(): Promise<void> {
  for (const [path, text] of Object.entries(PRECIOUS)) assert.is(await readFile(join(api.dir, path), 'utf8'), text, `${path} is still there`);
}

const test = suite('stored names of media files from content');
test.before(async () => {
  api = await apiServer({ publicActions: UPLOAD_ACTIONS, files: PRECIOUS });
});
test.after(() => api.close());

test('DELETE /api/upload/files/:id of a row whose names climb out removes the row and touches no file outside the uploads folder', async () => {
  const format = { name: 'thumbnail_x', hash: '../../config/precious', ext: '.yaml', mime: 'image/jpeg', path: null, width: 1, height: 1, size: 1, sizeInBytes: 1, url: '/uploads/x' };
  const id = await plantRow('../..', '/precious.txt', { thumbnail: format });
  const answer = await api.del(`/api/upload/files/${id}`);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  assert.is((await api.get(`/api/upload/files/${id}`)).status, 404, 'the row is gone');
  await assertPreciousKept();
});

test('POST /api/upload?id= replacing the bytes of such a row stores the new file and removes nothing outside', async () => {
  const id = await plantRow('../../precious', '.txt');
  const form = new FormData();
  form.append('files', new Blob([await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).png().toBuffer()], { type: 'image/png' }), 'new.png');
  const answer = await fetch(`${api.url}/api/upload?id=${id}`, { method: 'POST', body: form });
  const body = (await answer.json()) as FileRow;
  assert.is(answer.status, 200, JSON.stringify(body));
  assert.ok(/^innocent_jpg_[0-9a-f]{10}\.png$/.test(`${body.hash}${body.ext}`), `a plain stored name of its own: ${body.hash}${body.ext}`);
  assert.is((await fetch(`${api.url}${body.url}`)).status, 200);
  await assertPreciousKept();
});

test('folio media delete of such a row deletes the row and nothing outside', async () => {
  const id = await plantRow('..', '/../precious.txt');
  const result = await folio(['media', 'delete', String(id), '--dir', api.dir]);
  assert.is(result.code, 0, result.stderr);
  const listed = JSON.parse((await folio(['media', 'list', '--json', '--dir', api.dir])).stdout) as FileRow[];
  assert.not.ok(listed.some((row) => row.id === id), 'the row is gone');
  await assertPreciousKept();
});

test('/uploads/ serves a file of the folder, never a link in it to a file elsewhere', async () => {
  const uploads = join(api.dir, 'public/uploads');
  await mkdir(uploads, { recursive: true });
  await symlink(join(api.dir, 'precious.txt'), join(uploads, 'linked.txt'));
  await writeFile(join(uploads, 'plain.txt'), 'served');
  assert.is(await (await fetch(`${api.url}/uploads/plain.txt`)).text(), 'served');
  const linked = await fetch(`${api.url}/uploads/linked.txt`);
  assert.is(linked.status, 404);
  assert.not.ok((await linked.text()).includes('keep me'));
});

test.run();
