import { readdir, readFile, stat, writeFile, mkdir, utimes } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFileStore, type FileStore } from '../../src/storage/index.js';
import { deadPid, makeTempDir, removeTempDir, settlesAtOnce } from './_helpers.js';

const write = suite<{ dir: string; files: FileStore }>('files.writeFileAtomic(path, data)');
write.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
write.after.each(({ dir }) => removeTempDir(dir));

write('should create missing parent directories', async ({ dir, files }) => {
  const file = join(dir, 'a', 'b', 'c.json');
  await files.writeFileAtomic(file, '{}\n');
  assert.is(await readFile(file, 'utf8'), '{}\n');
  assert.is((await stat(join(dir, 'a'))).mode & 0o077, 0);
});

write('should write Buffers as well as strings', async ({ dir, files }) => {
  const file = join(dir, 'bytes.bin');
  await files.writeFileAtomic(file, Buffer.from([0, 1, 2, 255]));
  assert.equal([...(await readFile(file))], [0, 1, 2, 255]);
});

write('should use mode 0o600 unless told otherwise', async ({ dir, files }) => {
  await files.writeFileAtomic(join(dir, 'secret.json'), 'x');
  await files.writeFileAtomic(join(dir, 'public.txt'), 'x', { mode: 0o644 });
  assert.is((await stat(join(dir, 'secret.json'))).mode & 0o777, 0o600);
  assert.is((await stat(join(dir, 'public.txt'))).mode & 0o777, 0o644 & ~process.umask());
});

write('when 100 writes to one file race then it ends valid, holding the last acknowledged value, with no temp file left', async ({ dir, files }) => {
  const file = join(dir, 'doc.json');
  const acknowledged: number[] = [];
  await Promise.all(
    Array.from({ length: 100 }, (_, n) =>
      files.writeFileAtomic(file, JSON.stringify({ n, padding: 'x'.repeat(1000 * (n % 7)) })).then(() => {
        // Each caller resolves only once data at least as new as its own is on disk.
        const onDisk = JSON.parse(readFileSync(file, 'utf8')) as { n: number };
        assert.ok(onDisk.n >= n, `write ${n} resolved while the file held ${onDisk.n}`);
        acknowledged.push(n);
      }),
    ),
  );
  assert.is(acknowledged.length, 100);
  assert.is((JSON.parse(await readFile(file, 'utf8')) as { n: number }).n, 99);
  assert.equal(await readdir(dir), ['doc.json']);
});

write('when writes to different files race then each file gets its own data', async ({ dir, files }) => {
  await Promise.all(Array.from({ length: 50 }, (_, n) => files.writeFileAtomic(join(dir, `f${n}.json`), String(n))));
  for (let n = 0; n < 50; n++) assert.is(await readFile(join(dir, `f${n}.json`), 'utf8'), String(n));
  assert.is((await readdir(dir)).length, 50);
});

write('when the write fails then the error reaches the caller and no temp file is left', async ({ dir, files }) => {
  await mkdir(join(dir, 'taken'));
  await writeFile(join(dir, 'taken', 'inside'), 'x');
  // Renaming a file over a non-empty directory fails (EISDIR / ENOTEMPTY).
  let failed = false;
  await files.writeFileAtomic(join(dir, 'taken'), 'data').catch(() => (failed = true));
  assert.ok(failed);
  assert.equal(await readdir(dir), ['taken']);
});

write.run();

const remove = suite<{ dir: string; files: FileStore }>('files.removeFile(path)');
remove.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
remove.after.each(({ dir }) => removeTempDir(dir));

remove('should delete the file, and do nothing when it is missing', async ({ dir, files }) => {
  await files.writeFileAtomic(join(dir, 'a.json'), '1');
  await files.removeFile(join(dir, 'a.json'));
  await files.removeFile(join(dir, 'a.json'));
  assert.equal(await readdir(dir), []);
});

remove('when a write and a remove are issued in that order then the file ends removed', async ({ dir, files }) => {
  const file = join(dir, 'a.json');
  await Promise.all([files.writeFileAtomic(file, '1'), files.removeFile(file)]);
  assert.equal(await readdir(dir), []);
  await Promise.all([files.removeFile(file), files.writeFileAtomic(file, '2')]);
  assert.equal(await readdir(dir), ['a.json']);
});

remove.run();

const idle = suite<{ dir: string; files: FileStore }>('files.whenIdle()');
idle.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
idle.after.each(({ dir }) => removeTempDir(dir));

idle('should resolve at once when nothing is being written, and again once the writes have landed', async ({ dir, files }) => {
  assert.is(await settlesAtOnce(files.whenIdle()), true);
  await files.writeFileAtomic(join(dir, 'a.json'), '1');
  assert.is(await settlesAtOnce(files.whenIdle()), true);
});

idle('when a tracked task is still running then it does not resolve until the task settles', async ({ files }) => {
  let finish!: () => void;
  const task = files.track(() => new Promise<void>((resolve) => (finish = resolve)));
  const quiet = files.whenIdle();
  assert.is(await settlesAtOnce(quiet), false);
  finish();
  await task;
  assert.is(await settlesAtOnce(quiet), true);
});

idle('should resolve only after every queued write has landed', async ({ dir, files }) => {
  const settled: number[] = [];
  for (let n = 0; n < 20; n++) void files.writeFileAtomic(join(dir, `f${n % 4}.json`), String(n)).then(() => settled.push(n));
  await files.whenIdle();
  assert.is(settled.length, 20);
  for (let f = 0; f < 4; f++) assert.is(await readFile(join(dir, `f${f}.json`), 'utf8'), String(16 + f));
});

idle.run();

const sweep = suite<{ dir: string; files: FileStore }>('files.removeStaleTempFiles(dir)');
sweep.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
sweep.after.each(({ dir }) => removeTempDir(dir));

sweep('should remove our temp files left by dead processes, at any depth, and nothing else', async ({ dir, files }) => {
  const dead = await deadPid();
  const nested = join(dir, 'content', 'article', 'a1');
  await mkdir(nested, { recursive: true });
  const stale = [join(dir, `.users.json.${dead}.0123456789ab.tmp`), join(nested, `.draft.en.json.${dead}.abcdef012345.tmp`), join(dir, `.roles.json.${process.pid}.0123456789ab.tmp`)];
  const kept = [
    join(dir, 'users.json'),
    join(dir, 'notes.tmp'),
    join(dir, `users.json.${dead}.0123456789ab.tmp`),
    join(dir, `.users.json.${dead}.xyz.tmp`),
    join(nested, 'draft.en.json'),
    // A live writer's temp file (here our parent process): it may be mid-write right now.
    join(dir, `.users.json.${process.ppid}.0123456789ab.tmp`),
  ];
  for (const file of [...stale, ...kept]) await writeFile(file, '{');
  const removed = await files.removeStaleTempFiles(dir);
  assert.equal(removed.sort(), stale.sort());
  for (const file of kept) await stat(file);
});

sweep('when a live pid wrote a temp file long ago then the pid was reused and the file is removed', async ({ dir, files }) => {
  const file = join(dir, `.users.json.${process.ppid}.0123456789ab.tmp`);
  await writeFile(file, '{');
  const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(file, hourAgo, hourAgo);
  assert.equal(await files.removeStaleTempFiles(dir), [file]);
});

sweep('should remove the temp folder of a new document that a dead process left, and keep a live one’s', async ({ dir, files }) => {
  const dead = await deadPid();
  const stale = join(dir, 'content', 'article', `.a1.${dead}.0123456789ab.tmp`);
  const live = join(dir, 'content', 'article', `.a2.${process.ppid}.0123456789ab.tmp`);
  for (const folder of [stale, live]) {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'draft.en.json'), '{');
  }
  assert.equal(await files.removeStaleTempFiles(dir), [stale]);
  assert.equal(await readdir(join(dir, 'content', 'article')), [`.a2.${process.ppid}.0123456789ab.tmp`]);
  assert.equal(await readdir(live), ['draft.en.json']);
});

sweep('when told to except folders then it leaves what is inside them', async ({ dir, files }) => {
  const dead = await deadPid();
  const excepted = join(dir, 'content', 'article');
  const inside = join(excepted, 'a1', `.draft.en.json.${dead}.0123456789ab.tmp`);
  const outside = join(dir, 'content', 'page', 'p1', `.draft.en.json.${dead}.0123456789ab.tmp`);
  for (const file of [inside, outside]) {
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, '{');
  }
  assert.equal(await files.removeStaleTempFiles(dir, { except: [excepted] }), [outside]);
  await stat(inside);
});

sweep('when the directory does not exist then it answers an empty list', async ({ dir, files }) => {
  assert.equal(await files.removeStaleTempFiles(join(dir, 'missing')), []);
});

sweep.run();
