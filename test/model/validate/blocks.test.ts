import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — blocks');

const attributes: Record<string, Attribute> = { body: { type: 'blocks' } };
const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });
const image = { name: 'cat.png', url: '/uploads/cat.png', width: 10, height: 10, alternativeText: null };

const valid: unknown[] = [
  { type: 'paragraph', children: [text('Hello '), text('world', { bold: true, italic: true, underline: false, strikethrough: true, code: false })] },
  { type: 'paragraph', children: [text('')] },
  { type: 'heading', level: 1, children: [text('Title')] },
  { type: 'heading', level: 6, children: [text('Small')] },
  { type: 'quote', children: [text('Said'), { type: 'link', url: 'https://example.org/a?b=c', children: [text('here')] }] },
  { type: 'paragraph', children: [{ type: 'link', url: '/about', children: [text('about')] }] },
  { type: 'paragraph', children: [{ type: 'link', url: 'mailto:ana@example.org', children: [] }] },
  { type: 'code', language: 'ts', children: [text('const a = 1;')] },
  { type: 'code', language: null, children: [text('plain')] },
  { type: 'code', children: [text('no language')] },
  { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('one')] }, { type: 'list-item', children: [] }] },
  {
    type: 'list',
    format: 'unordered',
    children: [
      { type: 'list-item', children: [text('parent')] },
      { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('child')] }] },
    ],
  },
  { type: 'image', image, children: [text('')] },
];

test('should accept every node Strapi\'s blocks editor writes, and return a copy', () => {
  const result = expectSuccess(() => validate({ body: valid }, attributes));
  assert.equal(result.body, valid);
  assert.is.not(result.body, valid);
  assert.equal(expectSuccess(() => validate({ body: [] }, attributes)), { body: [] });
});

/** [node, path of the failure under body[0], message] */
const invalid: Array<[unknown, string[], (path: string) => string]> = [
  ['text', [], (p) => m.type(p, 'object', 'text')],
  [{ type: 'table', children: [] }, ['type'], (p) => m.oneOf(p, ['paragraph', 'heading', 'quote', 'code', 'list', 'image'])],
  [{ children: [text('x')] }, ['type'], (p) => m.oneOf(p, ['paragraph', 'heading', 'quote', 'code', 'list', 'image'])],
  [{ type: 'paragraph' }, ['children'], (p) => m.requiredField(p)],
  [{ type: 'paragraph', children: 'x' }, ['children'], (p) => m.type(p, 'array', 'x')],
  [{ type: 'paragraph', children: [] }, ['children'], (p) => m.blockChildren(p)],
  [{ type: 'paragraph', children: [text('a'), { type: 'image' }] }, ['children', '1', 'type'], (p) => m.oneOf(p, ['text', 'link'])],
  [{ type: 'paragraph', children: [{ type: 'text' }] }, ['children', '0', 'text'], (p) => m.requiredField(p)],
  [{ type: 'paragraph', children: [{ type: 'text', text: 5 }] }, ['children', '0', 'text'], (p) => m.type(p, 'string', 5)],
  [{ type: 'paragraph', children: [text('a', { bold: 'yes' } as never)] }, ['children', '0', 'bold'], (p) => m.type(p, 'boolean', 'yes')],
  [{ type: 'paragraph', children: [{ type: 'text', text: 'a', color: 'red' }] }, ['children', '0', 'color'], () => m.blockKey('body[0].children[0]', 'color', 'text')],
  [{ type: 'paragraph', children: [text('a')], align: 'left' }, ['align'], () => m.blockKey('body[0]', 'align', 'paragraph')],
  [{ type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [] }] }, ['children', '0', 'url'], (p) => m.blockLink(p)],
  [{ type: 'paragraph', children: [{ type: 'link', url: 'data:text/html,<b>x</b>', children: [] }] }, ['children', '0', 'url'], (p) => m.blockLink(p)],
  [{ type: 'paragraph', children: [{ type: 'link', url: 'not a url', children: [] }] }, ['children', '0', 'url'], (p) => m.blockLink(p)],
  [{ type: 'paragraph', children: [{ type: 'link', url: '/x', children: [{ type: 'link', url: '/y', children: [] }] }] }, ['children', '0', 'children', '0', 'type'], (p) => m.oneOf(p, ['text'])],
  [{ type: 'heading', level: 7, children: [text('x')] }, ['level'], (p) => m.oneOf(p, [1, 2, 3, 4, 5, 6])],
  [{ type: 'heading', level: '1', children: [text('x')] }, ['level'], (p) => m.oneOf(p, [1, 2, 3, 4, 5, 6])],
  [{ type: 'heading', children: [text('x')] }, ['level'], (p) => m.requiredField(p)],
  [{ type: 'code', language: 3, children: [text('x')] }, ['language'], (p) => m.type(p, 'string', 3)],
  [{ type: 'code', children: [{ type: 'link', url: '/x', children: [] }] }, ['children', '0', 'type'], (p) => m.oneOf(p, ['text'])],
  [{ type: 'list', format: 'bulleted', children: [{ type: 'list-item', children: [] }] }, ['format'], (p) => m.oneOf(p, ['ordered', 'unordered'])],
  [{ type: 'list', format: 'ordered', children: [] }, ['children'], (p) => m.blockChildren(p)],
  [{ type: 'list', format: 'ordered', children: [text('x')] }, ['children', '0', 'type'], (p) => m.oneOf(p, ['list-item', 'list'])],
  [{ type: 'list', format: 'ordered', indentLevel: -1, children: [{ type: 'list-item', children: [] }] }, ['indentLevel'], (p) => m.min(p, 0)],
  [{ type: 'list', format: 'ordered', children: [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'quote' }] }] }] }, ['children', '0', 'children', '0', 'children', '0', 'type'], (p) => m.oneOf(p, ['text', 'link'])],
  [{ type: 'image', children: [] }, ['image'], (p) => m.requiredField(p)],
  [{ type: 'image', image: { name: 'x' }, children: [] }, ['image', 'url'], (p) => m.requiredField(p)],
  [{ type: 'image', image: { url: 5 }, children: [] }, ['image', 'url'], (p) => m.type(p, 'string', 5)],
];

test('when a node is not one Strapi knows then the message names its path, like body[0].children[1].type', () => {
  for (const [node, rest, message] of invalid) {
    const path = ['body', '0', ...rest];
    const yupPath = `body[0]${rest.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`)).join('')}`;
    const error = rejects(() => validate({ body: [node] }, attributes));
    assert.is(error.message, message(yupPath), JSON.stringify(node));
    assert.equal(error.paths, [path.join('.')], JSON.stringify(node));
  }
});

test('when the value is not an array then the type message', () => {
  for (const value of ['text', { type: 'paragraph' }, 5]) {
    const error = rejects(() => validate({ body: value }, attributes));
    assert.is(error.message, m.type('body', 'array', value));
    assert.equal(error.paths, ['body']);
  }
});

test('when several nodes are wrong then every one is reported', () => {
  const error = rejects(() =>
    validate({ body: [{ type: 'paragraph', children: [] }, valid[0], { type: 'heading', level: 0, children: [text('x'), { type: 'bad' }] }] }, attributes),
  );
  assert.is(error.message, '3 errors occurred');
  assert.equal(error.paths, ['body.0.children', 'body.2.level', 'body.2.children.1.type']);
});

test.run();
