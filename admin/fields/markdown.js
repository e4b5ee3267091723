/**
 * The editor of a `richtext` attribute (Strapi's Markdown string): its textarea, a toolbar whose
 * buttons and shortcuts (Ctrl or ⌘ with B, I, K) edit the selection as typing would, so that undo
 * takes them back, an image from the media library, and a preview of the Markdown (Write and
 * Preview, or both side by side on a wide screen). The value is the textarea's as typed: neither
 * the toolbar nor the preview rewrites any other part of it. The preview's renderer, bundled with
 * its libraries (editors/markdown/, which makes its HTML harmless), is loaded at the first preview
 * shown, and the media library's picker at the first image asked for.
 */
import { html, useContext, useEffect, useMemo, useRef, useState } from '../lib/preact.js';
import { humanize } from '../lib/schema.js';
import { strings } from '../lib/strings.js';
import { Workspace } from '../lib/workspace.js';
import { LoadError } from '../ui/load-error.js';
import * as edits from './markdown-edits.js';

/**
 * @typedef {typeof import('../../editors/markdown/index.js')} MarkdownBundle
 * @typedef {import('./markdown-edits.js').EditOf} EditOf
 * @typedef {import('../lib/preact.js').VNode} VNode
 * @typedef {'write' | 'preview' | 'split'} View
 */

/** @type {Promise<MarkdownBundle> | null} */
let bundle = null;
/** The bundle, fetched once for every field: a module the browser failed to fetch stays failed anyway. */
const loadBundle = () => (bundle ??= import(new URL('../vendor/markdown.js', import.meta.url).href));

/** What reading the media library takes, as for a media field: without it, no image button. */
const FIND_MEDIA = 'plugin::upload.content-api.find';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const t = strings.markdown;

/**
 * The toolbar's buttons but the image's, in order: what each does, its shortcut's letter, its icon.
 * @typedef {'bold' | 'italic' | 'strikethrough' | 'heading' | 'link' | 'bulletedList' | 'numberedList' | 'quote'
 *   | 'code'} Action
 * @type {{ action: Action, edit: EditOf, letter?: string, icon: VNode }[]}
 */
const ACTIONS = [
  { action: 'bold', edit: edits.wrap('**'), letter: 'B', icon: html`<b aria-hidden="true">B</b>` },
  { action: 'italic', edit: edits.wrap('_'), letter: 'I', icon: html`<i aria-hidden="true">I</i>` },
  { action: 'strikethrough', edit: edits.wrap('~~'), icon: html`<s aria-hidden="true">S</s>` },
  { action: 'heading', edit: edits.heading, icon: html`<b aria-hidden="true">H</b>` },
  {
    action: 'link', edit: edits.link, letter: 'K',
    icon: icon('M6.5 9.5l3-3M7.5 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M8.5 11.5l-1 1a2.5 2.5 0 01-3.5-3.5l1-1'),
  },
  { action: 'bulletedList', edit: edits.bulletedList, icon: icon('M6 4h8M6 8h8M6 12h8M2.5 4h.5M2.5 8h.5M2.5 12h.5') },
  {
    action: 'numberedList', edit: edits.numberedList,
    icon: icon('M6 4h8M6 8h8M6 12h8M2 3l1-.5V5.5M2 7.5h1.5L2 9.5h1.5M2 11h1.5l-.75 1 .75 1H2'),
  },
  { action: 'quote', edit: edits.quote, icon: icon('M3 3v10M6 5h8M6 8h8M6 11h5') },
  { action: 'code', edit: edits.code, icon: icon('M5.5 4L2 8l3.5 4M10.5 4L14 8l-3.5 4') },
];
const IMAGE_ICON = icon('M2 3.5h12v9H2zM2 11l3.5-3.5 3 3 2-2L14 12M10.5 6.25h.01');

/** Room for the text as it stands (a line of about 60 characters, as side by side), from 8 lines up to 24. */
function rowsFor(text) {
  const lines = text.split('\n').reduce((sum, line) => sum + 1 + Math.floor(line.length / 60), 0);
  return Math.min(24, Math.max(8, lines + 1));
}

/** A toolbar icon drawn with strokes (16 by 16), in the button's colour. */
function icon(path) {
  return html`<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path d=${path} fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"
      stroke-linejoin="round" />
  </svg>`;
}

/**
 * Replaces the selection as `editOf` says, as typing would: the browser's undo takes it back.
 * Where `insertText` is not supported, `setRangeText` changes the text (undo cannot take that
 * back), and an input event tells the form, as typing does.
 * @param {HTMLTextAreaElement} area
 * @param {EditOf} editOf
 */
function applyEdit(area, editOf) {
  const { from, to, insert, select } = editOf(area.value, area.selectionStart, area.selectionEnd);
  area.focus();
  area.setSelectionRange(from, to);
  if (!document.execCommand('insertText', false, insert)) {
    area.setRangeText(insert, from, to, 'end');
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }
  area.setSelectionRange(...select);
}

/**
 * The arrow keys, Home and End move the focus between the controls `selector` finds in the
 * element that heard the key (the toolbar's buttons, the tabs), skipping those not shown; answers
 * the one focused, if any.
 * @param {KeyboardEvent} event
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
function moveFocus(event, selector) {
  const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  const step = steps[event.key];
  if (step === undefined) return null;
  const container = /** @type {HTMLElement} */ (event.currentTarget);
  const controls = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(selector)])
    .filter((control) => control.offsetParent !== null);
  const at = controls.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  const next = Math.abs(step) === Infinity
    ? controls.at(step < 0 ? 0 : -1)
    : controls[(at + step + controls.length) % controls.length];
  if (!next) return null;
  event.preventDefault();
  next.focus();
  return next;
}

/**
 * The renderer once `wanted` (a preview shown): loading, loaded, or why it could not be.
 * @param {boolean} wanted
 * @returns {{ render?: MarkdownBundle['renderMarkdown'], error?: Error }}
 */
function useRenderer(wanted) {
  const [state, setState] = useState(/** @type {{ render?: MarkdownBundle['renderMarkdown'], error?: Error }} */ ({}));
  useEffect(() => {
    if (!wanted || state.render || state.error) return undefined;
    let live = true;
    loadBundle().then(
      (loaded) => live && setState({ render: loaded.renderMarkdown }),
      (error) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return state;
}

/**
 * @typedef {object} PreviewProps
 * @property {string} id
 * @property {string} text
 * @property {string} field
 * @property {boolean} shown
 */

/**
 * The Markdown as HTML, in a panel of its own, rendered again only when the text changes.
 * @param {PreviewProps} props
 */
function Preview({ id, text, field, shown }) {
  const renderer = useRenderer(shown);
  const { render } = renderer;
  const markup = useMemo(() => (render && shown && text.trim() ? render(text) : ''), [render, shown, text]);
  return html`<div class="markdown-preview" id=${`${id}-preview`} role="tabpanel" tabindex="0" hidden=${!shown}
    aria-label=${t.previewOf(field)} data-test=${`${id}-preview`}>${previewBody(id, markup, renderer)}</div>`;
}

/**
 * What the preview holds: why the renderer could not load, "Loading…", "Nothing to preview", or
 * the HTML, which `dangerouslySetInnerHTML` only ever takes from `renderMarkdown`, cleaned.
 * @param {string} id
 * @param {string} markup
 * @param {{ render?: unknown, error?: Error }} renderer
 */
function previewBody(id, markup, { render, error }) {
  if (error) return html`<${LoadError} error=${error} />`;
  if (!render) return html`<p class="muted">${t.loading}</p>`;
  if (!markup) return html`<p class="muted">${t.empty}</p>`;
  const rendered = { __html: markup };
  return html`<div class="markdown-body" data-test=${`${id}-rendered`} dangerouslySetInnerHTML=${rendered} />`;
}

/**
 * @typedef {object} MarkdownFieldProps
 * @property {string} name
 * @property {string} value
 * @property {import('./scalar.js').Common} common The textarea's id, name, hooks and description.
 * @property {(name: string, value: unknown) => void} onChange
 * @property {VNode} label
 * @property {VNode} notes
 * @property {string} [error]
 * @property {boolean} [disabled]
 */

/**
 * @example html`<${MarkdownField} name="body" value=${values.body} common=${common} onChange=${change}
 *   label=${label} notes=${notes} />`
 * @param {MarkdownFieldProps} props
 */
export function MarkdownField({ name, value, common, onChange, label, notes, error, disabled }) {
  const { id } = common;
  const { permissions } = useContext(Workspace);
  const text = value ?? '';
  const field = humanize(name);
  const area = useRef(/** @type {HTMLTextAreaElement | null} */ (null));
  const [view, setView] = useState(/** @type {View} */ ('write'));
  // The toolbar's one stop for Tab: the button last focused in it (its arrow keys move between them).
  const [current, setCurrent] = useState(0);
  const [failure, setFailure] = useState(/** @type {Error | null} */ (null));
  const writing = view !== 'preview';
  const idle = disabled || !writing;

  const apply = (editOf) => area.current && applyEdit(area.current, editOf);
  const shortcut = (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const found = ACTIONS.find(({ letter }) => letter?.toLowerCase() === event.key.toLowerCase());
    if (!found) return;
    event.preventDefault();
    apply(found.edit);
  };
  const pickImage = async () => {
    setFailure(null);
    try {
      const { pickMedia } = await import('../screens/media/pick-media.js');
      const files = await pickMedia({ multiple: false, images: true });
      if (files.length > 0) apply(edits.images(files));
      else area.current?.focus();
    } catch (problem) {
      setFailure(problem);
    }
  };

  const button = (action, words, glyph, onClick, index, letter) => {
    const keys = letter && t.keys(letter, MAC);
    return html`<button type="button" class="markdown-tool" data-test=${`${id}-${action}`} disabled=${idle}
      aria-label=${words} title=${keys ? t.withShortcut(words, keys) : words} tabindex=${index === current ? 0 : -1}
      aria-keyshortcuts=${letter ? `Control+${letter} Meta+${letter}` : undefined} onClick=${onClick}
      onFocus=${() => setCurrent(index)}>${glyph}</button>`;
  };
  const tab = (shown, words, extra = '') => html`<button type="button" role="tab" class=${`markdown-tab ${extra}`}
    id=${`${id}-tab-${shown}`} data-test=${`${id}-view-${shown}`} aria-selected=${view === shown ? 'true' : 'false'}
    aria-controls=${shown === 'split' ? `${id}-write ${id}-preview` : `${id}-${shown}`}
    tabindex=${view === shown ? 0 : -1} onClick=${() => setView(shown)}>${words}</button>`;

  return html`<div class=${`field${error ? ' invalid' : ''}`}>
    ${label}
    <div class=${`markdown-editor markdown-view-${view}`} data-test=${`${id}-editor`}>
      <div class="markdown-bar">
        <div class="markdown-tools" role="toolbar" aria-label=${t.toolbar(field)} aria-controls=${id}
          onKeyDown=${(event) => moveFocus(event, '.markdown-tool')}>
          ${ACTIONS.map(({ action, edit, letter, icon: glyph }, index) =>
            button(action, t[action], glyph, () => apply(edit), index, letter))}
          ${permissions.has(FIND_MEDIA) && button('image', t.image, IMAGE_ICON, pickImage, ACTIONS.length)}
        </div>
        <div class="markdown-tabs" role="tablist" aria-label=${t.views(field)}
          onKeyDown=${(event) => {
            const next = moveFocus(event, '[role="tab"]');
            if (next) next.click(); // tabs follow the focus: nothing is lost by showing one
          }}>
          ${tab('write', t.write)}${tab('preview', t.preview)}${tab('split', t.sideBySide, 'markdown-tab-split')}
        </div>
      </div>
      ${failure && html`<${LoadError} error=${failure} />`}
      <div class="markdown-panes">
        <div class="markdown-write" id=${`${id}-write`} role="tabpanel" aria-labelledby=${`${id}-tab-write`}
          hidden=${!writing}>
          <textarea ...${common} ref=${area} rows=${rowsFor(text)} value=${text} onKeyDown=${shortcut}
            onInput=${(event) => onChange(name, event.currentTarget.value)} />
        </div>
        <${Preview} id=${id} text=${text} field=${field} shown=${view !== 'write'} />
      </div>
    </div>
    ${notes}
  </div>`;
}
