/**
 * The page's addresses. Routes live in the hash, so the page works under any path the server mounts
 * it at, and the back button walks through its views. Each screen has a first segment of its own,
 * which no content type can take: `#/content/<type>/<documentId>?locale=fr` (a type's list at
 * `#/content/<type>`), `#/media`, `#/settings/<screen>`, and `#/reset-password?code=…` (an
 * invitation's or a reset email's link, shown signed in or not); `#/` is the start. The first version's
 * addresses (`#/<type>/<documentId>`) are read as content addresses, so that a bookmark keeps
 * working (`upgradedHash`). No imports: the router, the screens and tests read it alike.
 */

/** The first segments the screens hold: a content type named `media` is at `#/content/media`. */
export const SCREENS = /** @type {const} */ (['content', 'media', 'settings', 'reset-password']);

/**
 * A route: its screen (`home` for `#/`), the segments after the screen's own, and the query.
 * `legacy` marks an address of the first version's form (`#/article/<documentId>`).
 * @typedef {'home' | typeof SCREENS[number]} Screen
 * @typedef {Record<string, string>} Query
 * @typedef {{ screen: Screen, path: string[], query: Query, legacy?: boolean }} Route
 */

/** A segment as written, when it is not valid percent-encoding (`%zz`): the address still opens. */
function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * @param {string} hash
 * @returns {Route}
 */
export function parseRoute(hash) {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?');
  const segments = path.split('/').filter(Boolean).map(decode);
  const query = Object.fromEntries(new URLSearchParams(search));
  const [first] = segments;
  if (first === undefined) return { screen: 'home', path: [], query };
  const screen = SCREENS.find((name) => name === first);
  if (screen) return { screen, path: segments.slice(1), query };
  // Before screens had segments of their own, a content type's name came first.
  return { screen: 'content', path: segments, query, legacy: true };
}

/**
 * A route's address; empty query values are left out.
 * @example hrefOf({ screen: 'content', path: ['article', 'abc'], query: { locale: 'fr' } })
 * // '#/content/article/abc?locale=fr'
 * @param {{ screen: Screen, path?: string[], query?: Record<string, string | number | null | undefined> }} route
 */
export function hrefOf({ screen, path = [], query = {} }) {
  const kept = Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '');
  const search = new URLSearchParams(kept.map(([name, value]) => [name, String(value)])).toString();
  const segments = screen === 'home' ? [] : [screen, ...path.filter(Boolean)];
  return `#/${segments.map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`;
}

/**
 * A content type's list (no `id`), an entry (`id`, or `new`) or a single type.
 * @example contentHref('article', 'abc', { locale: 'fr' }) // '#/content/article/abc?locale=fr'
 * @param {string} type The type's singular name.
 * @param {string} [id]
 * @param {Record<string, string | number | null | undefined>} [query]
 */
export const contentHref = (type, id = '', query = {}) => hrefOf({ screen: 'content', path: [type, id], query });

/**
 * A route's address in one spelling, so that two hashes naming the same view compare equal (an
 * old-form address included).
 * @param {string} hash
 */
export const placeOf = (hash) => hrefOf(parseRoute(hash));

/**
 * The address an old-form link stands for (`#/article/abc` → `#/content/article/abc`), or `null`
 * for one already in today's form.
 * @param {string} hash
 */
export const upgradedHash = (hash) => (parseRoute(hash).legacy ? placeOf(hash) : null);
