import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApplicationError, ValidationError } from '../../src/errors.js';
import { createFileStore, openTable, type FileStore, type Row } from '../../src/storage/index.js';
import { tableContract } from './contract.js';
import { makeTempDir, rejects, removeTempDir } from './_helpers.js';

tableContract('openTable(files, dataDir, name)', async () => {
  const dir = await makeTempDir();
  return { subject: await openTable(createFileStore(), dir, 'counters'), cleanup: () => removeTempDir(dir) };
});

interface User extends Row {
  username: string;
  email?: string;
}

const addUser = (table: { update: (change: (d: { nextId: number; rows: User[] }) => unknown) => Promise<unknown> }, username: string) =>
  table.update((data) => {
    const id = data.nextId++;
    data.rows.push({ id, documentId: `u${id}`, username });
  });

const test = suite<{ dir: string; files: FileStore }>('openTable(files, dataDir, name) on disk');
test.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
test.after.each(({ dir }) => removeTempDir(dir));

test('should keep the table in <dataDir>/<name>.json, sorted, pretty-printed, with a final newline', async ({ dir, files }) => {
  const users = await openTable<User>(files, dir, 'users');
  await users.update((data) => {
    data.rows.push({ username: 'ada', id: 1, documentId: 'u1', email: 'ada@example.com' });
    data.nextId = 2;
  });
  const text = await readFile(join(dir, 'users.json'), 'utf8');
  assert.is(
    text,
    '{\n  "nextId": 2,\n  "rows": [\n    {\n      "documentId": "u1",\n      "email": "ada@example.com",\n      "id": 1,\n      "username": "ada"\n    }\n  ]\n}\n',
  );
});

test('should leave no lock or temp file behind after an update', async ({ dir, files }) => {
  await addUser(await openTable<User>(files, dir, 'users'), 'ada');
  assert.equal(await readdir(dir), ['users.json']);
});

test('should read an existing file when opened', async ({ dir, files }) => {
  await writeFile(join(dir, 'roles.json'), JSON.stringify({ nextId: 3, rows: [{ id: 1, documentId: 'r1', name: 'Public' }] }));
  const roles = await openTable(files, dir, 'roles');
  assert.equal(roles.rows(), [{ id: 1, documentId: 'r1', name: 'Public' }]);
  assert.is(await roles.update((data) => data.nextId), 3);
});

test('when change throws then the file is not written', async ({ dir, files }) => {
  const users = await openTable<User>(files, dir, 'users');
  await addUser(users, 'ada');
  const before = await readFile(join(dir, 'users.json'), 'utf8');
  await rejects(
    users.update((data) => {
      data.rows.length = 0;
      throw new Error('no');
    }),
    Error,
  );
  assert.is(await readFile(join(dir, 'users.json'), 'utf8'), before);
  assert.equal(await readdir(dir), ['users.json']);
});

test('when another instance wrote the file then refresh reloads it and answers true once', async ({ dir, files }) => {
  const server = await openTable<User>(files, dir, 'users');
  const cli = await openTable<User>(createFileStore(), dir, 'users');
  await addUser(cli, 'ada');
  assert.equal(server.rows(), []);
  assert.is(server.refresh(), true);
  assert.equal(server.rows().map((u) => u.username), ['ada']);
  assert.is(server.refresh(), false);
});

test('when another instance wrote the file then update re-reads it first and loses nothing', async ({ dir, files }) => {
  const server = await openTable<User>(files, dir, 'users');
  const cli = await openTable<User>(createFileStore(), dir, 'users');
  await addUser(server, 'ada');
  await addUser(cli, 'bob');
  await addUser(server, 'cy');
  const onDisk = JSON.parse(await readFile(join(dir, 'users.json'), 'utf8')) as { nextId: number; rows: User[] };
  assert.equal(onDisk.rows.map((u) => [u.id, u.username]), [[1, 'ada'], [2, 'bob'], [3, 'cy']]);
  assert.is(onDisk.nextId, 4);
  assert.equal(server.rows(), onDisk.rows);
});

test('when the file was deleted then refresh empties the table', async ({ dir, files }) => {
  const users = await openTable<User>(files, dir, 'users');
  await addUser(users, 'ada');
  await rm(join(dir, 'users.json'));
  assert.is(users.refresh(), true);
  assert.equal(users.rows(), []);
});

test('when the file is corrupt then open, refresh and update throw an ApplicationError naming it and never empty it', async ({ dir, files }) => {
  const file = join(dir, 'users.json');
  await writeFile(file, '{"nextId": 2, "rows": [');
  const opened = await rejects(openTable(files, dir, 'users'), ApplicationError);
  assert.ok(opened.message.includes(file), opened.message);

  const users = await openTable<User>(files, dir, 'users-ok');
  await writeFile(join(dir, 'users-ok.json'), '{ oops');
  assert.ok((await rejects(Promise.resolve().then(() => users.refresh()), ApplicationError)).message.includes('users-ok.json'));
  await rejects(addUser(users, 'ada'), ApplicationError);
  assert.is(await readFile(join(dir, 'users-ok.json'), 'utf8'), '{ oops');
});

test('when the file is JSON of the wrong shape then open throws an ApplicationError naming it', async ({ dir, files }) => {
  await writeFile(join(dir, 'users.json'), '[]');
  assert.ok((await rejects(openTable(files, dir, 'users'), ApplicationError)).message.includes('users.json'));
});

test('when an update is still waiting for its lock then whenIdle waits for it too', async ({ dir, files }) => {
  const users = await openTable<User>(files, dir, 'users');
  let release!: () => void;
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const holder = files.withLock(join(dir, '.users.lock'), async () => {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await inside;
  const update = addUser(users, 'ada');
  let idle = false;
  const idleNow = files.whenIdle().then(() => (idle = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.is(idle, false);
  release();
  await Promise.all([holder, update, idleNow]);
  assert.equal(users.rows().map((u) => u.username), ['ada']);
});

test('when the name could leave the data directory then open throws a ValidationError', async ({ dir, files }) => {
  await rejects(openTable(files, dir, '../x'), ValidationError);
  await rejects(openTable(files, dir, 'a/b'), ValidationError);
});

test.run();
