import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApplicationError } from '../../src/errors.js';
import { createFileStore, type FileStore } from '../../src/storage/index.js';
import { deadPid, makeTempDir, rejects, removeTempDir, runFixture } from './_helpers.js';

const exists = (path: string) => stat(path).then(() => true, () => false);
const turn = () => new Promise((resolve) => setImmediate(resolve));

const test = suite<{ dir: string; lockPath: string; withLock: FileStore['withLock'] }>('files.withLock(lockPath, fn)');
test.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.lockPath = join(context.dir, '.counter.lock');
  context.withLock = createFileStore().withLock;
});
test.after.each(({ dir }) => removeTempDir(dir));

test('should answer what fn returns and remove the lock file afterwards', async ({ lockPath, withLock }) => {
  assert.is(await withLock(lockPath, async () => ((await exists(lockPath)) ? 'held' : 'not held')), 'held');
  assert.is(await exists(lockPath), false);
});

test('should write "<pid>:<nonce>" into the lock file', async ({ lockPath, withLock }) => {
  const content = await withLock(lockPath, () => readFile(lockPath, 'utf8'));
  assert.match(content, new RegExp(`^${process.pid}:[0-9a-f]+$`));
});

test('when fn throws then the error reaches the caller and the lock is released', async ({ lockPath, withLock }) => {
  const failure = new Error('boom');
  assert.is(await rejects(withLock(lockPath, () => Promise.reject(failure)), Error), failure);
  assert.is(await exists(lockPath), false);
  assert.is(await withLock(lockPath, () => 'again'), 'again');
});

test('when callers in one process overlap then they run one at a time', async ({ lockPath, withLock }) => {
  let inside = 0;
  let most = 0;
  let count = 0;
  await Promise.all(
    Array.from({ length: 20 }, () =>
      withLock(lockPath, async () => {
        most = Math.max(most, ++inside);
        const seen = count;
        await turn();
        count = seen + 1;
        inside--;
      }),
    ),
  );
  assert.is(count, 20);
  assert.is(most, 1);
});

test('when fn takes the same lock again then the inner call runs instead of waiting on itself', async ({ lockPath, withLock }) => {
  const inner = await withLock(lockPath, () => withLock(lockPath, () => 'inner', { timeoutMs: 200 }));
  assert.is(inner, 'inner');
  assert.is(await exists(lockPath), false);
});

test('when every lock was released then a later nested call still runs at once', async ({ lockPath, dir, withLock }) => {
  await withLock(lockPath, () => 'first');
  const other = join(dir, '.other.lock');
  // Two chains hold locks at once; the first to finish must not cut the other's nesting short.
  const slow = withLock(other, async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return withLock(other, () => 'nested in other', { timeoutMs: 500 });
  });
  const fast = withLock(lockPath, () => withLock(lockPath, () => 'nested'));
  assert.equal(await Promise.all([fast, slow]), ['nested', 'nested in other']);
});

test('when the lock file was replaced by someone else then release leaves it alone', async ({ lockPath, withLock }) => {
  await withLock(lockPath, () => writeFile(lockPath, '999999:abc'));
  assert.is(await readFile(lockPath, 'utf8'), '999999:abc');
});

test('when the lock file names a dead process then it is taken over', async ({ lockPath, withLock }) => {
  await writeFile(lockPath, `${await deadPid()}:0123456789abcdef`);
  assert.is(await withLock(lockPath, () => 'mine'), 'mine');
  assert.is(await exists(lockPath), false);
});

test('when the lock file names this process but a nonce it does not hold then it is taken over', async ({ lockPath, withLock }) => {
  // A previous process with our pid (pid 1 in a container restarted after a crash).
  await writeFile(lockPath, `${process.pid}:ffffffffffffffff`);
  assert.is(await withLock(lockPath, () => 'mine'), 'mine');
});

test('when an empty lock file is a few seconds old then it is taken over', async ({ lockPath, withLock }) => {
  await writeFile(lockPath, '');
  const past = new Date(Date.now() - 60_000);
  await utimes(lockPath, past, past);
  assert.is(await withLock(lockPath, () => 'mine'), 'mine');
});

test('when the holder was killed with SIGKILL then its lock is taken over', async ({ lockPath, withLock }) => {
  const holder = runFixture('hold-lock', [lockPath]);
  await holder.waitFor(/^locked$/);
  holder.kill('SIGKILL');
  await holder.closed;
  assert.match(await readFile(lockPath, 'utf8'), new RegExp(`^${holder.pid}:`));
  assert.is(await withLock(lockPath, () => 'mine'), 'mine');
});

test('when a live holder keeps the lock past the timeout then the error names the holder pid and the lock', async ({ lockPath, withLock }) => {
  const holder = runFixture('hold-lock', [lockPath]);
  try {
    await holder.waitFor(/^locked$/);
    const error = await rejects(withLock(lockPath, () => 'never', { timeoutMs: 300 }), ApplicationError);
    assert.ok(error.message.includes(`locked by process ${holder.pid}`), error.message);
    assert.ok(error.message.includes('.counter.lock'), error.message);
    assert.ok(error.message.endsWith('try again'), error.message);
  } finally {
    holder.kill('SIGKILL');
    await holder.closed;
  }
});

test('when a caller in this process times out in the queue then the callers behind it still get the lock', async ({ lockPath, withLock }) => {
  let release!: () => void;
  const holding = withLock(lockPath, () => new Promise<void>((resolve) => (release = resolve)));
  const gaveUp = rejects(withLock(lockPath, () => 'never', { timeoutMs: 50 }), ApplicationError);
  const patient = withLock(lockPath, () => 'patient');
  const error = await gaveUp;
  assert.ok(error.message.includes(`process ${process.pid}`), error.message);
  release();
  await holding;
  assert.is(await patient, 'patient');
});

test('when several processes increment one table at once then no update is lost', async ({ dir }) => {
  const processes = 4;
  const times = 40;
  const children = Array.from({ length: processes }, () => runFixture('increment', [dir, String(times)]));
  const results = await Promise.all(children.map((child) => child.closed));
  for (const result of results) assert.is(result.code, 0, result.stderr);
  const table = JSON.parse(await readFile(join(dir, 'counter.json'), 'utf8')) as { rows: Array<{ count: number }> };
  assert.equal(table.rows.map((row) => row.count), [processes * times]);
  assert.is(await exists(join(dir, '.counter.lock')), false);
});

test.run();
