/**
 * The addresses a link may have, as the server checks them (a link is rendered as `<a href>`): an
 * absolute URL of any scheme but those that run a script, or a path on the site (`/about`).
 * Pure: no DOM, no editor.
 */

const BLOCKED_PROTOCOLS = new Set(['javascript:', 'vbscript:', 'data:']);

/**
 * @example isLinkAddress('https://docs.strapi.io') // true
 * @example isLinkAddress('javascript:alert(1)') // false
 * @param {unknown} url
 */
export function isLinkAddress(url) {
  if (typeof url !== 'string' || url.trim() === '') return false;
  try {
    return !BLOCKED_PROTOCOLS.has(new URL(url.startsWith('/') ? `https://example.invalid${url}` : url).protocol);
  } catch {
    return false;
  }
}
