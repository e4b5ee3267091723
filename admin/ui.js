/**
 * Pieces shared by the views: the workspace context, hash routes and the status badge.
 */
import { html, createContext, useEffect, useMemo, useState } from './vendor/preact-htm.js';
import { STATUS_LABELS } from './schema.js';

/**
 * What every view needs once signed in: `{ types, components, locales, defaultLocale,
 * permissions, notify(kind, text) }`.
 */
export const Workspace = createContext(null);

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

export const navigate = (target) => {
  location.hash = target;
};

export function useRoute() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return useMemo(() => parseRoute(hash), [hash]);
}

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
