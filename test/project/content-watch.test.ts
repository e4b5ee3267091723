/**
 * The watch of data/content/ tells the changes others make (git, an editor) and leaves out the
 * server's own writes, which the file documents announce before they make them. Real folders,
 * real writes, the real watch thread.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../src/log/index.js';
import { startContentWatch, type ContentWatch } from '../../src/project/content-watch.js';
import { createFileDocuments, createFileStore, stableStringify, type DocumentAdapter, type DocumentKey } from '../../src/storage/index.js';
import { failingFs } from '../_helpers/failing-fs.js';
import { eventually } from '../_helpers/index.js';
import { makeTempDir, removeTempDir } from '../storage/_helpers.js';

const draft: DocumentKey = { type: 'article', documentId: 'a1', status: 'draft', locale: 'en' };
const published: DocumentKey = { ...draft, status: 'published' };
const fileOf = (key: DocumentKey) => `${key.type}/${key.documentId}/${key.status}.${key.locale}.json`;

interface Watched {
  dir: string;
  watch: ContentWatch;
  documents: DocumentAdapter;
  /** Every path the watch told, in order. */
  told: string[];
  disk: ReturnType<typeof failingFs>;
}

/** A test that runs `run` on a data folder holding article a1 (a draft and a published version) before the watch starts. */
const withWatched = (run: (w: Watched) => Promise<void>) => async (): Promise<void> => {
  const dir = await makeTempDir();
  await createFileDocuments(createFileStore(), dir).putAll([{ key: draft, value: { title: 'Draft' } }, { key: published, value: { title: 'Published' } }]);
  const watch = startContentWatch(join(dir, 'content'), createLogger({ write: () => undefined }));
  await watch.ready;
  const told: string[] = [];
  watch.follow((paths) => told.push(...paths));
  const disk = failingFs();
  const documents = createFileDocuments(createFileStore({ fs: disk.fs }), dir, { onWrite: watch.onWrite });
  try {
    await run({ dir, watch, documents, told, disk });
  } finally {
    await watch.stop();
    await removeTempDir(dir);
  }
};

/**
 * Replaces a file the way a sync tool does, a new file renamed into place: one event, like each
 * of the server's own writes. Waits until the watch tells it. The watch judges events in the
 * order they came: whatever it would tell of the changes made before is told by then.
 */
async function replaceOnDisk(w: Watched, path: string): Promise<void> {
  const temp = join(w.dir, 'incoming.json');
  await writeFile(temp, stableStringify({ title: 'From elsewhere' }));
  await rename(temp, join(w.dir, 'content', path));
  await eventually(async () => w.told.includes(path), `${path} told`);
}

/**
 * The paths told, each once: the server's write just before someone else's at one path may be
 * judged after both landed, and is then told too (the path holds the other's bytes). The two
 * events may also come as one.
 */
const toldOnce = (w: Watched) => [...new Set(w.told)];

test('when the server writes, updates and removes documents then none of it is told, and a change by someone else after it is', withWatched(async (w) => {
  const other: DocumentKey = { ...draft, documentId: 'b2' };
  await w.documents.put(other, { title: 'New' }); // a folder put in place whole
  await w.documents.put(other, { title: 'Changed' });
  await w.documents.putAll([{ key: draft, value: { title: 'Draft 2' } }, { key: published, value: { title: 'Published 2' } }]);
  await w.documents.remove(other); // its last version: the folder goes too
  await w.documents.remove(draft); // the published version stays, and the folder
  await replaceOnDisk(w, fileOf(published));
  assert.equal(toldOnce(w), [fileOf(published)]);
}));

test('when someone replaces a file just after the server wrote it then the change is told', withWatched(async (w) => {
  await w.documents.put(draft, { title: 'From the API' });
  await replaceOnDisk(w, fileOf(draft));
  assert.equal(toldOnce(w), [fileOf(draft)]);
}));

test('when a write fails then its announcement is withdrawn, and a later change by someone else at that path is told', withWatched(async (w) => {
  w.disk.fail('EIO');
  let failed = false;
  await w.documents.put(draft, { title: 'Never on disk' }).catch(() => (failed = true));
  assert.ok(failed, 'the write failed');
  w.disk.fail(undefined);
  await replaceOnDisk(w, fileOf(draft)); // never told if the failed write's announcement had stayed
}));

test('when a removal leaves the folder (another version stays) and someone then moves the folder away then that is told', withWatched(async (w) => {
  await w.documents.remove(draft);
  await mkdir(join(w.dir, 'elsewhere'));
  await rename(join(w.dir, 'content/article/a1'), join(w.dir, 'elsewhere/a1'));
  await eventually(async () => w.told.includes('article/a1'), 'the folder moved away told');
}));

test.run();
