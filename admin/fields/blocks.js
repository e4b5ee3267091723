/**
 * The editor of a `blocks` attribute (Strapi 5's rich text): formatted text with a toolbar, the
 * rich-text editor bundled with TipTap (editors/rich-text/), which the page imports as
 * `vendor/rich-text.js` when a blocks field is first shown, so that no other view loads it. Until it
 * is loaded, "Loading the editor…"; if it cannot be, why, and a way to try again. Images come from
 * the media library's picker, for an account that may read the library.
 */
import { html, useContext, useEffect, useRef, useState } from '../lib/preact.js';
import { strings } from '../lib/strings.js';
import { Workspace } from '../lib/workspace.js';
import { LoadError } from '../ui/load-error.js';

/**
 * @typedef {typeof import('../../editors/rich-text/index.js')} RichTextBundle
 * @typedef {import('../../editors/rich-text/index.js').BlocksEditor} BlocksEditor
 * @typedef {Record<string, any>} Block
 */

const t = strings.richText;
const FIND_FILES = 'plugin::upload.content-api.find';
const BUNDLE = new URL('../vendor/rich-text.js', import.meta.url).href;

/** @type {Promise<RichTextBundle> | null} */
let bundle = null;
let attempts = 0;
/**
 * The bundle, fetched once for every field. A module the browser failed to fetch stays failed for
 * the document, so trying again asks for it at an address of its own.
 * @param {boolean} [again]
 * @returns {Promise<RichTextBundle>}
 */
function loadBundle(again = false) {
  if (again) attempts += 1;
  if (!bundle || again) {
    bundle = import(attempts > 0 ? `${BUNDLE}?attempt=${attempts}` : BUNDLE);
    bundle.catch(() => {});
  }
  return bundle;
}

/** The media library's picker, loaded at the first image asked for: the images it chose. */
async function pickImage() {
  const { pickMedia } = await import('../screens/media/pick-media.js');
  return pickMedia({ multiple: false, images: true });
}

/** The form's label for `id`: the editor's text is no form control, which a label names and focuses. */
const labelOf = (id) => document.querySelector(`label[for="${CSS.escape(id)}"]`);

/** A label's text without its required mark, as the editor's accessible name. */
function nameOf(label) {
  if (!label) return undefined;
  const copy = /** @type {HTMLElement} */ (label.cloneNode(true));
  for (const mark of copy.querySelectorAll('.required')) mark.remove();
  return copy.textContent?.trim() || undefined;
}

/**
 * `value` is the stored array of blocks (or null); `onChange` receives the new array, or null once
 * the text is empty. `id` goes on the text, which the form's label names.
 * @typedef {object} BlocksFieldProps
 * @property {string} id
 * @property {Block[] | null} value
 * @property {(blocks: Block[] | null) => void} onChange
 * @property {boolean} [disabled]
 * @property {string} [describedBy]
 */

/**
 * @example html`<${BlocksField} id="field-body" value=${entry.body} describedBy="hint-body"
 *   onChange=${(blocks) => set('body', blocks)} />`
 * @param {BlocksFieldProps} props
 */
export function BlocksField({ id, value, onChange, disabled, describedBy }) {
  const { permissions } = useContext(Workspace);
  const host = useRef(/** @type {HTMLDivElement | null} */ (null));
  const editor = useRef(/** @type {BlocksEditor | null} */ (null));
  const [phase, setPhase] = useState(/** @type {'loading' | 'ready' | 'failed'} */ ('loading'));
  const [tries, setTries] = useState(0);
  // The arrays this field sent up, and the last one as JSON: a `value` that is neither came from
  // elsewhere (another locale loaded, the form reset, kept changes restored, the entry read again)
  // and goes to the editor. Our own echo must not, or the text would be set again under the caret.
  const ours = useRef(new WeakSet());
  const sent = useRef(JSON.stringify(value ?? null));
  const latest = useRef({ value, onChange, disabled, describedBy });
  latest.current = { value, onChange, disabled, describedBy };

  useEffect(() => {
    let live = true;
    const label = labelOf(id);
    const focus = () => editor.current?.focus();
    setPhase('loading');
    loadBundle(tries > 0).then((module) => {
      if (!live || !host.current) return;
      const now = latest.current;
      sent.current = JSON.stringify(now.value ?? null);
      label?.addEventListener('click', focus);
      editor.current = module.createBlocksEditor(host.current, {
        value: now.value,
        labels: t,
        id,
        label: nameOf(label),
        describedBy: now.describedBy,
        editable: !now.disabled,
        pickImage: permissions.has(FIND_FILES) ? pickImage : undefined,
        onChange(blocks) {
          if (blocks) ours.current.add(blocks);
          sent.current = JSON.stringify(blocks);
          latest.current.onChange(blocks);
        },
      });
      setPhase('ready');
    }, () => live && setPhase('failed'));
    return () => {
      live = false;
      label?.removeEventListener('click', focus);
      editor.current?.destroy();
      editor.current = null;
    };
  }, [tries]);

  useEffect(() => {
    if (value && ours.current.has(value)) return;
    const incoming = JSON.stringify(value ?? null);
    if (incoming === sent.current && value === null) return;
    // Also the same blocks, read again after a save: the editor takes them as the ones loaded.
    sent.current = incoming;
    editor.current?.setValue(value);
  }, [value]);

  useEffect(() => editor.current?.setEditable(!disabled), [disabled]);
  useEffect(() => editor.current?.describe(describedBy), [describedBy]);

  return html`<div class="blocks" data-test=${`${id}-blocks`}>
    ${phase === 'loading' && html`<p class="muted blocks-loading" aria-live="polite">${t.loading}</p>`}
    ${phase === 'failed'
      && html`<${LoadError} error=${new Error(t.loadFailed)} onRetry=${() => setTries((count) => count + 1)} />`}
    <div ref=${host} class="blocks-editor" hidden=${phase !== 'ready'}></div>
  </div>`;
}
