/**
 * The browser tab's title, which names the view.
 */
import { useEffect } from './preact.js';
import { strings } from './strings.js';

/**
 * `useTitle('Articles')` → `Articles · foliocms`; empty parts are left out.
 * @param {...(string | null | undefined | false)} parts
 */
export function useTitle(...parts) {
  const text = [...parts.filter(Boolean), strings.page.brand].join(' · ');
  useEffect(() => {
    document.title = text;
  }, [text]);
}
