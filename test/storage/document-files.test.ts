import { watch, type PathLike } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApplicationError, ValidationError } from '../../src/errors.js';
import { createFileDocuments, createFileStore, parseDocumentFileName, type DocumentKey, type FileStore } from '../../src/storage/index.js';
import { documentContract } from './contract.js';
import { makeTempDir, rejects, removeTempDir } from './_helpers.js';
import { eventually } from '../_helpers/index.js';

documentContract('createFileDocuments(files, dataDir)', async () => {
  const dir = await makeTempDir();
  return { subject: createFileDocuments(createFileStore(), dir, { onSkip: () => undefined }), cleanup: () => removeTempDir(dir) };
});

const key: DocumentKey = { type: 'article', documentId: 'a1b2c3', status: 'published', locale: 'fr-FR' };

const test = suite<{ dir: string; files: FileStore }>('createFileDocuments(files, dataDir) on disk');
test.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.files = createFileStore();
});
test.after.each(({ dir }) => removeTempDir(dir));

test('should store a version at content/<type>/<documentId>/<status>.<locale>.json', async ({ dir, files }) => {
  await createFileDocuments(files, dir).put(key, { title: 'Bonjour' });
  assert.equal(await readdir(join(dir, 'content', 'article', 'a1b2c3')), ['published.fr-FR.json']);
});

test('should write sorted keys, two-space indentation and a final newline', async ({ dir, files }) => {
  await createFileDocuments(files, dir).put(key, { title: 'T', body: { z: 1, a: [2, 1] } });
  const text = await readFile(join(dir, 'content/article/a1b2c3/published.fr-FR.json'), 'utf8');
  assert.is(text, '{\n  "body": {\n    "a": [\n      2,\n      1\n    ],\n    "z": 1\n  },\n  "title": "T"\n}\n');
});

test('should create data files readable by the owner only', async ({ dir, files }) => {
  await createFileDocuments(files, dir).put(key, { title: 'T' });
  const mode = (await stat(join(dir, 'content/article/a1b2c3/published.fr-FR.json'))).mode & 0o777;
  assert.is(mode & 0o077, 0);
});

test('should write a new document through a temporary directory and leave nothing else behind', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  await Promise.all(['d1', 'd2', 'd3'].map((documentId) =>
    documents.putAll([
      { key: { ...key, documentId, status: 'draft' }, value: { n: 1 } },
      { key: { ...key, documentId }, value: { n: 2 } },
    ]),
  ));
  assert.equal((await readdir(join(dir, 'content', 'article'))).sort(), ['d1', 'd2', 'd3']);
  for (const documentId of ['d1', 'd2', 'd3']) {
    assert.equal((await readdir(join(dir, 'content', 'article', documentId))).sort(), ['draft.fr-FR.json', 'published.fr-FR.json']);
    const mode = (await stat(join(dir, 'content', 'article', documentId))).mode & 0o777;
    assert.is(mode & 0o077, 0, 'the document directory is the owner\'s only');
  }
});

test('should add versions to an existing document without temporary files left', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  await documents.put(key, { n: 1 });
  await documents.putAll([{ key: { ...key, status: 'draft' }, value: { n: 2 } }, { key, value: { n: 3 } }]);
  assert.equal((await readdir(join(dir, 'content', 'article', 'a1b2c3'))).sort(), ['draft.fr-FR.json', 'published.fr-FR.json']);
  assert.equal(await documents.get(key), { n: 3 });
});

/**
 * What fs.watch reports for `dir` while `work` runs, up to the event of each of `last` (a watch
 * reports a folder's events in the order they happened: any event of a temp file comes before).
 */
async function watched(dir: string, last: string[], work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const watcher = watch(dir, (_event, name) => seen.push(String(name)));
  try {
    await work();
    await eventually(async () => last.every((name) => seen.includes(name)), `the events of ${last.join(', ')}`);
  } finally {
    watcher.close();
  }
  return seen;
}

test('should make temp files in content/.staging, so that a watcher of the folders sees only the files put in place', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  await documents.put(key, { n: 1 });
  const docDir = join(dir, 'content/article/a1b2c3');
  // An update: each file arrives by one rename, with no temp file of its own in the document's folder.
  const updated = await watched(docDir, ['draft.fr-FR.json', 'published.fr-FR.json'], () => documents.putAll([{ key: { ...key, status: 'draft' }, value: { n: 2 } }, { key, value: { n: 3 } }]));
  assert.equal([...new Set(updated)].sort(), ['draft.fr-FR.json', 'published.fr-FR.json']);
  assert.is(updated.length, 2, 'one event per file');
  // A create: the new document's folder appears in its type's folder whole, by one rename.
  const created = await watched(join(dir, 'content/article'), ['n3w'], () => documents.putAll([{ key: { ...key, documentId: 'n3w' }, value: { n: 1 } }]));
  assert.equal(created, ['n3w']);
  assert.equal(await readdir(join(dir, 'content/.staging')), [], 'nothing left behind');
  assert.equal(await documents.get({ ...key, documentId: 'n3w' }), { n: 1 });
});

test('should make the staging folder and the first folder of a type when they are missing', async ({ dir, files }) => {
  const skipped: string[] = [];
  const documents = createFileDocuments(files, dir, { onSkip: (path) => skipped.push(path) });
  await documents.putAll([{ key, value: { n: 1 } }]);
  await rm(join(dir, 'content/.staging'), { recursive: true });
  await documents.putAll([{ key: { ...key, type: 'page' }, value: { n: 2 } }]);
  await documents.put({ ...key, status: 'draft' }, { n: 3 });
  assert.equal((await documents.list()).map(({ value }) => value), [{ n: 3 }, { n: 1 }, { n: 2 }]);
  assert.equal(skipped, [], 'the staging folder is not a content type');
});

test('when a type folder is on another file system than the staging folder then its writes make their temp files beside them', async ({ dir }) => {
  // A folder mounted or linked from another disk: a rename from content/.staging into it fails EXDEV.
  let refused = 0;
  const crossDevice = async (from: PathLike, to: PathLike) => {
    if (String(from).includes(`${sep}.staging${sep}`) && String(to).includes(`${sep}page${sep}`)) {
      refused++;
      throw Object.assign(new Error('EXDEV: cross-device link not permitted, rename'), { code: 'EXDEV' });
    }
    return rename(from, to);
  };
  const files = createFileStore({ fs: { open, mkdir, rename: crossDevice, unlink, rm, rmdir, stat } });
  const documents = createFileDocuments(files, dir);
  const page = { ...key, type: 'page' };
  await documents.putAll([{ key: page, value: { n: 1 } }]); // a new document
  await documents.putAll([{ key: { ...page, status: 'draft' }, value: { n: 2 } }, { key: page, value: { n: 3 } }]); // an update
  await documents.putAll([{ key, value: { n: 4 } }]); // another type, through the staging folder
  assert.equal(await documents.get({ ...page, status: 'draft' }), { n: 2 });
  assert.equal(await documents.get(page), { n: 3 });
  assert.equal(await documents.get(key), { n: 4 });
  assert.equal((await readdir(join(dir, 'content/page/a1b2c3'))).sort(), ['draft.fr-FR.json', 'published.fr-FR.json'], 'no temp file left beside them');
  assert.equal(await readdir(join(dir, 'content/.staging')), [], 'nor in the staging folder');
  assert.is(refused, 1, 'once refused, that folder is written without the staging folder');
});

test('when a key tries to escape then nothing is written outside the data directory', async ({ dir, files }) => {
  const documents = createFileDocuments(files, join(dir, 'data'));
  await rejects(documents.put({ ...key, type: '../x' }, { n: 1 }), ValidationError);
  await rejects(documents.put({ ...key, documentId: '../../x' }, { n: 1 }), ValidationError);
  await rejects(documents.put({ ...key, locale: '../x' }, { n: 1 }), ValidationError);
  assert.equal(await readdir(dir), []);
});

test('when the last version of a document is removed then its directory goes too', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  await documents.put(key, { n: 1 });
  await documents.put({ ...key, status: 'draft' }, { n: 2 });
  await documents.remove(key);
  assert.equal(await readdir(join(dir, 'content/article')), ['a1b2c3']);
  await documents.remove({ ...key, status: 'draft' });
  assert.equal(await readdir(join(dir, 'content/article')), []);
});

test('when list meets temp files and stray files then it skips and reports them', async ({ dir, files }) => {
  const skipped: string[] = [];
  const documents = createFileDocuments(files, dir, { onSkip: (path) => skipped.push(path) });
  await documents.put(key, { n: 1 });
  const docDir = join(dir, 'content/article/a1b2c3');
  await writeFile(join(docDir, '.published.fr-FR.json.4242.0123456789ab.tmp'), '{"n":');
  await writeFile(join(docDir, 'notes.txt'), 'hello');
  await writeFile(join(dir, 'content', 'README'), 'hello');
  assert.equal(await documents.list(), [{ key, value: { n: 1 } }]);
  assert.equal(skipped.sort(), [join(dir, 'content', 'README'), join(docDir, '.published.fr-FR.json.4242.0123456789ab.tmp'), join(docDir, 'notes.txt')].sort());
});

test('when a document file is not valid JSON then get and list throw an ApplicationError naming it', async ({ dir, files }) => {
  const file = join(dir, 'content/article/a1b2c3/published.fr-FR.json');
  await mkdir(join(dir, 'content/article/a1b2c3'), { recursive: true });
  await writeFile(file, '{"title": ');
  const documents = createFileDocuments(files, dir);
  assert.ok((await rejects(documents.get(key), ApplicationError)).message.includes(file));
  assert.ok((await rejects(documents.list(), ApplicationError)).message.includes(file));
});

test('when one version of a document is broken then readDocument reports it and reads the others', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  await documents.put({ ...key, status: 'draft' }, { n: 1 });
  const docDir = join(dir, 'content/article/a1b2c3');
  await writeFile(join(docDir, 'published.fr-FR.json'), '{\n<<<<<<< HEAD\n  "n": 2\n=======\n  "n": 3\n>>>>>>> theirs\n}\n');
  await writeFile(join(docDir, '.draft.fr-FR.json.4242.0123456789ab.tmp'), '{"n":');
  const { versions, broken } = await documents.readDocument('article', 'a1b2c3');
  assert.equal(versions, [{ key: { ...key, status: 'draft' }, value: { n: 1 } }]);
  assert.is(broken.length, 1);
  assert.equal(broken[0]!.key, key);
  assert.is(broken[0]!.path, join(docDir, 'published.fr-FR.json'));
  assert.match(broken[0]!.reason, /not valid JSON/);
});

test('when a file that is not JSON is read then the reason quotes nothing of it, on one line', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  await mkdir(join(dir, 'content/article/a1b2c3'), { recursive: true });
  await writeFile(join(dir, 'content/article/a1b2c3/published.fr-FR.json'), 'sk_live_51Hx9Q2\n{ "title": "Pasted" }\n');
  const { broken } = await documents.readDocument('article', 'a1b2c3');
  assert.is(broken[0]!.reason, `${join(dir, 'content/article/a1b2c3/published.fr-FR.json')}: not valid JSON (Unexpected token 's'); fix or restore the file`);
  await writeFile(join(dir, 'content/article/a1b2c3/published.fr-FR.json'), '{"title": tr\nue}');
  const again = await documents.readDocument('article', 'a1b2c3');
  assert.not.ok(again.broken[0]!.reason.includes('\n'), again.broken[0]!.reason);
  assert.not.ok(again.broken[0]!.reason.includes('"title"'), again.broken[0]!.reason);
});

test('fileTimes answers when a version file last changed and was made, and nothing for a missing one', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  assert.is(await documents.fileTimes!(key), undefined);
  await documents.put(key, { title: 'T' });
  const { mtimeMs, birthtimeMs } = await stat(join(dir, 'content/article/a1b2c3/published.fr-FR.json'));
  assert.equal(await documents.fileTimes!(key), { modifiedMs: mtimeMs, ...(birthtimeMs > 0 && { bornMs: birthtimeMs }) });
});

test('should take <status>.<locale>.json for a version file, and no other name', () => {
  assert.equal(parseDocumentFileName('draft.en.json'), { status: 'draft', locale: 'en' });
  assert.equal(parseDocumentFileName('published.default.json'), { status: 'published', locale: 'default' });
  assert.is(parseDocumentFileName('publish.en.json'), null);
  assert.is(parseDocumentFileName('draft.json'), null);
  assert.is(parseDocumentFileName('draft.en.json~'), null);
});

test('should list many documents', async ({ dir, files }) => {
  const documents = createFileDocuments(files, dir);
  const keys = Array.from({ length: 300 }, (_, i): DocumentKey => ({ type: i % 2 ? 'article' : 'page', documentId: `d${i}`, status: 'draft', locale: 'en' }));
  await Promise.all(keys.map((k, i) => documents.put(k, { i })));
  const listed = await documents.list();
  assert.is(listed.length, 300);
  assert.equal(
    listed.map((d) => d.value.i).sort((a, b) => Number(a) - Number(b)),
    keys.map((_, i) => i),
  );
  assert.is((await documents.list('page')).length, 150);
});

test.run();
