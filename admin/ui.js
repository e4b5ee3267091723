/**
 * Pieces shared by the views: the workspace context, hash routes and the status badge.
 */
import { html, createContext, useEffect, useMemo, useRef, useState } from './preact.js';
import { hasUnsaved, leave, setLeaveQuestion } from './leaving.js';
import { STATUS_LABELS } from './schema.js';

/**
 * What every view needs once signed in: a notice (`notify`) shows on the view at `place` (a route's
 * hash; by default the one showing) and goes when another view is shown.
 * @typedef {{ types: ContentType[], components: Map<string, Component>, locales: Locale[], defaultLocale: string,
 *   permissions: Set<string>, notify: (kind: 'success' | 'info' | 'error', text: string, place?: string) => void }} WorkspaceValue
 * @typedef {import('./schema.js').ContentType} ContentType
 * @typedef {import('./schema.js').Component} Component
 * @typedef {import('./schema.js').Locale} Locale
 */

/**
 * The signed-in page's `WorkspaceValue`. Views are shown under its Provider only, so they never
 * read the `null` it holds outside one.
 * @type {import('./preact.js').Context<WorkspaceValue>}
 */
export const Workspace = createContext(/** @type {any} */ (null));

/**
 * Routes live in the hash (`#/article/<documentId>?locale=fr`), so the page works under any path
 * the server mounts it at, and the back button walks through lists and entries.
 */
export function parseRoute(hash) {
  const [path, search = ''] = hash.replace(/^#\/?/, '').split('?');
  const [type = '', id = ''] = path.split('/').map((part) => decodeURIComponent(part));
  return { type, id, query: Object.fromEntries(new URLSearchParams(search)) };
}

/** `href('article', 'abc', { locale: 'fr' })` → `#/article/abc?locale=fr`; empty values left out. */
export function href(type, id = '', query = {}) {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const path = [type, id].filter(Boolean).map(encodeURIComponent).join('/');
  const text = search.toString();
  return `#/${path}${text ? `?${text}` : ''}`;
}

// Where the page itself is going (after a save, a delete): no question on the way there.
let expected = null;

/** Goes to `target` (a route's hash) from the page's own code, as a save or a delete does. */
export const navigate = (target) => {
  if (placeOf(target) !== placeOf(location.hash)) expected = placeOf(target);
  location.hash = target;
};

/**
 * The route shown. A change of address that would leave a form with unsaved changes (Back,
 * Forward, an address typed) puts the form's address back and asks first; leaving then goes
 * where the editor was going.
 */
export function useRoute() {
  const [hash, setHash] = useState(location.hash);
  const shown = useRef(hash);
  shown.current = hash;
  useEffect(() => {
    const follow = () => {
      const next = location.hash;
      const ours = placeOf(next) === expected || placeOf(next) === placeOf(shown.current);
      expected = null;
      if (ours || !hasUnsaved()) {
        setHash(next);
        return;
      }
      history.pushState(null, '', shown.current || '#/');
      leave(() => {
        expected = placeOf(next);
        history.back();
      });
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return useMemo(() => parseRoute(hash), [hash]);
}

/**
 * The question before leaving a form with unsaved changes, for the whole page: a link to another
 * view is held until the editor chooses; closing or reloading the tab gets the browser's own
 * question. Mounted once, in the signed-in page.
 */
export function LeaveGuard() {
  // The way on, while the question shows. (Typed on the pair: a function typed as the first value
  // would be read as a lazy first value.)
  const [pending, setPending] = /** @type {import('./preact.js').State<(() => void) | null>} */ (useState(null));
  useEffect(() => {
    setLeaveQuestion((proceed) => setPending(() => proceed));
    const onClick = (event) => {
      if (!hasUnsaved() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target.closest?.('a[href^="#"]');
      const target = link?.getAttribute('href');
      if (!target || link.target || placeOf(target) === placeOf(location.hash)) return;
      event.preventDefault();
      leave(() => navigate(target));
    };
    const onBeforeUnload = (event) => {
      if (!hasUnsaved()) return;
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick);
    addEventListener('beforeunload', onBeforeUnload);
    return () => {
      setLeaveQuestion(null);
      document.removeEventListener('click', onClick);
      removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
  if (!pending) return null;
  return html`<${Ask} test="ask-leave" title="Leave without saving?"
    text="Your changes to this entry have not been saved. If you leave now, they are lost."
    actions=${[['Leave and lose my changes', () => {
      setPending(null);
      pending();
    }, { test: 'confirm-leave', kind: 'danger' }], ['Stay here', () => setPending(null), { test: 'cancel-leave' }]]} />`;
}

/** The browser tab's title names the view: `useTitle('Articles')` → `Articles · foliocms`. */
export function useTitle(...parts) {
  const text = [...parts.filter(Boolean), 'foliocms'].join(' · ');
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** A route's address in one spelling, so that two hashes naming the same view compare equal. */
export const placeOf = (hash) => {
  const { type, id, query } = parseRoute(hash);
  return href(type, id, query);
};

export function StatusBadge({ status }) {
  if (!status) return null;
  return html`<span class=${`badge badge-${status}`} data-test="status">${STATUS_LABELS[status]}</span>`;
}

/** Date and time in the reader's locale; the time is hidden on narrow screens. */
export function Stamp({ value }) {
  if (!value) return html`<span class="muted">—</span>`;
  const date = new Date(value);
  return html`<time datetime=${value} title=${date.toLocaleString()}>
    ${date.toLocaleDateString(undefined, { dateStyle: 'medium' })}<span class="stamp-time">${' '}${date.toLocaleTimeString(undefined, { timeStyle: 'short' })}</span>
  </time>`;
}

/** A failure to load, with the server's message and a way to try again. */
export function LoadError({ error, onRetry }) {
  return html`<div class="alert" role="alert">
    <p>${error.message}</p>
    ${onRetry && html`<button type="button" onClick=${onRetry}>Try again</button>`}
  </div>`;
}

/**
 * A modal dialog (`<dialog>` shown with `showModal`): labelled by its heading (`labelId`), the focus
 * moved into it (to `[data-autofocus]`, else its first control) and back where it was when it
 * closes; Escape calls `onCancel`.
 * @example html`<${Dialog} labelId="ask-title" onCancel=${close}><h2 id="ask-title">Sure?</h2>…</${Dialog}>`
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
    const first = dialog.querySelector('[data-autofocus]') ?? dialog.querySelector('button, input, select, textarea, a[href]');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    };
  }, []);
  return html`<dialog ref=${ref} class=${`modal${wide ? ' modal-wide' : ''}`} data-test=${test} aria-labelledby=${labelId} aria-describedby=${describedBy}
    onCancel=${(event) => {
      event.preventDefault();
      onCancel?.();
    }}>${children}</dialog>`;
}

/**
 * A question with buttons, in a `Dialog`: `actions` are `[label, onClick, { test, kind }]`; the
 * last one (the safe choice) gets the focus, and Escape chooses it.
 * @typedef {[label: string, onClick: () => void, options?: { test?: string, kind?: string }]} AskAction
 * @param {{ title: string, text: string, actions: [...AskAction[], AskAction], test?: string }} props
 */
export function Ask({ title, text, actions, test = 'ask' }) {
  const id = `${test}-title`;
  const last = actions[actions.length - 1];
  return html`<${Dialog} labelId=${id} describedBy=${`${test}-text`} test=${test} onCancel=${last[1]}>
    <h2 id=${id}>${title}</h2>
    <p id=${`${test}-text`}>${text}</p>
    <div class="inline dialog-actions">
      ${actions.map(([label, onClick, { test: hook, kind } = {}], index) => html`<button type="button" class=${kind ?? ''} data-test=${hook}
        data-autofocus=${index === actions.length - 1 ? '' : undefined} onClick=${onClick}>${label}</button>`)}
    </div>
  </${Dialog}>`;
}
