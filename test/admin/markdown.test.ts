/**
 * The Markdown editor of richtext fields: what its toolbar does to the text
 * (`admin/fields/markdown-edits.js`) and, in a real browser (Debian's chromium, headless) against a
 * real `folio serve`, the field itself on a note's form: toolbar and shortcuts, undo, the preview
 * loaded when first asked for, a malicious value shown harmless, the renderer the page loads given
 * attacks with the page's content security policy off, the text saved as typed, a required field's
 * error, an image from the media library, the keyboard, and Firefox. The screenshot
 * docs/editors-page.md shows of the field is taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { Browser, KeyInput, Page } from 'puppeteer-core';
import { eventually, request } from '../_helpers/index.js';
import {
  apiAs, cli, EDITOR_PASSWORD, fill, openPage, signIn, startBrowser, startEditorsSite, textOf, type EditorsSite,
} from '../_helpers/browser.js';
import type { ServeProcess } from '../_helpers/server.js';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import * as editsModule from '../../admin/fields/markdown-edits.js';

type Edit = { from: number; to: number; insert: string; select: [number, number] };
type EditOf = (text: string, start: number, end: number) => Edit;
const edits = editsModule as Record<'heading' | 'bulletedList' | 'numberedList' | 'quote' | 'code' | 'link', EditOf> & {
  wrap(before: string, after?: string): EditOf;
  images(files: { url: string; alternativeText?: string | null }[]): EditOf;
};

/** The text after `editOf` on `text` with `[start, end]` selected, the selection after shown as `[…]`. */
function applied(editOf: EditOf, text: string, start: number, end = start): string {
  const { from, to, insert, select } = editOf(text, start, end);
  const after = text.slice(0, from) + insert + text.slice(to);
  return `${after.slice(0, select[0])}[${after.slice(select[0], select[1])}]${after.slice(select[1])}`;
}

// ---- what the toolbar does to the text ----

const toolbar = suite('markdown edits: wrap, link, heading, lists, quote, code, images');

toolbar('should put marks around the selection, leaving the spaces at its ends outside', () => {
  assert.is(applied(edits.wrap('**'), 'Hello world', 6, 11), 'Hello **[world]**');
  assert.is(applied(edits.wrap('_'), 'a  word  b', 2, 8), 'a  _[word]_  b');
  assert.is(applied(edits.wrap('~~'), 'ab', 1), 'a~~[]~~b', 'nothing selected: the caret between the marks');
});

toolbar('should take the marks off when they are already there, around or inside the selection', () => {
  assert.is(applied(edits.wrap('**'), 'Hello **world**', 8, 13), 'Hello [world]');
  assert.is(applied(edits.wrap('**'), 'Hello **world**', 6, 15), 'Hello [world]');
});

toolbar('should make a link of the selection with its address to type, or of a selected address', () => {
  assert.is(applied(edits.link, 'Read this', 5, 9), 'Read [this]([url])');
  assert.is(applied(edits.link, 'See https://example.com', 4, 23), 'See [[]](https://example.com)');
});

toolbar('should mark each line the selection touches, or unmark them all when every one has the mark', () => {
  assert.is(applied(edits.bulletedList, 'one\ntwo\nthree', 1, 5), '[- one\n- two]\nthree');
  assert.is(applied(edits.numberedList, 'one\ntwo\n', 0, 8), '[1. one\n2. two]\n', 'not the line the selection ends at');
  assert.is(applied(edits.heading, 'Title\ntext', 2), '## Title[]\ntext');
  assert.is(applied(edits.heading, '### Title', 0), 'Title[]', 'any heading is unmarked');
  assert.is(applied(edits.quote, '> said\n> twice', 0, 14), '[said\ntwice]');
  assert.is(applied(edits.bulletedList, 'keep\n- one\nkeep', 7), 'keep\none[]\nkeep', 'the other lines kept');
});

toolbar('should make inline code of a selection in one line and a fenced block of more', () => {
  assert.is(applied(edits.code, 'x = 1', 0, 5), '`[x = 1]`');
  assert.is(applied(edits.code, 'a `b` c', 0, 7), '`` [a `b` c] ``');
  assert.is(applied(edits.code, 'see\na()\nb()\nend', 4, 12), 'see\n```\n[a()\nb()\n]```\nend');
  assert.is(applied(edits.code, 'x a()\nb() y', 2, 9), 'x \n```\n[a()\nb()]\n```\n y');
});

toolbar('should write an image as ![its alternative text](its address), escaping what would end either early', () => {
  const image = (url: string, alternativeText: string | null) => edits.images([{ url, alternativeText }]);
  assert.is(applied(image('/uploads/cat.png', 'A cat'), 'Hi ', 3), 'Hi ![A cat](/uploads/cat.png)[]');
  assert.is(applied(image('/uploads/a b.png', 'x [y]'), '', 0), '![x \\[y\\]](</uploads/a b.png>)[]');
  assert.is(applied(image('/uploads/c.png', null), 'old', 0, 3), '![](/uploads/c.png)[]');
});

toolbar.run();

// ---- the field in a browser ----

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite("the editors' page: a richtext field's Markdown editor");
let browser: Browser;
let server: ServeProcess;
let site: EditorsSite;

const NOTE_TYPE = [
  'kind: collectionType',
  'info: { singularName: note, pluralName: notes, displayName: Note }',
  'options: { draftAndPublish: false }',
  'attributes:',
  '  title: { type: string, required: true }',
  '  body:  { type: richtext, required: true }',
  '',
].join('\n');

/** A note whose body could run scripts, were its preview not sanitized. */
const MALICIOUS = [
  '# Harmless?',
  '',
  '<img src=x onerror="window.pwned = true">',
  '<script>window.pwned = true</script>',
  '[a link](javascript:window.pwned=true) and',
  '<a href="JaVaScRiPt:window.pwned=true" onclick="window.pwned=true">another</a>',
  '<iframe src="/admin/"></iframe><style>body { display: none }</style><form action="/x"><input name="a"></form>',
  '<svg onload="window.pwned = true"><circle r="4" /></svg>',
  '<div style="background:url(https://example.com/x.png)">styled</div>',
].join('\n');
let maliciousId: string;

test.before(async () => {
  site = await startEditorsSite({
    project: {
      config: { 'users-permissions': { ratelimit: { enabled: false } } },
      files: { 'content-types/note.yaml': NOTE_TYPE },
    },
    async prepare(dir) {
      const notes = ['find', 'findOne', 'create', 'update'].map((action) => `api::note.note.${action}`);
      await cli(['permission', 'grant', 'editor', ...notes, '--dir', dir]);
    },
  });
  ({ browser, server } = site);
  const credentials = { identifier: 'edith', password: EDITOR_PASSWORD };
  const { jwt } = (await request<any>(`${server.url}/api/auth/local`, { method: 'POST', body: credentials })).body;
  const made = await request<any>(`${server.url}/api/notes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}` },
    body: { data: { title: 'Malicious', body: MALICIOUS } },
  });
  assert.is(made.status, 200, made.text);
  maliciousId = made.body.data.documentId;
});

test.after(() => site?.close());

/** The little of the page's DOM these checks read: the tests compile without the DOM library. */
type Area = {
  value: string; selectionStart: number; selectionEnd: number; offsetParent: unknown;
  focus(): void; blur(): void; setSelectionRange(start: number, end: number): void;
};
type Found = { textContent: string | null; getAttribute(name: string): string | null };
type Globals = {
  pwned?: boolean;
  location: { hash: string };
  document: { activeElement: Found | null; querySelector(selector: string): Found | null };
};
type TestPage = Page & { errors: string[]; requests: string[] };

const BODY = '[data-test="field-body"]';
const RENDERED = '[data-test="field-body-rendered"]';

const click = async (page: Page, selector: string) => (await page.waitForSelector(selector, { visible: true }))!.click();
const valueOf = (page: Page) => page.$eval(BODY, (node) => (node as unknown as Area).value);
const selectionOf = (page: Page) =>
  page.$eval(BODY, (node) => [(node as unknown as Area).selectionStart, (node as unknown as Area).selectionEnd]);
const select = (page: Page, start: number, end: number) =>
  page.$eval(BODY, (node, from, to) => {
    (node as unknown as Area).focus();
    (node as unknown as Area).setSelectionRange(from, to);
  }, start, end);
const focused = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.activeElement?.getAttribute('data-test'));
const hashOf = (page: Page) => page.evaluate(() => (globalThis as unknown as Globals).location.hash);
const isDisabled = (page: Page, selector: string) =>
  page.$eval(selector, (node) => (node as unknown as { disabled: boolean }).disabled);

/** Replaces the body's text with `text`, typed (`fill` selects one line of a textarea only). */
async function write(page: Page, text: string): Promise<void> {
  await select(page, 0, (await valueOf(page)).length);
  await page.keyboard.press('Backspace');
  if (text !== '') await page.keyboard.type(text);
}

async function press(page: Page, modifier: 'Control' | 'Meta', key: KeyInput): Promise<void> {
  await page.keyboard.down(modifier);
  await page.keyboard.press(key);
  await page.keyboard.up(modifier);
}

/** A new tab of `on` signed in as the editor, at a note's form; `requests` collects the paths it asks for. */
async function openForm(documentId: string, on = browser): Promise<TestPage> {
  const page = (await openPage(on, `${server.url}/admin/`)) as TestPage;
  page.requests = [];
  page.on('request', (sent) => page.requests.push(new URL(sent.url()).pathname));
  await signIn(page, 'edith', EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="type-note"]', { visible: true });
  await page.goto(`${server.url}/admin/#/content/note/${documentId}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(BODY, { visible: true });
  return page;
}

test('the toolbar and the shortcuts put Markdown around the selection or before its lines; undo takes it back', async () => {
  const page = await openForm('new');
  const tool = (name: string) => (on: Page) => click(on, `[data-test="field-body-${name}"]`);
  const keys = (modifier: 'Control' | 'Meta', key: KeyInput) => (on: Page) => press(on, modifier, key);
  const cases: [string, [number, number], (page: Page) => Promise<void>, string][] = [
    ['Hello world', [6, 11], tool('bold'), 'Hello **world**'],
    ['Hello world', [6, 11], keys('Control', 'b'), 'Hello **world**'],
    ['Hello world', [6, 11], keys('Meta', 'b'), 'Hello **world**'],
    ['Hello world', [6, 11], keys('Control', 'i'), 'Hello _world_'],
    ['Hello world', [6, 11], tool('strikethrough'), 'Hello ~~world~~'],
    ['Title', [0, 0], tool('heading'), '## Title'],
    ['one\ntwo', [0, 7], tool('bulletedList'), '- one\n- two'],
    ['one\ntwo', [0, 7], tool('numberedList'), '1. one\n2. two'],
    ['said', [0, 4], tool('quote'), '> said'],
    ['x = 1', [0, 5], tool('code'), '`x = 1`'],
  ];
  for (const [text, [start, end], act, expected] of cases) {
    await write(page, text);
    await select(page, start, end);
    await act(page);
    assert.is(await valueOf(page), expected, expected);
  }

  // A link: its address selected, to be typed over.
  await write(page, 'Read this');
  await select(page, 5, 9);
  await press(page, 'Control', 'k');
  assert.equal(await selectionOf(page), [12, 15]);
  await page.keyboard.type('https://example.com');
  assert.is(await valueOf(page), 'Read [this](https://example.com)');

  // Undo takes a toolbar's edit back as it would typing; pressed again, Bold takes its marks off.
  await write(page, 'Hello world');
  await select(page, 6, 11);
  await click(page, '[data-test="field-body-bold"]');
  assert.equal(await selectionOf(page), [8, 13], 'the word stays selected');
  await press(page, 'Control', 'b');
  assert.is(await valueOf(page), 'Hello world');
  await press(page, 'Control', 'z');
  assert.is(await valueOf(page), 'Hello **world**');
  await press(page, 'Control', 'z');
  assert.is(await valueOf(page), 'Hello world');
  assert.equal(page.errors, []);
  await page.close();
});

test('the preview shows the Markdown formatted, loaded when first asked for, beside the text on a wide screen', async () => {
  const page = await openForm('new');
  await fill(page, '[data-test="field-title"]', 'A formatted note');
  await write(page, [
    '## Plans', '', 'We **will** _ship_ ~~soon~~ `now`, see [the notes](https://example.com/notes).', '',
    '- one', '- two', '', '> Said once.',
  ].join('\n'));
  const renderers = () => page.requests.filter((path) => path === '/admin/vendor/markdown.js').length;
  assert.is(renderers(), 0, 'the form alone loads no renderer');

  await click(page, '[data-test="field-body-view-preview"]');
  await page.waitForSelector(RENDERED, { visible: true });
  assert.is(renderers(), 1, 'the renderer loaded with the first preview');
  const shown = await page.$eval(RENDERED, (node) => ({
    heading: node.querySelector('h2')?.textContent,
    strong: node.querySelector('strong')?.textContent,
    em: node.querySelector('em')?.textContent,
    del: node.querySelector('del')?.textContent,
    code: node.querySelector('code')?.textContent,
    link: ['href', 'target', 'rel'].map((name) => node.querySelector('a')?.getAttribute(name)),
    items: [...node.querySelectorAll('li')].map((item) => item.textContent),
    quote: node.querySelector('blockquote')?.textContent?.trim(),
  }));
  assert.equal(shown, {
    heading: 'Plans', strong: 'will', em: 'ship', del: 'soon', code: 'now',
    link: ['https://example.com/notes', '_blank', 'noopener noreferrer'], items: ['one', 'two'], quote: 'Said once.',
  });
  assert.is(await page.$eval(BODY, (node) => (node as unknown as Area).offsetParent), null, 'the text is hidden');
  assert.ok(await isDisabled(page, '[data-test="field-body-bold"]'), 'no toolbar over the preview');

  // Side by side: the preview follows the typing.
  await click(page, '[data-test="field-body-view-split"]');
  await page.waitForSelector(BODY, { visible: true });
  await page.focus(BODY);
  await page.keyboard.press('End');
  await page.keyboard.type('\n\nLast **word**');
  await page.waitForFunction((selector: string) => (globalThis as unknown as Globals).document.querySelector(selector)
    ?.textContent?.includes('Last word'), {}, RENDERED);
  assert.is(await page.$eval(`${RENDERED} p:last-child strong`, (node) => node.textContent), 'word');
  await page.$eval(BODY, (node) => (node as unknown as Area).blur());
  await page.screenshot({ path: join(DOCS, 'editors-page-markdown.png') });
  assert.is(renderers(), 1, 'loaded once');
  assert.equal(page.errors, []);
  await page.close();
});

test('a malicious value shows harmless in the preview, and stays as stored', async () => {
  const page = await openForm(maliciousId);
  assert.is(await valueOf(page), MALICIOUS);
  await click(page, '[data-test="field-body-view-preview"]');
  await page.waitForSelector(`${RENDERED} h1`, { visible: true });
  const found = await page.$eval(RENDERED, (node) => ({
    elements: [...node.querySelectorAll('script, iframe, style, form, input, svg, object, embed, link, meta')]
      .map((element) => element.tagName),
    attributes: [...node.querySelectorAll('*')].flatMap((element) => element.getAttributeNames())
      .filter((name: string) => /^on/i.test(name) || name === 'style'),
    addresses: [...node.querySelectorAll('[href], [src]')].map((element) => element.getAttribute('href') ?? element.getAttribute('src')),
    text: node.textContent ?? '',
  }));
  assert.equal(found.elements, [], 'no script, frame, style, form or SVG element');
  assert.equal(found.attributes, [], 'no event handler or style attribute');
  assert.ok(found.addresses.every((address) => !/^\s*javascript:/i.test(address ?? '')), found.addresses.join(' '));
  for (const text of ['a link', 'another', 'styled']) assert.ok(found.text.includes(text), `"${text}" stays`);
  assert.is(await page.evaluate(() => (globalThis as unknown as Globals).pwned), undefined);
  assert.is(await page.$('[data-test="unsaved"]'), null, 'showing the preview changes nothing');
  await click(page, '[data-test="field-body-view-write"]');
  assert.is(await valueOf(page), MALICIOUS);
  // Chromium reports each handler attribute the sanitizer's inert parse of the text meets as refused
  // by the page's policy (none is made); anything else the page says is an error.
  assert.equal(page.errors.filter((error) => !/^Executing inline event handler violates/.test(error)), []);
  await page.close();
});

test('the renderer the page loads answers no script, handler or javascript: address, even with no policy', async () => {
  const page = await openPage(browser, 'about:blank');
  // The page's policy would stop inline handlers by itself: without it, only the sanitizing stands.
  await page.setBypassCSP(true);
  await page.goto(`${server.url}/admin/`, { waitUntil: 'networkidle0' });
  const attacks = [
    '<img src=x onerror="window.pwned = true">',
    '<script>window.pwned = true</script>',
    '[x](javascript:window.pwned=true)',
    '<a href="jav&#x61;script:window.pwned=true">x</a>',
    '<a href=" javascript:window.pwned=true">x</a>',
    '<details open ontoggle="window.pwned = true">x</details>',
    '<svg><animate onbegin="window.pwned = true" attributeName="x" dur="1s"></animate></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.pwned = true">',
    '<iframe srcdoc="<script>parent.pwned = true</script>"></iframe>',
    '<form><button formaction="javascript:window.pwned=true">x</button></form>',
    '<video poster="https://example.com/p.png"><source src="https://example.com/v.mp4"></video>',
    '<img srcset="https://example.com/a.png 1x" src="/uploads/a.png" style="background:url(https://example.com/b.png)">',
    '<p id="field-title" class="field-error" data-test="save">clobbering</p>',
  ];
  const results = await page.evaluate(async (texts: string[]) => {
    const { renderMarkdown } = await import('/admin/vendor/markdown.js' as string);
    const { document } = globalThis as unknown as { document: any };
    const forbiddenTags = ['script', 'iframe', 'style', 'form', 'button', 'svg', 'math', 'video', 'source', 'input'];
    const forbiddenNames = /^on|^(style|srcset|poster|id|class|data-test|formaction|srcdoc)$/i;
    const out = [];
    for (const text of texts) {
      const html = renderMarkdown(text) as string;
      const holder = document.createElement('div');
      holder.innerHTML = html;
      document.body.append(holder);
      // Every image done loading or failing: a handler left on one would have run by then.
      await Promise.all([...holder.querySelectorAll('img')].map((img: any) => img.complete || new Promise((done) => {
        img.addEventListener('load', done);
        img.addEventListener('error', done);
      })));
      const elements = [...holder.querySelectorAll('*')] as any[];
      out.push({
        text,
        html,
        tags: elements.map((element) => element.tagName.toLowerCase()).filter((tag) => forbiddenTags.includes(tag)),
        names: elements.flatMap((element) => element.getAttributeNames()).filter((name: string) => forbiddenNames.test(name)),
        scripted: elements.some((element) => /^\s*javascript:/i.test(element.getAttribute('href') ?? '')),
      });
      holder.remove();
    }
    return { out, pwned: (globalThis as unknown as Globals).pwned };
  }, attacks);
  for (const { text, html, tags, names, scripted } of results.out) {
    assert.equal(tags, [], `${text} → ${html}`);
    assert.equal(names, [], `${text} → ${html}`);
    assert.not.ok(scripted, `${text} → ${html}`);
  }
  assert.is(results.pwned, undefined, 'no handler ran');
  assert.equal(page.errors, []);
  await page.close();
});

test('the text saved is exactly the text typed, and a required field\'s error shows as the textarea\'s did', async () => {
  const page = await openForm('new');
  await fill(page, '[data-test="field-title"]', 'Typed as is');
  await click(page, '[data-test="save"]');
  assert.match(await textOf(page, '[data-test="error-body"]'), /body/i);
  assert.is(await page.$eval(BODY, (node) => node.getAttribute('aria-invalid')), 'true');
  assert.ok(await page.$eval(BODY, (node) => node.getAttribute('aria-describedby')?.includes('error-body')));

  // Markdown the editor must leave alone: odd bullets and numbers, HTML, escapes, spaces at line ends.
  const typed = '* star item\n+ plus item\n1) paren\n\n<u>under</u> \\*not italic\\*  \nline   \n\n    indented code\n\n';
  await write(page, typed);
  assert.is(await page.$('[data-test="error-body"]'), null, 'typing clears the error');
  await select(page, 2, 6);
  await click(page, '[data-test="field-body-bold"]');
  const expected = `* **star** item${typed.slice('* star item'.length)}`;
  assert.is(await valueOf(page), expected);
  await click(page, '[data-test="field-body-view-preview"]');
  await page.waitForSelector(`${RENDERED} u`, { visible: true });
  await click(page, '[data-test="field-body-view-write"]');
  await click(page, '[data-test="save"]');
  await page.waitForFunction(() => /^#\/content\/note\/(?!new)\w+/.test((globalThis as unknown as Globals).location.hash));
  const documentId = /#\/content\/note\/(\w+)/.exec(await hashOf(page))![1];
  const api = await apiAs(page, server.url);
  assert.is((await api(`/api/notes/${documentId}`)).body.data.body, expected);

  // Read again, the form is clean; one toolbar action alone makes it dirty, as typing would.
  await eventually(async () => (await page.$('[data-test="unsaved"]')) === null, 'the saved form clean');
  assert.is(await valueOf(page), expected);
  await select(page, 0, 0);
  await click(page, '[data-test="field-body-quote"]');
  await page.waitForSelector('[data-test="unsaved"]', { visible: true });
  assert.equal(page.errors, []);
  await page.close();
});

test('an image chosen from the media library goes in as ![its alternative text](its address)', async () => {
  const page = await openForm('new');
  const api = await apiAs(page, server.url);
  const [cover] = (await api('/api/upload/files?filters[name][$eq]=hello-foliocms.jpg')).body;
  assert.ok(cover, 'the sample has its cover in the library');
  const inserted = `Look: ![${cover.alternativeText}](${cover.url})`;
  await write(page, 'Look: ');
  await click(page, '[data-test="field-body-image"]');
  await click(page, `[data-test="media-picker"] [data-test="pick-file-${cover.id}"]`);
  await click(page, '[data-test="picker-choose"]');
  await page.waitForFunction(() => !(globalThis as unknown as Globals).document.querySelector('[data-test="media-picker"]'));
  assert.is(await valueOf(page), inserted);
  assert.is(await focused(page), 'field-body', 'the focus back in the text');

  // Cancelled, the text stays as it was.
  await click(page, '[data-test="field-body-image"]');
  await click(page, '[data-test="picker-cancel"]');
  assert.is(await valueOf(page), inserted);
  assert.equal(page.errors, []);
  await page.close();
});

test('the toolbar and the tabs are one stop each for Tab, with the arrows between their buttons', async () => {
  const page = await openForm('new');
  await page.focus('[data-test="field-body-bold"]');
  await page.keyboard.press('ArrowRight');
  assert.is(await focused(page), 'field-body-italic');
  await page.keyboard.press('End');
  assert.is(await focused(page), 'field-body-image');
  await page.keyboard.press('Tab');
  assert.is(await focused(page), 'field-body-view-write', 'Tab leaves the toolbar for the tabs');
  await page.keyboard.press('ArrowRight');
  assert.is(await focused(page), 'field-body-view-preview');
  await page.waitForSelector('[data-test="field-body-preview"]', { visible: true });
  assert.is(await page.$eval('[data-test="field-body-view-preview"]', (node) => node.getAttribute('aria-selected')), 'true');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(BODY, { visible: true });
  await page.keyboard.press('Tab');
  assert.is(await focused(page), 'field-body', 'then the text');
  assert.equal(page.errors, []);
  await page.close();
});

test('in Firefox too, the toolbar and a shortcut write Markdown, undo takes it back and the preview shows it', async () => {
  const firefox = await startBrowser('firefox');
  try {
    const page = await openForm('new', firefox);
    await write(page, 'Hello world');
    await select(page, 6, 11);
    await click(page, '[data-test="field-body-bold"]');
    await press(page, 'Control', 'i');
    assert.is(await valueOf(page), 'Hello **_world_**');
    await press(page, 'Control', 'z');
    assert.is(await valueOf(page), 'Hello **world**');
    await click(page, '[data-test="field-body-view-preview"]');
    assert.is(await textOf(page, `${RENDERED} strong`), 'world');
    await page.waitForSelector('[data-test="unsaved"]', { visible: true });
    assert.equal(page.errors, []);
  } finally {
    await firefox.close();
  }
});

test.run();
