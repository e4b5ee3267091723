/**
 * Safe editing on the editors' page, in a real browser against a real `folio serve` of the sample
 * project: a save or an action on an entry changed elsewhere meets a dialog (nothing written, the
 * form kept), and the page's guards against losing or mangling what an editor typed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { bearer, request, type JsonResponse } from '../_helpers/index.js';
import { cli, EDITOR_PASSWORD, fill, openPage, signIn, startEditorsSite, textOf, type EditorsSite } from '../_helpers/browser.js';

const test = suite("the editors' page: safe editing");
let site: EditorsSite;
let browser: Browser;
let base: string;

test.before(async () => {
  site = await startEditorsSite({ project: { config: { 'users-permissions': { ratelimit: { enabled: false } } } } });
  browser = site.browser;
  base = site.server.url;
});
test.after(() => site?.close());

type Doc = { querySelector(s: string): any; querySelectorAll(s: string): any; activeElement: any; title: string };
const doc = () => (globalThis as unknown as { document: Doc }).document;

/** Clicks `selector` once it shows and is enabled (the form's actions wait while the entry is read again). */
const click = async (page: Page, selector: string) => (await page.waitForSelector(`${selector}:not(:disabled)`, { visible: true }))!.click();
const valueOf = (page: Page, selector: string) => page.$eval(selector, (node) => (node as unknown as { value: string }).value);
const gone = (page: Page, selector: string) => page.waitForSelector(selector, { hidden: true });
/** Waits for the notice a successful save shows. */
const draftSaved = (page: Page) => page.waitForFunction(() => /Draft saved/.test((globalThis as any).document.querySelector('[data-test="notice"]')?.textContent ?? ''));

/** The token the page signed in with, from its sessionStorage. */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const storage = (globalThis as unknown as { sessionStorage: { length: number; key(i: number): string; getItem(k: string): string } }).sessionStorage;
    for (let i = 0; i < storage.length; i++) {
      const jwt = /"?(eyJ[\w-]+\.[\w-]+\.[\w-]+)"?/.exec(storage.getItem(storage.key(i)))?.[1];
      if (jwt) return jwt;
    }
    throw new Error('no token');
  });
}

/** A signed-in editor's page, and the API as that editor (another client, "B"). */
async function editor(): Promise<{ page: Page & { errors: string[] }; api: (method: string, path: string, body?: unknown) => Promise<JsonResponse> }> {
  const page = await openPage(browser, `${base}/admin/`);
  await signIn(page, 'edith', EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  const token = await tokenOf(page);
  return { page, api: (method, path, body) => request<any>(`${base}${path}`, { method, body, headers: bearer(token) }) };
}

async function draftArticle(api: Awaited<ReturnType<typeof editor>>['api'], title: string): Promise<string> {
  const created = await api('POST', '/api/articles?status=draft', { data: { title, views: 1 } });
  assert.is(created.status, 200, created.text);
  return created.body.data.documentId as string;
}

const storedTitle = async (api: Awaited<ReturnType<typeof editor>>['api'], id: string) => (await api('GET', `/api/articles/${id}?status=draft`)).body.data.title as string;

async function openEntry(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`${base}/admin/#/content/article/${id}`);
  await page.waitForFunction((wanted: string) => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === wanted, {}, title);
}

test('a save on an entry someone else changed meets a dialog: nothing written, the form kept; the other version can be seen and then overwritten', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Two editors');
  await openEntry(page, id, 'Two editors');
  await fill(page, '[data-test="field-title"]', 'A typed this');

  // B saves first.
  assert.is((await api('PUT', `/api/articles/${id}?status=draft`, { data: { title: 'B saved this', views: 7 } })).status, 200);

  await click(page, '[data-test="save"]');
  await page.waitForSelector('[data-test="conflict"][open]', { visible: true });
  assert.match(await textOf(page, '#conflict-title'), /someone else changed/i);
  assert.ok(await page.evaluate(() => !!(globalThis as any).document.activeElement?.closest('[data-test="conflict"]')), 'the focus is in the dialog');
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'A typed this', 'what A typed is kept');
  assert.is(await storedTitle(api, id), 'B saved this', 'nothing of A was written');

  await click(page, '[data-test="conflict-compare"]');
  assert.is(await textOf(page, '[data-test="conflict-theirs-title"]'), 'B saved this');
  assert.is(await textOf(page, '[data-test="conflict-mine-title"]'), 'A typed this');
  await click(page, '[data-test="conflict-keep-mine"]');
  await gone(page, '[data-test="conflict"]');
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'A typed this');

  // Saved again, over B's version: A's title, B's views (A did not change them).
  await click(page, '[data-test="save"]');
  await draftSaved(page);
  const stored = (await api('GET', `/api/articles/${id}?status=draft`)).body.data;
  assert.equal([stored.title, stored.views], ['A typed this', 7]);
  assert.equal(page.errors, []);
  await page.close();
});

test('after a conflict, reloading loses the typed text only once confirmed; a stale publish or delete meets the dialog too', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Reload me');
  await openEntry(page, id, 'Reload me');
  await fill(page, '[data-test="field-title"]', 'Mine');
  await api('PUT', `/api/articles/${id}?status=draft`, { data: { title: 'Theirs' } });
  await click(page, '[data-test="save"]');
  await click(page, '[data-test="conflict-reload"]');
  await page.waitForSelector('[data-test="conflict-reload-ask"][open]', { visible: true });
  await click(page, '[data-test="conflict-reload-cancel"]');
  await page.waitForSelector('[data-test="conflict"][open]', { visible: true });
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Mine');
  await click(page, '[data-test="conflict-reload"]');
  await click(page, '[data-test="conflict-reload-confirm"]');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Theirs');
  await gone(page, '[data-test="conflict"]');

  // Publishing (no unsaved change) a version changed meanwhile.
  await api('PUT', `/api/articles/${id}?status=draft`, { data: { views: 3 } });
  await click(page, '[data-test="publish"]');
  await page.waitForSelector('[data-test="conflict"][open]', { visible: true });
  assert.is((await api('GET', `/api/articles/${id}`)).status, 404, 'not published');
  await click(page, '[data-test="conflict-reload"]');
  await gone(page, '[data-test="conflict"]');
  await click(page, '[data-test="publish"]');
  await page.waitForFunction(() => /published/i.test((globalThis as any).document.querySelector('[data-test="status"]')?.textContent ?? ''));
  assert.is((await api('GET', `/api/articles/${id}`)).status, 200, 'published once the page read it again');

  // Deleting a version changed meanwhile.
  await api('PUT', `/api/articles/${id}?status=draft`, { data: { views: 4 } });
  await click(page, '[data-test="delete"]');
  await click(page, '[data-test="confirm-delete"]');
  await page.waitForSelector('[data-test="conflict"][open]', { visible: true });
  assert.is((await api('GET', `/api/articles/${id}?status=draft`)).status, 200, 'not deleted');
  assert.equal(page.errors, []);
  await page.close();
});

test('Enter in a one-line field does not save; Unpublish and Discard ask first; the delete question says what goes', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Enter here');
  await openEntry(page, id, 'Enter here');
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT') saves.push(sent.url());
  });
  await page.focus('[data-test="field-title"]');
  await page.keyboard.type(' and more');
  await page.keyboard.press('Enter');
  // Something the page does after Enter in turn: a click on Publish shows what Enter did not.
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Enter here and more');
  await page.waitForSelector('[data-test="unsaved"]', { visible: true });
  assert.equal(saves, [], 'Enter saved nothing');
  assert.is(await storedTitle(api, id), 'Enter here');

  await click(page, '[data-test="publish"]');
  await page.waitForFunction(() => /^published/i.test((globalThis as any).document.querySelector('[data-test="status"]')?.textContent ?? ''));
  await click(page, '[data-test="unpublish"]');
  await page.waitForSelector('[data-test="ask-unpublish"][open]', { visible: true });
  assert.ok(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-test') === 'cancel-ask'), 'the safe choice has the focus');
  await page.keyboard.press('Escape');
  await gone(page, '[data-test="ask-unpublish"]');
  assert.is((await api('GET', `/api/articles/${id}`)).status, 200, 'still published');

  // Modified since published: Discard asks, and does only once confirmed.
  await fill(page, '[data-test="field-title"]', 'Changed after publishing');
  await click(page, '[data-test="save"]');
  await page.waitForFunction(() => /modified/i.test((globalThis as any).document.querySelector('[data-test="status"]')?.textContent ?? ''));
  await click(page, '[data-test="discard"]');
  await page.waitForSelector('[data-test="ask-discard"][open]', { visible: true });
  await click(page, '[data-test="cancel-ask"]');
  await gone(page, '[data-test="ask-discard"]');
  assert.is(await storedTitle(api, id), 'Changed after publishing');
  await click(page, '[data-test="discard"]');
  await click(page, '[data-test="confirm-discard"]');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Enter here and more');
  await click(page, '[data-test="unpublish"]');
  await click(page, '[data-test="confirm-unpublish"]');
  await page.waitForFunction(() => /^draft/i.test((globalThis as any).document.querySelector('[data-test="status"]')?.textContent ?? ''));
  assert.is((await api('GET', `/api/articles/${id}`)).status, 404, 'unpublished once confirmed');

  // Its only locale version: deleting it deletes the whole entry, and the question says so.
  await click(page, '[data-test="delete"]');
  assert.match(await textOf(page, '[data-test="confirm-delete-text"]'), /only one, so the whole entry is deleted/);
  assert.is(await page.$('[data-test="confirm-delete-all"]'), null);
  await click(page, '[data-test="cancel-delete"]');
  assert.equal(page.errors, []);
  await page.close();
});

test('the action bar stays in view on a long form; the tab title names the view; a notice stays with its view', async () => {
  const page = await openPage(browser, `${base}/admin/`);
  await page.waitForFunction(() => (globalThis as any).document.title === 'Sign in · foliocms');
  await signIn(page, 'edith', EDITOR_PASSWORD);
  await click(page, '[data-test="type-article"]');
  await page.waitForFunction(() => (globalThis as any).document.title === 'Articles · foliocms');
  const hello = await page.waitForSelector('::-p-xpath(//a[normalize-space()="Hello, foliocms"])', { visible: true });
  await hello!.click();
  await page.waitForFunction(() => (globalThis as any).document.title === 'Hello, foliocms · Article · foliocms');

  // A form 2,700 px tall: the bar is in view at its middle and at its end.
  await page.evaluate(() => {
    const form = (globalThis as any).document.querySelector('.entry-form');
    form.style.minHeight = '2700px';
  });
  for (const where of ['middle', 'bottom']) {
    await page.evaluate((at: string) => {
      const root = (globalThis as any).document.scrollingElement;
      (globalThis as any).scrollTo(0, at === 'middle' ? root.scrollHeight / 2 : root.scrollHeight);
    }, where);
    const box = await page.$eval('[data-test="save"]', (node) => {
      const rect = (node as any).getBoundingClientRect();
      const hit = (globalThis as any).document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return { top: rect.top, bottom: rect.bottom, onTop: hit === node || (node as any).contains(hit), scrolled: (globalThis as any).scrollY };
    });
    assert.ok(box.scrolled > 500, `scrolled to the ${where}`);
    assert.ok(box.top >= 0 && box.bottom <= 800 && box.onTop, `the Save button is visible at the ${where}: ${JSON.stringify(box)}`);
  }

  // "Published." is about this locale version: it goes when another one is shown.
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await fill(page, '[data-test="field-views"]', '43');
  await click(page, '[data-test="publish"]');
  await page.waitForFunction(() => /Published\./.test((globalThis as any).document.querySelector('[data-test="notice"]')?.textContent ?? ''));
  await click(page, '[data-test="locale-fr"]');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[aria-current="page"][data-test="locale-fr"]'));
  await page.waitForSelector('[data-test="field-title"], [data-test="missing-locale"]', { visible: true });
  assert.is((await page.$eval('[data-test="notice"]', (node) => (node as any).textContent)).trim(), '', 'no notice from the English version');
  assert.equal(page.errors, []);
  await page.close();
});

test('a required field left empty is refused beside it in plain words before anything is sent; a new slug follows its title until edited', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Required title');
  await openEntry(page, id, 'Required title');
  const writes: string[] = [];
  page.on('request', (sent) => {
    if (['PUT', 'POST'].includes(sent.method())) writes.push(sent.url());
  });
  await fill(page, '[data-test="field-title"]', '');
  await click(page, '[data-test="save"]');
  assert.is(await textOf(page, '[data-test="error-title"]'), 'Title is required.');
  assert.equal(writes, [], 'nothing sent');
  assert.is(await storedTitle(api, id), 'Required title');

  // The refused form holds unsaved changes: leaving it asks first.
  await page.goto(`${base}/admin/#/content/article/new`);
  await answerLeave(page, 'leave');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === '');
  await page.type('[data-test="field-title"]', 'Crème brûlée: 2 recettes!');
  assert.is(await valueOf(page, '[data-test="field-slug"]'), 'creme-brulee-2-recettes');
  await fill(page, '[data-test="field-slug"]', 'my-own-slug');
  await page.type('[data-test="field-title"]', ' Encore');
  assert.is(await valueOf(page, '[data-test="field-slug"]'), 'my-own-slug', 'an edited slug is left alone');
  assert.equal(page.errors, []);
  await page.close();
});

const hashOf = (page: Page) => page.evaluate(() => (globalThis as any).location.hash as string);

/** Waits for the leave question, checks it, and answers it: `stay` keeps the form, `leave` goes on. */
async function answerLeave(page: Page, answer: 'stay' | 'leave'): Promise<void> {
  await page.waitForSelector('[data-test="ask-leave"][open]', { visible: true });
  assert.match(await textOf(page, '#ask-leave-title'), /leave without saving/i);
  await click(page, answer === 'stay' ? '[data-test="cancel-leave"]' : '[data-test="confirm-leave"]');
  await gone(page, '[data-test="ask-leave"]');
}

test('leaving a form with unsaved changes asks first: a link, a locale switch, Back, a reload and signing out; nothing asks once saved', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Guarded');
  await page.goto(`${base}/admin/#/content/article`);
  await page.waitForSelector(`a[href^="#/content/article/${id}?"]`, { visible: true });
  await click(page, `a[href^="#/content/article/${id}?"]`);
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Guarded');
  const entryHash = await hashOf(page);
  await fill(page, '[data-test="field-title"]', 'Typed, not saved');

  // A link elsewhere (the sidebar), and the locale switch: held until the editor chooses.
  for (const link of ['[data-test="type-category"]', '[data-test="locale-fr"]', '.crumbs a']) {
    await click(page, link);
    await answerLeave(page, 'stay');
    assert.is(await hashOf(page), entryHash, `${link}: still on the entry`);
    assert.is(await valueOf(page, '[data-test="field-title"]'), 'Typed, not saved', `${link}: the form kept`);
  }

  // Back: the entry's address is put back while the question is open.
  await page.goBack({ waitUntil: 'domcontentloaded' }).catch(() => null);
  await answerLeave(page, 'stay');
  assert.is(await hashOf(page), entryHash);
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Typed, not saved');

  // A reload: the browser's own question; staying keeps the form.
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', async (dialog) => {
      const kind = dialog.type();
      await dialog.dismiss();
      resolve(kind);
    });
  });
  // Not awaited: the reload is called off when the editor stays.
  page.reload().catch(() => null);
  assert.is(await asked, 'beforeunload');
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Typed, not saved', 'not reloaded');

  // Signing out asks too.
  await click(page, '[data-test="sign-out"]');
  await answerLeave(page, 'stay');
  assert.ok(await page.$('[data-test="field-title"]'), 'still signed in');

  // Back again, and leaving this time: the list, and nothing was written.
  await page.goBack({ waitUntil: 'domcontentloaded' }).catch(() => null);
  await answerLeave(page, 'leave');
  await page.waitForFunction(() => (globalThis as any).location.hash === '#/content/article');
  await page.waitForSelector(`a[href^="#/content/article/${id}?"]`, { visible: true });
  assert.is(await storedTitle(api, id), 'Guarded');

  // Saved changes: leaving asks nothing.
  await click(page, `a[href^="#/content/article/${id}?"]`);
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Guarded');
  await fill(page, '[data-test="field-title"]', 'Saved this time');
  await click(page, '[data-test="save"]');
  await draftSaved(page);
  await page.waitForSelector('[data-test="unsaved"]', { hidden: true });
  await click(page, '[data-test="type-category"]');
  await page.waitForFunction(() => (globalThis as any).location.hash === '#/content/category');
  assert.is(await page.$('[data-test="ask-leave"]'), null);
  assert.is(await storedTitle(api, id), 'Saved this time');
  assert.equal(page.errors, []);
  await page.close();
});

test('what the editor types while a saved entry is read again stays in the form, unsaved', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Typing on');
  await openEntry(page, id, 'Typing on');
  // The read that follows the save is held until the editor has typed on.
  await page.setRequestInterception(true);
  let saved = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    page.on('request', (sent) => {
      if (sent.method() === 'PUT') saved = true;
      else if (saved && sent.method() === 'GET' && sent.url().includes(`/api/articles/${id}`)) {
        saved = false;
        release = () => void sent.continue();
        resolve();
        return;
      }
      void sent.continue();
    });
  });
  await fill(page, '[data-test="field-title"]', 'Saved title');
  await click(page, '[data-test="save"]');
  await held;
  await draftSaved(page);
  await fill(page, '[data-test="field-title"]', 'Typed meanwhile');
  release();
  // The actions wait while the entry is read again.
  await page.waitForSelector('[data-test="save"]:not(:disabled)', { visible: true });
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Typed meanwhile');
  await page.waitForSelector('[data-test="unsaved"]', { visible: true });
  assert.is(await storedTitle(api, id), 'Saved title');
  await click(page, '[data-test="save"]');
  await page.waitForSelector('[data-test="unsaved"]', { hidden: true });
  assert.is(await storedTitle(api, id), 'Typed meanwhile');
  assert.equal(page.errors, []);
  await page.close();
});

test('a form survives the end of its session: kept in the tab (no password), offered back after signing in, and saved on the version it was made on', async () => {
  await cli(['user', 'create', '--username', 'sam', '--email', 'sam@example.com', '--password', EDITOR_PASSWORD, '--role', 'editor', '--dir', site.dir]);
  const page = await openPage(browser, `${base}/admin/`);
  await signIn(page, 'sam', EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  const token = await tokenOf(page);
  const api = (method: string, path: string, body?: unknown) => request<any>(`${base}${path}`, { method, body, headers: bearer(token) });
  const id = await draftArticle(api, 'Before the session ended');
  await openEntry(page, id, 'Before the session ended');
  await fill(page, '[data-test="field-title"]', 'Typed before the session ended');
  await fill(page, '[data-test="field-views"]', '1234');

  // The session ends (the account blocked meanwhile): Save leads to the sign-in page.
  await cli(['user', 'block', 'sam@example.com', '--dir', site.dir]);
  await click(page, '[data-test="save"]');
  await page.waitForSelector('[data-test="signin"]', { visible: true });
  assert.match(await textOf(page, '[data-test="signin"] .info'), /session has ended.*unsaved changes are kept/is);
  const stored = await page.evaluate(() => {
    const storage = (globalThis as any).sessionStorage;
    return Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i))}`).join('\n');
  });
  assert.ok(stored.includes('Typed before the session ended'), 'kept in sessionStorage');
  assert.not.ok(stored.includes(EDITOR_PASSWORD), 'no password kept');

  // Signed in again: offered back; restored over the entry, then saved.
  await cli(['user', 'unblock', 'sam@example.com', '--dir', site.dir]);
  await signIn(page, 'sam', EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="kept-changes"]', { visible: true });
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Before the session ended', 'not applied before the editor chooses');
  await click(page, '[data-test="restore-kept"]');
  await gone(page, '[data-test="kept-changes"]');
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Typed before the session ended');
  assert.is(await valueOf(page, '[data-test="field-views"]'), '1234');
  await click(page, '[data-test="save"]');
  await draftSaved(page);
  const saved = (await api('GET', `/api/articles/${id}?status=draft`)).body.data;
  assert.equal([saved.title, saved.views], ['Typed before the session ended', 1234]);
  assert.not.ok(await page.evaluate(() => /unsaved/.test(JSON.stringify(Object.keys((globalThis as any).sessionStorage)))), 'nothing kept once saved');

  // Kept changes whose entry changed meanwhile meet the conflict dialog, not an overwrite.
  await fill(page, '[data-test="field-title"]', 'Second try');
  await cli(['user', 'block', 'sam@example.com', '--dir', site.dir]);
  await click(page, '[data-test="save"]');
  await page.waitForSelector('[data-test="signin"]', { visible: true });
  await cli(['user', 'unblock', 'sam@example.com', '--dir', site.dir]);
  assert.is((await api('PUT', `/api/articles/${id}?status=draft`, { data: { title: 'Changed elsewhere' } })).status, 200);
  await signIn(page, 'sam', EDITOR_PASSWORD);
  await click(page, '[data-test="restore-kept"]');
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Second try');
  await click(page, '[data-test="save"]');
  await page.waitForSelector('[data-test="conflict"][open]', { visible: true });
  assert.is(await storedTitle(api, id), 'Changed elsewhere');
  assert.equal(page.errors, []);
  await page.close();
});

test('text that looks like markup in a blocks field is saved as typed, formatting the editor wrote is kept, and both read back exactly', async () => {
  const { page, api } = await editor();
  const id = await draftArticle(api, 'Markup as typed');
  await openEntry(page, id, 'Markup as typed');
  // Typed Markdown the editor knows (`**bold**`) becomes formatting, as typing it would; the rest stays as typed.
  const typed = ['Attach my__draft__v2.md, and 2*3*4 = 24', 'A **bold** word; \\*\\*stars\\*\\* as typed'];
  await click(page, '[data-test="field-body-blocks"] [data-test="rich-text-body"]');
  await page.keyboard.type(typed[0]!);
  await page.keyboard.press('Enter');
  await page.keyboard.type(typed[1]!);
  await click(page, '[data-test="save"]');
  await draftSaved(page);
  const body = (await api('GET', `/api/articles/${id}?status=draft`)).body.data.body;
  assert.equal(body, [
    { type: 'paragraph', children: [{ type: 'text', text: 'Attach my__draft__v2.md, and 2*3*4 = 24' }] },
    { type: 'paragraph', children: [{ type: 'text', text: 'A ' }, { type: 'text', text: 'bold', bold: true }, { type: 'text', text: ' word; \\*\\*stars\\*\\* as typed' }] },
  ]);

  await page.reload();
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Markup as typed');
  await page.waitForSelector('[data-test="field-body-blocks"] [data-test="rich-text-body"]', { visible: true });
  const shown = await page.$$eval('[data-test="field-body-blocks"] [data-test="rich-text-body"] p', (blocks) => blocks.map((block) => [block.textContent, block.querySelector('strong')?.textContent ?? null]));
  assert.equal(shown, [['Attach my__draft__v2.md, and 2*3*4 = 24', null], ['A bold word; \\*\\*stars\\*\\* as typed', 'bold']], 'the field shows what was typed');
  assert.equal(page.errors, []);
  await page.close();
});

test.run();
