/**
 * The folder watches of data/content/ and content-types/ tell every way a file in a followed folder
 * is saved, and keep following a folder however it is replaced: removed and another moved in, or
 * moved away and kept, at once, before the watches hear of it. Real folders, real watches.
 */
import { renameSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { watchFolders, type FolderWatch } from '../../src/project/content-watch-folders.js';
import { eventually, makeTempDir, removeTempDir } from '../_helpers/index.js';

let dir: string;
let root: string;
let folders: FolderWatch | undefined;
/** Every path told, in order. */
let told: string[];
let failures: string[];

const test = suite('watchFolders({ root, depth, changed, failed })');
test.before.each(async () => {
  dir = await makeTempDir();
  root = join(dir, 'content-types');
  await mkdir(join(root, 'components/shared'), { recursive: true });
  await writeFile(join(root, 'article.yaml'), 'first');
  await writeFile(join(root, 'components/shared/quote.yaml'), 'first');
  told = [];
  failures = [];
});
test.after.each(async () => {
  folders?.close();
  folders = undefined;
  await removeTempDir(dir);
});

const start = () => {
  folders = watchFolders({ root, depth: 2, changed: (path) => told.push(path), failed: (path) => failures.push(path) });
};
const quote = () => join(root, 'components/shared/quote.yaml');

/** Runs `save`, then waits until `path` is told after it. */
async function tells(path: string, save: () => Promise<unknown>): Promise<void> {
  const before = told.length;
  await save();
  await eventually(async () => told.slice(before).includes(path), `${path} told`);
}

/** Writes `text` to a temp file beside `file` and renames it over `file`, as an editor saves. */
async function saveByRename(file: string, text: string): Promise<void> {
  await writeFile(`${file}.saving`, text);
  await rename(`${file}.saving`, file);
}

/** A copy of the folders and files the tests start with, made in `folder` (outside the root). */
async function freshTree(folder: string): Promise<void> {
  await mkdir(join(folder, 'components/shared'), { recursive: true });
  await writeFile(join(folder, 'article.yaml'), 'fresh');
  await writeFile(join(folder, 'components/shared/quote.yaml'), 'fresh');
}

test('when a file is saved in place, by rename, and in place again then each save is told', async () => {
  start();
  await tells('components/shared/quote.yaml', () => writeFile(quote(), 'in place'));
  await tells('components/shared/quote.yaml', () => saveByRename(quote(), 'by rename'));
  await tells('components/shared/quote.yaml', () => writeFile(quote(), 'in place again'));
  await tells('article.yaml', () => rm(join(root, 'article.yaml')));
  await tells('article.yaml', () => writeFile(join(root, 'article.yaml'), 'made again'));
  assert.equal(failures, []);
});

test('when a folder is removed and another moved to its place then saves in the new one are told', async () => {
  start();
  await freshTree(join(dir, 'incoming'));
  // At once: the watches hear of it only after both.
  await tells('components', async () => {
    rmSync(join(root, 'components'), { recursive: true });
    renameSync(join(dir, 'incoming/components'), join(root, 'components'));
  });
  await tells('components/shared/quote.yaml', () => writeFile(quote(), 'in the new folder'));
});

test('when the root is moved away, kept, and another moved to its place then saves in the new one are told, and in the old one not', async () => {
  start();
  await freshTree(join(dir, 'incoming'));
  await tells('', async () => {
    renameSync(root, join(dir, 'old'));
    renameSync(join(dir, 'incoming'), root);
  });
  await tells('components/shared/quote.yaml', () => writeFile(quote(), 'in the new root'));
  const before = told.length;
  await writeFile(join(dir, 'old/components/shared/quote.yaml'), 'in the old root');
  await tells('article.yaml', () => writeFile(join(root, 'article.yaml'), 'in the new root'));
  assert.equal(told.slice(before).filter((path) => path !== 'article.yaml'), [], 'nothing of the old root told');
});

test('when the root is missing at first then it is followed once it appears', async () => {
  await rm(root, { recursive: true });
  start();
  await tells('', () => freshTree(root));
  await tells('components/shared/quote.yaml', () => writeFile(quote(), 'later'));
  assert.equal(failures, []);
});

test('when temp files come and go then nothing is told of them', async () => {
  start();
  await tells('article.yaml', async () => {
    await writeFile(join(root, '.article.yaml.swp'), 'swap');
    await mkdir(join(root, '.staging'));
    await writeFile(join(root, 'article.yaml'), 'saved');
  });
  assert.equal(told.filter((path) => path.startsWith('.') || path.includes('/.')), []);
});

test.run();
