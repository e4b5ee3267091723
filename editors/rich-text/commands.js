/**
 * What the toolbar does beyond TipTap's own commands: the style of the text blocks (the menu),
 * moving the blocks the selection is in up or down among the document's blocks, and inserting
 * blocks (an image) where the selection is.
 */
import { NodeSelection, Selection, TextSelection } from '@tiptap/pm/state';

/**
 * @typedef {import('@tiptap/core').Editor} Editor
 * @typedef {import('@tiptap/pm/model').Node} PmNode
 * @typedef {'paragraph' | 'heading-1' | 'heading-2' | 'heading-3' | 'heading-4' | 'heading-5' | 'heading-6'
 *   | 'quote' | 'code'} TextStyle
 */

/** The menu's styles, in its order. */
export const TEXT_STYLES = /** @type {TextStyle[]} */ (['paragraph', 'heading-1', 'heading-2', 'heading-3', 'heading-4',
  'heading-5', 'heading-6', 'quote', 'code']);

/**
 * The style of the text block the selection starts in, or null (an image, a kept block).
 * @param {Editor} editor
 * @returns {TextStyle | null}
 */
export function textStyleAt(editor) {
  const { selection } = editor.state;
  if (selection instanceof NodeSelection) return null;
  const { parent } = selection.$from;
  if (parent.type.name === 'heading') return /** @type {TextStyle} */ (`heading-${parent.attrs.level}`);
  if (parent.type.name === 'quote') return 'quote';
  if (parent.type.name === 'codeBlock') return 'code';
  return parent.type.name === 'paragraph' ? 'paragraph' : null;
}

/**
 * Gives the selected text blocks `style` (a list item made a heading leaves its list, as in Strapi).
 * @param {Editor} editor
 * @param {TextStyle} style
 */
export function setTextStyle(editor, style) {
  const chain = editor.chain();
  if (style === 'paragraph') return chain.setParagraph().run();
  if (style === 'quote') return chain.setNode('quote').run();
  if (style === 'code') return chain.setNode('codeBlock').run();
  return chain.setNode('heading', { level: Number(style.slice('heading-'.length)) }).run();
}

/**
 * The indices of the first and last of the document's blocks the selection is in.
 * @param {import('@tiptap/pm/state').EditorState} state
 */
function selectedBlocks(state) {
  const { from, to } = state.selection;
  const first = state.doc.resolve(from).index(0);
  const last = Math.max(first, state.doc.resolve(Math.max(from, to - 1)).index(0));
  return { first, last };
}

/** Where the document's block at `index` starts. */
function startOf(doc, index) {
  let pos = 0;
  for (let at = 0; at < index; at += 1) pos += doc.child(at).nodeSize;
  return pos;
}

/**
 * Whether the blocks the selection is in can move by `by` (-1 up, 1 down).
 * @param {Editor} editor
 * @param {-1 | 1} by
 */
export function canMoveBlocks(editor, by) {
  const { first, last } = selectedBlocks(editor.state);
  return by < 0 ? first > 0 : last < editor.state.doc.childCount - 1;
}

/**
 * Moves the blocks the selection is in one place up or down, the selection with them.
 * @param {Editor} editor
 * @param {-1 | 1} by
 */
export function moveBlocks(editor, by) {
  if (!canMoveBlocks(editor, by)) return false;
  const { state, view } = editor;
  const { doc, selection } = state;
  const { first, last } = selectedBlocks(state);
  const other = by < 0 ? first - 1 : last + 1;
  const from = startOf(doc, Math.min(first, other));
  const moved = [];
  for (let at = first; at <= last; at += 1) moved.push(doc.child(at));
  const order = by < 0 ? [...moved, doc.child(other)] : [doc.child(other), ...moved];
  const size = order.reduce((sum, node) => sum + node.nodeSize, 0);
  const shift = by < 0 ? -doc.child(other).nodeSize : doc.child(other).nodeSize;
  const tr = state.tr.replaceWith(from, from + size, order);
  const $anchor = tr.doc.resolve(selection.anchor + shift);
  let mapped = Selection.near($anchor);
  if (selection instanceof NodeSelection) mapped = NodeSelection.create(tr.doc, selection.from + shift);
  else if ($anchor.parent.inlineContent) {
    mapped = TextSelection.create(tr.doc, selection.anchor + shift, selection.head + shift);
  }
  view.dispatch(tr.setSelection(mapped).scrollIntoView());
  return true;
}

/**
 * Inserts blocks (ProseMirror JSON) where the selection is: in place of an empty paragraph, else
 * after the block it is in, and selects the last one.
 * @param {Editor} editor
 * @param {Record<string, any>[]} nodes
 */
export function insertBlocks(editor, nodes) {
  const { state } = editor;
  const { first } = selectedBlocks(state);
  const block = state.doc.child(first);
  const start = startOf(state.doc, first);
  const empty = block.type.name === 'paragraph' && block.content.size === 0;
  const range = empty ? { from: start, to: start + block.nodeSize } : start + block.nodeSize;
  const at = empty ? start : start + block.nodeSize;
  editor.chain().insertContentAt(range, nodes).run();
  editor.view.focus();
  const { doc } = editor.state;
  const last = doc.resolve(Math.min(at, doc.content.size)).index(0) + nodes.length - 1;
  const lastStart = startOf(doc, Math.min(last, doc.childCount - 1));
  if (!doc.nodeAt(lastStart)?.isAtom) return;
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(doc, lastStart)));
}
