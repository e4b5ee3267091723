/**
 * What the page does so that leaving a form never loses what an editor typed: the form with
 * unsaved changes registers itself (`useUnsavedChanges`); leaving its view (a link, Back, a
 * locale switch, signing out, closing the tab) asks first; and when the session ends, its changes
 * are kept in this tab's sessionStorage and offered back after signing in again (`keptFor`).
 * No imports but Preact's hooks, so that the router and the views can both use it.
 */
import { useLayoutEffect, useRef } from './preact.js';

// sessionStorage: the changes stay in this tab, and go with it.
const KEPT_KEY = 'foliocms.editors.unsaved';

/** The form showing with unsaved changes, if any (one view shows at a time): `{ keep() }`. */
let unsaved = null;
// Set by the page's guard (`LeaveGuard`, ui/leave-guard.js): asks, and calls `proceed` if the editor leaves.
let question = null;

/**
 * Marks the view's form as holding unsaved changes while `dirty`. `keep()` answers what to offer
 * back if the session ends meanwhile: `{ place, values, … }`, without password or private fields.
 * @example useUnsavedChanges(dirty, () => ({ place: location.hash, values: changed }));
 */
export function useUnsavedChanges(dirty, keep) {
  const latest = useRef(keep);
  latest.current = keep;
  // A layout effect, so that the page never shows a form saved (its notice, no "Unsaved changes")
  // while leaving it would still ask: a plain effect would wait until after the next paint.
  useLayoutEffect(() => {
    if (!dirty) return undefined;
    const held = { keep: () => latest.current() };
    unsaved = held;
    return () => {
      if (unsaved === held) unsaved = null;
    };
  }, [dirty]);
}

export const hasUnsaved = () => unsaved !== null;

/** The guard's way to ask (`ask(proceed)`), or `null` once it is gone. */
export function setLeaveQuestion(ask) {
  question = ask;
}

/**
 * Runs `proceed` at once when no form holds unsaved changes; otherwise asks, and runs it only if
 * the editor chooses to leave them.
 * @example leave(() => signOut());
 */
export function leave(proceed) {
  if (!unsaved || !question) {
    proceed();
    return;
  }
  question(() => {
    unsaved = null;
    proceed();
  });
}

/**
 * The session ended: the unsaved changes of `user` go to sessionStorage, to be offered back after
 * signing in. Answers whether there were any to keep, and they were kept.
 */
export function keepForLater(user) {
  const kept = unsaved?.keep();
  unsaved = null;
  if (!kept) return false;
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify({ ...kept, user: user?.id ?? null }));
    return true;
  } catch {
    // Storage refused (a private window, or full): nothing can be kept.
    return false;
  }
}

/**
 * What a form kept at a session end, as its `keep()` answered: the view's `place`, the changed
 * `values`, and what the form needs to put them back (`mode`, `etag`, `withheld`).
 * @typedef {{ place: string, values: Record<string, any>, mode?: string, etag?: string, withheld?: boolean }} Kept
 */

/**
 * The changes kept for the view at `place`, if `user` is the one who made them. They stay stored
 * until the editor restores or discards them (`dropKept`), so a reload meanwhile offers them again.
 * Changes kept for another account are dropped.
 * @returns {Kept | null}
 */
export function keptFor(place, user) {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? 'null');
  } catch {
    kept = null;
  }
  if (!kept) return null;
  if (kept.user !== (user?.id ?? null)) {
    dropKept();
    return null;
  }
  return kept.place === place ? kept : null;
}

export function dropKept() {
  try {
    sessionStorage.removeItem(KEPT_KEY);
  } catch {
    // Nothing stored.
  }
}
