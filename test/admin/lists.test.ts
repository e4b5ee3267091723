/**
 * A type's list on the editors' page, in a real browser (headless chromium) against a real
 * `folio serve` of the sample project: the columns chosen and remembered, the page size in the
 * address, filters on a number and on a string giving the rows the API gives, bulk publish (some
 * refused, the summary naming them and why), unpublish and delete, a role offered only the bulk
 * actions it holds, and "Fill in from another locale" on a new locale version. The screenshot
 * docs/editors-page.md shows in "Lists: columns, filters and bulk actions" is taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { bearer, request, type JsonResponse } from '../_helpers/index.js';
import { cli, EDITOR_PASSWORD, fill, openPage, signIn, startEditorsSite, textOf, type EditorsSite } from '../_helpers/browser.js';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import { filterFields } from '../../admin/screens/content/list-fields.js';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import { filtersFromQuery, filtersToQuery, kindOf, operatorsOf, strapiFilters } from '../../admin/screens/content/list-filter-model.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite("the editors' page: a type's list");
let site: EditorsSite;
let browser: Browser;
let base: string;
/** The API as edith, the sample's editor (role Editor), from the test. */
let api: (method: string, path: string, body?: unknown) => Promise<JsonResponse>;

/** Notes made for the list to page through and filter: `Note 01` … `Note 26`, with as many views. */
const NOTES = 26;
/**
 * Drafts without their required title, as a file edited by hand (or a `git pull`) may leave one:
 * the API refuses to write one, and to publish one.
 */
const UNTITLED = ['untitledbatchdraft000001', 'untitledbatchdraft000002'];

/** Writes the `UNTITLED` drafts into the project at `dir`, with 777 likes as the bulk actions' batch. */
async function writeUntitledDrafts(dir: string): Promise<void> {
  const stamp = '2026-12-02T09:00:00.000Z';
  for (const [index, documentId] of UNTITLED.entries()) {
    const folder = join(dir, 'data/content/article', documentId);
    await mkdir(folder, { recursive: true });
    const draft = { documentId, id: 9001 + index, locale: 'en', likes: 777, createdAt: stamp, updatedAt: stamp, publishedAt: null };
    await writeFile(join(folder, 'draft.en.json'), `${JSON.stringify(draft, null, 2)}\n`);
  }
}

test.before(async () => {
  site = await startEditorsSite({
    project: { config: { 'users-permissions': { ratelimit: { enabled: false } } } },
    async prepare(dir) {
      // An author: may write and delete articles, not publish or unpublish them.
      await cli(['role', 'create', 'Author', '--dir', dir]);
      const actions = ['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::article.article.${action}`);
      await cli(['permission', 'grant', 'author', ...actions, 'plugin::users-permissions.user.me', 'plugin::content-type-builder.content-types.getContentTypes', '--dir', dir]);
      await cli(['user', 'create', '--username', 'arthur', '--email', 'arthur@example.com', '--password', EDITOR_PASSWORD, '--role', 'author', '--dir', dir]);
      // A reader: may read articles only.
      await cli(['role', 'create', 'Reader', '--dir', dir]);
      await cli(['permission', 'grant', 'reader', 'api::article.article.find', 'api::article.article.findOne', 'plugin::users-permissions.user.me', 'plugin::content-type-builder.content-types.getContentTypes', '--dir', dir]);
      await cli(['user', 'create', '--username', 'rita', '--email', 'rita@example.com', '--password', EDITOR_PASSWORD, '--role', 'reader', '--dir', dir]);
      await writeUntitledDrafts(dir);
    },
  });
  browser = site.browser;
  base = site.server.url;
  const session = await request<any>(`${base}/api/auth/local`, { method: 'POST', body: { identifier: 'edith', password: EDITOR_PASSWORD } });
  api = (method, path, body) => request<any>(`${base}${path}`, { method, body, headers: bearer(session.body.jwt) });
  for (let number = 1; number <= NOTES; number++) {
    const created = await api('POST', '/api/articles?status=draft', { data: { title: `Note ${String(number).padStart(2, '0')}`, views: number, likes: number % 3 } });
    assert.is(created.status, 200, created.text);
  }
});
test.after(() => site?.close());


const click = async (page: Page, selector: string) => (await page.waitForSelector(`${selector}:not(:disabled)`, { visible: true }))!.click();
/** The texts of every element at `selector`. */
const textsOf = (page: Page, selector: string) => page.$$eval(selector, (nodes) => nodes.map((node) => (node as unknown as { innerText: string }).innerText.trim()));
/** The list's column headers, as shown. */
const headers = (page: Page) => page.$$eval('[data-test="entries"] thead th', (cells) => cells.map((cell) => (cell as unknown as { innerText: string }).innerText.replace(/[▲▼]/g, '').trim()).filter(Boolean));
/** The documentIds of the rows shown, once the list has read its page. */
async function rowIds(page: Page): Promise<string[]> {
  await page.waitForSelector('[data-test="entries"]', { visible: true });
  await page.waitForFunction(() => (globalThis as any).document.querySelector('.table-wrap')?.getAttribute('aria-busy') === 'false');
  return page.$$eval('[data-test^="row-"]', (rows) => rows.map((row) => (row as unknown as { dataset: { test: string } }).dataset.test.slice('row-'.length)));
}
/** The filter chips' texts, once as many as expected are shown (a filter applies on the next render). */
async function chipsShown(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction((wanted: number) => (globalThis as any).document.querySelectorAll('[data-test="filter-chip"]').length === wanted, {}, count);
  return textsOf(page, '[data-test="filter-chip"]');
}
/** Waits until the list shows `count` rows. */
const showsRows = (page: Page, count: number) => page.waitForFunction((wanted: number) => (globalThis as any).document.querySelector('.table-wrap')?.getAttribute('aria-busy') === 'false' && (globalThis as any).document.querySelectorAll('[data-test^="row-"]').length === wanted, {}, count);
/** The documentIds of the English drafts the API gives for `query` (filters and the like). */
async function draftIds(query: string): Promise<string[]> {
  const answer = await api('GET', `/api/articles?status=draft&pagination[pageSize]=100&fields[0]=title&${query}`);
  assert.is(answer.status, 200, answer.text);
  return (answer.body.data as Array<{ documentId: string }>).map((entry) => entry.documentId);
}
const sorted = (ids: string[]) => [...ids].sort();

/** A page signed in as `who`, on the list of articles (with `query` after `?`). */
async function listAs(who: string, query = ''): Promise<Page & { errors: string[] }> {
  const page = await openPage(browser, `${base}/admin/`);
  await signIn(page, who, EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  await page.goto(`${base}/admin/#/content/article${query ? `?${query}` : ''}`);
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  return page;
}

/** Adds a filter with the form: a field, a condition, a value (none for a condition without one). */
async function addFilter(page: Page, field: string, operator: string, value?: string): Promise<void> {
  await click(page, '[data-test="add-filter"]');
  await page.select('[data-test="filter-field"]', field);
  await page.select('[data-test="filter-operator"]', operator);
  if (value !== undefined) await fill(page, '[data-test="filter-value"]', value);
  await click(page, '[data-test="filter-apply"]');
}

test('the columns are chosen among the fields, and the browser remembers them for the type after a reload', async () => {
  const page = await listAs('edith');
  assert.equal(await headers(page), ['Title', 'Status', 'Updated'], 'the main field, the status, the last change');
  await click(page, '[data-test="columns"]');
  await click(page, '[data-test="column-views"]');
  await click(page, '[data-test="column-documentId"]');
  await click(page, '[data-test="column-updatedAt"]');
  await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('[data-test="entries"] thead th:not(.col-select)').length === 4);
  assert.equal(await headers(page), ['Title', 'Views', 'Document id', 'Status']);
  const [first] = await rowIds(page);
  const stored = await api('GET', `/api/articles/${first}?status=draft`);
  const cells = await page.$$eval(`[data-test="row-${first}"] td`, (tds) => tds.map((td) => (td as unknown as { innerText: string }).innerText.trim()));
  assert.equal(cells.slice(2, 4), [String(stored.body.data[0]?.views ?? stored.body.data.views ?? '—'), first], 'the chosen fields, as the API holds them');

  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  assert.equal(await headers(page), ['Title', 'Views', 'Document id', 'Status'], 'remembered after a reload');
  // Another type keeps its own columns.
  await page.goto(`${base}/admin/#/content/category`);
  await page.waitForSelector('[data-test^="row-"]', { visible: true });
  assert.equal(await headers(page), ['Name', 'Updated']);
  await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
  assert.equal(page.errors, []);
  await page.close();
});

test('the page size is chosen (25), kept in the address with the page, and Back and a bookmark follow it', async () => {
  const page = await listAs('edith');
  const total = (await draftIds('')).length;
  assert.ok(total > 25, `more than 25 English drafts (${total})`);
  assert.is((await rowIds(page)).length, 10, '10 a page by default');
  await page.select('[data-test="page-size"]', '25');
  await showsRows(page, 25);
  assert.match(await page.evaluate(() => (globalThis as any).location.hash), /[?&]pageSize=25(&|$)/);
  assert.match(await textOf(page, '[data-test="page-info"]'), new RegExp(`Page 1 of 2 · ${total} entries`));
  await click(page, '[data-test="next-page"]');
  await showsRows(page, total - 25);
  assert.match(await page.evaluate(() => (globalThis as any).location.hash), /page=2/);
  await page.goBack();
  await showsRows(page, 25);
  await page.goBack();
  await showsRows(page, 10);
  await page.goto(`${base}/admin/#/content/article?page=2&pageSize=25`);
  await showsRows(page, total - 25);
  assert.is(await page.$eval('[data-test="page-size"]', (select) => (select as unknown as { value: string }).value), '25');
  assert.equal(page.errors, []);
  await page.close();
});

test('filters on a number and on a string combine, show as removable chips, and give the rows the API gives', async () => {
  const page = await listAs('edith', 'pageSize=100');
  await addFilter(page, 'views', 'gt', '15');
  assert.equal(await chipsShown(page, 1), ['Views > 15']);
  assert.match(await page.evaluate(() => (globalThis as any).location.hash), /views\.gt=15/);
  const overFifteen = await draftIds('filters[views][$gt]=15');
  assert.ok(overFifteen.length >= 11, 'Note 16 to Note 26 at least');
  await page.waitForFunction((count: number) => (globalThis as any).document.querySelectorAll('[data-test^="row-"]').length === count, {}, overFifteen.length);
  assert.equal(sorted(await rowIds(page)), sorted(overFifteen));

  await addFilter(page, 'title', 'contains', 'note 1');
  const both = await draftIds('filters[views][$gt]=15&filters[title][$containsi]=note%201');
  assert.is(both.length, 4, 'Note 16 to Note 19');
  await showsRows(page, both.length);
  assert.equal(sorted(await rowIds(page)), sorted(both));
  assert.equal(await chipsShown(page, 2), ['Views > 15', 'Title contains “note 1”']);

  // Kept in the address: a reload shows the same rows.
  await page.reload({ waitUntil: 'networkidle0' });
  await showsRows(page, both.length);
  assert.equal(sorted(await rowIds(page)), sorted(both));

  await click(page, '[data-test="filter-chip"] [data-test="remove-filter"]');
  const titled = await draftIds('filters[title][$containsi]=note%201');
  await showsRows(page, titled.length);
  assert.equal(sorted(await rowIds(page)), sorted(titled));

  // A date-time by the reader's days: "Updated before" today is before today's start, where they are.
  await click(page, '[data-test="remove-filter"]');
  await page.waitForSelector('[data-test="filter-chip"]', { hidden: true });
  await click(page, '[data-test="add-filter"]');
  await page.select('[data-test="filter-field"]', 'updatedAt');
  await page.select('[data-test="filter-operator"]', 'lt');
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await page.$eval('[data-test="filter-value"]', (input, value) => {
    const control = input as unknown as { value: string; dispatchEvent(event: unknown): void };
    control.value = value as string;
    control.dispatchEvent(new (globalThis as any).Event('input', { bubbles: true }));
  }, day);
  await click(page, '[data-test="filter-apply"]');
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).toISOString();
  const earlier = await draftIds(`filters[updatedAt][$lt]=${startOfToday}`);
  await showsRows(page, earlier.length);
  assert.equal(sorted(await rowIds(page)), sorted(earlier));
  assert.match((await chipsShown(page, 1))[0]!, /^Updated before /);
  assert.equal(page.errors, []);
  await page.close();
});

/** Whether the entry has a published version in English. */
const isPublished = async (id: string) => (await api('GET', `/api/articles/${id}?locale=en`)).status === 200;
/** The batch the bulk actions work on: titled drafts and untitled ones, all with 777 likes. */
const batch = { titled: [] as string[], untitled: UNTITLED, gone: '' };

test('bulk publish of a page: the summary says how many were published and names each refused one with the server\'s reason', async () => {
  for (const [index, title] of ['Batch 1', 'Batch 2', 'Batch 3', 'Batch 4'].entries()) {
    const created = await api('POST', '/api/articles?status=draft', { data: { title, views: 100 + index, likes: 777 } });
    batch.titled.push(created.body.data.documentId);
  }
  const page = await listAs('edith', 'likes.eq=777');
  // Columns of the editor's choice, for the screenshot below.
  await page.evaluate((columns: string) => (globalThis as any).localStorage.setItem('foliocms.editors.columns.api::article.article', columns), JSON.stringify(['title', 'views', 'likes', 'status', 'updatedAt']));
  await page.reload({ waitUntil: 'networkidle0' });
  await showsRows(page, 6);
  // Someone deletes one while it is on the editor's screen: its publish is refused too.
  batch.gone = batch.titled.pop()!;
  assert.is((await api('DELETE', `/api/articles/${batch.gone}`)).status, 204);

  await click(page, '[data-test="select-all"]');
  assert.is(await textOf(page, '[data-test="bulk-count"]'), '6 entries selected');
  await click(page, '[data-test="bulk-publish"]');
  assert.is(await textOf(page, '#ask-bulk-title'), 'Publish 6 entries?');
  await click(page, '[data-test="confirm-bulk"]');
  await page.waitForSelector('[data-test="bulk-summary"]', { visible: true });
  assert.is(await textOf(page, '[data-test="bulk-done"]'), 'Published 3 of 6 entries.');
  assert.equal(sorted(await textsOf(page, '[data-test="bulk-failure"]')), sorted([
    ...batch.untitled.map((id) => `Untitled (${id}): title must be defined.`),
    'Batch 4: Not Found',
  ]));
  for (const id of batch.titled) assert.ok(await isPublished(id), 'published');
  for (const id of batch.untitled) assert.not.ok(await isPublished(id), 'not published');

  // The list is read again: the deleted one is gone, the others say what they are now.
  await showsRows(page, 5);
  for (const id of batch.titled) assert.is(await textOf(page, `[data-test="row-${id}"] [data-test="status"]`), 'Published');
  await page.waitForSelector('[data-test="bulk-bar"]', { hidden: true });
  // docs/editors-page.md's picture of the list's tools: chosen columns, a filter and another being
  // added, the summary, a selection.
  await click(page, `[data-test="select-${batch.titled[0]}"]`);
  await click(page, `[data-test="select-${batch.titled[1]}"]`);
  await click(page, '[data-test="add-filter"]');
  await page.select('[data-test="filter-field"]', 'views');
  await page.select('[data-test="filter-operator"]', 'between');
  await page.setViewport({ width: 1200, height: 1000 });
  await page.screenshot({ path: join(DOCS, 'editors-page-list-tools.png') });
  await page.evaluate(() => (globalThis as any).localStorage.clear());
  assert.equal(page.errors, []);
  await page.close();
});

test('bulk unpublish and bulk delete ask first, naming how many, then act on every entry selected', async () => {
  const page = await listAs('edith', 'likes.eq=777');
  await showsRows(page, 5);
  for (const id of batch.titled) await click(page, `[data-test="select-${id}"]`);
  await click(page, '[data-test="bulk-unpublish"]');
  assert.is(await textOf(page, '#ask-bulk-title'), 'Unpublish 3 entries?');
  await click(page, '[data-test="confirm-bulk"]');
  await page.waitForSelector('[data-test="bulk-summary"]', { visible: true });
  assert.is(await textOf(page, '[data-test="bulk-done"]'), 'Unpublished 3 of 3 entries.');
  assert.equal(await textsOf(page, '[data-test="bulk-failure"]'), []);
  for (const id of batch.titled) assert.not.ok(await isPublished(id), 'unpublished');
  await page.waitForFunction((id: string) => /Draft/.test((globalThis as any).document.querySelector(`[data-test="row-${id}"] [data-test="status"]`)?.textContent ?? ''), {}, batch.titled[0]!);

  await click(page, '[data-test="select-all"]');
  await click(page, '[data-test="bulk-delete"]');
  assert.is(await textOf(page, '#ask-bulk-title'), 'Delete 5 entries?');
  assert.match(await textOf(page, '#ask-bulk-text'), /Their English \(en\) versions are deleted.*This cannot be undone\./);
  await click(page, '[data-test="cancel-bulk"]');
  assert.is((await draftIds('filters[likes][$eq]=777')).length, 5, 'nothing deleted when cancelled');
  await click(page, '[data-test="bulk-delete"]');
  await click(page, '[data-test="confirm-bulk"]');
  await page.waitForFunction(() => /Deleted 5 of 5 entries\./.test((globalThis as any).document.querySelector('[data-test="bulk-done"]')?.textContent ?? ''));
  assert.equal(await draftIds('filters[likes][$eq]=777'), []);
  await showsRows(page, 0);
  assert.match(await textOf(page, '.empty'), /No entries match/);
  assert.equal(page.errors, []);
  await page.close();
});

test('a role is offered only the bulk actions it holds: an author may delete but not publish, a reader selects nothing', async () => {
  const author = await listAs('arthur');
  await click(author, '[data-test^="row-"] input[type="checkbox"]');
  await author.waitForSelector('[data-test="bulk-delete"]', { visible: true });
  assert.is(await author.$('[data-test="bulk-publish"]'), null, 'no bulk publish');
  assert.is(await author.$('[data-test="bulk-unpublish"]'), null, 'no bulk unpublish');
  assert.equal(author.errors, []);
  await author.close();

  const reader = await listAs('rita');
  assert.is(await reader.$('[data-test="select-all"]'), null, 'no selection without a bulk action');
  assert.is(await reader.$('[data-test^="row-"] input[type="checkbox"]'), null);
  assert.equal(reader.errors, []);
  await reader.close();
});

test('"Fill in from another locale" copies the localized fields into a new locale version, saved when the editor saves', async () => {
  // A sample article in English only.
  const id = 'p4vdq09kcmkqn28ncp0coji1';
  const entryOf = (answer: JsonResponse) => (Array.isArray(answer.body.data) ? answer.body.data[0] : answer.body.data);
  const english = entryOf(await api('GET', `/api/articles/${id}?status=draft&locale=en&populate=sections`));
  const french = () => api('GET', `/api/articles/${id}?status=draft&locale=fr&populate=sections`);
  assert.is((await french()).status, 404, 'no French version yet');
  const page = await listAs('edith');
  await page.goto(`${base}/admin/#/content/article/${id}?locale=fr`);
  await page.waitForSelector('[data-test="missing-locale"]', { visible: true });
  assert.equal(await textsOf(page, '[data-test="fill-locale"] option'), ['English (en)']);
  await click(page, '[data-test="fill-from-locale"]');
  await page.waitForFunction((title: string) => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === title, {}, english.title);
  await page.waitForSelector('[data-test="unsaved"]', { visible: true });
  assert.match(await textOf(page, '[data-test="notice"]'), /Filled in from English \(en\)\. Nothing is saved until you save\./);
  assert.is((await french()).status, 404, 'nothing saved yet');

  await fill(page, '[data-test="field-title"]', 'Qui peut lire quoi');
  await click(page, '[data-test="save"]');
  await page.waitForFunction(() => /Draft saved/.test((globalThis as any).document.querySelector('[data-test="notice"]')?.textContent ?? ''));
  const saved = entryOf(await french());
  assert.is(saved.title, 'Qui peut lire quoi');
  assert.equal(saved.body, english.body, 'the blocks copied from English');
  assert.equal(saved.sections.map((section: { heading: string; body: string }) => [section.heading, section.body]),
    english.sections.map((section: { heading: string; body: string }) => [section.heading, section.body]), 'the sections too');

  // Editing the French version: filling in again replaces what the form holds, so it asks first.
  await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === 'Qui peut lire quoi');
  await click(page, '[data-test="fill-from-locale"]');
  assert.is(await textOf(page, '#ask-fill-title'), 'Fill in from English (en)?');
  await click(page, '[data-test="confirm-fill"]');
  await page.waitForFunction((title: string) => (globalThis as any).document.querySelector('[data-test="field-title"]')?.value === title, {}, english.title);
  assert.is(entryOf(await french()).title, 'Qui peut lire quoi', 'in the form only until saved');
  assert.equal(page.errors, []);
  await page.close();
});

test.run();

/** A type with a field of every kind a filter tells apart. */
const KINDS = {
  uid: 'api::post.post',
  schema: {
    kind: 'collectionType', displayName: 'Post', singularName: 'post', pluralName: 'posts',
    attributes: {
      title: { type: 'string' },
      views: { type: 'integer' },
      featured: { type: 'boolean' },
      tone: { type: 'enumeration', enum: ['calm', 'loud'] },
      day: { type: 'date' },
      secret: { type: 'password' },
      body: { type: 'blocks' },
    },
  },
};
const startOf = (year: number, month: number, date: number) => new Date(year, month - 1, date).toISOString();

const filters = suite('strapiFilters(fields, filters)');

filters('each filter is a condition of Strapi\'s, and several must all hold', () => {
  const fields = filterFields(KINDS);
  assert.equal(strapiFilters(fields, [
    { field: 'views', operator: 'gt', value: '5' },
    { field: 'title', operator: 'contains', value: 'news' },
    { field: 'title', operator: 'startsWith', value: 'Big' },
  ]), { $and: [{ views: { $gt: '5' } }, { title: { $containsi: 'news' } }, { title: { $startsWithi: 'Big' } }] });
  assert.is(strapiFilters(fields, []), undefined, 'no filter, no parameter');
});

filters('when a date-time is filtered then by the reader\'s days: on, before, after and between them', () => {
  const fields = filterFields(KINDS);
  const on = (operator: string, value: string) => strapiFilters(fields, [{ field: 'updatedAt', operator, value }]).$and[0].updatedAt;
  assert.equal(on('eq', '2026-03-01'), { $gte: startOf(2026, 3, 1), $lt: startOf(2026, 3, 2) });
  assert.equal(on('lt', '2026-03-01'), { $lt: startOf(2026, 3, 1) });
  assert.equal(on('gt', '2026-03-01'), { $gte: startOf(2026, 3, 2) });
  assert.equal(on('between', '2026-03-01..2026-03-31'), { $gte: startOf(2026, 3, 1), $lt: startOf(2026, 4, 1) });
  // A date is compared as the API holds it.
  assert.equal(strapiFilters(fields, [{ field: 'day', operator: 'between', value: '2026-03-01..2026-03-31' }]),
    { $and: [{ day: { $between: ['2026-03-01', '2026-03-31'] } }] });
});

filters('booleans, enumerations and emptiness have conditions of their own', () => {
  const fields = filterFields(KINDS);
  assert.equal(strapiFilters(fields, [
    { field: 'featured', operator: 'isTrue', value: '' },
    { field: 'tone', operator: 'in', value: 'calm,loud' },
    { field: 'title', operator: 'isEmpty', value: '' },
    { field: 'views', operator: 'isNotEmpty', value: '' },
  ]), { $and: [{ featured: { $eq: true } }, { tone: { $in: ['calm', 'loud'] } }, { title: { $null: true } }, { views: { $notNull: true } }] });
});

filters('each kind of field offers the conditions that fit it; private and structured fields none', () => {
  const fields = filterFields(KINDS);
  const offered = (name: string) => operatorsOf(kindOf(fields.find((field: { name: string }) => field.name === name).type));
  assert.equal(offered('title'), ['contains', 'notContains', 'eq', 'startsWith', 'endsWith', 'isEmpty', 'isNotEmpty']);
  assert.equal(offered('views'), ['eq', 'lt', 'gt', 'between', 'isEmpty', 'isNotEmpty']);
  assert.equal(offered('featured'), ['isTrue', 'isFalse']);
  assert.equal(offered('tone'), ['in', 'isEmpty', 'isNotEmpty']);
  assert.equal(fields.map((field: { name: string }) => field.name), ['title', 'views', 'featured', 'tone', 'day', 'documentId', 'createdAt', 'updatedAt']);
});

filters('the address keeps each filter as <field>.<condition>=<value>, and leaves out those it names wrongly', () => {
  const fields = filterFields(KINDS);
  const kept = [
    { field: 'views', operator: 'between', value: '3..10' },
    { field: 'featured', operator: 'isFalse', value: '' },
    { field: 'title', operator: 'eq', value: 'a.b' },
  ];
  const query = filtersToQuery(kept);
  assert.equal(query, { 'views.between': '3..10', 'featured.isFalse': 'yes', 'title.eq': 'a.b' });
  assert.equal(filtersFromQuery(fields, query), kept);
  assert.equal(filtersFromQuery(fields, {
    page: '2', 'nothing.eq': '1', 'secret.eq': 'x', 'views.contains': '1', 'views.gt': 'many', 'views.between': '3',
    'day.lt': '2026-13-45', 'tone.in': '',
  }), []);
});

filters.run();
