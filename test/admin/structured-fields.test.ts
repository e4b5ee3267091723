/**
 * The entry form's structured fields in a real browser (Debian's chromium, headless) against a real
 * `folio serve` of the sample project: a repeatable component's entries added, reordered and saved,
 * a relation chosen in its picker, a cover uploaded then swapped for one from the media library, a
 * single component holding a repeatable one (with its `max`), and the server's message about a
 * field inside a dynamic zone's entry shown at that nested field.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { eventually } from '../_helpers/index.js';
import { apiAs as apiAsOn, cli, EDITOR_PASSWORD, fill, openPage, signIn as signInAs, startEditorsSite, textOf, type EditorsSite } from '../_helpers/browser.js';
import type { ServeProcess } from '../_helpers/server.js';

// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TITLE = 'Structured in the browser';

const test = suite("the editors' page: components, dynamic zones, relations and media");
let browser: Browser;
let server: ServeProcess;
let site: EditorsSite;
let pixelFile: string;

test.before(async () => {
  // Besides the sample's types, a page with a single component that nests a repeatable one.
  site = await startEditorsSite({
    project: {
      files: {
        'content-types/page.yaml': [
          'kind: collectionType',
          'info: { singularName: page, pluralName: pages, displayName: Page }',
          'options: { draftAndPublish: false }',
          'attributes:',
          '  title: { type: string, required: true }',
          '  seo:   { type: component, repeatable: false, component: shared.seo }',
          '',
        ].join('\n'),
        'content-types/components/shared/seo.yaml': 'info: { displayName: SEO }\nattributes:\n  metaTitle: { type: string }\n  links: { type: component, repeatable: true, component: shared.link, max: 2 }\n',
        'content-types/components/shared/link.yaml': 'info: { displayName: Link }\nattributes:\n  url: { type: string, required: true }\n',
      },
    },
    async prepare(dir) {
      // The Editor role may upload and read the media library already; pages are new.
      const pages = ['find', 'findOne', 'create', 'update'].map((action) => `api::page.page.${action}`);
      await cli(['permission', 'grant', 'editor', ...pages, '--dir', dir]);
      pixelFile = join(dir, 'pixel.png');
      await writeFile(pixelFile, PIXEL);
    },
  });
  ({ browser, server } = site);
});

test.after(() => site?.close());

async function signIn(page: Page): Promise<void> {
  await signInAs(page, 'edith', EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
}

const apiAs = (page: Page) => apiAsOn(page, server.url);

const click = async (page: Page, selector: string) => (await page.waitForSelector(selector, { visible: true }))!.click();
const valueOf = (page: Page, selector: string) => page.$eval(selector, (node) => (node as unknown as { value: string }).value);
const hashOf = (page: Page) => page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash);

test('an editor fills sections (reordered), a category from the picker and an uploaded cover, and all of it is saved', async () => {
  const page = await openPage(browser, `${server.url}/admin/`);
  await signIn(page);
  const api = await apiAs(page);
  const news = (await api('/api/categories?filters[name][$eq]=News')).body.data[0];
  assert.ok(news, 'the sample has a News category');

  await page.goto(`${server.url}/admin/#/content/article/new`, { waitUntil: 'networkidle0' });
  await fill(page, '[data-test="field-title"]', TITLE);

  // Two sections, the second moved above the first.
  await click(page, '[data-test="add-sections"]');
  await click(page, '[data-test="add-sections"]');
  await fill(page, '[data-test="field-sections.0.heading"]', 'Written first');
  await fill(page, '[data-test="field-sections.1.heading"]', 'Written second');
  await fill(page, '[data-test="field-sections.1.body"]', 'Its body.');
  await click(page, '[data-test="up-sections-1"]');
  assert.is(await valueOf(page, '[data-test="field-sections.0.heading"]'), 'Written second');
  assert.is(await valueOf(page, '[data-test="field-sections.0.body"]'), 'Its body.', 'an entry moves with all its fields');
  assert.ok(await page.$eval('[data-test="up-sections-0"]', (node) => (node as unknown as { disabled: boolean }).disabled), 'the first cannot move up');

  // The category, searched by part of its name.
  await fill(page, '[data-test="relation-search-category"]', 'new');
  await click(page, `[data-test="relation-option-${news.documentId}"]`);
  assert.match(await textOf(page, '[data-test="chosen-category-0"]'), /News/);

  // The cover, uploaded from a file in the media library's dialog (what is uploaded there is chosen).
  await click(page, '[data-test="media-pick-cover"]');
  const input = await page.waitForSelector('[data-test="media-picker"] [data-test="upload-input"]');
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(pixelFile);
  await click(page, '[data-test="upload-start"]');
  await page.waitForSelector('[data-test="upload-progress-0"][data-state="done"]');
  await click(page, '[data-test="picker-choose"]');
  await page.waitForSelector('[data-test="media-cover-0"] img', { visible: true });
  assert.match(await textOf(page, '[data-test="media-cover-0"]'), /pixel\.png/);

  await click(page, '[data-test="save"]');
  await page.waitForFunction(() => /^#\/content\/article\/(?!new)\w+/.test((globalThis as unknown as { location: { hash: string } }).location.hash));
  const documentId = /#\/content\/article\/(\w+)/.exec(await hashOf(page))![1];
  const saved = (await api(`/api/articles/${documentId}?status=draft&populate=*`)).body.data;
  assert.equal(saved.sections.map((section: { heading: string }) => section.heading), ['Written second', 'Written first']);
  assert.is(saved.sections[0].body, 'Its body.');
  assert.is(saved.category?.documentId, news.documentId);
  assert.is(saved.cover?.name, 'pixel.png');

  // The reloaded form shows what was saved; the cover is swapped for one from the library.
  await page.waitForSelector('[data-test="chosen-category-0"]', { visible: true });
  assert.is(await valueOf(page, '[data-test="field-sections.1.heading"]'), 'Written first');
  const library = (await api('/api/upload/files?filters[name][$eq]=hello-foliocms.jpg')).body;
  assert.is(library.length, 1, 'the sample has its cover in the library');
  await click(page, '[data-test="remove-cover-0"]');
  await click(page, '[data-test="media-pick-cover"]');
  await click(page, `[data-test="pick-file-${library[0].id}"]`);
  await click(page, '[data-test="picker-choose"]');
  await click(page, '[data-test="remove-sections-1"]');
  await click(page, '[data-test="save"]');
  await eventually(async () => (await api(`/api/articles/${documentId}?status=draft&populate=*`)).body.data.cover?.id === library[0].id, 'the cover from the library saved');
  const swapped = (await api(`/api/articles/${documentId}?status=draft&populate=*`)).body.data;
  assert.equal(swapped.sections.map((section: { heading: string }) => section.heading), ['Written second']);
  assert.is(swapped.category?.documentId, news.documentId, 'an unchanged relation stays');
  assert.equal(page.errors, []);
  await page.close();
});

test('a single component is added, holds a repeatable one up to its max, and is removed again', async () => {
  const page = await openPage(browser, `${server.url}/admin/`);
  await signIn(page);
  await page.goto(`${server.url}/admin/#/content/page/new`, { waitUntil: 'networkidle0' });
  await fill(page, '[data-test="field-title"]', 'About');
  await click(page, '[data-test="add-seo"]');
  await fill(page, '[data-test="field-seo.metaTitle"]', 'About us');
  await click(page, '[data-test="add-seo.links"]');
  await click(page, '[data-test="add-seo.links"]');
  assert.ok(await page.$eval('[data-test="add-seo.links"]', (node) => (node as unknown as { disabled: boolean }).disabled), 'no third link: max is 2');
  await fill(page, '[data-test="field-seo.links.0.url"]', 'https://example.com/a');
  await fill(page, '[data-test="field-seo.links.1.url"]', 'https://example.com/b');
  await click(page, '[data-test="down-seo.links-0"]');
  await click(page, '[data-test="save"]');
  await page.waitForFunction(() => /^#\/content\/page\/(?!new)\w+/.test((globalThis as unknown as { location: { hash: string } }).location.hash));
  const documentId = /#\/content\/page\/(\w+)/.exec(await hashOf(page))![1];
  const api = await apiAs(page);
  const read = async () => (await api(`/api/pages/${documentId}?populate[seo][populate]=*`)).body.data;
  const saved = await read();
  assert.is(saved.seo.metaTitle, 'About us');
  assert.equal(saved.seo.links.map((link: { url: string }) => link.url), ['https://example.com/b', 'https://example.com/a']);

  await page.waitForSelector('[data-test="field-seo.links.1.url"]', { visible: true });
  await click(page, '[data-test="remove-seo"]');
  await click(page, '[data-test="save"]');
  await eventually(async () => (await read()).seo === null, 'the component removed');
  assert.equal(page.errors, []);
  await page.close();
});

test("the server's message about a field inside a dynamic zone's entry is shown at that field", async () => {
  const page = await openPage(browser, `${server.url}/admin/`);
  await signIn(page);
  await click(page, '[data-test="type-homepage"]');
  await page.waitForSelector('[data-test="add-blocks"]', { visible: true });
  const index = (await page.$$('[data-test^="entry-blocks-"]')).length;
  await page.select('[data-test="add-blocks-component"]', 'shared.quote');
  await click(page, '[data-test="add-blocks"]');
  // A quote's text is required: left empty, the server refuses it at blocks.<index>.text.
  await page.waitForSelector(`[data-test="field-blocks.${index}.text"]`, { visible: true });
  await click(page, '[data-test="save"]');
  assert.match(await textOf(page, `[data-test="error-blocks.${index}.text"]`), /text/);
  assert.is(await page.$eval(`[data-test="field-blocks.${index}.text"]`, (node) => (node as unknown as { getAttribute(name: string): string | null }).getAttribute('aria-invalid')), 'true');
  assert.is(await page.$('[data-test="error-blocks"]'), null, 'not at the whole zone');

  // Filled in, the same save goes through.
  await fill(page, `[data-test="field-blocks.${index}.text"]`, 'Said in the browser.');
  await click(page, '[data-test="save"]');
  const api = await apiAs(page);
  await eventually(async () => {
    const blocks = (await api('/api/homepage?status=draft&populate=*')).body.data?.blocks ?? [];
    return blocks[index]?.text === 'Said in the browser.';
  }, 'the quote saved');
  assert.equal(page.errors, []);
  await page.close();
});

test('every structured control has a label, and the form fits a 360 px wide screen', async () => {
  const page = await openPage(browser, `${server.url}/admin/`, { width: 360, height: 740 });
  await signIn(page);
  await click(page, '[data-test="type-article"]');
  await click(page, '[data-test^="row-"] a');
  await page.waitForSelector('[data-test="relation-search-category"]', { visible: true });
  await click(page, '[data-test="media-pick-cover"]');
  await page.waitForSelector('[data-test^="pick-file-"]', { visible: true });
  const report = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number }; querySelectorAll(s: string): Iterable<{ id: string; closest(s: string): unknown; getAttribute(n: string): string | null; textContent: string }>; querySelector(s: string): unknown } }).document;
    return {
      fits: doc.documentElement.scrollWidth <= doc.documentElement.clientWidth,
      unlabelled: Array.from(doc.querySelectorAll('input, select, textarea'))
        .filter((field) => !(field.id && doc.querySelector(`label[for="${field.id}"]`)) && !field.closest('label') && !field.getAttribute('aria-label'))
        .map((field) => field.id || '(no id)'),
      nameless: Array.from(doc.querySelectorAll('button')).filter((button) => !button.textContent.trim() && !button.getAttribute('aria-label')).map((button) => button.getAttribute('data-test')),
    };
  });
  assert.ok(report.fits, 'the form fits');
  assert.equal(report.unlabelled, []);
  assert.equal(report.nameless, []);
  assert.equal(page.errors, []);
  await page.close();
});

test.run();
