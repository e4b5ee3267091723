/**
 * The editor's document (ProseMirror's JSON, in the schema of schema.js) as Strapi 5 `blocks`.
 * A block that reads as one loaded reads back as that one, byte for byte (canonical.js); a block
 * the editor holds whole (an image, one it cannot show) is given back as it was. New blocks are
 * written as Strapi's editor writes them: `type` first, a flag only when set, `indentLevel` on a
 * nested list. Pure: no DOM, no editor.
 */
import { FLAGS, canonicalKey, recall } from './canonical.js';

/**
 * @typedef {import('./canonical.js').Block} Block
 * @typedef {{ type: string, attrs?: Record<string, any>, content?: PmNode[], marks?: PmMark[], text?: string }} PmNode
 * @typedef {{ type: string, attrs?: Record<string, any> }} PmMark
 */

/** The mark of each flag (`strikethrough` is ProseMirror's `strike`). */
export const MARK_OF_FLAG = {
  bold: 'bold', italic: 'italic', underline: 'underline', strikethrough: 'strike', code: 'code',
};

/** Nodes that hold a block whole, in `attrs.block`. */
const HOLDERS = new Set(['image', 'kept']);

/**
 * The blocks of a document; `remembered` (canonical.js `rememberBlocks`) the blocks it was loaded
 * from, given back for the blocks that read as they do.
 * @example docToBlocks({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] })
 * // [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }]
 * @param {PmNode} doc
 * @param {Map<string, Block[]>} [remembered]
 * @returns {Block[]}
 */
export function docToBlocks(doc, remembered = new Map()) {
  const used = new Map();
  return (doc.content ?? []).map((node) => {
    const { block, key } = readNode(node);
    return key === null ? block : recall(block, key, remembered, used);
  });
}

/**
 * One block of the document as written anew, and its canonical key to recall the one loaded by
 * (null for a block held whole, which is the one loaded).
 * @param {PmNode} node
 * @returns {{ block: Block, key: string | null }}
 */
export function readNode(node) {
  const block = nodeToBlock(node);
  return { block, key: HOLDERS.has(node.type) ? null : canonicalKey(block) };
}

/**
 * One block of the document as a Strapi block.
 * @param {PmNode} node
 * @returns {Block}
 */
export function nodeToBlock(node) {
  switch (node.type) {
    case 'paragraph':
    case 'quote':
      return { type: node.type, children: inlineChildren(node.content) };
    case 'heading':
      return { type: 'heading', level: node.attrs?.level, children: inlineChildren(node.content) };
    case 'codeBlock': {
      const language = node.attrs?.language;
      const text = (node.content ?? []).map((child) => child.text ?? '').join('');
      return { type: 'code', ...(language !== undefined && { language }), children: [{ type: 'text', text }] };
    }
    case 'bulletList':
    case 'orderedList':
      return listBlock(node, null);
    case 'image':
    case 'kept':
      return node.attrs?.block;
    default:
      throw new Error(`the rich-text editor holds a node it has no block for: ${node.type}`);
  }
}

/**
 * A list and the lists inside it: a nested list follows the item it is in, as Strapi nests them,
 * with its depth as `indentLevel`. `parentLevel`: null for a block of its own, which keeps its own.
 * @param {PmNode} node
 * @param {number | null} parentLevel
 * @returns {Block}
 */
function listBlock(node, parentLevel) {
  const own = node.attrs?.indentLevel;
  const level = parentLevel === null ? (typeof own === 'number' ? own : 0) : parentLevel + 1;
  /** @type {Block} */
  const list = { type: 'list', format: node.type === 'orderedList' ? 'ordered' : 'unordered' };
  if (parentLevel !== null) list.indentLevel = level;
  else if (own !== undefined) list.indentLevel = own;
  list.children = (node.content ?? []).flatMap((item) => (item.content ?? []).map((child) => (child.type === 'paragraph'
    ? { type: 'list-item', children: inlineChildren(child.content) }
    : listBlock(child, level))));
  return list;
}

/**
 * A text node as Strapi writes one: its flags after its text, only those set.
 * @param {string} text
 * @param {Set<string>} flags
 */
function textNode(text, flags = new Set()) {
  /** @type {Block} */
  const node = { type: 'text', text };
  for (const flag of FLAGS) if (flags.has(flag)) node[flag] = true;
  return node;
}

const sameFlags = (a, b) => FLAGS.every((flag) => (a[flag] === true) === (b[flag] === true));

/** Appends a text node, joined to the last one when their flags are the same. */
function pushText(nodes, node) {
  const last = nodes.at(-1);
  if (last?.type === 'text' && sameFlags(last, node)) last.text += node.text;
  else nodes.push(node);
}

/**
 * A textblock's inline nodes as Strapi's: text with its flags, runs with one link mark as a link
 * holding them, a line break as `\n`; nothing at all as one empty text node.
 * @param {PmNode[] | undefined} content
 * @returns {Block[]}
 */
function inlineChildren(content) {
  /** @type {Block[]} */
  const out = [];
  for (const node of content ?? []) {
    const text = node.type === 'hardBreak' ? '\n' : node.text ?? '';
    const marks = new Set((node.marks ?? []).map((mark) => mark.type));
    const flags = new Set(FLAGS.filter((flag) => marks.has(MARK_OF_FLAG[flag])));
    const url = node.marks?.find((mark) => mark.type === 'link')?.attrs?.url;
    if (url === undefined) {
      pushText(out, textNode(text, flags));
      continue;
    }
    const last = out.at(-1);
    if (last?.type === 'link' && last.url === url) pushText(last.children, textNode(text, flags));
    else out.push({ type: 'link', url, children: [textNode(text, flags)] });
  }
  return out.length > 0 ? out : [textNode('')];
}
