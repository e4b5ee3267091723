/**
 * The blocks editor: its text model (`admin/fields/blocks-text.js` and `blocks-markup.js`, Strapi 5
 * blocks to rows of markup and back) and, in a real browser, `BlocksField` itself on a page of its
 * own under the editors' page's content security policy.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { openPage, startBrowser } from '../_helpers/browser.js';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import { canWrite, inlineToText, textToInline } from '../../admin/fields/blocks-markup.js';
// @ts-expect-error: the editors' page is plain JavaScript, without type declarations.
import { BLOCK_KINDS, blocksToRows, rowsToBlocks } from '../../admin/fields/blocks-text.js';

type Node = Record<string, unknown>;
type Row = { kind: string; text: string; original?: Node };

const ARTICLES = new URL('../../data/content/article/', import.meta.url).pathname;

const text = (value: string, flags: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...flags });
const link = (url: string, children: Node[]) => ({ type: 'link', url, children });
const paragraph = (...children: Node[]) => ({ type: 'paragraph', children });
/** Rows as an editor typing them would make them: no block behind them. */
const typed = (rows: Row[]): Node[] => rowsToBlocks(rows.map(({ kind, text: value }) => ({ kind, text: value })));
/** Blocks through rows and back as if every row had been typed again. */
const retyped = (blocks: Node[]): Node[] => typed(blocksToRows(blocks));

const ALL_TYPES: Node[] = [
  paragraph(text('Plain, '), text('bold', { bold: true }), text(' and '), text('italic', { italic: true }), text('.')),
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ type: 'heading', level, children: [text(`Level ${level}`)] })),
  { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('one')] }, { type: 'list-item', children: [text('two', { code: true })] }] },
  { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('first')] }, { type: 'list-item', children: [text('second', { underline: true }), text(' '), text('third', { strikethrough: true })] }] },
  { type: 'quote', children: [text('Said '), link('https://example.com/a?b=1', [text('here', { bold: true })])] },
  { type: 'code', children: [text('const a = 2 * 3; // **not bold**\nreturn `a`;')] },
];

// ---- inline markup ----

const markup = suite('textToInline(text) and inlineToText(children)');

markup('should read each piece of markup into the flag Strapi stores', () => {
  assert.equal(textToInline('**b** *i* __u__ ~~s~~ `c`'), [
    text('b', { bold: true }),
    text(' '),
    text('i', { italic: true }),
    text(' '),
    text('u', { underline: true }),
    text(' '),
    text('s', { strikethrough: true }),
    text(' '),
    text('c', { code: true }),
  ]);
});

markup('should give text nodes only `type` and `text` unless a flag is set', () => {
  const [node] = textToInline('plain');
  assert.equal(Object.keys(node), ['type', 'text']);
});

markup('should read empty text as one empty text node', () => {
  assert.equal(textToInline(''), [text('')]);
  assert.is(inlineToText([text('')]), '');
});

markup('should read nested bold and italic', () => {
  assert.equal(textToInline('**bold *both* bold**'), [text('bold ', { bold: true }), text('both', { bold: true, italic: true }), text(' bold', { bold: true })]);
  assert.equal(textToInline('***both***'), [text('both', { bold: true, italic: true })]);
  assert.is(inlineToText(textToInline('**bold *both* bold**')), '**bold *both* bold**');
});

markup('should read a link with bold text', () => {
  const nodes = [text('See '), link('https://docs.strapi.io', [text('the', { bold: true }), text(' docs')]), text('.')];
  assert.equal(textToInline('See [**the** docs](https://docs.strapi.io).'), nodes);
  assert.is(inlineToText(nodes), 'See [**the** docs](https://docs.strapi.io).');
});

markup('should make a link inside bold text bold', () => {
  assert.equal(textToInline('**read [this](/about) now**'), [text('read ', { bold: true }), link('/about', [text('this', { bold: true })]), text(' now', { bold: true })]);
});

markup('should keep asterisks that are not markup as typed', () => {
  for (const value of ['2 * 3 = 6', 'a ** b', '* not a list', 'x *', '5 ~~ 6', 'snake_case and __init']) {
    assert.equal(textToInline(value), [text(value)], value);
    assert.is(inlineToText([text(value)]), value, value);
  }
});

markup('should keep marks inside a word as typed: file names, products, version numbers', () => {
  for (const value of ['my__draft__v2.md', '2*3*4', 'a*b*c and x**y**z', 'v1~~2~~3', 'über__straße__ok', '12**34**56']) {
    assert.equal(textToInline(value), [text(value)], value);
    assert.is(inlineToText([text(value)]), value, value);
  }
});

markup('should read marks at the start of a word as formatting, however the word ends', () => {
  assert.equal(textToInline('my __draft__ v2'), [text('my '), text('draft', { underline: true }), text(' v2')]);
  assert.equal(textToInline('(*see*) **Strapi**’s **5**th'), [text('('), text('see', { italic: true }), text(') '), text('Strapi', { bold: true }), text('’s '), text('5', { bold: true }), text('th')]);
  assert.equal(textToInline('__init__.py'), [text('init', { underline: true }), text('.py')]);
  assert.equal(textToInline('\\_\\_init\\_\\_.py'), [text('__init__.py')], 'an escape keeps it as typed');
});

markup('should find no markup for formatting that starts inside a word, and say so', () => {
  const inside = [text('un'), text('done', { bold: true })];
  assert.is(canWrite(inside), false);
  assert.is(canWrite([text('done', { bold: true }), text('ness')]), true);
  assert.is(canWrite([text('my__draft__v2.md')]), true);
});

markup('when a `**` is never closed then it stays as typed', () => {
  assert.equal(textToInline('**unclosed bold'), [text('**unclosed bold')]);
  assert.equal(textToInline('start **bold** and **not'), [text('start '), text('bold', { bold: true }), text(' and **not')]);
});

markup('should keep a `[` that starts no complete link as typed', () => {
  for (const value of ['[draft]', '[x](', 'a [b] (c)', '[empty]()']) assert.equal(textToInline(value), [text(value)], value);
});

markup('should read a backslash before a markup character as that character', () => {
  assert.equal(textToInline('\\*\\*not bold\\*\\* and C:\\dir'), [text('**not bold** and C:\\dir')]);
});

markup('should escape text that would otherwise read as markup, and read it back the same', () => {
  const nodes = [text('*stars*'), text('x', { italic: true }), text(' [a](b) `c` __d__ ~~e~~ \\* ')];
  const written = inlineToText(nodes);
  assert.ok(written.includes('\\*stars\\*'), written);
  assert.equal(textToInline(written), nodes);
});

markup('should keep code text as it is, backticks and backslashes included', () => {
  for (const value of ['a `tick`', 'C:\\dir\\', '**x**', '[a](b)']) {
    const nodes = [text('run '), text(value, { code: true })];
    assert.equal(textToInline(inlineToText(nodes)), nodes, value);
  }
});

markup('should keep a link whose address holds parentheses or whose text holds brackets', () => {
  const nodes = [link('https://en.wikipedia.org/wiki/Koa_(software)', [text('Koa [web]')])];
  assert.equal(textToInline(inlineToText(nodes)), nodes);
});

markup('should write whitespace at the edge of bold text outside it, and nothing else moves', () => {
  // `**bold **` is not markup, so the space leaves the bold: the one loss of a round trip.
  assert.is(inlineToText([text('bold ', { bold: true }), text('plain')]), '**bold** plain');
  assert.equal(textToInline(inlineToText([text('bold ', { bold: true }), text('plain')])), [text('bold', { bold: true }), text(' plain')]);
});

markup('should merge neighbouring text nodes with the same flags', () => {
  assert.equal(textToInline(inlineToText([text('a '), text('b')])), [text('a b')]);
});

markup('should read back any mix of flags, links and markup characters it writes (seeded, 3000 cases)', () => {
  // Words hold no edge whitespace: that is the one thing a round trip may move (see above).
  let seed = 20261126;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const chars = ['a', 'b', ' ', '*', '_', '~', '`', '[', ']', '(', ')', '\\', '\n'];
  const word = () => Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(chars)).join('').trim() || 'w';
  const flagNames = ['bold', 'italic', 'underline', 'strikethrough', 'code'];
  const flags = () => Object.fromEntries(flagNames.filter(() => random() < 0.25).map((flag) => [flag, true]));
  const texts = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => text(word(), flags()));
  let writable = 0;
  for (let run = 0; run < 3000; run += 1) {
    const nodes: Node[] = Array.from({ length: 1 + Math.floor(random() * 4) }, () => (random() < 0.3 ? link(`https://example.com/${word()}`, texts()) : text(word(), flags())));
    if (!canWrite(nodes)) {
      // Formatting that starts inside a word: the block is kept whole, never rewritten.
      const block = paragraph(...nodes);
      assert.is(rowsToBlocks(blocksToRows([block]))[0], block);
      continue;
    }
    writable += 1;
    const written = inlineToText(nodes);
    assert.equal(textToInline(written), merged(nodes), `${JSON.stringify(nodes)} written as ${JSON.stringify(written)}`);
  }
  assert.ok(writable > 1500, `${writable} of 3000 cases have markup`);
});

// ---- rows ----

const rows = suite('blocksToRows(blocks) and rowsToBlocks(rows)');

rows('should give every node type a row of its kind', () => {
  assert.equal(
    blocksToRows(ALL_TYPES).map((row: Row) => row.kind),
    ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6', 'list-unordered', 'list-ordered', 'quote', 'code'],
  );
  const kinds = BLOCK_KINDS.map((entry: { kind: string }) => entry.kind);
  for (const row of blocksToRows(ALL_TYPES)) assert.ok(kinds.includes(row.kind), row.kind);
});

rows('should round-trip every node type, with each row typed again', () => {
  assert.equal(retyped(ALL_TYPES), ALL_TYPES);
});

rows('should write list items one per line and code as plain text', () => {
  const [list, code] = blocksToRows([ALL_TYPES[8], ALL_TYPES[10]]);
  assert.is(list.text, 'first\n__second__ ~~third~~');
  assert.is(code.text, 'const a = 2 * 3; // **not bold**\nreturn `a`;');
});

rows('should build blocks from typed rows', () => {
  assert.equal(
    typed([
      { kind: 'paragraph', text: '' },
      { kind: 'heading-3', text: 'A *title*' },
      { kind: 'list-ordered', text: 'one\n**two**' },
      { kind: 'quote', text: '[quoted](https://example.com)' },
      { kind: 'code', text: 'x = **y**' },
    ]),
    [
      paragraph(text('')),
      { type: 'heading', level: 3, children: [text('A '), text('title', { italic: true })] },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('one')] }, { type: 'list-item', children: [text('two', { bold: true })] }] },
      { type: 'quote', children: [link('https://example.com', [text('quoted')])] },
      { type: 'code', children: [text('x = **y**')] },
    ],
  );
});

rows('should give back an untouched block itself, even one that markup cannot tell apart', () => {
  // Two plain text nodes side by side: markup would merge them.
  const block = paragraph(text('One node. '), text('Another.'));
  const [back] = rowsToBlocks(blocksToRows([block]));
  assert.is(back, block);
});

rows('should keep inline nodes as they were when only the kind changes', () => {
  const block = paragraph(text('One node. '), text('Another.'));
  const [row] = blocksToRows([block]);
  assert.equal(rowsToBlocks([{ ...row, kind: 'heading-2' }]), [{ type: 'heading', level: 2, children: block.children }]);
});

rows('when a row is edited then its block is built from the text', () => {
  const [row] = blocksToRows([paragraph(text('Hello'))]);
  assert.equal(rowsToBlocks([{ ...row, text: 'Hello **you**' }]), [paragraph(text('Hello '), text('you', { bold: true }))]);
});

rows('should keep a code block’s language and a list’s indent level through an edit', () => {
  const [code, list] = blocksToRows([
    { type: 'code', language: 'js', children: [text('a')] },
    { type: 'list', format: 'unordered', indentLevel: 0, children: [{ type: 'list-item', children: [text('a')] }] },
  ]);
  assert.equal(rowsToBlocks([{ ...code, text: 'b' }, { ...list, text: 'b' }]), [
    { type: 'code', language: 'js', children: [text('b')] },
    { type: 'list', format: 'unordered', indentLevel: 0, children: [{ type: 'list-item', children: [text('b')] }] },
  ]);
});

rows('should keep images, nested lists and unknown nodes as read-only rows, untouched', () => {
  const image = { type: 'image', image: { url: '/uploads/a.png', alternativeText: 'A cat', name: 'a.png' }, children: [text('')] };
  const nested = { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('a')] }, { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('b')] }] }] };
  const broken = { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('two\nlines')] }] };
  const unknown = { type: 'table', rows: [] };
  const found = blocksToRows([image, nested, broken, unknown]);
  assert.equal(found.map((row: Row) => row.kind), ['kept', 'kept', 'kept', 'kept']);
  assert.is(found[0].text, 'Image (A cat) — kept as is');
  assert.ok(found[3].text.includes('table'), found[3].text);
  const back = rowsToBlocks(found);
  for (const [index, block] of [image, nested, broken, unknown].entries()) assert.is(back[index], block);
});

rows('should keep a block whose formatting starts inside a word as a read-only row showing its text', () => {
  const block = paragraph(text('Strapi is un'), text('believ', { bold: true }), text('able'));
  const [row] = blocksToRows([block]);
  assert.is(row.kind, 'kept');
  assert.is(row.text, 'Paragraph with formatting inside a word — kept as is: Strapi is unbelievable');
  assert.is(rowsToBlocks([row])[0], block);
});

rows('should read no value as no rows', () => {
  assert.equal(blocksToRows(null), []);
  assert.equal(rowsToBlocks([]), []);
});

// ---- the sample project ----

const sample = suite("the sample project's article bodies");

const bodies = readdirSync(ARTICLES).flatMap((documentId) =>
  readdirSync(join(ARTICLES, documentId))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name: `${documentId}/${name}`, body: JSON.parse(readFileSync(join(ARTICLES, documentId, name), 'utf8')).body as Node[] | undefined })),
).filter(({ body }) => Array.isArray(body));

sample('should hold bodies to check', () => {
  assert.ok(bodies.length >= 4, `${bodies.length} bodies`);
});

sample('should come back unchanged through rows', () => {
  for (const { name, body } of bodies) {
    const copy = structuredClone(body);
    assert.equal(rowsToBlocks(blocksToRows(body)), copy, name);
  }
});

sample('should come back the same through text typed again, but for text nodes merged', () => {
  for (const { name, body } of bodies) assert.equal(retyped(body!), merged(body!), name);
});

/** Nodes with neighbouring text nodes of the same flags as one, at every depth, as Strapi's editor would save them. */
function merged(nodes: Node[]): Node[] {
  return JSON.parse(JSON.stringify(nodes), (key, value) => ((key === 'children' || key === '') && Array.isArray(value) ? mergeTexts(value) : value));
}

function mergeTexts(children: Node[]): Node[] {
  const out: Node[] = [];
  for (const node of children) {
    const last = out.at(-1);
    const flags = (n: Node) => JSON.stringify(Object.entries(n).filter(([key]) => key !== 'text').sort());
    if (node.type === 'text' && last?.type === 'text' && flags(last) === flags(node)) out[out.length - 1] = { ...last, text: `${last.text}${node.text}` };
    else out.push(node);
  }
  return out;
}

// ---- the editor in a browser ----

const editor = suite('BlocksField({ id, value, onChange, disabled, describedBy })');

const ADMIN = new URL('../../admin/', import.meta.url).pathname;
const VENDOR = fileURLToPath(import.meta.resolve('htm/preact/standalone'));
const POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; object-src 'none'";
const IMAGE = { type: 'image', image: { url: '/uploads/cat.png', alternativeText: 'A cat', name: 'cat.png' }, children: [text('')] };
const START = [paragraph(text('First '), text('one', { bold: true })), { type: 'heading', level: 2, children: [text('Second')] }, IMAGE];

/** The field alone on a page: a label pointing at it, and every `onChange` kept in `window.changes`. */
const HARNESS = `
import { html, render, useState } from './vendor/preact-htm.js';
import { BlocksField } from './fields/blocks.js';
const initial = await (await fetch('./start.json')).json();
window.changes = [];
function Harness() {
  const [value, setValue] = useState(initial);
  const change = (blocks) => { window.changes.push(blocks); setValue(blocks); };
  return html\`<label for="body">Body</label><p id="body-hint">About the body.</p>
    <\${BlocksField} id="body" value=\${value} describedBy="body-hint" onChange=\${change} />\`;
}
render(html\`<\${Harness} />\`, document.getElementById('root'));
`;
const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blocks</title><link rel="stylesheet" href="style.css"><link rel="stylesheet" href="blocks.css"><script type="module" src="harness.js"></script></head><body><main id="root"></main></body></html>';

/** The little of the page's DOM these checks read: the tests compile without the DOM library. */
type Control = { id: string; tagName: string; value: string; textContent: string | null; getAttribute(name: string): string | null };
type PageGlobals = { changes: Node[][]; document: { activeElement: Control | null; getElementById(id: string): Control | null } };

let browser: Browser;
let server: Server;
let page: Page & { errors: string[] };

async function pageFile(name: string): Promise<[string, string | Buffer]> {
  if (name === '' || name === 'index.html') return ['text/html', PAGE];
  if (name === 'harness.js') return ['text/javascript', HARNESS];
  if (name === 'start.json') return ['application/json', JSON.stringify(START)];
  if (name === 'vendor/preact-htm.js') return ['text/javascript', await readFile(VENDOR)];
  if (/^([a-z-]+\/)*[a-z-]+\.(js|css)$/.test(name)) return [name.endsWith('.js') ? 'text/javascript' : 'text/css', await readFile(join(ADMIN, name))];
  throw new Error(`no ${name}`);
}

const changes = () => page.evaluate(() => (globalThis as unknown as PageGlobals).changes);
const lastChange = async () => (await changes()).at(-1);
const focused = () =>
  page.evaluate(() => {
    const active = (globalThis as unknown as PageGlobals).document.activeElement;
    return active?.getAttribute('aria-label') ?? active?.id;
  });

editor.before(async () => {
  server = createServer((req, res) => {
    pageFile(new URL(req.url ?? '/', 'http://x').pathname.slice(1)).then(
      ([type, body]) => res.writeHead(200, { 'Content-Type': type, 'Content-Security-Policy': POLICY }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await startBrowser();
  page = await openPage(browser, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForSelector('.blocks-row');
});

editor.after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

editor('should show one row per block, the first control labelled by the form and described', async () => {
  assert.is(await page.$$eval('.blocks-row', (rows) => rows.length), 3);
  const first = await page.$eval('label[for="body"]', (label) => {
    const control = (globalThis as unknown as PageGlobals).document.getElementById(label.getAttribute('for')!);
    return { tag: control?.tagName, describedBy: control?.getAttribute('aria-describedby'), value: control?.value };
  });
  assert.equal(first, { tag: 'SELECT', describedBy: 'body-hint', value: 'paragraph' });
  assert.equal(await page.$$eval('.blocks textarea', (areas) => areas.map((area) => (area as unknown as Control).value)), ['First **one**', 'Second']);
  assert.ok((await page.$eval('.blocks-hint', (hint) => hint.textContent))!.includes('**bold**'));
  assert.equal(page.errors, []);
});

editor('should label every control with its row number', async () => {
  const unnamed = await page.$$eval('.blocks select, .blocks textarea, .blocks button', (controls) =>
    controls.filter((control) => !(control.getAttribute('aria-label') || control.textContent?.trim())).length,
  );
  assert.is(unnamed, 0);
  const names = await page.$$eval('.blocks [aria-label]', (controls) => controls.map((control) => control.getAttribute('aria-label')));
  for (const name of ['Block 1 type', 'Block 1 text', 'Move up, block 1', 'Move down, block 2', 'Remove, block 3']) assert.ok(names.includes(name), name);
});

editor('should show an image as a read-only row', async () => {
  const kept = await page.$eval('.blocks-row:nth-child(3)', (row) => ({ text: row.textContent, areas: row.querySelectorAll('textarea, select').length }));
  assert.ok(kept.text!.includes('Image (A cat) — kept as is'), kept.text!);
  assert.is(kept.areas, 0);
});

editor('when text is typed then onChange gets the blocks it stands for', async () => {
  await page.focus('[aria-label="Block 1 text"]');
  await page.keyboard.press('End');
  await page.keyboard.type(' and *two*');
  const [first, , image] = (await lastChange())!;
  assert.equal(first, paragraph(text('First '), text('one', { bold: true }), text(' and '), text('two', { italic: true })));
  assert.equal(image, IMAGE);
  // An unclosed `**` typed on the way is never rewritten under the caret.
  await page.keyboard.type(' **three');
  assert.is(await page.$eval('[aria-label="Block 1 text"]', (area) => (area as unknown as Control).value), 'First **one** and *two* **three');
});

editor('when a row is moved then the blocks move and the focus follows it', async () => {
  await page.click('[aria-label="Move down, block 1"]');
  assert.equal((await lastChange())!.map((block) => block.type), ['heading', 'paragraph', 'image']);
  assert.is(await focused(), 'Move down, block 2');
  await page.keyboard.press('Enter');
  assert.equal((await lastChange())!.map((block) => block.type), ['heading', 'image', 'paragraph']);
  assert.is(await focused(), 'Move up, block 3');
});

editor('when the type is changed then the block changes kind and keeps its text', async () => {
  await page.select('[aria-label="Block 1 type"]', 'quote');
  assert.equal((await lastChange())![0], { type: 'quote', children: [text('Second')] });
  await page.select('[aria-label="Block 1 type"]', 'list-ordered');
  assert.equal((await lastChange())![0], { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('Second')] }] });
});

editor('when a block is added then it is an empty paragraph with the focus in its text', async () => {
  await page.click('[data-control="add"]');
  assert.equal((await lastChange())!.at(-1), paragraph(text('')));
  assert.is(await focused(), 'Block 4 text');
  await page.keyboard.type('See [docs](https://docs.strapi.io)');
  assert.equal((await lastChange())!.at(-1), paragraph(text('See '), link('https://docs.strapi.io', [text('docs')])));
});

editor('when every block is removed then onChange gets null and the add button takes the id', async () => {
  for (let left = 4; left > 0; left -= 1) await page.click('[aria-label="Remove, block 1"]');
  assert.is(await lastChange(), null);
  assert.is(await page.$eval('#body', (control) => control.textContent?.trim()), 'Add a block');
  assert.is(await focused(), 'body');
  assert.equal(page.errors, []);
});

markup.run();
rows.run();
sample.run();
editor.run();
