/**
 * The editors' page's addresses, in a real browser against a real `folio serve` of the sample
 * project: a link of the first version's form (`#/<type>/<documentId>`) is put in today's
 * (`#/content/<type>/<documentId>`) and shows the entry, and content types named like the page's
 * own screens (`media`, `settings`) are reached under `#/content/` without taking their addresses.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { bearer, request } from '../_helpers/index.js';
import { cli, EDITOR_PASSWORD, openPage, signIn, startEditorsSite, textOf } from '../_helpers/browser.js';
import type { EditorsSite } from '../_helpers/browser.js';

const test = suite("the editors' page: addresses");
let site: EditorsSite;
let browser: Browser;
let base: string;

/** Content types named like the page's screens: a collection `media` and a single type `settings`. */
const FILES = {
  'content-types/media.yaml': [
    'kind: collectionType',
    'info: { singularName: media, pluralName: media-items, displayName: Media }',
    'options: { draftAndPublish: false }',
    'attributes:',
    '  title: { type: string, required: true }',
  ].join('\n'),
  'content-types/settings.yaml': [
    'kind: singleType',
    'info: { singularName: settings, pluralName: settings-entries, displayName: Settings }',
    'options: { draftAndPublish: false }',
    'attributes:',
    '  siteName: { type: string }',
  ].join('\n'),
};

test.before(async () => {
  site = await startEditorsSite({
    project: { files: FILES, config: { 'users-permissions': { ratelimit: { enabled: false } } } },
    async prepare(dir) {
      const media = ['find', 'findOne', 'create', 'update'].map((action) => `api::media.media.${action}`);
      const settings = ['find', 'update'].map((action) => `api::settings.settings.${action}`);
      await cli(['permission', 'grant', 'editor', ...media, ...settings, '--dir', dir]);
    },
  });
  browser = site.browser;
  base = site.server.url;
});
test.after(() => site?.close());

const hashOf = (page: Page) => page.evaluate(() => (globalThis as any).location.hash as string);
/** Waits until the form's field `name` holds `value`. */
const fieldIs = (page: Page, name: string, value: string) => page.waitForFunction((field: string, wanted: string) => {
  const control = (globalThis as any).document.querySelector(`[data-test="field-${field}"]`);
  return control?.value === wanted;
}, {}, name, value);

/** The API as the editor `edith`. */
async function editorApi(): Promise<(method: string, path: string, body?: unknown) => Promise<any>> {
  const body = { identifier: 'edith', password: EDITOR_PASSWORD };
  const signedIn = await request<any>(`${base}/api/auth/local`, { method: 'POST', body });
  assert.is(signedIn.status, 200, signedIn.text);
  return (method, path, body) => request<any>(`${base}${path}`, { method, body, headers: bearer(signedIn.body.jwt) });
}

test('a bookmark of the old form #/<type>/<id> lands on #/content/<type>/<id> and shows the entry', async () => {
  const api = await editorApi();
  const created = await api('POST', '/api/articles?status=draft', { data: { title: 'An old bookmark' } });
  assert.is(created.status, 200, created.text);
  const id = created.body.data.documentId as string;

  // Opened in a new tab: put in today's form before anything else, kept through signing in.
  const page = await openPage(browser, `${base}/admin/#/article/${id}?locale=en`);
  await page.waitForSelector('[data-test="signin-identifier"]', { visible: true });
  assert.is(await hashOf(page), `#/content/article/${id}?locale=en`);
  await signIn(page, 'edith', EDITOR_PASSWORD);
  await fieldIs(page, 'title', 'An old bookmark');
  assert.is(await hashOf(page), `#/content/article/${id}?locale=en`);

  // Followed in a page already open: an old list link too.
  await page.goto(`${base}/admin/#/article`);
  await page.waitForSelector(`[data-test="row-${id}"]`, { visible: true });
  assert.is(await hashOf(page), '#/content/article');
  await page.goto(`${base}/admin/#/article/${id}`);
  await fieldIs(page, 'title', 'An old bookmark');
  assert.is(await hashOf(page), `#/content/article/${id}`);
  assert.equal(page.errors, []);
  await page.close();
});

test('types named media and settings are under #/content/; #/media and #/settings stay the screens\'', async () => {
  const api = await editorApi();
  const created = await api('POST', '/api/media-items', { data: { title: 'A media entry' } });
  assert.is(created.status, 200, created.text);
  const id = created.body.data.documentId as string;
  const page = await openPage(browser, `${base}/admin/`);
  await signIn(page, 'edith', EDITOR_PASSWORD);

  for (const [name, href] of [['media', '#/content/media'], ['settings', '#/content/settings']]) {
    const link = await page.waitForSelector(`[data-test="type-${name}"]`, { visible: true });
    assert.is(await link!.evaluate((node) => (node as any).getAttribute('href')), href);
  }
  await (await page.waitForSelector('[data-test="type-media"]'))!.click();
  await (await page.waitForSelector(`[data-test="row-${id}"] a`, { visible: true }))!.click();
  await fieldIs(page, 'title', 'A media entry');
  assert.is(await hashOf(page), `#/content/media/${id}`);
  assert.is(await textOf(page, '#view-title'), 'A media entry');

  await page.goto(`${base}/admin/#/content/settings`);
  await page.waitForSelector('[data-test="field-siteName"]', { visible: true });
  assert.is(await textOf(page, '#view-title'), 'Settings');

  // The screens' addresses are not the types': no redirect, no list, no form. (An editor may
  // open the media library; the users' settings are refused to the role.)
  for (const [address, title] of [['#/media', 'Media library'], ['#/settings/users', 'Settings']] as const) {
    await page.goto(`${base}/admin/${address}`);
    await page.waitForFunction((wanted: string) => (globalThis as any).document.querySelector('#view-title')?.textContent === wanted, {}, title);
    assert.is(await hashOf(page), address);
    const views = '[data-test="entries"], form.entry-form';
    const count = (selector: string) => (globalThis as any).document.querySelectorAll(selector).length;
    const shown = await page.evaluate(count, views);
    assert.is(shown, 0, address);
  }
  assert.equal(page.errors, []);
  await page.close();
});

test.run();
