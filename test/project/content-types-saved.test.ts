/**
 * A running server follows content-types/ however a file in it is saved (docs/content-in-git.md):
 * written in place, written to a temp file renamed over it (an editor's safe save, `sed -i`), in
 * place again after that, with the whole folder replaced, and by a `git checkout` of another
 * commit. Each time the attribute the save added is accepted and served. The git steps run the
 * real `git` binary.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from '../_helpers/index.js';
import { serveProject, testProject, type ApiServer } from '../_helpers/server.js';

let dir: string;
let cleanup: () => Promise<void>;
let server: ApiServer | undefined;

const test = suite('content types saved every way while serving');
test.before.each(async () => {
  ({ dir, cleanup } = await testProject());
});
test.after.each(async () => {
  await server?.stop();
  server = undefined;
  await cleanup();
});

const start = async () => (server = await serveProject(dir));
const categoryFile = (folder = 'content-types') => join(dir, folder, 'category.yaml');

/** The category type with a string attribute `name` added, as its file reads after the save. */
async function withAttribute(name: string, folder?: string): Promise<string> {
  return `${(await readFile(categoryFile(folder), 'utf8')).trimEnd()}\n  ${name}: { type: string }\n`;
}

/** Saves the way most editors do: the whole text to a temp file beside it, renamed over it. */
async function saveByRename(file: string, text: string): Promise<void> {
  const temp = `${file}.saving`; // not .yaml: never read as a content type
  await writeFile(temp, text);
  await rename(temp, file);
}

let named = 0;
/**
 * Runs `save`, then waits until a category with `attribute` set is accepted, and checks that it is
 * served and that the log said the types were reloaded.
 */
async function followed(attribute: string, save: () => Promise<unknown>): Promise<void> {
  const reloads = () => server!.log.filter((line) => line.includes('content types reloaded')).length;
  const before = reloads();
  await save();
  let created: { documentId: string } | undefined;
  await eventually(async () => {
    const data = { name: `Category ${++named}`, [attribute]: 'Set' };
    const response = await server!.post('/api/categories', { data });
    if (response.status === 200) created = response.body.data;
    return created !== undefined;
  }, `a category with ${attribute} accepted`);
  assert.is((await server!.get(`/api/categories/${created!.documentId}`)).body.data[attribute], 'Set');
  assert.ok(reloads() > before, 'the reload logged');
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
  return execFileSync('git', [...options, ...args], { cwd: dir, encoding: 'utf8', env });
}

test('when a content type is saved in place then the attribute it adds is accepted and served', async () => {
  await start();
  await followed('motto', async () => writeFile(categoryFile(), await withAttribute('motto')));
});

test('when a content type is saved by renaming a new file over it then the attribute it adds is accepted', async () => {
  await start();
  await followed('motto', async () => saveByRename(categoryFile(), await withAttribute('motto')));
});

test('when a content type saved by rename is then saved in place then that save is followed too', async () => {
  await start();
  await followed('motto', async () => saveByRename(categoryFile(), await withAttribute('motto')));
  await followed('tagline', async () => writeFile(categoryFile(), await withAttribute('tagline')));
  await followed('slogan', async () => saveByRename(categoryFile(), await withAttribute('slogan')));
  await followed('strapline', async () => writeFile(categoryFile(), await withAttribute('strapline')));
});

test('when the whole content-types folder is replaced then its types are served, and saves in the new folder are followed', async () => {
  await start();
  await followed('motto', async () => {
    await cp(join(dir, 'content-types'), join(dir, 'content-types.new'), { recursive: true });
    await writeFile(categoryFile('content-types.new'), await withAttribute('motto', 'content-types.new'));
    // At once, as a script does: the server hears of it only after both.
    rmSync(join(dir, 'content-types'), { recursive: true });
    renameSync(join(dir, 'content-types.new'), join(dir, 'content-types'));
  });
  await followed('tagline', async () => writeFile(categoryFile(), await withAttribute('tagline')));
  await followed('slogan', async () => saveByRename(categoryFile(), await withAttribute('slogan')));
});

test('when git checks out another commit of content-types/ then its types are served, each time', async () => {
  git(['init', '-q']);
  git(['add', 'content-types']);
  git(['commit', '-q', '-m', 'The types']);
  for (const attribute of ['motto', 'tagline', 'slogan']) {
    await writeFile(categoryFile(), await withAttribute(attribute));
    git(['commit', '-q', '-am', `Adds ${attribute}`]);
  }
  git(['checkout', '-q', 'main~3']);
  await start();
  for (const [back, attribute] of [[2, 'motto'], [1, 'tagline'], [0, 'slogan']] as const) {
    await followed(attribute, async () => git(['checkout', '-q', `main~${back}`]));
  }
  await followed('strapline', async () => writeFile(categoryFile(), await withAttribute('strapline')));
});

test.run();
