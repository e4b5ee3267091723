import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApplicationError } from '../../src/errors.js';
import { createFileStore, type FileStore } from '../../src/storage/index.js';
// Inner file on purpose: the sweep test names a temp file the way another store of this process would.
import { PROCESS_TAG } from '../../src/storage/process-tag.js';
import { makeTempDir, rejects, removeTempDir, settlesAtOnce } from './_helpers.js';

const test = suite<{ dir: string; a: FileStore; b: FileStore }>('createFileStore(): two stores in one process');
test.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.a = createFileStore();
  context.b = createFileStore();
});
test.after.each(({ dir }) => removeTempDir(dir));

test('when one store has work pending then the other store’s whenIdle resolves at once', async ({ dir, a, b }) => {
  const lockPath = join(dir, '.users.lock');
  let release!: () => void;
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const holder = a.withLock(lockPath, async () => {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await inside;
  // A table update of store a, waiting in line for the lock: a's work, not b's.
  const update = a.track(() => a.withLock(lockPath, () => a.writeFileAtomic(join(dir, 'users.json'), '{}\n')));
  void a.writeFileAtomic(join(dir, 'roles.json'), '{}\n');
  await b.writeFileAtomic(join(dir, 'b.json'), 'b');

  assert.is(await settlesAtOnce(b.whenIdle()), true);
  const aIdle = a.whenIdle();
  assert.is(await settlesAtOnce(aIdle), false);
  release();
  await Promise.all([holder, update]);
  await aIdle;
  assert.is(await readFile(join(dir, 'users.json'), 'utf8'), '{}\n');
});

test('when another store of this process holds a lock then it waits on the file and never takes it over', async ({ dir, a, b }) => {
  const lockPath = join(dir, '.users.lock');
  const content = await a.withLock(lockPath, async () => {
    // The lock file names our own pid: b must see a live holder, not a previous process with our pid.
    const error = await rejects(b.withLock(lockPath, () => 'stolen', { timeoutMs: 150 }), ApplicationError);
    assert.ok(error.message.includes(`locked by process ${process.pid}`), error.message);
    return readFile(lockPath, 'utf8');
  });
  assert.match(content, new RegExp(`^${process.pid}:${PROCESS_TAG}[0-9a-f]+$`));
  assert.is(await b.withLock(lockPath, () => 'after'), 'after');
  assert.equal(await readdir(dir), []);
});

test('when a call nests withLock on the same lock then it runs at once within one store only', async ({ dir, a, b }) => {
  const lockPath = join(dir, '.users.lock');
  assert.is(await a.withLock(lockPath, () => a.withLock(lockPath, () => 'nested', { timeoutMs: 150 })), 'nested');
  await rejects(a.withLock(lockPath, () => b.withLock(lockPath, () => 'across stores', { timeoutMs: 150 })), ApplicationError);
  assert.is(await b.withLock(lockPath, () => b.withLock(lockPath, () => 'nested in b', { timeoutMs: 150 })), 'nested in b');
});

test('when sweeping then a temp file of another store of this process is kept, and one of an earlier process with our pid is removed', async ({ dir, b }) => {
  const otherTag = PROCESS_TAG.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
  const sibling = join(dir, `.users.json.${process.pid}.${PROCESS_TAG}000001.tmp`);
  const earlier = join(dir, `.roles.json.${process.pid}.${otherTag}000001.tmp`);
  const leaked = join(dir, `.tokens.json.${process.pid}.${PROCESS_TAG}000002.tmp`);
  for (const file of [sibling, earlier, leaked]) await writeFile(file, '{');
  // Past the age limit, a file of this process that no store is writing is a leftover like any other.
  const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(leaked, hoursAgo, hoursAgo);
  assert.equal((await b.removeStaleTempFiles(dir)).sort(), [earlier, leaked].sort());
  assert.equal(await readdir(dir), [`.users.json.${process.pid}.${PROCESS_TAG}000001.tmp`]);
});

test.run();
