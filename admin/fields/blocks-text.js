/**
 * Strapi 5 `blocks` (its rich-text JSON) as rows of plain text, and back, for the blocks editor.
 * No imports but the page's strings and the markup (which import nothing), so that tests can load
 * it without the browser-only vendor bundle.
 *
 * Each block becomes one row: a kind (`paragraph`, `heading-1`…`heading-6`, `list-unordered`,
 * `list-ordered`, `quote`, `code`, or `kept` for what the editor does not edit) and a text. Inline
 * formatting is written with the small markup of blocks-markup.js. A list row holds one item per line.
 * A code row is plain text. Image blocks, nested lists, list items holding a line break and any
 * unknown node become `kept` rows: the editor moves or removes them but never rewrites them.
 *
 * A row remembers the block it came from: while its kind and text are unchanged, `rowsToBlocks`
 * returns that block itself, so an untouched document comes back byte for byte (Strapi's documents
 * may split one run of text over several text nodes, which no markup can tell apart).
 */
import { strings } from '../lib/strings.js';
import { canWrite, inlineToText, textNode, textToInline } from './blocks-markup.js';

const t = strings.blocks;

/** The row kinds an editor may pick, in the order of the type menu. */
export const BLOCK_KINDS = [
  { kind: 'paragraph', label: t.paragraph },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ kind: `heading-${level}`, label: t.heading(level) })),
  { kind: 'list-unordered', label: t.bulletedList },
  { kind: 'list-ordered', label: t.numberedList },
  { kind: 'quote', label: t.quote },
  { kind: 'code', label: t.code },
];

/** The hint shown under the field: every piece of markup `textToInline` reads, and when it does. */
export const MARKUP_HINT = t.markupHint;

const INLINE_KINDS = new Set(['paragraph', 'quote', ...[1, 2, 3, 4, 5, 6].map((level) => `heading-${level}`)]);

// ---- Blocks ↔ rows ----

/**
 * The row kind of a block, or `kept` for the ones the editor leaves as they are: besides images and
 * unknown nodes, text whose formatting starts inside a word (`un` then bold `done`), which no markup
 * writes, so that an edit never drops it.
 */
function kindOf(block) {
  switch (block?.type) {
    case 'paragraph':
    case 'quote':
      return Array.isArray(block.children) && canWrite(block.children) ? block.type : 'kept';
    case 'code':
      return Array.isArray(block.children) ? block.type : 'kept';
    case 'heading':
      if (![1, 2, 3, 4, 5, 6].includes(block.level)) return 'kept';
      return Array.isArray(block.children) && canWrite(block.children) ? `heading-${block.level}` : 'kept';
    case 'list': {
      const items = Array.isArray(block.children) ? block.children : [];
      // One item per line: an item holding a line break, or a nested list, has no place in a row.
      const oneLine = (item) => item?.type === 'list-item' && Array.isArray(item.children) && canWrite(item.children)
        && !inlineToText(item.children).includes('\n');
      const flat = items.length > 0 && items.every(oneLine);
      if (!flat) return 'kept';
      return block.format === 'ordered' ? 'list-ordered' : block.format === 'unordered' ? 'list-unordered' : 'kept';
    }
    default:
      return 'kept';
  }
}

const KEPT_NAMES = { paragraph: t.paragraph, quote: t.quote, heading: t.headingKind };

/** The text of inline nodes without their formatting, for a kept row. */
const plainText = (children) => children
  .map((node) => (node?.type === 'link' ? plainText(node.children ?? []) : String(node?.text ?? '')))
  .join('');

/** What a kept row shows in place of a text. */
function keptText(block) {
  if (block?.type === 'image') return t.keptImage(block.image?.alternativeText || block.image?.name);
  if (block?.type in KEPT_NAMES && Array.isArray(block.children)) {
    return t.keptFormatting(KEPT_NAMES[block.type], plainText(block.children));
  }
  if (block?.type === 'list') return t.keptList;
  return t.keptOther(typeof block?.type === 'string' ? block.type : null);
}

function rowText(block, kind) {
  if (kind === 'kept') return keptText(block);
  if (kind === 'code') return block.children.map((node) => String(node?.text ?? '')).join('');
  if (kind.startsWith('list-')) return block.children.map((item) => inlineToText(item.children)).join('\n');
  return inlineToText(block.children);
}

/**
 * One row per block: `{ kind, text, original }`, where `original` is the block itself.
 * @example blocksToRows([{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi' }] }])
 * // [{ kind: 'heading-2', text: 'Hi', original: … }]
 */
export function blocksToRows(blocks) {
  return (Array.isArray(blocks) ? blocks : []).map((block) => {
    const kind = kindOf(block);
    return { kind, text: rowText(block, kind), original: block };
  });
}

/**
 * The blocks the rows stand for. A row whose kind and text are those of its `original` gives that
 * block back unchanged; a new row needs only `{ kind, text }`.
 * @example rowsToBlocks([{ kind: 'paragraph', text: 'Hi **you**' }])
 */
export function rowsToBlocks(rows) {
  return rows.map(rowToBlock);
}

function rowToBlock({ kind, text, original }) {
  if (kind === 'kept') return original;
  const originalKind = original === undefined ? undefined : kindOf(original);
  const untouched = originalKind !== undefined && originalKind !== 'kept' && text === rowText(original, originalKind);
  if (untouched && kind === originalKind) return original;
  // A paragraph turned heading (or quote) keeps its inline nodes as they were.
  const children = untouched && INLINE_KINDS.has(originalKind) ? original.children : undefined;
  if (kind === 'paragraph' || kind === 'quote') return { type: kind, children: children ?? textToInline(text) };
  if (kind.startsWith('heading-')) {
    return { type: 'heading', level: Number(kind.slice('heading-'.length)), children: children ?? textToInline(text) };
  }
  if (kind === 'code') {
    const language = originalKind === 'code' && original.language !== undefined ? { language: original.language } : {};
    return { type: 'code', ...language, children: [textNode(text, {})] };
  }
  if (kind === 'list-unordered' || kind === 'list-ordered') {
    const keepsIndent = originalKind?.startsWith('list-') && original.indentLevel !== undefined;
    const indent = keepsIndent ? { indentLevel: original.indentLevel } : {};
    return {
      type: 'list',
      format: kind === 'list-ordered' ? 'ordered' : 'unordered',
      ...indent,
      children: text.split('\n').map((line) => ({ type: 'list-item', children: textToInline(line) })),
    };
  }
  throw new Error(`unknown block row kind "${kind}"`);
}
