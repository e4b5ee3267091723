/**
 * Following the address: the route shown (`useRoute`), the page's own moves (`navigate`), and old
 * links put in today's form (`upgradeAddress`). A move that would leave a form with unsaved changes
 * asks first (leaving.js).
 */
import { useEffect, useMemo, useRef, useState } from './preact.js';
import { hasUnsaved, leave } from './leaving.js';
import { parseRoute, placeOf, upgradedHash } from './routes.js';

// Where the page itself is going (after a save, a delete): no question on the way there.
let expected = /** @type {string | null} */ (null);

/**
 * Goes to `target` (a route's hash) from the page's own code, as a save or a delete does.
 * @param {string} target
 */
export const navigate = (target) => {
  if (placeOf(target) !== placeOf(location.hash)) expected = placeOf(target);
  location.hash = target;
};

/**
 * Puts an old-form address (`#/article/<documentId>`, a bookmark of the first version) in today's
 * form in place, without a new history entry, and answers the address.
 */
export function upgradeAddress() {
  const upgraded = upgradedHash(location.hash);
  if (upgraded !== null) history.replaceState(history.state, '', upgraded);
  return location.hash;
}

/**
 * The route shown. A change of address that would leave a form with unsaved changes (Back,
 * Forward, an address typed) puts the form's address back and asks first; leaving then goes
 * where the editor was going.
 */
export function useRoute() {
  const [hash, setHash] = useState(upgradeAddress);
  const shown = useRef(hash);
  shown.current = hash;
  useEffect(() => {
    const follow = () => {
      const next = upgradeAddress();
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
