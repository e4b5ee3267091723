/**
 * The editors' page in French, in a real browser (Debian's chromium, headless) against a real
 * `folio serve` of the sample project: chosen by `?lang=fr` and remembered, chosen from the menu of
 * the top bar or of the sign-in form, or taken from the browser's own language. Each test opens
 * its tab in a browser context of its own, so that nothing is remembered from another. The
 * screenshot docs/editors-page.md shows of the page in French is taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { EDITOR_PASSWORD, fill, signIn, startEditorsSite, textOf, type EditorsSite } from '../_helpers/browser.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite("the editors' page in French");
let site: EditorsSite;
let contexts: BrowserContext[] = [];

test.before(async () => {
  site = await startEditorsSite({ project: { config: { 'users-permissions': { ratelimit: { enabled: false } } } } });
});

test.after.each(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

test.after(() => site?.close());

/**
 * A tab at `address` (under /admin) in a browser context of its own, whose browser prefers
 * `languages` when given (headless chromium's own cannot be set: `--lang` and Accept-Language leave
 * `navigator.languages` as it is, so the page is told before its scripts run).
 */
async function freshTab(address: string, languages?: string[]): Promise<Page & { errors: string[] }> {
  const context = await site.browser.createBrowserContext();
  contexts.push(context);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(String(error)));
  await page.setViewport({ width: 1200, height: 800 });
  if (languages) {
    const [first] = languages;
    await page.evaluateOnNewDocument(`
      Object.defineProperty(navigator, 'languages', { get: () => ${JSON.stringify(languages)} });
      Object.defineProperty(navigator, 'language', { get: () => ${JSON.stringify(first)} });`);
  }
  await page.goto(`${site.server.url}/admin/${address}`, { waitUntil: 'networkidle0' });
  return page;
}

type PageDocument = { documentElement: { lang: string }; title: string };
/** The language the page says it is in: `<html lang>`. */
const languageOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: PageDocument }).document.documentElement.lang);
const titleOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: PageDocument }).document.title);
const valueOf = (page: Page, selector: string) =>
  page.$eval(selector, (node) => (node as unknown as { value: string }).value);
/** The text as written (`innerText` shows the sidebar's titles in capitals, as the style does). */
const writtenIn = (page: Page, selector: string) =>
  page.$eval(selector, (node) => (node as unknown as { textContent: string }).textContent);
const click = async (page: Page, selector: string) =>
  (await page.waitForSelector(selector, { visible: true }))!.click();

/** Chooses `code` in the language menu showing, and waits for the page to load again in it. */
async function choose(page: Page, code: string): Promise<void> {
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.select('[data-test="language"]', code),
  ]);
}

/** Signs edith in on the form showing, and waits for the sidebar. */
async function signInAsEditor(page: Page): Promise<void> {
  await signIn(page, 'edith', EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
}

test('?lang=fr shows the sign-in form, then the page, in French; a reload without it stays French', async () => {
  const page = await freshTab('?lang=fr');
  assert.is(await languageOf(page), 'fr', '<html lang="fr">');
  assert.is(await titleOf(page), 'Connexion · foliocms');
  assert.is(await textOf(page, '[data-test="signin-submit"]'), 'Se connecter');
  assert.is(await textOf(page, 'label[for="signin-password"]'), 'Mot de passe');
  assert.is(await valueOf(page, '[data-test="language"]'), 'fr', 'the form\'s own language menu');

  await signInAsEditor(page);
  const sidebar = await writtenIn(page, 'nav.sidebar');
  for (const words of ['Types de collection', 'Types uniques', 'Médiathèque']) {
    assert.ok(sidebar.includes(words), `the sidebar says « ${words} »`);
  }
  assert.is(await textOf(page, '[data-test="sign-out"]'), 'Se déconnecter');

  await click(page, '[data-test="type-article"]');
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  assert.is(await textOf(page, '[data-test="create"]'), 'Créer une entrée');
  const headers = await textOf(page, '[data-test="entries"] thead');
  assert.ok(headers.includes('Statut') && headers.includes('Mis à jour le'), `the columns: ${headers}`);
  assert.match(await textOf(page, '[data-test="page-info"]'), /^Page 1 sur 1 · \d+ entrées$/);
  assert.match(await textOf(page, '[data-test="entries"] tbody'), /Publié|Brouillon|Modifié/);
  const updated = await textOf(page, '[data-test^="row-"] time');
  assert.match(updated, /^\d{1,2} \p{L}+\.? \d{4}/u, `a date as French writes it, not the browser: ${updated}`);
  await page.screenshot({ path: join(DOCS, 'editors-page-french.png') });

  // A form's buttons, and its delete question, which agrees with « entrée » (feminine).
  await click(page, '[data-test^="row-"] a');
  await page.waitForSelector('[data-test="field-title"]', { visible: true });
  assert.is(await textOf(page, '[data-test="save"]'), 'Enregistrer le brouillon');
  assert.is(await textOf(page, '[data-test="publish"]'), 'Publier');
  assert.is(await textOf(page, '[data-test="delete"]'), 'Supprimer');
  await click(page, '[data-test="delete"]');
  const question = await textOf(page, '[data-test="confirm-delete-text"]');
  assert.match(question, /^Supprimer .*cette entrée.* toute l’entrée.* Cette action est irréversible\.$/);
  await click(page, '[data-test="cancel-delete"]');

  // Remembered: the same address without ?lang= (still signed in, in this tab).
  await page.goto(`${site.server.url}/admin/#/content/article`, { waitUntil: 'networkidle0' });
  assert.is(await languageOf(page), 'fr');
  assert.is(await textOf(page, '[data-test="create"]'), 'Créer une entrée');
  assert.equal(page.errors, []);
});

test('choosing English from the top bar\'s menu shows the page in English, and the choice is remembered', async () => {
  const page = await freshTab('?lang=fr#/content/article');
  await signInAsEditor(page);
  assert.is(await textOf(page, '[data-test="create"]'), 'Créer une entrée');
  await choose(page, 'en');
  assert.is(await languageOf(page), 'en');
  assert.not.match(page.url(), /lang=/, 'the address no longer chooses');
  assert.match(page.url(), /#\/content\/article$/, 'the same view');
  assert.is(await textOf(page, '[data-test="create"]'), 'Create an entry');
  assert.is(await textOf(page, '[data-test="sign-out"]'), 'Sign out');

  await page.reload({ waitUntil: 'networkidle0' });
  assert.is(await languageOf(page), 'en');
  assert.is(await textOf(page, '[data-test="create"]'), 'Create an entry');
  assert.equal(page.errors, []);
});

test('with unsaved changes, another language asks first; staying keeps the page, and its menu, in French', async () => {
  const page = await freshTab('?lang=fr#/content/article');
  await signInAsEditor(page);
  await click(page, '[data-test^="row-"] a');
  await fill(page, '[data-test="field-title"]', 'Pas encore enregistré');
  await page.select('[data-test="language"]', 'en');
  assert.match(await textOf(page, '[data-test="ask-leave"]'), /Quitter sans enregistrer\u202f\?/);
  await click(page, '[data-test="cancel-leave"]');
  assert.is(await valueOf(page, '[data-test="language"]'), 'fr', 'the menu names the language the page speaks');
  assert.is(await languageOf(page), 'fr');

  await page.select('[data-test="language"]', 'en');
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    click(page, '[data-test="confirm-leave"]'),
  ]);
  assert.is(await languageOf(page), 'en');
  assert.is(await valueOf(page, '[data-test="language"]'), 'en');
  assert.equal(page.errors, []);
});

test('a browser in French gets the page in French, until the sign-in form\'s menu chooses another', async () => {
  const page = await freshTab('', ['fr-FR', 'fr', 'en']);
  assert.is(await languageOf(page), 'fr');
  assert.is(await textOf(page, '[data-test="signin-submit"]'), 'Se connecter');

  // Before signing in: the form's own menu.
  await choose(page, 'en');
  assert.is(await languageOf(page), 'en');
  assert.is(await textOf(page, '[data-test="signin-submit"]'), 'Sign in');
  await page.reload({ waitUntil: 'networkidle0' });
  assert.is(await textOf(page, '[data-test="signin-submit"]'), 'Sign in', 'the choice outweighs the browser');
  await signInAsEditor(page);
  assert.is(await textOf(page, '[data-test="sign-out"]'), 'Sign out');
  assert.equal(page.errors, []);
});

test('a browser that prefers a language the page does not speak, then French, gets French', async () => {
  const page = await freshTab('', ['de-DE', 'de', 'fr']);
  assert.is(await languageOf(page), 'fr');
  assert.is(await textOf(page, '[data-test="signin-submit"]'), 'Se connecter');
  assert.equal(page.errors, []);
});

test.run();
