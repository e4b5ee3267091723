/**
 * Dialogs: a modal `Dialog` to hold anything, and `Ask`, a question with a choice of buttons.
 */
import { html, useEffect, useRef } from '../lib/preact.js';
import { strings } from '../lib/strings.js';

/**
 * @typedef {object} DialogProps
 * @property {string} labelId The id of the dialog's heading, which names it.
 * @property {string} [describedBy] The id of what says more about it.
 * @property {() => void} [onCancel] Escape.
 * @property {import('../lib/preact.js').Children} [children]
 * @property {string} [test] Its `data-test` hook.
 * @property {boolean} [wide]
 */

/**
 * A modal dialog (`<dialog>` shown with `showModal`): labelled by its heading (`labelId`), the focus
 * moved into it (to `[data-autofocus]`, else its first control) and back where it was when it
 * closes; Escape calls `onCancel`.
 * @example html`<${Dialog} labelId="ask-title" onCancel=${close}><h2 id="ask-title">Sure?</h2>…</${Dialog}>`
 * @param {DialogProps} props
 */
export function Dialog({ labelId, describedBy, onCancel, children, test = 'dialog', wide = false }) {
  const ref = useRef(/** @type {HTMLDialogElement | null} */ (null));
  useEffect(() => {
    // Set once the dialog is in the page, before effects run.
    const dialog = /** @type {HTMLDialogElement} */ (ref.current);
    /** @type {(Element & { focus?: () => void }) | null} */
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    /** @type {HTMLElement | null} */
    const first = dialog.querySelector('[data-autofocus]')
      ?? dialog.querySelector('button, input, select, textarea, a[href]');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    };
  }, []);
  const cancel = (event) => {
    event.preventDefault();
    onCancel?.();
  };
  return html`<dialog ref=${ref} class=${`modal${wide ? ' modal-wide' : ''}`} data-test=${test}
    aria-labelledby=${labelId} aria-describedby=${describedBy} onCancel=${cancel}>${children}</dialog>`;
}

/**
 * One of a question's buttons: its label, what it does, its `data-test` hook and its kind (a class:
 * `danger`, `primary`).
 * @typedef {[label: string, onClick: () => void, options?: { test?: string, kind?: string }]} AskAction
 * @typedef {{ title: string, text: string, actions: [...AskAction[], AskAction], test?: string }} AskProps
 */

/**
 * A question with buttons, in a `Dialog`: the last action (the safe choice) gets the focus, and
 * Escape chooses it.
 * @example html`<${Ask} title="Delete?" text="It cannot be undone."
 *   actions=${[['Delete', remove], ['Cancel', close]]} />`
 * @param {AskProps} props
 */
export function Ask({ title, text, actions, test = 'ask' }) {
  const id = `${test}-title`;
  const last = actions[actions.length - 1];
  return html`<${Dialog} labelId=${id} describedBy=${`${test}-text`} test=${test} onCancel=${last[1]}>
    <h2 id=${id}>${title}</h2>
    <p id=${`${test}-text`}>${text}</p>
    <div class="inline dialog-actions">
      ${actions.map(([label, onClick, { test: hook, kind } = {}], index) => html`<button type="button"
        class=${kind ?? ''} data-test=${hook} data-autofocus=${index === actions.length - 1 ? '' : undefined}
        onClick=${onClick}>${label}</button>`)}
    </div>
  </${Dialog}>`;
}

/**
 * @typedef {object} ConfirmDeleteProps
 * @property {string} name What the hooks are named by (`ask-delete-<name>`, `confirm-delete-<name>`, `cancel-delete-<name>`).
 * @property {string} title
 * @property {string} text
 * @property {string} label The delete button's.
 * @property {() => Promise<unknown>} run The delete.
 * @property {string} done Said once it is done.
 * @property {import('../lib/workspace.js').Notify} notify
 * @property {() => void} onDone After the delete, done or refused (the refusal said in a notice).
 * @property {() => void} onCancel
 */

/**
 * Asks before a delete, then runs it and says how it went.
 * @param {ConfirmDeleteProps} props
 */
export function ConfirmDelete({ name, title, text, label, run, done, notify, onDone, onCancel }) {
  const remove = async () => {
    try {
      await run();
      notify('success', done);
    } catch (error) {
      notify('error', error.message);
    }
    onDone();
  };
  /** @type {[AskAction, AskAction]} */
  const actions = [
    [label, remove, { test: `confirm-delete-${name}`, kind: 'danger' }],
    [strings.actions.cancel, onCancel, { test: `cancel-delete-${name}` }],
  ];
  return html`<${Ask} test=${`ask-delete-${name}`} title=${title} text=${text} actions=${actions} />`;
}
