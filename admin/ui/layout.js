/**
 * The frame of the signed-in page: the skip link, the top bar, and the sidebar with its groups of
 * links. What the groups hold is the screens' (screens/content/content-nav.js).
 */
import { html } from '../lib/preact.js';
import { strings } from '../lib/strings.js';
import { LanguageMenu } from './language-menu.js';

/** A skip link to `#main`, which moves the focus there without touching the hash (it holds the route). */
export function SkipLink() {
  const skip = (event) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  };
  return html`<a class="skip" href="#main" onClick=${skip}>${strings.page.skip}</a>`;
}

/**
 * @typedef {object} TopbarProps
 * @property {string} who The signed-in user's name.
 * @property {(code: string) => void} onLanguage Another language chosen (its code).
 * @property {() => void} onSignOut
 */

/**
 * The brand (a link to the start), who is signed in, the page's language, and Sign out.
 * @param {TopbarProps} props
 */
export function Topbar({ who, onLanguage, onSignOut }) {
  return html`<header class="topbar">
    <a class="brand" href="#/">${strings.page.brand}</a>
    <span class="who muted" data-test="user">${who}</span>
    <${LanguageMenu} onChoose=${onLanguage} />
    <button type="button" data-test="sign-out" onClick=${onSignOut}>${strings.page.signOut}</button>
  </header>`;
}

/**
 * @typedef {{ label: string, children?: import('../lib/preact.js').Children }} SidebarProps
 */

/**
 * The navigation beside the screens, named for screen readers by `label`.
 * @param {SidebarProps} props
 */
export function Sidebar({ label, children }) {
  return html`<nav class="sidebar" aria-label=${label}>${children}</nav>`;
}

/**
 * One link of a group: `current` marks the one showing.
 * @typedef {{ href: string, label: string, test: string, current: boolean }} NavLink
 * @typedef {{ title: string, links: NavLink[] }} NavGroupProps
 */

/**
 * A titled group of links in the sidebar; nothing when it has none.
 * @param {NavGroupProps} props
 */
export function NavGroup({ title, links }) {
  if (links.length === 0) return null;
  return html`<div class="nav-group">
    <h2>${title}</h2>
    <ul>
      ${links.map((link) => html`<li>
        <a href=${link.href} data-test=${link.test} aria-current=${link.current ? 'page' : undefined}>${link.label}</a>
      </li>`)}
    </ul>
  </div>`;
}
