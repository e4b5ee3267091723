/**
 * Strapi 5 `blocks` as the editor's document (ProseMirror's JSON, in the schema of schema.js).
 * Each block becomes the nodes that read back as it (to-blocks.js), or, when none do, a `kept`
 * node that holds it whole and shows it as a box the editor may move or remove but never rewrites:
 * a block of an unknown type or with an unknown key, a list that starts with a nested list, code
 * with formatting, an empty link. Images are held whole too, since the editor only shows them.
 * Pure: no DOM, no editor.
 */
import { canonicalKey, isObject } from './canonical.js';
import { MARK_OF_FLAG, nodeToBlock } from './to-blocks.js';

/**
 * @typedef {import('./canonical.js').Block} Block
 * @typedef {import('./to-blocks.js').PmNode} PmNode
 * @typedef {import('./to-blocks.js').PmMark} PmMark
 */

const LEVELS = [1, 2, 3, 4, 5, 6];

/**
 * The document of `blocks` (null, or none, is one empty paragraph: the editor always holds one).
 * @example blocksToDoc([{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi' }] }])
 * // { type: 'doc', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Hi' }] }] }
 * @param {unknown} blocks
 * @returns {PmNode}
 */
export function blocksToDoc(blocks) {
  const content = (Array.isArray(blocks) ? blocks : []).map(blockToNode);
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

/**
 * The node of one block: the editable one when it reads back as the block, else a holder.
 * @param {unknown} block
 * @returns {PmNode}
 */
export function blockToNode(block) {
  if (isImageBlock(block)) return { type: 'image', attrs: { block } };
  const node = editableNode(block);
  if (node && canonicalKey(nodeToBlock(node)) === canonicalKey(block)) return node;
  return { type: 'kept', attrs: { block } };
}

/** An image block the editor can show: its `image` is an object with a `url`. */
const isImageBlock = (block) => isObject(block) && block.type === 'image' && isObject(block.image)
  && typeof block.image.url === 'string';

/** The editable node of a block, or null when it has none. */
function editableNode(block) {
  if (!isObject(block)) return null;
  switch (block.type) {
    case 'paragraph':
    case 'quote':
      return textblock(block.type, undefined, block.children);
    case 'heading':
      return LEVELS.includes(block.level) ? textblock('heading', { level: block.level }, block.children) : null;
    case 'code':
      return codeNode(block);
    case 'list':
      return listNode(block, true);
    default:
      return null;
  }
}

function textblock(type, attrs, children) {
  const content = inlineNodes(children, []);
  if (!content) return null;
  return { type, ...(attrs && { attrs }), ...(content.length > 0 && { content }) };
}

function codeNode(block) {
  if (!Array.isArray(block.children)) return null;
  const textOf = (child) => (isObject(child) && typeof child.text === 'string' ? child.text : '');
  const text = block.children.map(textOf).join('');
  return {
    type: 'codeBlock',
    ...('language' in block && { attrs: { language: block.language } }),
    ...(text !== '' && { content: [{ type: 'text', text }] }),
  };
}

/**
 * A list: each item a paragraph, and a nested list inside the item before it. `top`: a block of
 * its own, whose `indentLevel` is kept as it is (a nested one's is its depth).
 */
function listNode(block, top) {
  if (!Array.isArray(block.children) || (block.format !== 'ordered' && block.format !== 'unordered')) return null;
  const items = [];
  for (const child of block.children) {
    if (isObject(child) && child.type === 'list-item') {
      const content = inlineNodes(child.children, []);
      if (!content) return null;
      items.push({ type: 'listItem', content: [{ type: 'paragraph', ...(content.length > 0 && { content }) }] });
    } else if (isObject(child) && child.type === 'list') {
      const nested = listNode(child, false);
      const item = items.at(-1);
      if (!nested || !item) return null;
      item.content.push(nested);
    } else {
      return null;
    }
  }
  if (items.length === 0) return null;
  const kept = top && 'indentLevel' in block ? { attrs: { indentLevel: block.indentLevel } } : {};
  return { type: block.format === 'ordered' ? 'orderedList' : 'bulletList', ...kept, content: items };
}

/**
 * Inline nodes as text nodes with marks (a line break in the text as a `hardBreak` with the same
 * marks), or null when one is not a text or a link of texts. `marks`: the link's, inside one.
 * @param {unknown} children
 * @param {PmMark[]} marks
 * @returns {PmNode[] | null}
 */
function inlineNodes(children, marks) {
  if (!Array.isArray(children)) return null;
  /** @type {PmNode[]} */
  const out = [];
  for (const child of children) {
    if (isObject(child) && child.type === 'text' && typeof child.text === 'string') {
      out.push(...textNodes(child.text, [...marks, ...flagMarks(child)]));
    } else if (isObject(child) && child.type === 'link' && typeof child.url === 'string' && marks.length === 0) {
      const inner = inlineNodes(child.children, [{ type: 'link', attrs: { url: child.url } }]);
      if (!inner) return null;
      out.push(...inner);
    } else {
      return null;
    }
  }
  return out;
}

/** The marks of a text node's flags (only those set to `true`). */
function flagMarks(node) {
  return Object.entries(MARK_OF_FLAG).filter(([flag]) => node[flag] === true).map(([, type]) => ({ type }));
}

function textNodes(text, marks) {
  const withMarks = marks.length > 0 ? { marks } : {};
  return text.split('\n').flatMap((piece, index) => [
    ...(index > 0 ? [{ type: 'hardBreak', ...withMarks }] : []),
    ...(piece !== '' ? [{ type: 'text', text: piece, ...withMarks }] : []),
  ]);
}

/** What Strapi's editor keeps of a file of the media library in an image block, in its order. */
const IMAGE_FIELDS = ['name', 'alternativeText', 'url', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime',
  'size', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];

/**
 * The image block of a file chosen in the media library, as Strapi's editor writes one: the file's
 * fields Strapi keeps, its name as the alternative text when it has none.
 * @example imageBlock({ id: 3, name: 'cat.png', url: '/uploads/cat.png', mime: 'image/png' })
 * // { type: 'image', children: [{ type: 'text', text: '' }],
 * //   image: { name: 'cat.png', alternativeText: 'cat.png', url: '/uploads/cat.png', mime: 'image/png' } }
 * @param {Record<string, any>} file
 * @returns {Block}
 */
export function imageBlock(file) {
  const valueOf = (field) => (field === 'alternativeText' ? file.alternativeText || file.name : file[field]);
  const image = Object.fromEntries(IMAGE_FIELDS.filter((field) => valueOf(field) !== undefined)
    .map((field) => [field, valueOf(field)]));
  return { type: 'image', image, children: [{ type: 'text', text: '' }] };
}
