/**
 * The History panel of the editors' page, in a real browser against a real `folio serve` of the
 * sample project: the versions of an entry made by two editors and an API token (who, what, which
 * fields), one of them beside the current draft with its differences marked, and a restore behind a
 * question that does not pass over unsaved changes; a role without the rights, a refusal and a
 * restore on a stale version. The screenshot docs/editors-page.md shows of the panel is taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_GITIGNORE } from '../../src/project/index.js';
import type { Browser, Page } from 'puppeteer-core';
import { bearer, folio, request, type JsonResponse } from '../_helpers/index.js';
import { cli, EDITOR_PASSWORD, fill, openPage, signIn, startEditorsSite, textOf, type EditorsSite } from '../_helpers/browser.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite("the editors' page: history");
let site: EditorsSite;
let browser: Browser;
let base: string;
/** The full-access API token `deploy-script`, made before the server starts. */
let deployToken = '';
let projectDir = '';
const git = async (dir: string, ...args: string[]) => (await promisify(execFile)('git', args, { cwd: dir })).stdout.trim();

const HISTORY_ACTIONS = ['history', 'restore'].map((action) => `api::article.article.${action}`);

test.before(async () => {
  site = await startEditorsSite({
    project: { config: { 'users-permissions': { ratelimit: { enabled: false } } } },
    async prepare(dir) {
      // The Editor role may see history and restore; a second editor, and an author who may do neither.
      await cli(['permission', 'grant', 'editor', ...HISTORY_ACTIONS, '--dir', dir]);
      await cli(['user', 'create', '--username', 'mara', '--email', 'mara@example.com', '--password', EDITOR_PASSWORD, '--role', 'editor', '--dir', dir]);
      await cli(['role', 'create', 'Author', '--dir', dir]);
      const actions = ['find', 'findOne', 'create', 'update'].map((action) => `api::article.article.${action}`);
      await cli(['permission', 'grant', 'author', ...actions, 'plugin::users-permissions.user.me', 'plugin::content-type-builder.content-types.getContentTypes', 'plugin::content-type-builder.components.getComponents', '--dir', dir]);
      await cli(['user', 'create', '--username', 'arthur', '--email', 'arthur@example.com', '--password', EDITOR_PASSWORD, '--role', 'author', '--dir', dir]);
      const created = await folio(['--dir', dir, 'token', 'create', 'deploy-script', '--type', 'full-access']);
      assert.is(created.code, 0, created.stderr);
      deployToken = created.stdout.trim();
      // History in git: the project is a repository, and every write through the page is a commit by its editor.
      await cli(['config', 'set', 'server.git.commit', 'true', '--dir', dir]);
      await writeFile(join(dir, '.gitignore'), PROJECT_GITIGNORE);
      for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['-c', 'user.name=Site Admin', '-c', 'user.email=admin@example.com', 'commit', '-q', '-m', 'The site']]) await git(dir, ...args);
      projectDir = dir;
    },
  });
  browser = site.browser;
  base = site.server.url;
});
test.after(() => site?.close());

type Api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<JsonResponse>;

/** The API as `identifier` (signed in with the editors' password), or as a token. */
async function apiAs(identifier: string): Promise<Api> {
  const signedIn = await request<any>(`${base}/api/auth/local`, { method: 'POST', body: { identifier, password: EDITOR_PASSWORD } });
  assert.is(signedIn.status, 200, signedIn.text);
  return withToken(signedIn.body.jwt as string);
}
const withToken = (token: string): Api => (method, path, body, headers = {}) => request<any>(`${base}${path}`, { method, body, headers: { ...bearer(token), ...headers } });

const click = async (page: Page, selector: string) => (await page.waitForSelector(`${selector}:not(:disabled)`, { visible: true }))!.click();
const valueOf = (page: Page, selector: string) => page.$eval(selector, (node) => (node as unknown as { value: string }).value);
const gone = (page: Page, selector: string) => page.waitForSelector(selector, { hidden: true });
/** The English draft as stored (with `locale`, the API may answer it in a list of one). */
async function draftOf(api: Api, id: string): Promise<Record<string, unknown>> {
  const { data } = (await api('GET', `/api/articles/${id}?status=draft&locale=en`)).body;
  return Array.isArray(data) ? data[0] : data;
}

async function signedInPage(identifier: string): Promise<Page & { errors: string[] }> {
  const page = await openPage(browser, `${base}/admin/`, { width: 1200, height: 900 });
  await signIn(page, identifier, EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  return page;
}

async function openEntry(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`${base}/admin/#/content/article/${id}`);
  await page.waitForFunction((wanted: string) => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === wanted, {}, title);
}

/** The versions the panel lists: when, who, what and which fields, newest first. */
async function listed(page: Page): Promise<Array<{ author: string; action: string; changed: string }>> {
  await page.waitForSelector('[data-test="history-list"]', { visible: true });
  // No function is declared inside the page's code: the compiler would name it with a helper the page lacks.
  return page.$$eval('[data-test^="history-version-"]', (items) => items.map((item) => Object.fromEntries(['author', 'action', 'changed']
    .map((part) => [part, ((item as any).querySelector(`[data-test="history-${part}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim()])) as { author: string; action: string; changed: string }));
}

/** A row of the comparison: the version's value, the current draft's, and whether it is marked. */
async function row(page: Page, name: string): Promise<{ then: string; now: string; marked: boolean }> {
  await page.waitForSelector(`[data-test="history-row-${name}"]`, { visible: true });
  return page.$eval(`[data-test="history-row-${name}"]`, (node, field) => ({
    then: ((node as any).querySelector(`[data-test="history-then-${field}"]`).textContent as string).trim(),
    now: ((node as any).querySelector(`[data-test="history-now-${field}"]`).textContent as string).trim(),
    marked: (node as any).getAttribute('data-differs') === 'true' && !!(node as any).querySelector('[data-test="history-differs"]'),
  }), name);
}

/** Opens the version at `index` in the list (0: the newest) and waits for its comparison. */
async function openVersion(page: Page, index: number): Promise<void> {
  await click(page, `[data-test="history-version-${index}"]`);
  await page.waitForSelector(`[data-test="history-version-${index}"][aria-current="true"]`);
  await page.waitForSelector('[data-test="history-compare"]', { visible: true });
}

test('the panel lists who changed what; a version shows beside the draft with its differences marked; restoring it asks first, then fills the form and the server', async () => {
  const edith = await apiAs('edith');
  const mara = await apiAs('mara');
  const token = withToken(deployToken);
  const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
  const created = await edith('POST', '/api/articles?status=draft&locale=en', { data: { title: 'First title', views: 1, body: paragraph('First words.') } });
  assert.is(created.status, 200, created.text);
  const id = created.body.data.documentId as string;
  assert.is((await mara('PUT', `/api/articles/${id}?status=draft&locale=en`, { data: { title: 'Second title', views: 5 } })).status, 200);
  assert.is((await token('PUT', `/api/articles/${id}?status=draft&locale=en`, { data: { views: 8, body: paragraph('Words of the deploy script.') } })).status, 200);
  assert.is((await edith('PUT', `/api/articles/${id}?status=draft&locale=en`, { data: { title: 'Third title' } })).status, 200);

  const history = await edith('GET', `/api/articles/${id}/history?locale=en`);
  assert.is(history.status, 200, `the history endpoint answers: ${history.text}`);

  const page = await signedInPage('edith');
  await openEntry(page, id, 'Third title');
  await click(page, '[data-test="history"]');
  await page.waitForSelector('[data-test="history-panel"][open]', { visible: true });
  const versions = await listed(page);
  assert.is(versions.length, 4, JSON.stringify(versions));
  assert.equal(versions.map((version) => version.author), ['edith', 'API token deploy-script', 'mara', 'edith']);
  assert.equal(versions.map((version) => version.action), ['Saved', 'Saved', 'Saved', 'Created']);
  assert.match(versions[0]!.changed, /^Changed: Title$/);
  assert.match(versions[1]!.changed, /^Changed: (Views, Body|Body, Views)$/);
  assert.match(versions[2]!.changed, /^Changed: .*Title.*/);
  assert.match(versions[2]!.changed, /Views/);
  // Each line says when, readably (a date and a time, not an ISO stamp).
  const when = await textOf(page, '[data-test="history-version-0"] [data-test="history-when"]');
  assert.not.match(when, /T\d\d:/);
  assert.match(when, /\d{4}/);

  // Mara's version beside the draft: the title differs, the views and the body too (the token changed them
  // since); blocks are summarised, and said to have changed.
  await openVersion(page, 2);
  assert.equal(await row(page, 'title'), { then: 'Second title', now: 'Third title', marked: true });
  assert.equal(await row(page, 'views'), { then: '5', now: '8', marked: true });
  assert.equal(await row(page, 'body'), { then: '1 block', now: '1 block', marked: true });
  assert.is(await textOf(page, '[data-test="history-row-body"] [data-test="history-differs"]'), 'changed');
  assert.is((await row(page, 'slug')).marked, false, 'a field that is the same is not marked');
  assert.match(await textOf(page, '[data-test="history-summary"]'), /3 fields differ from the current draft: Title, Body, Views/);
  // docs/editors-page.md's picture of the panel (the pointer away from the list, so no line shows hovered).
  await page.mouse.move(1190, 890);
  await page.screenshot({ path: join(DOCS, 'editors-page-history.png') });
  await click(page, '[data-test="history-only-differing"]');
  assert.is(await page.$$eval('[data-test^="history-row-"]', (rows) => rows.length), 3, 'only the fields that differ');

  // The first version, with unsaved changes in the form: the question says they are lost, and Cancel writes nothing.
  await click(page, '[data-test="history-close"]');
  await gone(page, '[data-test="history-panel"][open]');
  await fill(page, '[data-test="field-title"]', 'Typed, not saved');
  await click(page, '[data-test="history"]');
  await openVersion(page, 3);
  assert.equal(await row(page, 'title'), { then: 'First title', now: 'Third title', marked: true });
  await click(page, '[data-test="history-restore"]');
  await page.waitForSelector('[data-test="history-restore-ask"][open]', { visible: true });
  const question = await textOf(page, '#history-restore-ask-text');
  assert.match(question, /^Restore the version of .+ by edith\? The current draft is replaced; it stays in history\./);
  assert.match(question, /unsaved changes in your form are lost/);
  assert.ok(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-test') === 'history-restore-cancel'), 'the safe choice has the focus');
  await click(page, '[data-test="history-restore-cancel"]');
  await gone(page, '[data-test="history-restore-ask"]');
  assert.is((await draftOf(edith, id)).title, 'Third title', 'nothing restored');
  assert.is(await valueOf(page, '[data-test="field-title"]'), 'Typed, not saved');

  await click(page, '[data-test="history-restore"]');
  await click(page, '[data-test="history-restore-confirm"]');
  await gone(page, '[data-test="history-panel"][open]');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'First title');
  assert.is(await valueOf(page, '[data-test="field-views"]'), '1');
  assert.match(await textOf(page, '[data-test="notice"]'), /Restored the version of .+ by edith\./);
  assert.is(await page.$('[data-test="unsaved"]'), null, 'the form holds the restored draft, nothing unsaved');
  const stored = await draftOf(edith, id);
  assert.equal([stored.title, stored.views, stored.body], ['First title', 1, paragraph('First words.')]);
  // A commit by the editor who clicked (the panel's read of the history waits for it).

  // The restore is itself in history, and the draft it replaced stays there.
  await click(page, '[data-test="history"]');
  const after = await listed(page);
  assert.is(after.length, 5);
  assert.equal([after[0]!.action, after[0]!.author], ['Restored an earlier version', 'edith']);
  assert.is(after[1]!.action, 'Saved');
  assert.is(await git(projectDir, 'log', '-1', '--format=%an <%ae> %s'), 'edith <edith@example.com> Restore article "First title" (en)');
  assert.match(await git(projectDir, 'log', '-1', '--format=%(trailers:only,unfold)'), new RegExp(`Folio-Document: ${id}\nFolio-Locale: en\nFolio-Action: restore`));
  await page.keyboard.press('Escape');
  await gone(page, '[data-test="history-panel"][open]');
  assert.equal(page.errors, []);
  await page.close();
});

test('with the keyboard alone: History opens, the arrows move between versions, Enter shows one, Escape closes and gives the focus back', async () => {
  const edith = await apiAs('edith');
  const id = (await edith('POST', '/api/articles?status=draft&locale=en', { data: { title: 'Keyboard one', views: 2 } })).body.data.documentId as string;
  await edith('PUT', `/api/articles/${id}?status=draft&locale=en`, { data: { title: 'Keyboard two' } });
  const page = await signedInPage('edith');
  await openEntry(page, id, 'Keyboard two');
  const focused = () => page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-test') ?? '');
  await page.focus('[data-test="history"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-test="history-version-1"]', { visible: true });
  await page.waitForFunction(() => (globalThis as any).document.activeElement?.getAttribute('data-test') === 'history-version-0');
  await page.keyboard.press('ArrowDown');
  assert.is(await focused(), 'history-version-1');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-test="history-compare"]', { visible: true });
  assert.equal(await row(page, 'title'), { then: 'Keyboard one', now: 'Keyboard two', marked: true });
  assert.is(await focused(), 'history-detail-title', 'the comparison is where the focus goes');
  await page.keyboard.press('Escape');
  await gone(page, '[data-test="history-panel"][open]');
  assert.is(await focused(), 'history', 'the focus is back on the History button');
  assert.equal(page.errors, []);
  await page.close();
});

test('a restore on a version changed meanwhile meets the conflict dialog and writes nothing; a refusal is said quietly in the panel; a role without the rights sees no History', async () => {
  const edith = await apiAs('edith');
  const mara = await apiAs('mara');
  const id = (await edith('POST', '/api/articles?status=draft&locale=en', { data: { title: 'Stale one', views: 3 } })).body.data.documentId as string;
  await edith('PUT', `/api/articles/${id}?status=draft&locale=en`, { data: { title: 'Stale two' } });
  const page = await signedInPage('edith');
  await openEntry(page, id, 'Stale two');
  // Mara saves after the page read the entry: the restore is made on the version the page read, and refused.
  assert.is((await mara('PUT', `/api/articles/${id}?status=draft&locale=en`, { data: { title: 'Mara was here' } })).status, 200);
  await click(page, '[data-test="history"]');
  await openVersion(page, (await listed(page)).length - 1);
  await click(page, '[data-test="history-restore"]');
  await click(page, '[data-test="history-restore-confirm"]');
  await page.waitForSelector('[data-test="conflict"][open]', { visible: true });
  assert.is((await draftOf(edith, id)).title, 'Mara was here', 'nothing restored over Mara\'s save');
  await click(page, '[data-test="conflict-reload"]');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Mara was here');

  // The server refuses the history (a role changed meanwhile): the panel says so, the page goes on.
  await page.setRequestInterception(true);
  page.on('request', (sent) => {
    if (sent.url().includes('/history')) void sent.respond({ status: 403, contentType: 'application/json', body: JSON.stringify({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } }) });
    else void sent.continue();
  });
  await click(page, '[data-test="history"]');
  assert.match(await textOf(page, '[data-test="history-unavailable"]'), /Your account may not see this entry's history/);
  await click(page, '[data-test="history-close"]');
  await gone(page, '[data-test="history-panel"][open]');
  await fill(page, '[data-test="field-views"]', '4');
  await click(page, '[data-test="save"]');
  await page.waitForFunction(() => /Draft saved/.test((globalThis as any).document.querySelector('[data-test="notice"]')?.textContent ?? ''));
  // Only the console errors of the refused requests themselves ("Failed to load resource") are left out.
  assert.equal(page.errors, []);
  await page.close();

  const author = await signedInPage('arthur');
  await openEntry(author, id, 'Mara was here');
  await author.waitForSelector('[data-test="save"]', { visible: true });
  assert.is(await author.$('button[data-test="history"]'), null, 'no History button for a role without the right');
  const authorApi = await apiAs('arthur');
  assert.is((await authorApi('GET', `/api/articles/${id}/history?locale=en`)).status, 403);
  assert.equal(author.errors, []);
  await author.close();
});

test.run();
