/**
 * The editor's toolbar, in plain DOM: the text style menu, the buttons (each with its shortcut in
 * its tooltip and `aria-keyshortcuts`, pressed while its style is on), and the link form that Link
 * and Ctrl+K (⌘K) open. One tab stop: the arrow keys, Home and End move between its controls.
 */
import { canMoveBlocks, moveBlocks, setTextStyle, textStyleAt, TEXT_STYLES } from './commands.js';
import { isLinkAddress } from './links.js';

/**
 * @typedef {import('@tiptap/core').Editor} Editor
 * @typedef {import('./index.js').Labels} Labels
 * @typedef {object} Tool
 * @property {string} name Its `data-test` is `rich-<name>`.
 * @property {string} label
 * @property {string[]} [keys] Its shortcut: `Mod`, `Alt`, `Shift` and a key.
 * @property {(editor: Editor) => unknown} run
 * @property {(editor: Editor) => boolean} [active] Shown pressed.
 * @property {(editor: Editor) => boolean} [enabled]
 * @property {boolean} [keepsFocus] It moves the focus itself (to its form, to a dialog).
 */

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const SVG = 'http://www.w3.org/2000/svg';

/** Each tool's icon: an SVG path drawn with strokes, 16 by 16. */
const ICONS = {
  bold: 'M4.5 3h4a2.5 2.5 0 010 5h-4zM4.5 8h4.75a2.5 2.5 0 010 5H4.5z',
  italic: 'M7 3h5M4 13h5M9.5 3l-3 10',
  underline: 'M4.5 2.5V7a3.5 3.5 0 007 0V2.5M3.5 13.5h9',
  strikethrough: 'M3 8h10M11 4.5C10.5 3.5 9.4 3 8 3 6.3 3 5 3.9 5 5.2c0 1 .6 1.7 1.6 2.1'
    + 'M5 11c.4 1.2 1.6 2 3.1 2C9.8 13 11 12.1 11 10.7c0-.6-.2-1.1-.6-1.5',
  code: 'M5.5 4L2 8l3.5 4M10.5 4L14 8l-3.5 4',
  link: 'M6.5 9.5l3-3M7.5 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M8.5 11.5l-1 1a2.5 2.5 0 01-3.5-3.5l1-1',
  'bulleted-list': 'M6 4h8M6 8h8M6 12h8M2.5 4h.5M2.5 8h.5M2.5 12h.5',
  'numbered-list': 'M6 4h8M6 8h8M6 12h8M2 3l1-.5V5.5M2 7.5h1.5L2 9.5h1.5M2 11h1.5l-.75 1 .75 1H2',
  indent: 'M2 3h12M7 8h7M2 13h12M2 6l2.5 2L2 10',
  outdent: 'M2 3h12M7 8h7M2 13h12M4.5 6L2 8l2.5 2',
  image: 'M2 3.5h12v9H2zM2 11l3.5-3.5 3 3 2-2L14 12M10.5 6.25h.01',
  'move-up': 'M8 13V3M4 7l4-4 4 4',
  'move-down': 'M8 3v10M4 9l4 4 4-4',
  undo: 'M5.5 9.5L2.5 6.5l3-3M2.5 6.5h7a3.5 3.5 0 010 7H7',
  redo: 'M10.5 9.5l3-3-3-3M13.5 6.5h-7a3.5 3.5 0 000 7H9',
};

/**
 * The buttons, in groups.
 * @param {Labels} labels
 * @param {{ pickImage?: () => void, openLink: () => boolean }} actions
 * @returns {Tool[][]}
 */
const tools = (labels, { pickImage, openLink }) => [
  [
    mark('bold', 'bold', labels.bold, ['Mod', 'B']),
    mark('italic', 'italic', labels.italic, ['Mod', 'I']),
    mark('underline', 'underline', labels.underline, ['Mod', 'U']),
    mark('strike', 'strikethrough', labels.strikethrough, ['Mod', 'Shift', 'S']),
    mark('code', 'code', labels.code, ['Mod', 'E']),
    {
      name: 'link', label: labels.link, keys: ['Mod', 'K'], run: openLink, keepsFocus: true,
      active: (editor) => editor.isActive('link'),
    },
  ],
  [
    list('bulletList', 'bulleted-list', labels.bulletedList, '8'),
    list('orderedList', 'numbered-list', labels.numberedList, '7'),
    {
      name: 'indent', label: labels.indent, keys: ['Tab'],
      run: (editor) => editor.chain().sinkListItem('listItem').run(),
      enabled: (editor) => editor.can().sinkListItem('listItem'),
    },
    {
      name: 'outdent', label: labels.outdent, keys: ['Shift', 'Tab'],
      run: (editor) => editor.chain().liftListItem('listItem').run(),
      enabled: (editor) => editor.can().liftListItem('listItem'),
    },
  ],
  pickImage ? [{ name: 'image', label: labels.image, run: pickImage, keepsFocus: true }] : [],
  [
    {
      name: 'move-up', label: labels.moveUp, keys: ['Mod', 'Shift', '↑'],
      run: (editor) => moveBlocks(editor, -1), enabled: (editor) => canMoveBlocks(editor, -1),
    },
    {
      name: 'move-down', label: labels.moveDown, keys: ['Mod', 'Shift', '↓'],
      run: (editor) => moveBlocks(editor, 1), enabled: (editor) => canMoveBlocks(editor, 1),
    },
  ],
  [
    {
      name: 'undo', label: labels.undo, keys: ['Mod', 'Z'],
      run: (editor) => editor.chain().undo().run(), enabled: (editor) => editor.can().undo(),
    },
    {
      name: 'redo', label: labels.redo, keys: ['Mod', 'Shift', 'Z'],
      run: (editor) => editor.chain().redo().run(), enabled: (editor) => editor.can().redo(),
    },
  ],
].filter((group) => group.length > 0);

/** @returns {Tool} */
function mark(type, name, label, keys) {
  return {
    name, label, keys,
    run: (editor) => editor.chain().toggleMark(type).run(),
    active: (editor) => editor.isActive(type),
  };
}

/** @returns {Tool} */
function list(type, name, label, key) {
  return {
    name, label, keys: ['Mod', 'Shift', key],
    run: (editor) => editor.chain().toggleList(type, 'listItem').run(),
    active: (editor) => nearestList(editor) === type,
  };
}

/** The type of the list the selection is in (the innermost), if any. */
function nearestList(editor) {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const { name } = $from.node(depth).type;
    if (name === 'bulletList' || name === 'orderedList') return name;
  }
  return null;
}

/** A shortcut as this system writes it (`Ctrl+Shift+7`, `⇧⌘7`), and as `aria-keyshortcuts` does. */
function shortcut(keys, labels) {
  const mac = { Mod: '⌘', Alt: '⌥', Shift: '⇧' };
  const others = { Mod: labels.keys.ctrl, Alt: labels.keys.alt, Shift: labels.keys.shift };
  const aria = { Mod: MAC ? 'Meta' : 'Control', '↑': 'ArrowUp', '↓': 'ArrowDown' };
  return {
    shown: MAC ? keys.map((key) => mac[key] ?? key).join('') : keys.map((key) => others[key] ?? key).join('+'),
    aria: keys.map((key) => aria[key] ?? key).join('+'),
  };
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** A tool's icon, in the button's colour. */
function iconOf(name) {
  const icon = svg('svg', {
    viewBox: '0 0 16 16', width: '16', height: '16', 'aria-hidden': 'true', focusable: 'false',
  });
  icon.append(svg('path', {
    d: ICONS[name], fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5', 'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }));
  return icon;
}

/**
 * The toolbar of `editor` (made before it, since Ctrl+K opens its link form): `element` goes
 * above the editor, `attach(editor)` binds it.
 * @param {{ labels: Labels, pickImage?: () => void, surfaceId: string, field: string }} options
 */
export function createToolbar({ labels, pickImage, surfaceId, field }) {
  /** @type {Editor | null} */
  let editor = null;
  const linkForm = createLinkForm(labels, () => editor);
  const openLink = () => {
    if (!editor?.isEditable) return false;
    linkForm.open();
    return true;
  };
  const options = TEXT_STYLES.map((style) => element('option', { value: style }, labels.styles[style]));
  const styleMenu = element('select', { 'aria-label': labels.textStyle, 'data-test': 'rich-style', class: 'rich-style' },
    ...options);
  styleMenu.addEventListener('change', () => {
    if (!editor) return;
    setTextStyle(editor, /** @type {any} */ (styleMenu.value));
    editor.view.focus();
  });

  const makeButton = (tool) => {
    const keys = tool.keys && shortcut(tool.keys, labels);
    const button = element('button', {
      type: 'button', class: 'rich-tool', 'data-test': `rich-${tool.name}`, 'aria-label': tool.label,
      title: keys ? labels.withShortcut(tool.label, keys.shown) : tool.label, 'aria-keyshortcuts': keys?.aria,
      'aria-pressed': tool.active ? 'false' : undefined,
    }, iconOf(tool.name));
    // The selection stays in the text while a button is pressed with the mouse.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    // The text takes the focus back at once, for the next key (TipTap's `focus()` waits a frame).
    button.addEventListener('click', () => {
      if (!editor) return;
      tool.run(editor);
      if (!tool.keepsFocus) editor.view.focus();
    });
    return { tool, button };
  };
  const groups = tools(labels, { pickImage, openLink }).map((group) => group.map(makeButton));
  const buttons = groups.flat();
  const spans = groups.map((group) => element('span', { class: 'rich-group' }, ...group.map(({ button }) => button)));
  const bar = element('div', { class: 'rich-toolbar', role: 'toolbar', 'aria-label': labels.toolbar(field) },
    styleMenu, ...spans);
  bar.setAttribute('aria-controls', surfaceId);
  const controls = [styleMenu, ...buttons.map(({ button }) => button)];
  rovingFocus(bar, controls);

  const update = () => {
    if (!editor) return;
    const editable = editor.isEditable;
    const style = textStyleAt(editor);
    styleMenu.value = style ?? 'paragraph';
    styleMenu.disabled = !editable || style === null;
    for (const { tool, button } of buttons) {
      button.disabled = !editable || (tool.enabled ? !tool.enabled(editor) : false);
      if (tool.active) button.setAttribute('aria-pressed', String(tool.active(editor)));
    }
    if (!editable) linkForm.close(false);
  };

  return {
    element: element('div', { class: 'rich-head' }, bar, linkForm.element),
    openLink,
    /** @param {Editor} bound */
    attach(bound) {
      editor = bound;
      editor.on('transaction', update);
      update();
    },
    update,
  };
}

/**
 * The arrow keys, Home and End move the focus between `controls` (the one focused keeps the only
 * tab stop); the style menu's own up and down arrows still choose a style.
 */
function rovingFocus(bar, controls) {
  const focusable = () => controls.filter((control) => !control.disabled);
  const settle = (current) => {
    for (const control of controls) control.tabIndex = control === current ? 0 : -1;
  };
  settle(controls[0]);
  bar.addEventListener('focusin', (event) => settle(event.target));
  bar.addEventListener('keydown', (event) => {
    const open = focusable();
    const at = open.indexOf(event.target);
    if (at === -1) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: open.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    open[(moves[event.key] + open.length) % open.length].focus();
  });
  // A disabled control cannot hold the tab stop: the first enabled one takes it.
  new MutationObserver(() => {
    if (controls.some((control) => control.tabIndex === 0 && !control.disabled)) return;
    settle(focusable()[0] ?? controls[0]);
  }).observe(bar, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
}

const link = (url) => ({ type: 'link', attrs: { url } });

/**
 * The link form under the toolbar: the address of the link at the selection (or a new one), Apply
 * (Enter), Remove link, Cancel (Escape). An address the server would refuse is said so here.
 * @param {Labels} labels
 * @param {() => Editor | null} editorOf
 */
function createLinkForm(labels, editorOf) {
  const problemId = `rich-link-error-${Math.random().toString(36).slice(2)}`;
  const input = element('input', {
    type: 'text', inputmode: 'url', 'aria-label': labels.linkAddress, 'aria-describedby': problemId,
    'data-test': 'rich-link-url', placeholder: 'https://', spellcheck: 'false', autocomplete: 'off',
  });
  const problem = element('p', { id: problemId, class: 'field-error', role: 'alert', 'data-test': 'rich-link-error' });
  problem.hidden = true;
  const button = (test, kind, label) => element('button', { type: 'button', class: kind, 'data-test': test }, label);
  const apply = button('rich-link-apply', 'primary', labels.applyLink);
  const remove = button('rich-link-remove', 'danger-outline', labels.removeLink);
  const cancel = button('rich-link-cancel', undefined, labels.cancel);
  const form = element('div', { class: 'rich-link', role: 'group', 'aria-label': labels.link, hidden: '' },
    input, apply, remove, cancel, problem);

  // The text takes the focus back at once (TipTap's `focus()` waits for the next frame, and a key
  // pressed meanwhile would go nowhere).
  const close = (refocus = true) => {
    if (form.hidden) return;
    form.hidden = true;
    problem.hidden = true;
    input.removeAttribute('aria-invalid');
    if (refocus) editorOf()?.view.focus();
  };
  const save = () => {
    const editor = editorOf();
    const url = input.value.trim();
    if (!editor) return;
    if (!isLinkAddress(url)) {
      problem.textContent = labels.badLink;
      problem.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    const chain = editor.chain();
    if (editor.isActive('link') && editor.state.selection.empty) chain.extendMarkRange('link').setMark('link', { url });
    else if (editor.state.selection.empty) chain.insertContent({ type: 'text', text: url, marks: [link(url)] });
    else chain.setMark('link', { url });
    chain.run();
    close();
  };
  apply.addEventListener('click', save);
  remove.addEventListener('click', () => {
    editorOf()?.chain().extendMarkRange('link').unsetMark('link').run();
    close();
  });
  cancel.addEventListener('click', () => close());
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' && event.target === input) {
      // Enter applies the link; it never submits the entry's form around the editor.
      event.preventDefault();
      save();
    }
  });

  return {
    element: form,
    open() {
      const editor = editorOf();
      if (!editor) return;
      const inLink = editor.isActive('link');
      input.value = inLink ? editor.getAttributes('link').url ?? '' : '';
      remove.hidden = !inLink;
      problem.hidden = true;
      input.removeAttribute('aria-invalid');
      form.hidden = false;
      input.focus();
      input.select();
    },
    close,
  };
}
