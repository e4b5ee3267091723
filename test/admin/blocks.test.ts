/**
 * A blocks field in the entry form (`admin/fields/blocks.js`), in a real browser against the server
 * of the sources: its editor is loaded only when a blocks field is first shown, says so until then
 * and offers to try again when it cannot be loaded; what is typed is saved, the form says it is
 * unsaved until then and leaving asks first; a required one left empty is refused at the field;
 * an account that may not update reads it only; its label, hint and error name and describe it,
 * and its toolbar is one tab stop. Run `node scripts/bundle.mjs --editors` first.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { bearer, request } from '../_helpers/index.js';
import { cli, EDITOR_PASSWORD, fill, openPage, signIn, textOf } from '../_helpers/browser.js';
import { startSourceSite, type SourceSite } from '../fixtures/rich-text/site.js';

type Node = Record<string, any>;
type Doc = { querySelector(s: string): any; activeElement: any };

const BUNDLE = '/admin/vendor/rich-text.js';
const MEMO_TYPE = [
  'kind: collectionType',
  'info: { singularName: memo, pluralName: memos, displayName: Memo }',
  'options: { draftAndPublish: false }',
  'attributes:',
  '  title: { type: string, required: true }',
  '  body:  { type: blocks, required: true }',
  '',
].join('\n');
const READS = ['plugin::users-permissions.user.me', 'plugin::content-type-builder.content-types.getContentTypes', 'plugin::content-type-builder.components.getComponents'];

const test = suite('BlocksField({ id, value, onChange, disabled, describedBy }) in the entry form');
let site: SourceSite;
let token: string;

test.before(async () => {
  site = await startSourceSite({
    project: { files: { 'content-types/memo.yaml': MEMO_TYPE } },
    async prepare(dir) {
      await cli(['permission', 'grant', 'editor', ...['find', 'findOne', 'create', 'update'].map((action) => `api::memo.memo.${action}`), '--dir', dir]);
      await cli(['role', 'create', 'Reader', '--dir', dir]);
      await cli(['permission', 'grant', 'reader', 'api::article.article.find', 'api::article.article.findOne', ...READS, '--dir', dir]);
      await cli(['user', 'create', '--username', 'rita', '--email', 'rita@example.com', '--password', EDITOR_PASSWORD, '--role', 'reader', '--dir', dir]);
    },
  });
  const signedIn = await request(`${site.server.url}/api/auth/local`, { method: 'POST', body: { identifier: 'edith', password: EDITOR_PASSWORD } });
  token = signedIn.body.jwt;
});
test.after(() => site?.close());

const api = (method: string, path: string, body?: unknown) => request<any>(`${site.server.url}${path}`, { method, body, headers: bearer(token) });
const click = async (page: Page, selector: string) => (await page.waitForSelector(`${selector}:not(:disabled)`, { visible: true }))!.click();
const text = (value: string): Node => ({ type: 'text', text: value });

/** A page signed in as `who`, recording the paths it asks for. */
async function signedIn(who = 'edith'): Promise<Page & { errors: string[]; paths: string[] }> {
  const page = (await openPage(site.browser, `${site.server.url}/admin/`)) as Page & { errors: string[]; paths: string[] };
  page.paths = [];
  page.on('request', (asked) => page.paths.push(new URL(asked.url()).pathname));
  await signIn(page, who, EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  return page;
}

async function draftArticle(title: string, body: Node[]): Promise<string> {
  const made = await api('POST', '/api/articles?status=draft', { data: { title, body } });
  assert.is(made.status, 200, made.text);
  return made.body.data.documentId;
}

const editorShown = (page: Page) => page.waitForSelector('[data-test="group-body"] [data-test="rich-text-body"]', { visible: true });

test('the editor is loaded only once a blocks field is shown, once, saying so until it is there', async () => {
  const id = await draftArticle('Loaded when shown', [{ type: 'paragraph', children: [text('Hi.')] }]);
  const page = await signedIn();
  await page.click('[data-test="type-article"]');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  assert.not.ok(page.paths.includes(BUNDLE), 'the list loads no editor');
  // The bundle held back until the message is seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.setRequestInterception(true);
  page.on('request', (asked: HTTPRequest) => {
    if (new URL(asked.url()).pathname === BUNDLE) held.then(() => asked.continue());
    else asked.continue();
  });
  await page.goto(`${site.server.url}/admin/#/content/article/${id}`);
  assert.is(await textOf(page, '[data-test="field-body-blocks"] .blocks-loading'), 'Loading the editor…');
  release();
  await editorShown(page);
  await page.goto(`${site.server.url}/admin/#/content/article`);
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  await page.goto(`${site.server.url}/admin/#/content/article/${id}`);
  await editorShown(page);
  assert.is(page.paths.filter((path) => path === BUNDLE).length, 1, 'loaded once');
  assert.equal(page.errors, []);
  await page.close();
});

test('when the editor cannot be loaded the field says so, and Try again loads it', async () => {
  const id = await draftArticle('Loaded again', [{ type: 'paragraph', children: [text('Hi.')] }]);
  const page = await signedIn();
  await page.setRequestInterception(true);
  let refused = 0;
  page.on('request', (asked: HTTPRequest) => {
    if (new URL(asked.url()).pathname === BUNDLE && refused === 0) {
      refused += 1;
      asked.abort();
    } else {
      asked.continue();
    }
  });
  await page.goto(`${site.server.url}/admin/#/content/article/${id}`);
  assert.match(await textOf(page, '[data-test="field-body-blocks"] [role="alert"]'), /editor could not be loaded/);
  await click(page, '[data-test="field-body-blocks"] [role="alert"] button');
  await editorShown(page);
  assert.is(await textOf(page, '[data-test="rich-text-body"]'), 'Hi.');
  // (The refused load is the browser's to report; nothing else went wrong.)
  assert.equal(page.errors.filter((error) => !/rich-text\.js/.test(error)), []);
  await page.close();
});

test('what is typed is saved; the form says it is unsaved until then, and leaving it asks first', async () => {
  const id = await draftArticle('Typed in', [{ type: 'paragraph', children: [text('Hi.')] }]);
  const page = await signedIn();
  await page.goto(`${site.server.url}/admin/#/content/article/${id}`);
  await editorShown(page);
  await page.click('[data-test="rich-text-body"] p');
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed.');
  await page.waitForSelector('[data-test="unsaved"]', { visible: true });

  await page.click('[data-test="type-article"]');
  await page.waitForSelector('[data-test="ask-leave"][open]', { visible: true });
  await click(page, '[data-test="cancel-leave"]');
  assert.is(await textOf(page, '[data-test="rich-text-body"]'), 'Hi. Typed.', 'still there');

  await click(page, '[data-test="save"]');
  await page.waitForSelector('[data-test="unsaved"]', { hidden: true });
  const stored = (await api('GET', `/api/articles/${id}?status=draft`)).body.data.body;
  assert.equal(stored, [{ type: 'paragraph', children: [text('Hi. Typed.')] }]);
  await page.click('[data-test="type-article"]');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  assert.is(await page.$('[data-test="ask-leave"]'), null, 'nothing to ask once saved');
  assert.equal(page.errors, []);
  await page.close();
});

test('a required blocks field left empty is refused at the field, named and described by it', async () => {
  const page = await signedIn();
  await page.goto(`${site.server.url}/admin/#/content/memo/new`);
  await editorShown(page);
  const body = '[data-test="group-body"] [data-test="rich-text-body"]';
  assert.is(await page.$eval(body, (node) => node.getAttribute('aria-label')), 'Body', 'named by its label, without the required mark');
  await fill(page, '[data-test="field-title"]', 'A memo');
  await click(page, '[data-test="save"]');
  assert.is(await textOf(page, '[data-test="error-body"]'), 'Body is required.');
  assert.ok(await page.$('[data-test="group-body"].invalid'));
  assert.ok((await page.$eval(body, (node) => node.getAttribute('aria-describedby')))?.split(' ').includes('error-body'), 'described by its error');

  // Its label's click puts the caret in it.
  await page.click('[data-test="group-body"] label');
  assert.ok(await page.evaluate(() => (globalThis as unknown as { document: Doc }).document.activeElement?.getAttribute('data-test') === 'rich-text-body'));
  await page.keyboard.type('Written.');
  await page.waitForSelector('[data-test="error-body"]', { hidden: true });
  await click(page, '[data-test="save"]');
  // Created, the form moves to the memo's own address.
  await page.waitForFunction(() => /#\/content\/memo\/(?!new\b)\w+/.test((globalThis as unknown as { location: { hash: string } }).location.hash));
  const memos = await api('GET', '/api/memos');
  assert.equal(memos.body.data?.[0]?.body, [{ type: 'paragraph', children: [text('Written.')] }]);
  assert.equal(page.errors, []);
  await page.close();
});

test('an account that may not update reads the blocks, and can change nothing', async () => {
  const id = await draftArticle('Read only', [{ type: 'paragraph', children: [text('Look, do not touch.')] }]);
  await api('POST', `/api/articles/${id}/actions/publish`);
  const page = await signedIn('rita');
  await page.goto(`${site.server.url}/admin/#/content/article/${id}`);
  await editorShown(page);
  const body = '[data-test="rich-text-body"]';
  assert.equal(await page.$eval(body, (node) => [node.getAttribute('contenteditable'), node.getAttribute('aria-readonly')]), ['false', 'true']);
  const enabled = await page.$$eval('[data-test="rich-text"] [role="toolbar"] :is(button, select)',
    (controls) => controls.filter((control) => !(control as unknown as { disabled: boolean }).disabled).length);
  assert.is(enabled, 0, 'no tool is offered');
  await page.click(`${body} p`);
  await page.keyboard.type('x');
  assert.is(await textOf(page, body), 'Look, do not touch.');
  assert.is(await page.$('[data-test="unsaved"]'), null);
  assert.equal(page.errors, []);
  await page.close();
});

test('with the keyboard: the toolbar is one tab stop whose arrow keys move between its tools, then the text', async () => {
  const id = await draftArticle('Keyboard', [{ type: 'paragraph', children: [text('Keys.')] }]);
  const page = await signedIn();
  await page.goto(`${site.server.url}/admin/#/content/article/${id}`);
  await editorShown(page);
  const focused = () => page.evaluate(() => (globalThis as unknown as { document: Doc }).document.activeElement?.getAttribute('data-test'));
  await page.focus('[data-test="group-body"] [data-test="rich-style"]');
  await page.keyboard.press('ArrowRight');
  assert.is(await focused(), 'rich-bold');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.is(await focused(), 'rich-image', 'round to the last tool offered (one block moves nowhere, nothing to undo)');
  await page.keyboard.press('Tab');
  assert.is(await focused(), 'rich-text-body');
  await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  await page.keyboard.up('Shift');
  assert.is(await focused(), 'rich-image', 'the toolbar keeps the tool last focused');
  assert.equal(page.errors, []);
  await page.close();
});

test.run();
