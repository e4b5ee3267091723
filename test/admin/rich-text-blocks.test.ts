/**
 * The rich-text editor's converters (editors/rich-text/), Strapi 5 blocks to the editor's document
 * (ProseMirror's JSON) and back, in Node: every block type and inline style, nested lists, code
 * with and without a language, images and the blocks the editor keeps whole, the byte-for-byte
 * return of what was loaded, and the document checked against the editor's own schema.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSchema } from '@tiptap/core';
// @ts-expect-error: the editors are plain JavaScript, without type declarations.
import { canonicalKey, rememberBlocks } from '../../editors/rich-text/canonical.js';
// @ts-expect-error: the editors are plain JavaScript, without type declarations.
import { isLinkAddress } from '../../editors/rich-text/links.js';
// @ts-expect-error: the editors are plain JavaScript, without type declarations.
import { blocksExtensions } from '../../editors/rich-text/schema.js';
// @ts-expect-error: the editors are plain JavaScript, without type declarations.
import { docToBlocks } from '../../editors/rich-text/to-blocks.js';
// @ts-expect-error: the editors are plain JavaScript, without type declarations.
import { blocksToDoc, imageBlock } from '../../editors/rich-text/to-doc.js';
import { EVERY_BLOCK, HELLO_IMAGE } from '../fixtures/rich-text/every-block.js';

type Node = Record<string, any>;

const text = (value: string, flags: Record<string, boolean> = {}): Node => ({ type: 'text', text: value, ...flags });
const link = (url: string, children: Node[]): Node => ({ type: 'link', url, children });
const paragraph = (...children: Node[]): Node => ({ type: 'paragraph', children });
const item = (...children: Node[]): Node => ({ type: 'list-item', children });
/** Blocks to the document and back, as the editor reads and saves them untouched. */
const untouched = (blocks: unknown[]): Node[] => docToBlocks(blocksToDoc(blocks), rememberBlocks(blocks));
/** Blocks to the document and back as if each had been typed anew (nothing loaded to give back). */
const retyped = (blocks: unknown[]): Node[] => docToBlocks(blocksToDoc(blocks));
const types = (doc: Node): string[] => doc.content.map((node: Node) => node.type);

const schema = getSchema(blocksExtensions({ describeKept: () => 'kept', onLinkShortcut: () => true }));

// ---- every block ----

const every = suite('blocksToDoc(blocks) and docToBlocks(doc) on every block type');

every('should give every block an editable node of its kind', () => {
  assert.equal(types(blocksToDoc(EVERY_BLOCK)), [
    'paragraph', 'heading', 'heading', 'heading', 'heading', 'heading', 'heading', 'bulletList', 'orderedList', 'quote',
    'codeBlock', 'codeBlock', 'image', 'paragraph', 'paragraph',
  ]);
});

every('should make a document the editor\'s schema accepts', () => {
  schema.nodeFromJSON(blocksToDoc(EVERY_BLOCK)).check();
});

every('should give back an untouched document byte for byte', () => {
  assert.is(JSON.stringify(untouched(EVERY_BLOCK)), JSON.stringify(EVERY_BLOCK));
});

every('should give back the loaded blocks themselves, not copies', () => {
  untouched(EVERY_BLOCK).forEach((block, index) => assert.ok(block === EVERY_BLOCK[index], `block ${index}`));
});

every('should read every block the same when typed anew, but for what no renderer can tell apart', () => {
  const again = retyped(EVERY_BLOCK);
  again.forEach((block, index) => assert.is(canonicalKey(block), canonicalKey(EVERY_BLOCK[index]), `block ${index}`));
  // Empty text nodes and `false` flags are left out, `type` comes first: as Strapi's editor writes.
  assert.equal(again.at(-2), paragraph(link('https://example.com/a?b=1', [text('a link with '), text('children', { bold: true })])));
  assert.equal(again[0]!.children.at(-1), text('.'));
  assert.equal(Object.keys(again[0]!), ['type', 'children']);
});

every('should come back the same through the schema (ProseMirror\'s own JSON of it)', () => {
  const doc = schema.nodeFromJSON(blocksToDoc(EVERY_BLOCK)).toJSON();
  assert.is(JSON.stringify(docToBlocks(doc, rememberBlocks(EVERY_BLOCK))), JSON.stringify(EVERY_BLOCK));
});

// ---- inline ----

const inline = suite('text, flags, links and line breaks');

inline('should make each flag a mark, together on one text, and a link a mark around its texts', () => {
  const all = text('all', { bold: true, italic: true, underline: true, strikethrough: true, code: true });
  const [node] = blocksToDoc([paragraph(all, link('/about', [text('here', { bold: true })]))]).content;
  assert.equal(node.content, [
    { type: 'text', text: 'all', marks: ['bold', 'italic', 'underline', 'strike', 'code'].map((type) => ({ type })) },
    { type: 'text', text: 'here', marks: [{ type: 'link', attrs: { url: '/about' } }, { type: 'bold' }] },
  ]);
});

inline('should write text with its flags after it, only those set, in Strapi\'s order', () => {
  const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'code' }, { type: 'strike' }, { type: 'bold' }] }] }] };
  assert.is(JSON.stringify(docToBlocks(doc)), '[{"type":"paragraph","children":[{"type":"text","text":"x","bold":true,"strikethrough":true,"code":true}]}]');
});

inline('should make a line break in a text a hard break with the same marks, and read it back as one text', () => {
  const block = paragraph(text('one\ntwo', { bold: true }));
  assert.equal(blocksToDoc([block]).content[0].content.map((node: Node) => node.type), ['text', 'hardBreak', 'text']);
  assert.equal(retyped([block]), [block]);
});

inline('should join the texts of one link, and neighbouring texts with the same flags', () => {
  const doc = { type: 'doc', content: [{ type: 'paragraph', content: [
    { type: 'text', text: 'a', marks: [{ type: 'link', attrs: { url: '/x' } }] },
    { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { url: '/x' } }, { type: 'italic' }] },
    { type: 'hardBreak' },
    { type: 'text', text: 'c' },
  ] }] };
  assert.equal(docToBlocks(doc), [paragraph(link('/x', [text('a'), text('b', { italic: true })]), text('\nc'))]);
});

inline('should read an empty text block as one empty text node', () => {
  assert.equal(docToBlocks({ type: 'doc', content: [{ type: 'paragraph' }] }), [paragraph(text(''))]);
  assert.equal(blocksToDoc(null), { type: 'doc', content: [{ type: 'paragraph' }] });
  assert.equal(blocksToDoc([]), { type: 'doc', content: [{ type: 'paragraph' }] });
});

// ---- blocks ----

const blocks = suite('headings, quotes, code and lists');

blocks('should keep a heading\'s level, and make a quote one run of text', () => {
  const heading = { type: 'heading', level: 4, children: [text('Four')] };
  const quote = { type: 'quote', children: [text('Said\nthis')] };
  assert.equal(blocksToDoc([heading, quote]).content.map((node: Node) => [node.type, node.attrs]), [['heading', { level: 4 }], ['quote', undefined]]);
  assert.equal(retyped([heading, quote]), [heading, quote]);
});

blocks('should keep a code block\'s language when it has one, null included, and none when it has none', () => {
  const code = [{ type: 'code', language: 'ts', children: [text('a\nb')] }, { type: 'code', language: null, children: [text('c')] }, { type: 'code', children: [text('d')] }];
  assert.equal(blocksToDoc(code).content.map((node: Node) => node.attrs), [{ language: 'ts' }, { language: null }, undefined]);
  assert.is(JSON.stringify(retyped(code)), JSON.stringify(code));
});

blocks('should put a nested list inside the item before it, and give it back after that item with its depth', () => {
  const nested = EVERY_BLOCK[7] as Node;
  const [list] = blocksToDoc([nested]).content;
  assert.is(list.type, 'bulletList');
  assert.equal(list.content.map((entry: Node) => entry.content.map((child: Node) => child.type)), [['paragraph', 'orderedList'], ['paragraph']]);
  assert.equal(list.content[0].content[1].content[0].content.map((child: Node) => child.type), ['paragraph', 'bulletList']);
  // The same but for the empty text node after the link, which is left out.
  const first = item(text('See '), link('https://docs.strapi.io', [text('the docs', { italic: true })]));
  assert.is(JSON.stringify(retyped([nested])), JSON.stringify([{ ...nested, children: [first, ...nested.children.slice(1)] }]));
});

blocks('should write a nested list\'s indentLevel as its depth, whatever it was', () => {
  const doc = { type: 'doc', content: [{ type: 'orderedList', content: [{ type: 'listItem', content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
    { type: 'bulletList', attrs: { indentLevel: 7 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }] }] },
  ] }] }] };
  assert.equal(docToBlocks(doc), [{ type: 'list', format: 'ordered', children: [item(text('a')), { type: 'list', format: 'unordered', indentLevel: 1, children: [item(text('b'))] }] }]);
});

blocks('should keep a list\'s own indentLevel, and read a nested one written at another depth as the same list', () => {
  const list = { type: 'list', format: 'unordered', indentLevel: 0, children: [item(text('a')), { type: 'list', format: 'unordered', indentLevel: 3, children: [item(text('b'))] }] };
  assert.equal(types(blocksToDoc([list])), ['bulletList']);
  assert.ok(untouched([list])[0] === list);
  assert.equal(retyped([list])[0]!.indentLevel, 0);
  assert.equal(retyped([list])[0]!.children[1].indentLevel, 1);
});

// ---- held whole ----

const held = suite('images and the blocks the editor keeps whole');

held('should hold an image block whole and give back that very block', () => {
  const image = EVERY_BLOCK[12]!;
  const [node] = blocksToDoc([image]).content;
  assert.equal(node, { type: 'image', attrs: { block: image } });
  assert.ok(retyped([image])[0] === image);
});

held('should keep as they are the blocks it cannot show: unknown types and keys, odd lists, formatted code, empty links', () => {
  const odd = [
    { type: 'table', rows: [] },
    { type: 'paragraph', id: 'p1', children: [text('a')] },
    { type: 'heading', level: 7, children: [text('seven')] },
    { type: 'list', format: 'unordered', children: [{ type: 'list', format: 'unordered', indentLevel: 1, children: [item(text('first is nested'))] }] },
    { type: 'list', format: 'checked', children: [item(text('a'))] },
    { type: 'code', children: [text('x', { bold: true })] },
    paragraph(link('https://example.com', [])),
    paragraph(text('a', { bold: 'yes' } as never)),
    { type: 'image', image: { name: 'no url' }, children: [text('')] },
    'not a block',
  ];
  const doc = blocksToDoc(odd);
  assert.equal(types(doc), odd.map(() => 'kept'));
  retyped(odd).forEach((block, index) => assert.ok(block === odd[index], `block ${index}`));
  schema.nodeFromJSON(doc).check();
});

held('should make a library file an image block as Strapi\'s editor does: its fields, the name for a missing text', () => {
  const file = { id: 1, documentId: 'qrrziixtewy8167fghuelzga', ...HELLO_IMAGE, alternativeText: null, folderPath: '/', publishedAt: '2026-11-26T10:37:02.379Z' };
  const block = imageBlock(file);
  assert.equal(Object.keys(block), ['type', 'image', 'children']);
  assert.equal(Object.keys(block.image), Object.keys(HELLO_IMAGE));
  assert.is(block.image.alternativeText, 'hello-foliocms.jpg');
  assert.equal(block.children, [text('')]);
  assert.is(imageBlock({ ...file, alternativeText: 'A cat' }).image.alternativeText, 'A cat');
});

// ---- what was loaded ----

const loaded = suite('rememberBlocks(blocks): the blocks loaded, given back when they read the same');

loaded('should give back a block that reads as one loaded, even written differently (keys, false flags, split texts)', () => {
  const stored = { children: [{ text: 'Hello ', type: 'text' }, { text: '', type: 'text' }, { bold: false, text: 'world', type: 'text' }], type: 'paragraph' };
  assert.ok(untouched([stored as Node])[0] === stored);
  assert.equal(retyped([stored as Node]), [paragraph(text('Hello world'))]);
});

loaded('should give back two equal blocks as the two loaded, in order, and a changed one as written', () => {
  const first = paragraph(text('same'));
  const second = { children: [text('same')], type: 'paragraph' };
  const doc = blocksToDoc([first, second, paragraph(text('other'))]);
  doc.content[2].content[0].text = 'changed';
  const back = docToBlocks(doc, rememberBlocks([first, second]));
  assert.ok(back[0] === first && back[1] === second);
  assert.equal(back[2], paragraph(text('changed')));
});

loaded('should give back moved blocks as they were loaded', () => {
  const [a, b] = [paragraph(text('a')), { type: 'heading', level: 2, children: [text('b')] }];
  const doc = blocksToDoc([a, b]);
  doc.content.reverse();
  const back = docToBlocks(doc, rememberBlocks([a, b]));
  assert.ok(back[0] === b && back[1] === a);
});

loaded('should tell apart blocks that differ in a flag, a link or a level', () => {
  const keys = [
    paragraph(text('a')), paragraph(text('a', { bold: true })), paragraph(link('/a', [text('a')])), paragraph(link('/b', [text('a')])),
    { type: 'heading', level: 1, children: [text('a')] }, { type: 'heading', level: 2, children: [text('a')] },
    { type: 'quote', children: [text('a')] }, { type: 'code', children: [text('a')] }, { type: 'code', language: 'js', children: [text('a')] },
  ].map(canonicalKey);
  assert.is(new Set(keys).size, keys.length);
});

// ---- links ----

const links = suite('isLinkAddress(url)');

links('should take absolute addresses and paths of the site, as the server does, and refuse scripts', () => {
  for (const url of ['https://docs.strapi.io', 'http://a.example/b?c=1#d', 'mailto:a@example.com', 'tel:+331', '/about', '/uploads/a.pdf']) {
    assert.ok(isLinkAddress(url), url);
  }
  for (const url of ['', '  ', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'about', '#top', 'https://']) {
    assert.not.ok(isLinkAddress(url), url);
  }
});

// ---- the sample project ----

const sample = suite("the sample project's article bodies");

const ARTICLES = new URL('../../data/content/article/', import.meta.url).pathname;
const bodies = readdirSync(ARTICLES).flatMap((documentId) => readdirSync(join(ARTICLES, documentId))
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name: `${documentId}/${name}`, body: JSON.parse(readFileSync(join(ARTICLES, documentId, name), 'utf8')).body })))
  .filter(({ body }) => Array.isArray(body));

sample('should all be editable, and come back byte for byte', () => {
  assert.ok(bodies.length >= 4, `${bodies.length} bodies`);
  for (const { name, body } of bodies) {
    assert.not.ok(types(blocksToDoc(body)).includes('kept'), name);
    assert.is(JSON.stringify(untouched(body!)), JSON.stringify(body), name);
  }
});

every.run();
inline.run();
blocks.run();
held.run();
loaded.run();
links.run();
sample.run();
