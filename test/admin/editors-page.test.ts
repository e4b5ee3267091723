/**
 * The editors' page in a real browser (Debian's chromium, headless) against a real `folio serve`
 * of the sample project: sign-in, the types a role may read, a create refused at its field then
 * made, publish and unpublish, a new locale version, delete after confirming, a role that may not
 * publish seeing no such button (and the server refusing it anyway), and a phone-sized screen.
 * The two screenshots docs/editors-page.md shows are taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { eventually, request } from '../_helpers/index.js';
import { apiAs as apiAsOn, cli, EDITOR_PASSWORD, fill, openPage, signIn as signInAs, startBrowser, startEditorsSite, textOf, type EditorsSite } from '../_helpers/browser.js';
import type { ServeProcess } from '../_helpers/server.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite("the editors' page");
let browser: Browser;
let server: ServeProcess;
let site: EditorsSite;

test.before(async () => {
  // Many sign-ins from one address within minutes: the login rate limit (tested elsewhere) is off.
  site = await startEditorsSite({
    project: { config: { 'users-permissions': { ratelimit: { enabled: false } } } },
    async prepare(dir) {
      // An author: may write articles, not publish or delete them.
      await cli(['role', 'create', 'Author', '--dir', dir]);
      const actions = ['find', 'findOne', 'create', 'update'].map((action) => `api::article.article.${action}`);
      await cli(['permission', 'grant', 'author', ...actions, 'plugin::users-permissions.user.me', 'plugin::content-type-builder.content-types.getContentTypes', 'plugin::content-type-builder.components.getComponents', '--dir', dir]);
      await cli(['user', 'create', '--username', 'arthur', '--email', 'arthur@example.com', '--password', EDITOR_PASSWORD, '--role', 'author', '--dir', dir]);
      // A blocked editor.
      await cli(['user', 'create', '--username', 'bob', '--email', 'bob@example.com', '--password', EDITOR_PASSWORD, '--role', 'editor', '--dir', dir]);
      await cli(['user', 'block', 'bob@example.com', '--dir', dir]);
    },
  });
  ({ browser, server } = site);
});

test.after(() => site?.close());

const signIn = (page: Page, identifier: string, password = EDITOR_PASSWORD) => signInAs(page, identifier, password);
const apiAs = (page: Page) => apiAsOn(page, server.url);

const click = async (page: Page, selector: string) => (await page.waitForSelector(selector, { visible: true }))!.click();
const statusIs = async (page: Page, label: RegExp) => {
  await page.waitForFunction((wanted: string) => new RegExp(wanted, 'i').test((globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector('[data-test="status"]')?.textContent ?? ''), {}, label.source);
};

/**
 * The whole round of an editor's work in `browser`, on an article titled `title` (`screenshots`:
 * docs/editors-page.md's two, taken on the way).
 */
async function editorsRound(browser: Browser, title: string, screenshots: boolean): Promise<void> {
  const page = await openPage(browser, `${server.url}/admin`);
  await signIn(page, 'edith', 'wrong-password-1');
  assert.match(await textOf(page, '[data-test="signin-error"]'), /Invalid identifier or password/);
  await signIn(page, 'edith@example.com');
  for (const type of ['article', 'category', 'homepage']) await page.waitForSelector(`[data-test="type-${type}"]`, { visible: true });

  await click(page, '[data-test="type-article"]');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  if (screenshots) await page.screenshot({ path: join(DOCS, 'editors-page-list.png') });

  await click(page, '[data-test="create"]');
  await page.waitForSelector('[data-test="field-title"]', { visible: true });
  await click(page, '[data-test="save"]');
  assert.match(await textOf(page, '[data-test="error-title"]'), /title/i, 'the server\'s message, at its field');

  await fill(page, '[data-test="field-title"]', title);
  await fill(page, '[data-test="field-views"]', '12');
  await click(page, '[data-test="save"]');
  await statusIs(page, /draft/);
  const api = await apiAs(page);
  const drafts = (await api(`/api/articles?status=draft&filters[title][$eq]=${encodeURIComponent(title)}`)).body.data;
  assert.is(drafts.length, 1, 'saved as a draft');
  const id = drafts[0].documentId as string;
  assert.is(drafts[0].views, 12);
  assert.is((await api(`/api/articles/${id}`)).status, 404, 'not published yet');

  await click(page, '[data-test="publish"]');
  await statusIs(page, /published/);
  assert.is((await api(`/api/articles/${id}`)).body.data.title, title);
  await click(page, '[data-test="unpublish"]');
  // Unpublishing asks first (safe-editing.test.ts tests the question itself).
  await click(page, '[data-test="confirm-unpublish"]');
  await statusIs(page, /draft/);
  assert.is((await api(`/api/articles/${id}`)).status, 404, 'unpublished');

  // A French version: only the localized fields are editable there.
  await click(page, '[data-test="locale-fr"]');
  await click(page, '[data-test="create-locale"]');
  await fill(page, '[data-test="field-title"]', 'Écrit dans le navigateur');
  assert.ok(await page.$eval('[data-test="field-views"]', (node) => (node as unknown as { disabled?: boolean; readOnly?: boolean; tagName: string }).disabled || (node as unknown as { readOnly?: boolean }).readOnly || (node as unknown as { tagName: string }).tagName === 'OUTPUT'), 'views is not localized');
  await click(page, '[data-test="save"]');
  await eventually(async () => (await api(`/api/articles/${id}?status=draft&locale=fr`)).status === 200, 'the French version saved');
  const french = await api(`/api/articles/${id}?status=draft&locale=fr`);
  const frenchEntry = Array.isArray(french.body.data) ? french.body.data[0] : french.body.data;
  assert.is(frenchEntry.title, 'Écrit dans le navigateur');

  await click(page, '[data-test="delete"]');
  await click(page, '[data-test="confirm-delete"]');
  await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-test="confirm-delete"]'));
  assert.is((await api(`/api/articles/${id}?status=draft&locale=fr`)).status, 404, 'the French version is gone');
  assert.is((await api(`/api/articles/${id}?status=draft`)).status, 200, 'the English one stays');
  if (screenshots) {
    // docs/editors-page.md's second picture: a sample article with its blocks, sections, category and cover.
    await page.goto(`${server.url}/admin/`);
    await click(page, '[data-test="type-article"]');
    const hello = await page.waitForSelector('::-p-xpath(//a[normalize-space()="Hello, foliocms"])', { visible: true });
    await hello!.click();
    await page.waitForSelector('[data-test="field-title"]', { visible: true });
    await page.setViewport({ width: 1200, height: 1500 });
    await page.screenshot({ path: join(DOCS, 'editors-page-edit.png') });
    await page.setViewport({ width: 1200, height: 800 });
  }
  assert.equal(page.errors, []);
  await page.close();
}

test('an editor signs in, creates an article (refused at its field first), publishes, unpublishes, translates and deletes it', async () => {
  await editorsRound(browser, 'Written in the browser', true);
});

test('the same round works in Firefox', async () => {
  const firefox = await startBrowser('firefox');
  try {
    await editorsRound(firefox, 'Written in Firefox', false);
  } finally {
    await firefox.close();
  }
});

test('a role that may not publish or delete is offered neither, and the server refuses them anyway', async () => {
  const page = await openPage(browser, `${server.url}/admin/`);
  await signIn(page, 'arthur');
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  assert.is(await page.$('[data-test="type-category"]'), null, 'a type the role may not read is not listed');
  await click(page, '[data-test="type-article"]');
  await click(page, '[data-test^="row-"] a');
  await page.waitForSelector('[data-test="field-title"]', { visible: true });
  assert.ok(await page.$('[data-test="save"]'), 'may update');
  for (const action of ['publish', 'unpublish', 'discard', 'delete']) assert.is(await page.$(`[data-test="${action}"]`), null, `no ${action} button`);
  const api = await apiAs(page);
  const first = (await api('/api/articles?status=draft')).body.data[0];
  assert.is((await api(`/api/articles/${first.documentId}/actions/publish`, 'POST')).status, 403);
  assert.is((await api(`/api/articles/${first.documentId}`, 'DELETE')).status, 403);
  await click(page, '[data-test="sign-out"]');
  await page.waitForSelector('[data-test="signin-identifier"]', { visible: true });
  assert.equal(page.errors, []);
  await page.close();
});

test('on a 360 px wide screen the list and the form fit, and every field has a label', async () => {
  const page = await openPage(browser, `${server.url}/admin/`, { width: 360, height: 740 });
  await signIn(page, 'edith');
  await click(page, '[data-test="type-article"]');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  const fits = () => page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth <= root.clientWidth;
  });
  assert.ok(await fits(), 'the list fits');
  await click(page, '[data-test^="row-"] a');
  await page.waitForSelector('[data-test="field-title"]', { visible: true });
  assert.ok(await fits(), 'the form fits');
  const unlabelled = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ id: string; closest(s: string): unknown; getAttribute(n: string): string | null }>; querySelector(s: string): unknown } }).document;
    return Array.from(doc.querySelectorAll('input, select, textarea'))
      .filter((field) => !(field.id && doc.querySelector(`label[for="${field.id}"]`)) && !field.closest('label') && !field.getAttribute('aria-label'))
      .map((field) => field.id || '(no id)');
  });
  assert.equal(unlabelled, []);
  assert.equal(page.errors, []);
  await page.close();
});

test('with the keyboard alone an editor signs in and reaches a type; an entry in two locales can be deleted whole', async () => {
  const page = await openPage(browser, `${server.url}/admin/`);
  await signIn(page, 'bob');
  assert.match(await textOf(page, '[data-test="signin-error"]'), /Your account has been blocked by an administrator/, 'a blocked account gets the server\'s message');
  await page.goto(`${server.url}/admin/`);
  await page.focus('[data-test="signin-identifier"]');
  await page.keyboard.type('edith');
  await page.keyboard.press('Tab');
  await page.keyboard.type(EDITOR_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  const focused = () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-test') ?? '');
  for (let presses = 0; presses < 30 && (await focused()) !== 'type-article'; presses++) await page.keyboard.press('Tab');
  assert.is(await focused(), 'type-article', 'the type is reached with Tab');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });

  // A sample article published in English and in French.
  const french = (await request(`${server.url}/api/articles?locale=fr`)).body.data as Array<{ documentId: string }>;
  const id = french[0]!.documentId;
  await page.goto(`${server.url}/admin/#/content/article/${id}`);
  await click(page, '[data-test="delete"]');
  await click(page, '[data-test="confirm-delete-all"]');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  const api = await apiAs(page);
  for (const locale of ['en', 'fr']) assert.is((await api(`/api/articles/${id}?status=draft&locale=${locale}`)).status, 404, `no ${locale} version left`);
  assert.equal(page.errors, []);
  await page.close();
});

test('a script under /uploads/ never runs in the page, even when markup names it; the page\'s own scripts do', async () => {
  await mkdir(join(site.dir, 'public/uploads'), { recursive: true });
  await writeFile(join(site.dir, 'public/uploads/tool_0123456789.js'), 'globalThis.ranFromUploads = true;');
  const page = await openPage(browser, `${server.url}/admin/`);
  await page.waitForSelector('[data-test="signin-identifier"]', { visible: true });
  // The page's policy refuses it before the server is even asked (a violation the page is told of).
  const outcome = await page.evaluate(() => new Promise<{ loaded: boolean; blocked: string[] }>((resolve) => {
    type Target = { addEventListener(name: string, listener: (event: { blockedURI: string }) => void): void };
    const document = (globalThis as unknown as { document: Target & { createElement(tag: string): { src: string; onload: () => void; onerror: () => void }; head: { append(node: unknown): void } } }).document;
    const blocked: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => blocked.push(event.blockedURI));
    const script = document.createElement('script');
    script.src = '/uploads/tool_0123456789.js';
    script.onload = () => resolve({ loaded: true, blocked });
    script.onerror = () => setTimeout(() => resolve({ loaded: false, blocked }), 0);
    document.head.append(script);
  }));
  assert.is(outcome.loaded, false);
  assert.ok(outcome.blocked.some((uri) => uri.includes('/uploads/tool_0123456789.js')), JSON.stringify(outcome.blocked));
  assert.is(await page.evaluate(() => (globalThis as unknown as { ranFromUploads?: boolean }).ranFromUploads ?? false), false);
  await page.close();
});

test.run();
