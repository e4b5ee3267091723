/**
 * A running server follows data/content/ however a document is saved (docs/content-in-git.md):
 * in place, by a new file renamed over it and then in place again, with its folder, its type's
 * folder or the whole of data/content/ replaced, and by a `git checkout` of another commit. Each
 * time the new content is served, and so is an edit made in place after it. The git steps run
 * the real `git` binary.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../src/storage/index.js';
import { eventually } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let server: ApiServer;
const test = suite('documents saved every way while serving');
test.before.each(async () => {
  server = await apiServer();
});
test.after.each(() => server.close());

const contentDir = () => join(server.dir, 'data/content');
const fileOf = (documentId: string, folder = contentDir()) =>
  join(folder, 'category', documentId, 'published.default.json');

async function createCategory(name: string): Promise<string> {
  const created = await server.post('/api/categories', { data: { name } });
  assert.is(created.status, 200, created.text);
  return created.body.data.documentId;
}

/** The stored version of `documentId` with `name`, as the file reads after the save. */
async function withName(documentId: string, name: string): Promise<string> {
  return stableStringify({ ...JSON.parse(await readFile(fileOf(documentId), 'utf8')), name });
}

/** Saves the way most editors do: the whole text to a temp file beside it, renamed over it. */
async function saveByRename(file: string, text: string): Promise<void> {
  const temp = join(file, '..', `.${Date.now()}.saving`); // a dot file: never read as a version
  await writeFile(temp, text);
  await rename(temp, file);
}

const nameOf = async (documentId: string) => (await server.get(`/api/categories/${documentId}`)).body.data?.name;
const served = (documentId: string, name: string) =>
  eventually(async () => (await nameOf(documentId)) === name, `"${name}" served`);

/**
 * Replaces `folder` the way a checkout tool swaps in a new tree: a copy made outside data/content/
 * and changed by `change` takes its place at once, and the old one is removed after.
 */
async function replaceFolder(folder: string, change: (copy: string) => Promise<void>): Promise<void> {
  const [incoming, outgoing] = [join(server.dir, 'incoming'), join(server.dir, 'outgoing')];
  await cp(folder, incoming, { recursive: true });
  await change(incoming);
  renameSync(folder, outgoing);
  renameSync(incoming, folder);
  await rm(outgoing, { recursive: true });
}

/** Runs the real git in the project; this spec installs nothing, so a machine without git fails here, saying so. */
function git(args: string[]): string {
  const probe = spawnSync('git', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error('this spec needs the `git` binary on PATH (Debian: apt-get install git); it was not found');
  }
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1' };
  const options = ['-c', 'user.name=Spec', '-c', 'user.email=spec@example.com'];
  options.push('-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false');
  return execFileSync('git', [...options, ...args], { cwd: server.dir, encoding: 'utf8', env });
}

test('when a document is saved by rename and then in place then each save is served', async () => {
  const news = await createCategory('News');
  await saveByRename(fileOf(news), await withName(news, 'Renamed over'));
  await served(news, 'Renamed over');
  await writeFile(fileOf(news), await withName(news, 'Written in place'));
  await served(news, 'Written in place');
  await saveByRename(fileOf(news), await withName(news, 'Renamed over again'));
  await served(news, 'Renamed over again');
});

test('when a document folder is replaced whole then its files are served, and edits in the new folder too', async () => {
  const news = await createCategory('News');
  const text = await withName(news, 'Replaced');
  await replaceFolder(join(fileOf(news), '..'), (copy) => writeFile(join(copy, 'published.default.json'), text));
  await served(news, 'Replaced');
  await writeFile(fileOf(news), await withName(news, 'Edited after'));
  await served(news, 'Edited after');
  await saveByRename(fileOf(news), await withName(news, 'Renamed over after'));
  await served(news, 'Renamed over after');
});

test('when a type folder is replaced whole then its documents are served, and edits in the new folder too', async () => {
  const news = await createCategory('News');
  const sports = await createCategory('Sports');
  const text = await withName(news, 'Replaced');
  const category = join(contentDir(), 'category');
  await replaceFolder(category, (copy) => writeFile(join(copy, news, 'published.default.json'), text));
  await served(news, 'Replaced');
  await writeFile(fileOf(sports), await withName(sports, 'Edited after'));
  await served(sports, 'Edited after');
});

test('when data/content/ is replaced whole then its documents are served, and edits in the new folder too', async () => {
  const news = await createCategory('News');
  const text = await withName(news, 'Replaced');
  await replaceFolder(contentDir(), (copy) => writeFile(fileOf(news, copy), text));
  await served(news, 'Replaced');
  await writeFile(fileOf(news), await withName(news, 'Edited after'));
  await served(news, 'Edited after');
  const created = await createCategory('Created after');
  await writeFile(fileOf(created), await withName(created, 'Created, then edited'));
  await served(created, 'Created, then edited');
});

test('when git checks out another commit of data/content/ then its documents are served, each time', async () => {
  const news = await createCategory('News');
  git(['init', '-q']);
  git(['add', 'data/content']);
  git(['commit', '-q', '-m', 'News']);
  for (const name of ['Latest news', 'Breaking news']) {
    await writeFile(fileOf(news), await withName(news, name));
    await served(news, name);
    git(['commit', '-q', '-am', name]);
  }
  for (const [commit, name] of [['main~2', 'News'], ['main~1', 'Latest news'], ['main', 'Breaking news']]) {
    git(['checkout', '-q', commit!]);
    await served(news, name!);
  }
  await writeFile(fileOf(news), await withName(news, 'Edited after'));
  await served(news, 'Edited after');
});

test.run();
