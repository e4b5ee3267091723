/**
 * The question before leaving a form with unsaved changes, for the whole page.
 */
import { html, useEffect, useState } from '../lib/preact.js';
import { hasUnsaved, leave, setLeaveQuestion } from '../lib/leaving.js';
import { navigate } from '../lib/router.js';
import { placeOf } from '../lib/routes.js';
import { strings } from '../lib/strings.js';
import { Ask } from './dialog.js';

/** A click the page may hold: the main button alone, not one that opens a new tab or window. */
const plainClick = (event) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link to another view is held until the editor chooses; closing or reloading the tab gets the
 * browser's own question. Mounted once, in the signed-in page; it takes no props.
 */
export function LeaveGuard() {
  const t = strings.leave;
  // The way on, while the question shows. (Typed on the pair: a function typed as the first value
  // would be read as a lazy first value.)
  const [pending, setPending] = /** @type {import('../lib/preact.js').State<(() => void) | null>} */ (useState(null));
  useEffect(() => {
    setLeaveQuestion((proceed) => setPending(() => proceed));
    const onClick = (event) => {
      if (!hasUnsaved() || !plainClick(event)) return;
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
  const proceed = () => {
    setPending(null);
    pending();
  };
  /** @type {[import('./dialog.js').AskAction, import('./dialog.js').AskAction]} */
  const actions = [
    [t.leave, proceed, { test: 'confirm-leave', kind: 'danger' }],
    [t.stay, () => setPending(null), { test: 'cancel-leave' }],
  ];
  return html`<${Ask} test="ask-leave" title=${t.title} text=${t.text} actions=${actions} />`;
}
