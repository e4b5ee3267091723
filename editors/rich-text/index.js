/**
 * The rich-text editor of `blocks` fields (Strapi 5's blocks), bundled with TipTap for the editors'
 * page, which imports it as `vendor/rich-text.js` when a blocks field is first shown. Framework-free:
 * `createBlocksEditor(element, options)` puts a toolbar and the formatted text in `element`, and
 * tells `onChange` the blocks after each change. What it saves is what it shows: its schema holds
 * only what blocks hold (schema.js), pasted HTML is reshaped to fit (paste.js), and a block that
 * reads as one loaded is saved as that one, byte for byte (canonical.js), so that a document
 * opened and saved untouched (or typed in, then undone) comes back exactly as the server had it.
 */
import { Editor } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import { recall, rememberBlocks } from './canonical.js';
import { insertBlocks } from './commands.js';
import { cleanPastedHtml } from './paste.js';
import { blocksExtensions } from './schema.js';
import { blocksToDoc, blockToNode, imageBlock } from './to-doc.js';
import { readNode } from './to-blocks.js';
import { createToolbar } from './toolbar.js';

export { blocksToDoc } from './to-doc.js';
export { docToBlocks } from './to-blocks.js';

/**
 * @typedef {import('./canonical.js').Block} Block
 * @typedef {import('./commands.js').TextStyle} TextStyle
 * The words the editor shows, in the page's language.
 * @typedef {object} Labels
 * @property {(field: string) => string} toolbar The toolbar's name, with the field's.
 * @property {string} textStyle
 * @property {Record<TextStyle, string>} styles
 * @property {string} bold
 * @property {string} italic
 * @property {string} underline
 * @property {string} strikethrough
 * @property {string} code
 * @property {string} link
 * @property {string} bulletedList
 * @property {string} numberedList
 * @property {string} indent
 * @property {string} outdent
 * @property {string} image
 * @property {string} moveUp
 * @property {string} moveDown
 * @property {string} undo
 * @property {string} redo
 * @property {string} linkAddress
 * @property {string} applyLink
 * @property {string} removeLink
 * @property {string} cancel
 * @property {string} badLink
 * @property {{ ctrl: string, alt: string, shift: string }} keys
 * @property {(label: string, keys: string) => string} withShortcut
 * @property {(type: string | null) => string} kept What a block the editor cannot show says.
 * @property {(message: string) => string} imageFailed
 * @typedef {object} BlocksEditorOptions
 * @property {Block[] | null} value
 * @property {(blocks: Block[] | null) => void} onChange The blocks, or null once the text is empty.
 * @property {Labels} labels
 * @property {() => Promise<Record<string, any>[]>} [pickImage] Files chosen in the media library
 *   (none when cancelled); without it, no image button.
 * @property {boolean} [editable]
 * @property {string} [id] The text's, for the form's label.
 * @property {string} [label] The text's accessible name.
 * @property {string} [describedBy]
 * @typedef {object} BlocksEditor
 * @property {() => void} destroy
 * @property {() => void} focus
 * @property {(blocks: Block[] | null) => void} setValue Shows other blocks (another locale, a reset),
 *   with an undo history of their own; blocks that read as the text does are taken as loaded.
 * @property {(editable: boolean) => void} setEditable
 * @property {(ids: string | undefined) => void} describe The ids of the text's hint and error.
 * @property {() => Block[] | null} getValue
 */

const isEmptyValue = (value) => value === null || (Array.isArray(value) && value.length === 0);
const isEmptyParagraph = (block) => block.type === 'paragraph' && block.children.length === 1
  && block.children[0].type === 'text' && block.children[0].text === '' && Object.keys(block.children[0]).length === 2;

/** A link is text to edit here, never a way off the page (and its unsaved changes). */
function stayOnLinks(_, event) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
  return false;
}

/**
 * @example const editor = createBlocksEditor(element, { value: entry.body, labels, onChange: save });
 * @param {HTMLElement} element
 * @param {BlocksEditorOptions} options
 * @returns {BlocksEditor}
 */
export function createBlocksEditor(element, options) {
  const { value, onChange, labels, pickImage, editable = true, id, label, describedBy } = options;
  // The blocks last given: a document that reads as them again is them again.
  let loaded = value ?? null;
  let loadedJson = JSON.stringify(loaded);
  let remembered = rememberBlocks(loaded);
  const surfaceId = id ?? `rich-text-${Math.random().toString(36).slice(2)}`;
  const status = Object.assign(document.createElement('p'), { className: 'field-error rich-status', hidden: true });
  status.setAttribute('role', 'alert');

  const addImage = pickImage && (async () => {
    status.hidden = true;
    try {
      const files = await pickImage();
      if (files.length > 0) insertBlocks(editor, files.map((file) => blockToNode(imageBlock(file))));
      else editor.view.focus();
    } catch (error) {
      status.textContent = labels.imageFailed(error.message);
      status.hidden = false;
    }
  });
  const toolbar = createToolbar({ labels, pickImage: addImage, surfaceId, field: label ?? '' });
  const surface = document.createElement('div');
  surface.className = 'rich-body';
  const root = document.createElement('div');
  root.className = 'rich-text';
  root.dataset.test = 'rich-text';
  root.append(toolbar.element, status, surface);
  element.append(root);

  const editor = new Editor({
    element: surface,
    extensions: blocksExtensions({
      describeKept: (block) => labels.kept(typeof block?.type === 'string' ? block.type : null),
      onLinkShortcut: toolbar.openLink,
    }),
    content: blocksToDoc(loaded),
    editable,
    // Text pasted as it was typed: no Markdown of it (`**a**`) turned into formatting.
    enablePasteRules: false,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      handleDOMEvents: { click: stayOnLinks },
    },
    onUpdate: () => onChange(getValue()),
  });
  const text = editor.view.dom;
  text.id = surfaceId;
  const named = { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, 'data-test': 'rich-text-body' };
  for (const [name, given] of Object.entries(named)) if (given) text.setAttribute(name, given);
  const describe = (ids) => {
    if (ids) text.setAttribute('aria-describedby', ids);
    else text.removeAttribute('aria-describedby');
  };
  const markReadOnly = () => text.setAttribute('aria-readonly', String(!editor.isEditable));
  describe(describedBy);
  markReadOnly();
  toolbar.attach(editor);

  /** Each block of the document as a Strapi block, read once per node (ProseMirror's are immutable). */
  const converted = new WeakMap();
  function currentBlocks() {
    const used = new Map();
    /** @type {Block[]} */
    const blocks = [];
    editor.state.doc.forEach((node) => {
      let known = converted.get(node);
      if (!known) {
        known = readNode(/** @type {any} */ (node.toJSON()));
        converted.set(node, known);
      }
      blocks.push(known.key === null ? known.block : recall(known.block, known.key, remembered, used));
    });
    return blocks;
  }

  /** The blocks shown: those given when they read the same, null for an empty text. */
  function getValue() {
    const blocks = currentBlocks();
    if (JSON.stringify(blocks) === loadedJson) return loaded;
    if (blocks.length === 1 && isEmptyParagraph(blocks[0])) return isEmptyValue(loaded) ? loaded : null;
    return blocks;
  }

  return {
    destroy() {
      editor.destroy();
      root.remove();
    },
    focus: () => editor.view.focus(),
    setValue(blocks) {
      // Blocks that read as the text does (the entry read again after a save) become what it was
      // loaded with, so that undoing back to them gives them back; the text and its history stay.
      const same = JSON.stringify(blocks ?? null) === JSON.stringify(getValue());
      loaded = blocks ?? null;
      loadedJson = JSON.stringify(loaded);
      remembered = rememberBlocks(loaded);
      if (same) return;
      const doc = editor.schema.nodeFromJSON(blocksToDoc(loaded));
      editor.view.updateState(EditorState.create({ doc, plugins: editor.state.plugins }));
      toolbar.update();
    },
    setEditable(flag) {
      editor.setEditable(flag, false);
      markReadOnly();
      toolbar.update();
    },
    describe,
    getValue,
  };
}
