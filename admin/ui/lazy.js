/**
 * A component whose module is imported at its first render, so that the page loads a screen only
 * when it is shown: the sign-in form needs none of the signed-in page, a list none of the form.
 * Plain `import()`: the browser fetches the module with the nonce of the page's script, as it does
 * the modules that script imports.
 */
import { html, useEffect, useState } from '../lib/preact.js';
import { strings } from '../lib/strings.js';
import { LoadError } from './load-error.js';

/**
 * A lazy component: the props are those of the component it loads, which checks them.
 * @typedef {((props: any) => import('../lib/preact.js').VNode | null) & { preload: () => Promise<unknown> }} Lazy
 */

/**
 * `load` answers the component (`() => import('./entry-view.js').then((module) => module.EntryView)`);
 * `preload()` starts loading it before it is shown. Until it is loaded, "Loading…" (`loading`, to
 * say it otherwise); if it cannot be, why, and a way to try again: a module the browser failed to
 * fetch stays failed for the document, so trying again reloads the page.
 * @param {() => Promise<(props: any) => any>} load
 * @param {{ loading?: () => import('../lib/preact.js').VNode }} [options]
 * @returns {Lazy}
 */
export function lazy(load, { loading } = {}) {
  /** @type {Promise<unknown> | null} */
  let pending = null;
  /** @type {((props: any) => any) | null} */
  let loaded = null;
  const preload = () => {
    if (pending) return pending;
    pending = load().then((component) => {
      loaded = component;
    });
    // Said where it is shown (below); a preload alone, as the sign-in form starts, says nothing.
    pending.catch(() => {});
    return pending;
  };
  /** @param {object} props Passed on to the component loaded. */
  function Lazy(props) {
    const [error, setError] = useState(/** @type {Error | null} */ (null));
    const [, setReady] = useState(false);
    useEffect(() => {
      // Also when it loaded between the first render and now: that render showed "Loading…".
      let live = true;
      preload().then(() => live && setReady(true), (failure) => live && setError(failure));
      return () => {
        live = false;
      };
    }, []);
    if (error) return html`<${LoadError} error=${error} onRetry=${() => location.reload()} />`;
    if (!loaded) return loading ? loading() : html`<p class="muted" aria-live="polite">${strings.page.loading}</p>`;
    return html`<${loaded} ...${props} />`;
  }
  return Object.assign(Lazy, { preload });
}
