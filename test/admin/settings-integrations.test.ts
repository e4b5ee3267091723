/**
 * The API tokens, Webhooks and Locales settings screens in a real browser (Debian's chromium,
 * headless) against a real `folio serve` of the sample project. An Administrator makes a custom
 * token whose value is shown once (then works with the API, and is never shown again), changes,
 * regenerates and revokes it; makes a webhook to an HTTP server of this test, sends it a test event
 * and sees an entry's event delivered, and a webhook to a closed port say why it failed; adds a
 * locale, makes it the default and removes it after a warning that counts its entries. An Editor is
 * refused the three screens, and an account that may only read tokens and webhooks is offered no
 * change. docs/editors-page.md's three pictures of these screens are taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { bearer, freePort, listenLocal, request } from '../_helpers/index.js';
import {
  apiAs as apiAsOn, cli, EDITOR_PASSWORD, fill, openPage, signIn, startEditorsSite, textOf, type EditorsSite,
} from '../_helpers/browser.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite('the API tokens, webhooks and locales settings');
let site: EditorsSite;
let url: string;

/** What the test's receiver was sent: each request's headers and parsed body. */
const received: Array<{ headers: IncomingHttpHeaders; body: { event?: string } }> = [];
let receiver: Server;
let receiverPort: number;

test.before(async () => {
  receiver = createServer((incoming, answer) => {
    let text = '';
    incoming.on('data', (chunk) => (text += chunk));
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body: JSON.parse(text || '{}') });
      answer.writeHead(200).end('ok');
    });
  });
  receiverPort = await listenLocal(receiver);
  site = await startEditorsSite({
    project: {
      config: {
        'users-permissions': { ratelimit: { enabled: false } },
        // The test's receiver is on 127.0.0.1; a failed delivery is tried once more, a second later.
        server: { webhooks: { timeout: 2, retryDelays: [1], allowPrivateAddresses: true } },
      },
    },
    async prepare(dir) {
      const account = (name: string, role: string) => cli(['user', 'create', '--username', name, '--email',
        `${name}@example.com`, '--password', EDITOR_PASSWORD, '--role', role, '--dir', dir]);
      await account('owner', 'administrator');
      // The sample's Administrator reads no content: here it may find articles, so that a locale's
      // articles are counted before it is removed (the homepage stays unreadable: "not counted").
      await cli(['permission', 'grant', 'administrator', 'api::article.article.find', '--dir', dir]);
      // An auditor: may list the tokens and the webhooks, change nothing.
      await cli(['role', 'create', 'Auditor', '--dir', dir]);
      const reads = ['admin::api-tokens.read', 'admin::webhooks.read', 'plugin::users-permissions.user.me',
        'plugin::content-type-builder.content-types.getContentTypes'];
      await cli(['permission', 'grant', 'auditor', ...reads, '--dir', dir]);
      await account('audrey', 'auditor');
    },
  });
  url = site.server.url;
});

test.after(async () => {
  await site?.close();
  await new Promise((done) => receiver?.close(done));
});

/** A request to the served project, as any client of the API makes it. */
const call = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
  request(`${url}${path}`, { method, ...init });

/** The `Authorization` header of `identifier`, signed in through the API. */
async function tokenOf(identifier: string): Promise<Record<string, string>> {
  const answer = await call('POST', '/api/auth/local', { body: { identifier, password: EDITOR_PASSWORD } });
  assert.is(answer.status, 200, answer.text);
  return bearer(answer.body.jwt);
}

const until = (page: Page, expression: string) => page.waitForFunction(expression);
const shown = async (page: Page, selector: string) => (await page.waitForSelector(selector, { visible: true }))!;
const click = async (page: Page, selector: string) => (await shown(page, selector)).click();
const gone = (page: Page, selector: string) => until(page, `!document.querySelector(${JSON.stringify(selector)})`);
const says = (page: Page, selector: string, text: RegExp) =>
  until(page, `${text}.test(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`);
/** An input's `value` (or its `placeholder`), once it shows. */
const valueOf = async (page: Page, selector: string, property: 'value' | 'placeholder' = 'value') =>
  (await shown(page, selector)).evaluate((node, name) => (node as unknown as Record<string, string>)[name]!, property);

/** A page signed in as `identifier`, at the settings screen `screen` reached from the sidebar. */
async function openSettings(identifier: string, screen: string): Promise<Page & { errors: string[] }> {
  const page = await openPage(site.browser, `${url}/admin/`);
  await signIn(page, identifier, EDITOR_PASSWORD);
  await click(page, `[data-test="settings-${screen}"]`);
  await page.waitForSelector('#view-title', { visible: true });
  return page;
}

test('an administrator creates a custom token, sees its value once, uses it, '
  + 'changes, regenerates and revokes it', async () => {
  const page = await openSettings('owner', 'api-tokens');
  await page.browserContext().overridePermissions(url, ['clipboard-read', 'clipboard-sanitized-write']);
  await click(page, '[data-test="create-token"]');
  await fill(page, '[data-test="token-name"]', 'site-build');
  await fill(page, '[data-test="token-description"]', 'Writes the articles the build imports');
  await click(page, '[data-test="token-type-custom"]');
  for (const action of ['find', 'create']) await click(page, `[data-test="action-api::article.article.${action}"]`);
  await page.select('[data-test="token-lifespan"]', '7');
  await click(page, '[data-test="token-save"]');

  const value = await valueOf(page, '[data-test="token-value"]');
  assert.match(value, /^[0-9a-f]{256}$/);
  assert.match(await textOf(page, '[data-test="token-once"]'), /you will not see it again/);
  await click(page, '[data-test="copy-token"]');
  await says(page, '[data-test="copy-status"]', /Copied/);
  type Clipboard = { navigator: { clipboard: { readText(): Promise<string> } } };
  assert.is(await page.evaluate(() => (globalThis as unknown as Clipboard).navigator.clipboard.readText()), value);

  const article = { data: { title: 'Written with a token' } };
  assert.is((await call('POST', '/api/articles', { body: article })).status, 403, 'Public may not write');
  const made = await call('POST', '/api/articles', { body: article, headers: bearer(value) });
  assert.ok(made.status === 200 || made.status === 201, made.text);
  assert.is((await call('GET', '/api/users', { headers: bearer(value) })).status, 403, 'it holds what it was given only');

  await click(page, '[data-test="token-value-done"]');
  await gone(page, '[data-test="token-value"]');
  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-test="token-site-build"]', { visible: true });
  assert.match(await textOf(page, '[data-test="token-site-build"]'), /Custom \(2 actions\)/);
  assert.not.ok((await page.content()).includes(value), 'the value is never shown again');

  await click(page, '[data-test="token-site-build"] [data-test="edit-token"]');
  await fill(page, '[data-test="token-name"]', 'site-reader');
  await click(page, '[data-test="action-api::article.article.create"]');
  await click(page, '[data-test="token-save"]');
  await says(page, '[data-test="notice"]', /The token site-reader is saved/);
  const api = await apiAsOn(page, url);
  const [listed] = (await api('/api/admin/api-tokens')).body.data as Array<{ name: string; permissions: string[] }>;
  assert.equal([listed!.name, listed!.permissions], ['site-reader', ['api::article.article.find']]);
  assert.is((await call('POST', '/api/articles', { body: article, headers: bearer(value) })).status, 403, 'no longer writes');

  await click(page, '[data-test="token-site-reader"] [data-test="regenerate-token"]');
  await click(page, '[data-test="confirm-regenerate"]');
  const renewed = await valueOf(page, '[data-test="token-value"]');
  assert.match(renewed, /^[0-9a-f]{256}$/);
  assert.is.not(renewed, value);
  assert.is((await call('GET', '/api/articles', { headers: bearer(value) })).status, 401, 'the old value stops working');
  assert.is((await call('GET', '/api/articles', { headers: bearer(renewed) })).status, 200);
  await click(page, '[data-test="token-value-done"]');

  // A second token, for docs/editors-page.md's picture of the list.
  const preview = { name: 'preview', description: 'The preview site', type: 'full-access', lifespan: null };
  assert.is((await call('POST', '/api/admin/api-tokens', { body: preview, headers: await tokenOf('owner') })).status, 201);
  await page.reload({ waitUntil: 'networkidle0' });
  await shown(page, '[data-test="token-preview"]');
  await page.screenshot({ path: join(DOCS, 'editors-page-api-tokens.png') });
  await click(page, '[data-test="token-site-reader"] [data-test="revoke-token"]');
  await click(page, '[data-test="confirm-revoke"]');
  await says(page, '[data-test="notice"]', /The token site-reader is revoked/);
  await gone(page, '[data-test="token-site-reader"]');
  assert.is((await call('GET', '/api/articles', { headers: bearer(renewed) })).status, 401, 'revoked');
  assert.equal(page.errors, []);
  await page.close();
});

test('an administrator makes a webhook to a local server, tests it and sees an event delivered; '
  + 'one to a closed port says why it failed', async () => {
  const page = await openSettings('owner', 'webhooks');
  await click(page, '[data-test="create-webhook"]');
  await fill(page, '[data-test="webhook-name"]', 'site');
  await fill(page, '[data-test="webhook-url"]', `http://127.0.0.1:${receiverPort}/hook`);
  await click(page, '[data-test="event-entry.create"]');
  await click(page, '[data-test="add-header"]');
  await fill(page, '[data-test="header-name"]', 'Authorization');
  await fill(page, '[data-test="header-value"]', 'Bearer receiver-password');
  await fill(page, '[data-test="webhook-secret"]', 'a-long-signing-secret');
  await click(page, '[data-test="webhook-save"]');

  await page.waitForSelector('[data-test="webhook-summary"]', { visible: true });
  assert.match(await textOf(page, '[data-test="webhook-signed"]'), /^Set/);
  assert.not.ok((await page.content()).includes('receiver-password'), 'a header\'s value is not shown back');
  assert.not.ok((await page.content()).includes('a-long-signing-secret'), 'nor the secret');
  await click(page, '[data-test="trigger-webhook"]');
  await says(page, '[data-test="trigger-result"]', /delivered: the receiver answered HTTP 200/);
  const testEvent = received.find((each) => each.body.event === 'trigger-test');
  assert.ok(testEvent, 'the receiver got the test event');
  assert.is(testEvent!.headers.authorization, 'Bearer receiver-password');
  assert.ok(testEvent!.headers['x-folio-signature'], 'signed');

  // Saved unchanged, the header's hidden value and the secret stay.
  await click(page, '[data-test="edit-webhook"]');
  assert.match(await textOf(page, '[data-test="secret-state"]'), /^Set$/);
  assert.is(await valueOf(page, '[data-test="header-value"]'), '');
  await click(page, '[data-test="webhook-save"]');
  await says(page, '[data-test="notice"]', /The webhook site is saved/);

  const editor = await tokenOf('edith');
  const made = await call('POST', '/api/articles', { body: { data: { title: 'Sent to the webhook' } }, headers: editor });
  assert.ok(made.status === 200 || made.status === 201, made.text);
  await click(page, '[data-test="refresh-deliveries"]');
  await says(page, '[data-test="delivery"][data-status="delivered"] [data-test="delivery-code"]', /200/);
  assert.match(await textOf(page, '[data-test="delivery"]'), /Entry created/);
  const delivered = received.filter((each) => each.body.event === 'entry.create');
  assert.is(delivered.length, 1);
  assert.is(delivered[0]!.headers.authorization, 'Bearer receiver-password', 'the header kept its value');
  await page.screenshot({ path: join(DOCS, 'editors-page-webhooks.png') });

  await page.goto(`${url}/admin/#/settings/webhooks`);
  await click(page, '[data-test="create-webhook"]');
  await fill(page, '[data-test="webhook-name"]', 'closed');
  await fill(page, '[data-test="webhook-url"]', `http://127.0.0.1:${await freePort()}/hook`);
  await click(page, '[data-test="event-entry.create"]');
  await click(page, '[data-test="webhook-save"]');
  await click(page, '[data-test="trigger-webhook"]');
  await says(page, '[data-test="trigger-result"]', /not be delivered.*ECONNREFUSED: nothing answers at that address/);
  await call('POST', '/api/articles', { body: { data: { title: 'Sent nowhere' } }, headers: editor });
  await click(page, '[data-test="refresh-deliveries"]');
  await says(page, '[data-test="delivery-error"]', /ECONNREFUSED/);

  await click(page, '[data-test="delete-webhook"]');
  await click(page, '[data-test="confirm-delete-webhook"]');
  await says(page, '[data-test="notice"]', /The webhook closed is deleted/);
  await page.waitForSelector('[data-test="webhook-site"]', { visible: true });
  assert.is(await page.$('[data-test="webhook-closed"]'), null);
  assert.equal(page.errors, []);
  await page.close();
});

test('an administrator adds a locale, makes it the default, '
  + 'and removes it after a warning that counts its entries', async () => {
  const page = await openSettings('owner', 'locales');
  await fill(page, '[data-test="locale-code"]', 'de');
  assert.match(await valueOf(page, '[data-test="locale-name"]', 'placeholder'), /German \(de\)/, 'the name it gets');
  await fill(page, '[data-test="locale-name"]', 'Deutsch');
  await click(page, '[data-test="add-locale"]');
  await says(page, '[data-test="notice"]', /The locale Deutsch is added/);
  await page.waitForSelector('[data-test="locale-de"]', { visible: true });
  const locales = async () => (await call('GET', '/api/i18n/locales')).body as Array<{ code: string; isDefault: boolean }>;
  assert.ok((await locales()).some((locale) => locale.code === 'de'));

  await click(page, '[data-test="locale-de"] [data-test="make-default"]');
  await says(page, '[data-test="notice"]', /Deutsch is now the default locale/);
  await page.waitForSelector('[data-test="locale-de"] [data-test="default-locale"]', { visible: true });
  assert.is((await locales()).find((locale) => locale.isDefault)?.code, 'de');
  assert.is(await page.$('[data-test="locale-de"] [data-test="remove-locale"]'), null, 'the default stays');
  await click(page, '[data-test="locale-en"] [data-test="make-default"]');
  await page.waitForSelector('[data-test="locale-en"] [data-test="default-locale"]', { visible: true });

  // The content screens see the new locale without a reload of the page.
  await page.goto(`${url}/admin/#/content/article`);
  await page.waitForSelector('[data-test="locale-select"] option[value="de"]');

  const editor = await tokenOf('edith');
  for (const title of ['Erster Artikel', 'Zweiter Artikel']) {
    const made = await call('POST', '/api/articles?locale=de', { body: { data: { title } }, headers: editor });
    assert.ok(made.status === 200 || made.status === 201, made.text);
  }
  const homepage = { body: { data: { title: 'Willkommen' } }, headers: editor };
  assert.is((await call('PUT', '/api/homepage?locale=de', homepage)).status, 200);

  await page.goto(`${url}/admin/#/settings/locales`);
  await click(page, '[data-test="locale-de"] [data-test="remove-locale"]');
  await says(page, '[data-test="count-article"]', /Article: 2 entries/);
  assert.match(await textOf(page, '[data-test="count-homepage"]'), /Homepage: not counted, your account may not read/);
  assert.match(await textOf(page, '[data-test="locale-hidden-total"]'), /At least 2 entries will no longer be served/);
  assert.match(await textOf(page, '#remove-locale-text'), /stays stored on disk, but is no longer served/);
  await page.screenshot({ path: join(DOCS, 'editors-page-locales.png') });
  await click(page, '[data-test="confirm-remove-locale"]');
  // The server's count, of every type.
  await says(page, '[data-test="notice"]', /Deutsch is removed\. Stored but no longer served: 3 entries/);
  assert.match(await textOf(page, '[data-test="notice"]'), /\(Article: 2 entries, Homepage: 1 entry\)/);
  await gone(page, '[data-test="locale-de"]');
  assert.not.ok((await locales()).some((locale) => locale.code === 'de'));
  assert.is((await call('GET', '/api/articles?locale=de')).status, 400, 'de is no longer served');
  assert.equal(page.errors, []);
  await page.close();
});

test('each account is offered what its role holds: an editor is refused the three screens, '
  + 'an auditor may change nothing', async () => {
  const editorPage = await openPage(site.browser, `${url}/admin/`);
  await signIn(editorPage, 'edith', EDITOR_PASSWORD);
  await editorPage.waitForSelector('[data-test="type-article"]', { visible: true });
  for (const screen of ['api-tokens', 'webhooks', 'locales']) {
    await editorPage.goto(`${url}/admin/#/settings/${screen}`);
    await editorPage.waitForSelector('[data-test="settings-refused"]', { visible: true });
    const links = await editorPage.$$eval('.sidebar [data-test^="settings-"]', (found) => found.length);
    assert.is(links, 0, 'no settings links');
  }
  const editorApi = await apiAsOn(editorPage, url);
  assert.is((await editorApi('/api/admin/api-tokens')).status, 403, 'and the server refuses anyway');
  assert.equal(editorPage.errors, []);
  await editorPage.close();

  const admin = await tokenOf('owner');
  const token = await call('POST', '/api/admin/api-tokens', { body: { name: 'audited' }, headers: admin });
  assert.is(token.status, 201, token.text);
  const hook = { name: 'audited', url: `http://127.0.0.1:${receiverPort}/audit`, events: ['entry.publish'] };
  assert.is((await call('POST', '/api/admin/webhooks', { body: hook, headers: admin })).status, 201);
  const page = await openSettings('audrey', 'api-tokens');
  await page.waitForSelector('[data-test="token-audited"]', { visible: true });
  for (const action of ['create-token', 'edit-token', 'regenerate-token', 'revoke-token']) {
    assert.is(await page.$(`[data-test="${action}"]`), null, `no ${action}`);
  }
  assert.is(await page.$('[data-test="settings-locales"]'), null, 'no locales link');
  await click(page, '[data-test="settings-webhooks"]');
  await click(page, '[data-test="webhook-audited"] a');
  await page.waitForSelector('[data-test="webhook-summary"]', { visible: true });
  for (const action of ['create-webhook', 'trigger-webhook', 'edit-webhook', 'delete-webhook']) {
    assert.is(await page.$(`[data-test="${action}"]`), null, `no ${action}`);
  }
  assert.equal(page.errors, []);
  await page.close();
});

test.run();
