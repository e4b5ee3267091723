/**
 * The editor for a `blocks` attribute (Strapi 5's rich text): one row per block, each a type menu
 * and a plain textarea, with the small markup of `blocks-text.js` for inline formatting. Plain
 * controls rather than a contenteditable surface, so that keyboard use, screen readers and undo
 * behave as in every other field. Image blocks and anything else it does not edit stay read-only.
 */
import { html, useEffect, useLayoutEffect, useRef, useState } from '../lib/preact.js';
import { strings } from '../lib/strings.js';
import { BLOCK_KINDS, MARKUP_HINT, blocksToRows, rowsToBlocks } from './blocks-text.js';

let lastKey = 0;
/** Rows with a key of their own, so that moving one moves its textarea (and the caret in it) too. */
const keyed = (rows) => rows.map((row) => ({ ...row, key: `block-${(lastKey += 1)}` }));

const LIST_KINDS = new Set(['list-unordered', 'list-ordered']);

const t = strings.blocks;

function textLabel(kind, number) {
  if (LIST_KINDS.has(kind)) return t.itemsLabel(number);
  if (kind === 'code') return t.codeLabel(number);
  return t.textLabel(number);
}

/** Room for the text as it stands (a line of about 80 characters), from 1 line for a heading up to 12. */
function textareaRows({ kind, text }) {
  const lines = text.split('\n').reduce((sum, line) => sum + 1 + Math.floor(line.length / 80), 0);
  return Math.min(12, Math.max(kind.startsWith('heading-') ? 1 : 2, lines));
}

/**
 * `value` is the stored array of blocks (or null); `onChange` receives the new array, or null once
 * every block is removed. `id` goes on the first control, for the form's `<label for>`.
 * @typedef {object} BlocksFieldProps
 * @property {string} id
 * @property {Record<string, any>[] | null} value
 * @property {(blocks: Record<string, any>[] | null) => void} onChange
 * @property {boolean} [disabled]
 * @property {string} [describedBy]
 */

/**
 * @example html`<${BlocksField} id="field-body" value=${entry.body} describedBy="hint-body"
 *   onChange=${(blocks) => set('body', blocks)} />`
 * @param {BlocksFieldProps} props
 */
export function BlocksField({ id, value, onChange, disabled, describedBy }) {
  const [rows, setRows] = useState(() => keyed(blocksToRows(value)));
  // The arrays this field sent up, and the last one as JSON (for a form that copies values): a
  // `value` that is neither came from elsewhere (another locale loaded, the form reset) and
  // replaces the rows. Our own echo must not, even a stale one arriving after a faster keystroke,
  // or text would be rewritten under the caret (an unclosed `**` turned into `\*\*`).
  const ours = useRef(new WeakSet());
  const sent = useRef(JSON.stringify(value ?? null));
  // Where the focus goes after the next render: the row's `key`, and the control's `data-control`.
  const focusNext = useRef(/** @type {{ key: string, control?: string } | null} */ (null));
  const list = useRef(/** @type {HTMLOListElement | null} */ (null));
  const hintId = `${id}-markup`;

  useEffect(() => {
    if (value && ours.current.has(value)) return;
    const incoming = JSON.stringify(value ?? null);
    if (incoming === sent.current) return;
    sent.current = incoming;
    setRows(keyed(blocksToRows(value)));
  }, [value]);

  // After a move, a removal or an addition, the focus goes where the keyboard user expects it
  // (the moved row's same button, the next row, the new textarea), never back to the page's top.
  useLayoutEffect(() => {
    if (!focusNext.current) return;
    const { key, control } = focusNext.current;
    focusNext.current = null;
    const row = list.current?.querySelector(`[data-key="${key}"]`);
    /** @type {HTMLElement | null | undefined} */
    const target = row?.querySelector(`[data-control="${control}"]:not(:disabled)`)
      ?? row?.querySelector('select, textarea, button:not(:disabled)')
      ?? list.current?.parentElement?.querySelector('[data-control="add"]');
    target?.focus();
  });

  const commit = (next, focus) => {
    focusNext.current = focus ?? null;
    setRows(next);
    const blocks = next.length > 0 ? rowsToBlocks(next) : null;
    if (blocks) ours.current.add(blocks);
    sent.current = JSON.stringify(blocks);
    onChange(blocks);
  };
  const update = (index, change) => commit(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const move = (index, by, control) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row);
    commit(next, { key: row.key, control });
  };
  const remove = (index) => {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    commit(
      rows.filter((_, at) => at !== index),
      neighbour ? { key: neighbour.key, control: 'remove' } : { key: '', control: 'add' },
    );
  };
  const add = () => {
    const [row] = keyed([{ kind: 'paragraph', text: '' }]);
    commit([...rows, row], { key: row.key, control: 'text' });
  };

  // The first control takes the field's id, for its label: the first row's, or Add when there is none.
  const labelled = { id, 'aria-describedby': describedBy || undefined };
  const { moveUp, moveDown, remove: removeLabel } = strings.actions;

  return html`<div class="blocks" data-test=${`${id}-blocks`}>
    <ol class="blocks-rows" ref=${list}>
      ${rows.map((row, index) => {
        const number = index + 1;
        const first = index === 0 ? labelled : {};
        const kept = row.kind === 'kept';
        return html`<li class=${`blocks-row${kept ? ' blocks-kept' : ''}`} key=${row.key} data-key=${row.key}>
          <div class="blocks-bar">
            ${kept
              ? html`<output class="blocks-kept-text" ...${first}>
                  <span class="visually-hidden">${t.keptLabel(number)}</span>${row.text}
                </output>`
              : html`<select ...${first} data-control="kind" aria-label=${t.typeLabel(number)} disabled=${disabled}
                  value=${row.kind}
                  onChange=${(event) => update(index, { kind: event.currentTarget.value })}>
                  ${BLOCK_KINDS.map(({ kind, label }) => html`<option value=${kind}>${label}</option>`)}
                </select>`}
            <span class="blocks-actions">
              <button type="button" data-control="up" aria-label=${t.moveUp(number)} disabled=${disabled || index === 0}
                onClick=${() => move(index, -1, index === 1 ? 'down' : 'up')}>${moveUp}</button>
              <button type="button" data-control="down" aria-label=${t.moveDown(number)}
                disabled=${disabled || index === rows.length - 1}
                onClick=${() => move(index, 1, index === rows.length - 2 ? 'up' : 'down')}>${moveDown}</button>
              <button type="button" class="danger-outline" data-control="remove" aria-label=${t.remove(number)}
                disabled=${disabled} onClick=${() => remove(index)}>${removeLabel}</button>
            </span>
          </div>
          ${!kept &&
          html`<textarea data-control="text" aria-label=${textLabel(row.kind, number)} aria-describedby=${hintId}
            disabled=${disabled}
            class=${row.kind === 'code' ? 'mono' : ''} spellcheck=${row.kind !== 'code'}
            rows=${textareaRows(row)}
            value=${row.text} onInput=${(event) => update(index, { text: event.currentTarget.value })} />`}
        </li>`;
      })}
    </ol>
    <button type="button" data-control="add" ...${rows.length === 0 ? labelled : {}} disabled=${disabled}
      onClick=${add}>
      ${t.add}
    </button>
    <p class="hint blocks-hint" id=${hintId}>${MARKUP_HINT}</p>
  </div>`;
}
