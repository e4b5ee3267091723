import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApplicationError } from '../../src/errors.js';
import { createFileDocuments, createFileStore, type DocumentKey, type FileStore, type StoredDocument } from '../../src/storage/index.js';
import { deadPid, makeTempDir, rejects, removeTempDir } from './_helpers.js';

const key = (documentId: string, status: DocumentKey['status'] = 'draft', locale = 'en'): DocumentKey => ({ type: 'article', documentId, status, locale });

/** Writes a document file directly, as a person or a generator would. */
async function writeDocument(dir: string, { type, documentId, status, locale }: DocumentKey, text: string): Promise<void> {
  await mkdir(join(dir, 'content', type, documentId), { recursive: true });
  await writeFile(join(dir, 'content', type, documentId, `${status}.${locale}.json`), text);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const test = suite<{ dir: string; files: FileStore }>('createFileDocuments(files, dataDir).list');
test.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
test.after.each(({ dir }) => removeTempDir(dir));

test('when sweepTempFiles is set then list removes what a dead writer left and reports what a live one is writing', async ({ dir, files }) => {
  const dead = await deadPid();
  await writeDocument(dir, key('a1'), '{"n":1}');
  const typeDir = join(dir, 'content/article');
  const docDir = join(typeDir, 'a1');
  const deadFile = join(docDir, `.draft.en.json.${dead}.0123456789ab.tmp`);
  const deadFolder = join(typeDir, `.b2.${dead}.0123456789ab.tmp`);
  // A live writer's (our parent process) temp file: it may be mid-write, so it stays.
  const liveFile = join(docDir, `.published.en.json.${process.ppid}.0123456789ab.tmp`);
  const stray = join(docDir, 'notes.txt');
  await writeFile(deadFile, '{"n":');
  await mkdir(deadFolder);
  await writeFile(join(deadFolder, 'draft.en.json'), '');
  await writeFile(liveFile, '{"n":');
  await writeFile(stray, 'hello');

  const skipped: string[] = [];
  const documents = createFileDocuments(files, dir, { onSkip: (path) => skipped.push(path), sweepTempFiles: true });
  assert.equal(await documents.list('article'), [{ key: key('a1'), value: { n: 1 } }]);
  assert.equal(skipped.sort(), [liveFile, stray].sort());
  assert.not.ok(await exists(deadFile), 'the dead writer’s temp file is gone');
  assert.not.ok(await exists(deadFolder), 'the dead writer’s temp folder of a new document is gone');
  assert.ok(await exists(liveFile), 'the live writer’s temp file is kept');
});

test('when sweepTempFiles is not set then list removes nothing', async ({ dir, files }) => {
  const dead = await deadPid();
  await writeDocument(dir, key('a1'), '{"n":1}');
  const deadFile = join(dir, 'content/article/a1', `.draft.en.json.${dead}.0123456789ab.tmp`);
  await writeFile(deadFile, '{"n":');
  const skipped: string[] = [];
  await createFileDocuments(files, dir, { onSkip: (path) => skipped.push(path) }).list();
  assert.equal(skipped, [deadFile]);
  assert.ok(await exists(deadFile));
});

test('should read a document file larger than a read batch whole', async ({ dir, files }) => {
  const body = 'x'.repeat(9 * 1024 * 1024);
  await writeDocument(dir, key('big'), JSON.stringify({ body }));
  await writeDocument(dir, key('small'), '{"n":2}');
  const listed = await createFileDocuments(files, dir, { readerThreads: 0 }).list('article');
  assert.equal(listed.map((document) => document.key.documentId).sort(), ['big', 'small']);
  assert.is((listed.find((document) => document.key.documentId === 'big')!.value.body as string).length, body.length);
});

const threads = suite<{ dir: string; files: FileStore }>('createFileDocuments(files, dataDir).list of a large tree with reader threads');
threads.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
threads.after.each(({ dir }) => removeTempDir(dir));

/** Enough folders for list to start reader threads. */
const FOLDERS = 2_500;

async function writeTree(dir: string): Promise<void> {
  for (let start = 0; start < FOLDERS; start += 250) {
    await Promise.all(
      Array.from({ length: 250 }, async (_, i) => {
        const n = start + i;
        await writeDocument(dir, key(`d${n}`), JSON.stringify({ n, text: 'é✓ "quoted"' }));
        if (n % 3 === 0) await writeDocument(dir, key(`d${n}`, 'published', 'fr'), JSON.stringify({ n, published: true }));
        if (n % 500 === 0) await writeFile(join(dir, 'content/article', `d${n}`, 'notes.txt'), 'stray');
      }),
    );
  }
}

async function listWith(files: FileStore, dir: string, readerThreads: number): Promise<{ documents: StoredDocument[]; skipped: string[] }> {
  const skipped: string[] = [];
  const documents = await createFileDocuments(files, dir, { onSkip: (path) => skipped.push(path), readerThreads }).list();
  return { documents, skipped };
}

threads('should list the same documents in the same order, and skip the same entries, as one thread', async ({ dir, files }) => {
  await writeTree(dir);
  const alone = await listWith(files, dir, 0);
  const threaded = await listWith(files, dir, 2);
  assert.is(alone.documents.length, FOLDERS + Math.ceil(FOLDERS / 3));
  assert.equal(threaded.documents, alone.documents);
  assert.equal(threaded.skipped, alone.skipped);
  assert.is(alone.skipped.length, FOLDERS / 500);
  assert.equal(alone.documents.find((document) => document.key.documentId === 'd7')?.value, { n: 7, text: 'é✓ "quoted"' });
});

threads('when a document file is not valid JSON then the threaded list throws an ApplicationError naming it', async ({ dir, files }) => {
  await writeTree(dir);
  const bad = join(dir, 'content/article/d2001/draft.en.json');
  await writeFile(bad, '{"n": ');
  const error = await rejects(createFileDocuments(files, dir, { readerThreads: 2 }).list(), ApplicationError);
  assert.ok(error.message.includes(bad), error.message);
});

test.run();
threads.run();
