/**
 * The editor's schema: exactly what Strapi 5 `blocks` hold, so that nothing typed, pasted or dropped
 * can be shown that would not be saved. Paragraphs, headings 1 to 6, quotes (one run of text, as
 * Strapi's), code blocks (plain text, with the language they were given), lists whose items are
 * one paragraph followed by nested lists, images and blocks kept whole; text with bold, italic,
 * underline, strikethrough, code (combinable, as Strapi's flags are) and links; line breaks.
 * TipTap's starter kit gives what fits as it is; the rest is written here to fit.
 */
import { Extension, Mark, Node, markInputRule, textblockTypeInputRule, wrappingInputRule } from '@tiptap/core';
import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import { Italic } from '@tiptap/extension-italic';
import { ListKeymap } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import { Dropcursor, Gapcursor, UndoRedo } from '@tiptap/extensions';
import { moveBlocks } from './commands.js';
import { isLinkAddress } from './links.js';

/** @typedef {import('./canonical.js').Block} Block */

// ---- Blocks held whole ----

/**
 * The blocks an image or a kept node holds, by a key its HTML carries, so that one copied and
 * pasted (or cut and pasted to move it) in this page is the same block again. A pasted element with
 * a key this page did not write (HTML from elsewhere) is no block: its image is dropped.
 */
const held = new Map();
const keys = new WeakMap();
const session = Math.random().toString(36).slice(2, 10);

/** @param {Block} block */
function keyOf(block) {
  let key = keys.get(block);
  if (!key) {
    key = `${session}-${held.size + 1}`;
    keys.set(block, key);
    held.set(key, block);
  }
  return key;
}

/** The parse rule of a holder's element: its block, when this page wrote it. */
const heldBlock = (element) => {
  const block = held.get(element.getAttribute('data-held'));
  return block ? { block } : false;
};

const blockAttribute = { block: { default: null, rendered: false } };

const Image = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => blockAttribute,
  parseHTML: () => [{ tag: 'figure[data-held]', getAttrs: heldBlock }],
  renderHTML({ node }) {
    const { url, alternativeText, width, height } = node.attrs.block.image;
    const size = Number.isInteger(width) && Number.isInteger(height) ? { width, height } : {};
    return ['figure', { class: 'rich-image', 'data-held': keyOf(node.attrs.block) },
      ['img', { src: url, alt: alternativeText ?? '', ...size }]];
  },
});

/**
 * @param {(block: Block) => string} describe What a kept block's box says.
 */
const Kept = (describe) => Node.create({
  name: 'kept',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => blockAttribute,
  parseHTML: () => [{ tag: 'div[data-held]', getAttrs: heldBlock }],
  renderHTML: ({ node }) => {
    const { block } = node.attrs;
    return ['div', { class: 'rich-kept', 'data-held': keyOf(block) }, describe(block)];
  },
});

// ---- Text blocks ----

/** Strapi's quote: one run of text (with line breaks), not blocks inside blocks. */
const Quote = Node.create({
  name: 'quote',
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'blockquote' }],
  renderHTML: () => ['blockquote', 0],
  addKeyboardShortcuts() {
    return { 'Mod-Shift-b': () => this.editor.commands.toggleNode(this.name, 'paragraph') };
  },
  addInputRules() {
    return [textblockTypeInputRule({ find: /^\s*>\s$/, type: this.type })];
  },
});

/** The language a pasted `<pre>` names (`<code class="language-js">`), if any. */
function languageOf(element) {
  const classes = [...(element.firstElementChild?.classList ?? []), ...element.classList];
  const named = classes.find((name) => name.startsWith('language-'));
  return named ? named.slice('language-'.length) : undefined;
}

/** A code block: plain text; `language` is kept as it was (absent, null or a name). */
const CodeBlock = Node.create({
  name: 'codeBlock',
  group: 'block',
  content: 'text*',
  marks: '',
  code: true,
  defining: true,
  addAttributes: () => ({ language: { default: undefined, rendered: false, parseHTML: languageOf } }),
  parseHTML: () => [{ tag: 'pre', preserveWhitespace: 'full' }],
  renderHTML: ({ node }) => ['pre', { 'data-language': node.attrs.language || null }, ['code', 0]],
  addKeyboardShortcuts() {
    const { editor } = this;
    const inCode = () => editor.state.selection.empty && editor.state.selection.$from.parent.type.name === this.name;
    return {
      'Mod-Alt-c': () => editor.commands.toggleNode(this.name, 'paragraph'),
      // Backspace at the start of a code block makes it a paragraph again.
      Backspace: () => inCode() && editor.state.selection.$from.parentOffset === 0 && editor.commands.clearNodes(),
      // Enter on a third empty line leaves the code block, as the line breaks before it.
      Enter: () => {
        if (!inCode()) return false;
        const { $from } = editor.state.selection;
        const atEnd = $from.parentOffset === $from.parent.content.size;
        if (!atEnd || !$from.parent.textContent.endsWith('\n\n')) return false;
        return editor.chain().command(({ tr }) => {
          tr.delete($from.pos - 2, $from.pos);
          return true;
        }).exitCode().run();
      },
    };
  },
  addInputRules() {
    const rule = (find) => textblockTypeInputRule({
      find, type: this.type, getAttributes: (match) => (match[1] ? { language: match[1] } : {}),
    });
    return [rule(/^```([a-z0-9+#-]+)?[\s\n]$/i), rule(/^~~~([a-z0-9+#-]+)?[\s\n]$/i)];
  },
});

// ---- Lists ----

/**
 * A list; `indentLevel` is the one it was loaded with, for a list that is a block of its own (a
 * nested list's is its depth, written when saved).
 */
const list = (name, tag, shortcut, find) => Node.create({
  name,
  group: 'block list',
  content: 'listItem+',
  addAttributes: () => ({ indentLevel: { default: undefined, rendered: false } }),
  parseHTML: () => [{ tag }],
  renderHTML: () => [tag, 0],
  addKeyboardShortcuts() {
    return { [shortcut]: () => this.editor.commands.toggleList(this.name, 'listItem') };
  },
  addInputRules() {
    return [wrappingInputRule({ find, type: this.type })];
  },
});

const BulletList = list('bulletList', 'ul', 'Mod-Shift-8', /^\s*([-+*])\s$/);
const OrderedList = list('orderedList', 'ol', 'Mod-Shift-7', /^(\d+)\.\s$/);

/** Strapi's list item: one paragraph, then the lists nested under it. */
const ListItem = Node.create({
  name: 'listItem',
  content: 'paragraph list*',
  defining: true,
  parseHTML: () => [{ tag: 'li' }],
  renderHTML: () => ['li', 0],
  addKeyboardShortcuts() {
    return {
      Enter: () => this.editor.commands.splitListItem(this.name),
      Tab: () => this.editor.commands.sinkListItem(this.name),
      'Shift-Tab': () => this.editor.commands.liftListItem(this.name),
    };
  },
});

// ---- Marks ----

/** Inline code, which Strapi combines with the other flags (TipTap's own excludes them). */
const Code = Mark.create({
  name: 'code',
  excludes: 'code',
  code: true,
  parseHTML: () => [{ tag: 'code' }],
  renderHTML: () => ['code', 0],
  addKeyboardShortcuts() {
    return { 'Mod-e': () => this.editor.commands.toggleMark(this.name) };
  },
  addInputRules() {
    return [markInputRule({ find: /(?:^|\s)(`(?!\s+`)([^`]+)`(?!\s+`))$/, type: this.type })];
  },
});

/**
 * A link: its address only, as Strapi's. A pasted link whose address the server would refuse (a
 * script's, one relative to the page it came from) is pasted as its text.
 * @param {() => boolean} onShortcut Ctrl+K (or ⌘K): the toolbar's link form.
 */
const Link = (onShortcut) => Mark.create({
  name: 'link',
  priority: 1000,
  inclusive: false,
  addAttributes: () => ({ url: { default: null, rendered: false } }),
  parseHTML: () => [{
    tag: 'a[href]',
    getAttrs: (element) => {
      const url = element.getAttribute('href');
      return isLinkAddress(url) ? { url } : false;
    },
  }],
  renderHTML: ({ mark }) => ['a', { href: mark.attrs.url, rel: 'noopener noreferrer nofollow' }, 0],
  addKeyboardShortcuts: () => ({ 'Mod-k': onShortcut }),
});

/** Ctrl+Shift+↑ and ↓ (⇧⌘ on a Mac) move the blocks the selection is in, as the toolbar's buttons. */
const BlockMoves = Extension.create({
  name: 'blockMoves',
  addKeyboardShortcuts() {
    return {
      'Mod-Shift-ArrowUp': () => moveBlocks(this.editor, -1),
      'Mod-Shift-ArrowDown': () => moveBlocks(this.editor, 1),
    };
  },
});

/**
 * Every extension of the editor.
 * @param {{ describeKept: (block: Block) => string, onLinkShortcut: () => boolean }} options
 */
export function blocksExtensions({ describeKept, onLinkShortcut }) {
  return [
    // TipTap's own extensions for what blocks share with any editor, each imported alone, so that
    // the bundle carries none of those the editor makes its own (lists, quotes, code, links) or
    // leaves out (a trailing empty paragraph, which would be saved).
    Document, Paragraph, Text, Heading, Bold, Italic, Underline, Strike, HardBreak, ListKeymap, UndoRedo, Gapcursor,
    Dropcursor.configure({ width: 2, class: 'rich-drop' }),
    Quote, CodeBlock, BulletList, OrderedList, ListItem, Image, Kept(describeKept), Code, Link(onLinkShortcut),
    BlockMoves,
  ];
}
