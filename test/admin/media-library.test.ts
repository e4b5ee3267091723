/**
 * The media library screen (`#/media`) in a real browser (Debian's chromium, headless) against the
 * sample project served from the source: browsing with search, sort and pages kept in the address,
 * three files uploaded at once with their alternative texts and a progress bar each, a file's texts
 * edited and its bytes replaced, a delete that first names the entries using the file, the media
 * field choosing a file in the same library shown in a dialog (and `pickMedia` opening it from
 * anywhere), and accounts without `find` or `destroy` seeing no link or no delete.
 * docs/editors-page-media.png is taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { eventually } from '../_helpers/index.js';
import {
  apiAs, cli, copySampleData, EDITOR_PASSWORD, fill, openPage, signIn, startBrowser, textOf,
} from '../_helpers/browser.js';
import { serveProject, testProject, type ApiServer } from '../_helpers/server.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const UPLOAD = ['upload', 'find', 'findOne', 'destroy'].map((action) => `plugin::upload.content-api.${action}`);
const READ_ARTICLES = ['find', 'findOne'].map((action) => `api::article.article.${action}`);
/** What any account of the page needs: itself, and the content types. */
const PAGE_NEEDS = [
  'plugin::users-permissions.user.me',
  'plugin::content-type-builder.content-types.getContentTypes',
  'plugin::content-type-builder.components.getComponents',
];

const test = suite('the media library screen');
let server: ApiServer;
let browser: Browser;
let base: string;
/** Pictures made for the test, to upload from the browser. */
let pictures: string[];

/** A tab of the page, with the errors its scripts threw. */
type Tab = Awaited<ReturnType<typeof openPage>>;

/** A PNG of `color` at `path`. */
const png = (path: string, color: string, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toFile(path);

/** A role named `role` holding `actions`, and its account `username`. */
async function account(dir: string, username: string, role: string, actions: string[]): Promise<void> {
  await cli(['role', 'create', role, '--dir', dir]);
  await cli(['permission', 'grant', role.toLowerCase(), ...actions, ...PAGE_NEEDS, '--dir', dir]);
  const email = `${username}@example.com`;
  await cli(['user', 'create', '--username', username, '--email', email, '--password', EDITOR_PASSWORD,
    '--role', role.toLowerCase(), '--dir', dir]);
}

/**
 * The sample project whole (its articles, media and Editor role) with `edith` (Editor, who may not
 * delete files), `lina` (a librarian, who may), `arthur` (an author, who may not open the library)
 * and thirteen files more than the sample's four pictures (two pages of twelve; a text among them),
 * served from the source in this process as the API's specs are (which entries use a file is the
 * server's to tell), and a browser.
 */
test.before(async () => {
  const project = await testProject({ config: { 'users-permissions': { ratelimit: { enabled: false } } } });
  const { dir } = project;
  await copySampleData(dir);
  await cli(['user', 'create', '--username', 'edith', '--email', 'edith@example.com', '--password', EDITOR_PASSWORD,
    '--role', 'editor', '--dir', dir]);
  await account(dir, 'lina', 'Librarian', [...UPLOAD, ...READ_ARTICLES]);
  await account(dir, 'arthur', 'Author', [...READ_ARTICLES, 'api::article.article.update']);
  await mkdir(join(dir, 'incoming'));
  const swatch = (index: number) => join(dir, 'incoming', `swatch-${String(index + 1).padStart(2, '0')}.png`);
  const swatches = Array.from({ length: 12 }, (_, index) => swatch(index));
  for (const [index, path] of swatches.entries()) await png(path, `hsl(${index * 30}, 60%, 55%)`);
  await writeFile(join(dir, 'incoming', 'notes.txt'), 'Not a picture.');
  await cli(['media', 'add', ...swatches, join(dir, 'incoming', 'notes.txt'), '--dir', dir]);
  pictures = ['dawn.png', 'noon.png', 'dusk.png'].map((name) => join(dir, 'incoming', name));
  const skies = ['#f2b36b', '#7fb3e0', '#6b4f8f'];
  for (const [index, path] of pictures.entries()) await png(path, skies[index]!, 400, 300);

  server = await serveProject(dir, project.cleanup);
  browser = await startBrowser();
  base = server.url;
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

const click = async (page: Page, selector: string) =>
  (await page.waitForSelector(selector, { visible: true }))!.click();
const hashOf = (page: Page) => page.evaluate(() => (globalThis as any).location.hash as string);
const hashBecomes = (page: Page, hash: string) =>
  page.waitForFunction((wanted: string) => (globalThis as any).location.hash === wanted, {}, hash);
/** Waits until the element at `selector` holds `text` (its value, for a field). */
const shows = (page: Page, selector: string, text: RegExp) => page.waitForFunction((at: string, wanted: string) => {
  const node = (globalThis as any).document.querySelector(at);
  const text = node?.matches('input, textarea, select') ? node.value : node?.textContent;
  return new RegExp(wanted).test(text ?? '');
}, {}, selector, text.source);
const noticeSays = (page: Page, text: RegExp) => shows(page, '[data-test="notice"]', text);
const gone = (page: Page, selector: string) =>
  page.waitForFunction((at: string) => !(globalThis as any).document.querySelector(at), {}, selector);
/** The names the grid shows, in order. */
const names = (page: Page) => page.$$eval('[data-test="library-files"] [data-test="file-name"]',
  (nodes) => nodes.map((node) => (node as any).textContent as string));
/** Waits until the grid shows `count` files and is not loading. */
const gridShows = (page: Page, count: number) => page.waitForFunction((wanted: number) => {
  const document = (globalThis as any).document;
  return document.querySelector('.library-files[aria-busy="false"]')
    && document.querySelectorAll('[data-test="library-files"] li').length === wanted;
}, {}, count);

async function signedIn(user: string): Promise<Tab> {
  const page = await openPage(browser, `${base}/admin/`);
  await signIn(page, user, EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  return page;
}

async function openLibrary(user: string): Promise<Tab> {
  const page = await signedIn(user);
  await click(page, '[data-test="nav-media"]');
  await page.waitForSelector('[data-test="library-files"]', { visible: true });
  return page;
}

/** The file named `name`, as the API answers it. */
async function fileNamed(page: Page, name: string): Promise<{ id: number; hash: string; [field: string]: any }> {
  const api = await apiAs(page, base);
  const [file] = (await api(`/api/upload/files?filters[name][$eq]=${encodeURIComponent(name)}`)).body;
  assert.ok(file, name);
  return file;
}

test('an editor browses the library: thumbnails, search, sort and pages, each kept in the address so Back returns', async () => {
  const page = await openLibrary('lina');
  assert.is(await textOf(page, '#view-title'), 'Media library');
  await gridShows(page, 17);
  const thumbnail = await page.$eval('[data-test="file-1"] img', (node) => (node as any).getAttribute('src') as string);
  assert.match(thumbnail, /^\/uploads\/thumbnail_hello_foliocms/, 'an image shows its thumbnail');
  assert.match(await textOf(page, '[data-test="library-files"] .file-icon'), /^TXT$/, 'another file its extension');

  await fill(page, '[data-test="library-search"]', 'hello');
  await click(page, '[data-test="library-search-submit"]');
  await gridShows(page, 1);
  assert.equal(await names(page), ['hello-foliocms.jpg']);
  assert.is(await hashOf(page), '#/media?q=hello');
  await page.goBack();
  await gridShows(page, 17);

  await page.select('[data-test="library-sort"]', 'name');
  await hashBecomes(page, '#/media?sort=name');
  // The grid shows the newest first until the files sorted by name arrive.
  const byName = (shown: string[]) => [...shown].sort((a, b) => a.localeCompare(b));
  let sorted: string[] = [];
  await eventually(async () => {
    sorted = await names(page);
    return sorted.length === 17 && sorted.join('\n') === byName(sorted).join('\n');
  }, 'the files sorted by name');
  for (const [sort, first] of [['oldest', 'hello-foliocms.jpg'], ['largest', 'coming-next-history-from-git.jpg'],
    ['name-desc', sorted[sorted.length - 1]]] as const) {
    await page.select('[data-test="library-sort"]', sort);
    await hashBecomes(page, `#/media?sort=${sort}`);
    await eventually(async () => (await names(page))[0] === first, sort);
  }

  await page.select('[data-test="library-page-size"]', '12');
  await gridShows(page, 12);
  assert.match(await textOf(page, '[data-test="page-info"]'), /Page 1/);
  await click(page, '[data-test="next-page"]');
  await gridShows(page, 5);
  assert.is(await hashOf(page), '#/media?sort=name-desc&page=2&pageSize=12');
  assert.ok(await page.$eval('[data-test="next-page"]', (node) => (node as any).disabled), 'no third page');
  await page.goBack();
  await gridShows(page, 12);
  assert.is(await hashOf(page), '#/media?sort=name-desc&pageSize=12');
  assert.equal(page.errors, []);
  await page.close();
});

test('three files are uploaded at once, each with its alternative text, each with a progress bar that reaches done', async () => {
  const page = await openLibrary('lina');
  const input = await page.waitForSelector('[data-test="upload-input"]');
  await (input as any).uploadFile(...pictures);
  await page.waitForSelector('[data-test="upload-item-2"]', { visible: true });
  const alts = ['Orange sky at dawn', 'Blue sky at noon', 'Purple sky at dusk'];
  for (const [index, alt] of alts.entries()) await fill(page, `[data-test="upload-alt-${index}"]`, alt);
  await fill(page, '[data-test="upload-caption-1"]', 'Midday');
  await click(page, '[data-test="upload-start"]');
  for (const index of [0, 1, 2]) {
    const progress = `[data-test="upload-progress-${index}"]`;
    await page.waitForSelector(`${progress}[data-state="done"]`, { timeout: 60_000 });
    assert.is(await page.$eval(progress, (node) => (node as any).value), 100);
  }
  await gridShows(page, 20);
  for (const [index, name] of ['dawn.png', 'noon.png', 'dusk.png'].entries()) {
    const file = await fileNamed(page, name);
    assert.is(file.alternativeText, alts[index], name);
    assert.ok(file.formats.thumbnail, 'a picture with its formats');
  }
  assert.is((await fileNamed(page, 'noon.png')).caption, 'Midday');

  // docs/editors-page.md's picture: the files just uploaded, over the library's grid.
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.setViewport({ width: 1200, height: 1100 });
  await page.screenshot({ path: join(DOCS, 'editors-page-media.png') });
  await page.setViewport({ width: 1200, height: 800 });

  // A file dropped anywhere on the library waits with its fields, as one chosen does.
  await page.evaluate(() => {
    const scope = globalThis as any;
    const files = new scope.DataTransfer();
    files.items.add(new scope.File(['Dropped words.'], 'dropped.txt', { type: 'text/plain' }));
    const grid = scope.document.querySelector('[data-test="library-files"]');
    for (const type of ['dragover', 'drop']) {
      grid.dispatchEvent(new scope.DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: files }));
    }
  });
  await shows(page, '[data-test="upload-item-3"]', /dropped\.txt/);
  await click(page, '[data-test="upload-start"]');
  await page.waitForSelector('[data-test="upload-progress-3"][data-state="done"]', { timeout: 60_000 });
  assert.is((await fileNamed(page, 'dropped.txt')).mime, 'text/plain');
  await click(page, '[data-test="upload-clear"]');
  await gone(page, '[data-test="upload-item-3"]');
  await gridShows(page, 21);

  assert.equal(page.errors, []);
  await page.close();
});

test('a file opened shows its details; its texts are changed, and its bytes replaced under the same id', async () => {
  const page = await openLibrary('lina');
  const swatch = await fileNamed(page, 'swatch-03.png');
  await click(page, `[data-test="file-${swatch.id}"]`);
  await page.waitForSelector('[data-test="file-details"]', { visible: true });
  assert.match(await textOf(page, '[data-test="details-facts"]'), /image\/png/);
  await fill(page, '[data-test="details-name"]', 'Sea green swatch.png');
  await fill(page, '[data-test="details-alternativeText"]', 'A square of sea green');
  await fill(page, '[data-test="details-caption"]', 'Swatch three');
  await click(page, '[data-test="details-save"]');
  await noticeSays(page, /saved/);
  const api = await apiAs(page, base);
  const saved = (await api(`/api/upload/files/${swatch.id}`)).body;
  assert.equal([saved.name, saved.alternativeText, saved.caption],
    ['Sea green swatch.png', 'A square of sea green', 'Swatch three']);

  const replace = await page.waitForSelector('[data-test="details-replace"]');
  await (replace as any).uploadFile(pictures[0]);
  await noticeSays(page, /replaced/);
  const replaced = (await api(`/api/upload/files/${swatch.id}`)).body;
  assert.is.not(replaced.hash, swatch.hash, 'new bytes under a new name');
  assert.equal([replaced.width, replaced.alternativeText], [400, 'A square of sea green'], 'the texts kept');
  assert.equal(page.errors, []);
  await page.close();
});

test('deleting a file first names the entries that use it, each linked, then takes it out of them', async () => {
  const page = await openLibrary('lina');
  const cover = await fileNamed(page, 'hello-foliocms.jpg');
  await click(page, `[data-test="file-${cover.id}"]`);
  await click(page, '[data-test="details-delete"]');
  await page.waitForSelector('[data-test="file-use"]', { visible: true });
  const uses = await page.$$eval('[data-test="file-use"]', (nodes) => nodes.map((node) => ({
    text: ((node as any).innerText as string).replace(/\s+/g, ' ').trim(),
    href: (node as any).querySelector('a')?.getAttribute('href') as string,
  })));
  const api = await apiAs(page, base);
  const [hello] = (await api('/api/articles?filters[title][$eq]=Hello, foliocms')).body.data;
  const entry = `#/content/article/${hello.documentId}`;
  assert.equal(uses, [
    { text: 'Article Hello, foliocms English (en)', href: `${entry}?locale=en` },
    { text: 'Article Bonjour, foliocms French (fr)', href: `${entry}?locale=fr` },
  ]);
  await click(page, '[data-test="confirm-delete-file"]');
  await noticeSays(page, /deleted/);
  assert.is((await api(`/api/upload/files/${cover.id}`)).status, 404);
  // Gone from the grid, once it is read again.
  await gone(page, `[data-test="file-${cover.id}"]`);
  const article = (await api(`/api/articles/${hello.documentId}?populate=cover`)).body.data;
  assert.is(article.cover, null, 'taken out of the article');
  assert.equal(page.errors, []);
  await page.close();
});

test('the media field chooses a file from the library in a dialog, of the kinds it allows, and the entry saves it', async () => {
  const page = await signedIn('edith');
  const api = await apiAs(page, base);
  const [article] = (await api('/api/articles?filters[title][$eq]=Who may read what&status=draft')).body.data;
  await page.goto(`${base}/admin/#/content/article/${article.documentId}`);
  await shows(page, '[data-test="field-title"]', /^Who may read what$/);
  // By the keyboard: the form's pictures may still move it about while they load.
  await page.focus('[data-test="media-pick-cover"]');
  await page.keyboard.press('Enter');
  const dusk = await fileNamed(page, 'dusk.png');
  await page.waitForSelector(`[data-test="media-picker"] [data-test="pick-file-${dusk.id}"]`, { visible: true });
  const notes = await fileNamed(page, 'notes.txt');
  assert.is(await page.$(`[data-test="pick-file-${notes.id}"]`), null, 'the cover takes images only');
  await click(page, `[data-test="media-picker"] [data-test="pick-file-${dusk.id}"]`);
  assert.match(await textOf(page, '[data-test="picker-count"]'), /1 file chosen/);
  await click(page, '[data-test="picker-choose"]');
  await gone(page, '[data-test="media-picker"]');
  assert.match(await textOf(page, '[data-test="media-cover-0"]'), /dusk\.png/);
  await click(page, '[data-test="save"]');
  const draft = `/api/articles/${article.documentId}?status=draft&populate=cover`;
  await eventually(async () => (await api(draft)).body.data.cover?.id === dusk.id, 'saved with the cover');
  assert.equal(page.errors, []);
  await page.close();
});

/**
 * `pickMedia(options)` called by a module of the page (one the page's policy lets run: with its
 * script's nonce); answers the ids of the files chosen.
 */
function pickInPage(page: Page, options?: { multiple?: boolean; images?: boolean }): Promise<number[]> {
  return page.evaluate((given) => new Promise<number[]>((resolve) => {
    const scope = globalThis as any;
    scope.picked = resolve;
    const script = scope.document.createElement('script');
    script.type = 'module';
    script.nonce = scope.document.querySelector('script[nonce]').nonce;
    script.textContent = `import { pickMedia } from '/admin/screens/media/pick-media.js';
      pickMedia(${JSON.stringify(given)}).then((files) => globalThis.picked(files.map((file) => file.id)));`;
    scope.document.head.append(script);
  }), options ?? {});
}

test('pickMedia opens the same picking dialog from anywhere, and answers the files chosen, or none when cancelled', async () => {
  const page = await signedIn('edith');
  const noon = await fileNamed(page, 'noon.png');
  const dawn = await fileNamed(page, 'dawn.png');
  const picking = pickInPage(page, { multiple: true, images: true });
  await click(page, `[data-test="media-picker"] [data-test="pick-file-${noon.id}"]`);
  await click(page, `[data-test="media-picker"] [data-test="pick-file-${dawn.id}"]`);
  await click(page, '[data-test="picker-choose"]');
  assert.equal(await picking, [noon.id, dawn.id]);
  assert.is(await page.$('[data-test="media-picker"]'), null, 'removed from the page');

  const cancelled = pickInPage(page);
  await click(page, '[data-test="picker-cancel"]');
  assert.equal(await cancelled, []);
  assert.equal(page.errors, []);
  await page.close();
});

test('an account without find has no link to the library, and #/media is Not found; one without destroy has no delete', async () => {
  const page = await signedIn('arthur');
  assert.is(await page.$('[data-test="nav-media"]'), null);
  await page.goto(`${base}/admin/#/media`);
  await shows(page, '#view-title', /^Not found$/);
  await page.close();

  const editor = await openLibrary('edith');
  const [first] = (await (await apiAs(editor, base))('/api/upload/files?sort=id:asc&limit=1')).body;
  await click(editor, `[data-test="file-${first.id}"]`);
  await editor.waitForSelector('[data-test="details-save"]', { visible: true });
  assert.is(await editor.$('[data-test="details-delete"]'), null);
  assert.equal(editor.errors, []);
  await editor.close();
});

test.run();
