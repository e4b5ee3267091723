/**
 * When two Strapi 5 `blocks` say the same thing, and so read back the same from the editor: a
 * block's canonical key is its JSON with what no renderer can tell apart evened out. Text nodes
 * that sit side by side with the same flags are one, an empty text node is nothing, a flag set to
 * `false` is a flag not set (Strapi leaves it out), neighbouring links to one address are one link,
 * code is one run of plain text, a nested list's `indentLevel` is its depth, and keys are in one
 * order. Anything else counts: an unknown key or type, a flag that is not a boolean, an empty link.
 * Pure: no DOM, no editor, so that a Node test reads it as the page does.
 */

/** The flags of a text node, in the order Strapi's editor writes them. */
export const FLAGS = ['bold', 'italic', 'underline', 'strikethrough', 'code'];

/** @typedef {Record<string, any>} Block A block of Strapi's `blocks` (or a node inside one). */

export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (node) => isObject(node) && node.type === 'text' && typeof node.text === 'string';
const isLink = (node) => isObject(node) && node.type === 'link' && Array.isArray(node.children);

/**
 * The canonical key of a block: equal for two blocks exactly when they read the same.
 * @example canonicalKey({ type: 'paragraph', children: [{ type: 'text', text: 'a', bold: false }] })
 * // equals canonicalKey({ children: [{ text: 'a', type: 'text' }], type: 'paragraph' })
 * @param {unknown} block
 */
export function canonicalKey(block) {
  return stableJson(normalBlock(block));
}

/**
 * Blocks by canonical key, for `recall`: what was loaded, so that a block read back the same is
 * saved as it was loaded, byte for byte (its keys' order, its `false` flags, its split text nodes).
 * @param {unknown} blocks
 * @returns {Map<string, Block[]>}
 */
export function rememberBlocks(blocks) {
  const byKey = new Map();
  for (const block of Array.isArray(blocks) ? blocks : []) {
    const key = canonicalKey(block);
    const same = byKey.get(key);
    if (same) same.push(block);
    else byKey.set(key, [block]);
  }
  return byKey;
}

/**
 * The block loaded that reads as `block` does, or `block` itself when none is left: `used` counts
 * what one reading took already, so that two equal blocks give back two loaded ones, in order.
 * @param {Block} block
 * @param {string} key `canonicalKey(block)`
 * @param {Map<string, Block[]>} remembered
 * @param {Map<string, number>} used
 * @returns {Block}
 */
export function recall(block, key, remembered, used) {
  const same = remembered.get(key);
  const taken = used.get(key) ?? 0;
  if (!same || taken >= same.length) return block;
  used.set(key, taken + 1);
  return same[taken];
}

function normalBlock(block) {
  if (!isObject(block)) return block;
  switch (block.type) {
    case 'paragraph':
    case 'quote':
    case 'heading':
      return { ...block, children: normalInline(block.children, true) };
    case 'code':
      return { ...block, children: normalCode(block.children) };
    case 'list':
      return normalList(block, null);
    default:
      return block;
  }
}

/** A text node without its `false` flags. */
function normalText(node) {
  const out = { ...node };
  for (const flag of FLAGS) if (out[flag] === false) delete out[flag];
  return out;
}

/** Two text nodes with the same flags (and nothing else that differs but their text). */
const sameMarks = (a, b) => stableJson({ ...a, text: '' }) === stableJson({ ...b, text: '' });
const sameLink = (a, b) => stableJson({ ...a, children: [] }) === stableJson({ ...b, children: [] });

/**
 * Inline nodes evened out. `block`: the children of a block, where nothing at all reads as one
 * empty text node (a link's children stay empty: such a link is kept as it is, never dropped).
 */
function normalInline(children, block) {
  if (!Array.isArray(children)) return children;
  const out = [];
  for (const child of children) {
    let node = child;
    if (isText(child)) node = normalText(child);
    else if (isLink(child)) node = { ...child, children: normalInline(child.children, false) };
    if (isText(node) && node.text === '') continue;
    const last = out.at(-1);
    if (isText(node) && isText(last) && sameMarks(last, node)) {
      out[out.length - 1] = { ...last, text: last.text + node.text };
    } else if (isLink(node) && isLink(last) && sameLink(last, node)) {
      out[out.length - 1] = { ...last, children: normalInline([...last.children, ...node.children], false) };
    } else {
      out.push(node);
    }
  }
  return out.length === 0 && block ? [{ type: 'text', text: '' }] : out;
}

/** Code is its text: plain text nodes read as one; any other node (or a flag) counts. */
function normalCode(children) {
  if (!Array.isArray(children)) return children;
  const texts = children.map((child) => (isText(child) ? normalText(child) : child));
  const plain = texts.every((node) => isText(node) && Object.keys(node).every((key) => ['type', 'text'].includes(key)));
  return plain ? [{ type: 'text', text: texts.map((node) => node.text).join('') }] : texts;
}

/**
 * A list with its nested lists' `indentLevel` as their depth below it (Strapi's editor writes the
 * parent's plus one). `parentLevel`: null for a list that is a block of its own.
 */
function normalList(list, parentLevel) {
  if (!Array.isArray(list.children)) return list;
  const out = { ...list };
  if (parentLevel !== null) out.indentLevel = parentLevel + 1;
  const level = typeof out.indentLevel === 'number' ? out.indentLevel : 0;
  out.children = list.children.map((child) => {
    if (isObject(child) && child.type === 'list') return normalList(child, level);
    if (!isObject(child) || child.type !== 'list-item') return child;
    return { ...child, children: normalInline(child.children, true) };
  });
  return out;
}

/** JSON with every object's keys in one order. */
function stableJson(value) {
  return JSON.stringify(value, (_, inner) => (isObject(inner)
    ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]]))
    : inner));
}
