/**
 * The editors' page: sign in, then the content types the account may read, their entries and
 * forms. Plain ES modules with no build step; `vendor/preact-htm.js` is htm's Preact bundle, which
 * the server serves from npm.
 */
import { html, render, useCallback, useEffect, useMemo, useState } from './preact.js';
import * as api from './api.js';
import { EntryView } from './entry.js';
import { ListView } from './list.js';
import { keepForLater, leave as leaveForm } from './leaving.js';
import { isSingle } from './schema.js';
import { href, LeaveGuard, LoadError, placeOf, useRoute, useTitle, Workspace } from './ui.js';

// Success notices fade; errors stay until dismissed or replaced.
const NOTICE_MS = 8000;

function SignIn({ message, onSignedIn }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useTitle('Sign in');

  async function submit(event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      onSignedIn(await api.signIn(identifier.trim(), password));
    } catch (failure) {
      setError(failure.message);
      setBusy(false);
    }
  }

  return html`<main class="signin">
    <form class="card" data-test="signin" aria-labelledby="signin-title" onSubmit=${submit}>
      <h1 id="signin-title">foliocms</h1>
      <p class="muted">Sign in to edit content.</p>
      ${message && !error && html`<p class="info" role="status">${message}</p>`}
      <div class="field">
        <label for="signin-identifier">Email or username</label>
        <input id="signin-identifier" data-test="signin-identifier" autocomplete="username" required
          value=${identifier} onInput=${(event) => setIdentifier(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="signin-password">Password</label>
        <input id="signin-password" type="password" data-test="signin-password" autocomplete="current-password" required
          value=${password} onInput=${(event) => setPassword(event.currentTarget.value)} />
      </div>
      ${error && html`<p class="field-error" role="alert" data-test="signin-error">${error}</p>`}
      <button type="submit" class="primary wide" data-test="signin-submit" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
  </main>`;
}

/** A 403 on what the page needs to start says which right is missing, not just "Forbidden". */
const needed = (what) => (error) => {
  if (error.status === 403) error.message = `Your account may not read ${what}, which this page needs. Ask an administrator for access.`;
  throw error;
};

/** What the signed-in user may see and do, read once after signing in. */
async function loadWorkspace() {
  const [permissions, types, components, locales] = await Promise.all([
    api.request('GET', '/users/me/permissions').catch(needed('its own permissions')),
    api.request('GET', '/content-type-builder/content-types').catch(needed('the content types')),
    // Used for summaries only: the page works without them.
    api.request('GET', '/content-type-builder/components').catch(() => ({ data: [] })),
    api.request('GET', '/i18n/locales').catch(() => []),
  ]);
  const held = new Set(permissions.data);
  const readable = types.data
    .filter((type) => type.uid.startsWith('api::') && held.has(`${type.uid}.find`))
    .sort((a, b) => a.schema.displayName.localeCompare(b.schema.displayName));
  const localeList = Array.isArray(locales) ? locales : locales.data ?? [];
  return {
    permissions: held,
    types: readable,
    components: new Map(components.data.map((component) => [component.uid, component])),
    locales: localeList,
    defaultLocale: localeList.find((locale) => locale.isDefault)?.code ?? localeList[0]?.code ?? '',
  };
}

function Sidebar({ types, current }) {
  const group = (title, kind) => {
    const members = types.filter((type) => isSingle(type) === (kind === 'single'));
    if (members.length === 0) return null;
    return html`<div class="nav-group">
      <h2>${title}</h2>
      <ul>
        ${members.map(
          (type) => html`<li>
            <a href=${href(type.schema.singularName)} data-test=${`type-${type.schema.singularName}`}
              aria-current=${type.schema.singularName === current ? 'page' : undefined}>${type.schema.displayName}</a>
          </li>`,
        )}
      </ul>
    </div>`;
  };
  return html`<nav class="sidebar" aria-label="Content types">
    ${group('Collections', 'collection')}
    ${group('Single types', 'single')}
  </nav>`;
}

function Home({ types }) {
  useTitle('Content');
  return html`<h1 id="view-title">Content</h1>
    ${types.length > 0
      ? html`<p>Choose a content type to see its entries.</p>`
      : html`<p class="muted">Your account may not read any content type. Ask an administrator for access.</p>`}`;
}

function Main({ route, workspace }) {
  if (!route.type) return html`<${Home} types=${workspace.types} />`;
  const type = workspace.types.find((candidate) => candidate.schema.singularName === route.type);
  if (!type) {
    document.title = 'Not found · foliocms';
    return html`<h1 id="view-title">Not found</h1>
      <p>There is no content type “${route.type}” that your account may read.</p>`;
  }
  const locale = route.query.locale || workspace.defaultLocale;
  if (isSingle(type)) return html`<${EntryView} key=${type.uid} type=${type} documentId=${null} locale=${locale} />`;
  if (route.id) return html`<${EntryView} key=${`${type.uid}/${route.id}`} type=${type} documentId=${route.id} locale=${locale} />`;
  return html`<${ListView} key=${type.uid} type=${type} query=${route.query} />`;
}

function Notice({ notice, onDismiss }) {
  return html`<div class=${`notice${notice ? ` notice-${notice.kind}` : ''}`} data-test="notice" role="status" aria-live="polite">
    ${notice &&
    html`<p>${notice.text}</p>
      <button type="button" class="plain dismiss" aria-label="Dismiss" onClick=${onDismiss}></button>`}
  </div>`;
}

/**
 * The workspace being read (`phase`), and a notice shown on the view at `place`.
 * @typedef {{ phase: 'loading' } | { phase: 'ready', workspace: Omit<WorkspaceValue, 'notify'> } | { phase: 'error', error: Error }} Setup
 * @typedef {{ kind: string, text: string, place: string }} Notice
 * @typedef {import('./ui.js').WorkspaceValue} WorkspaceValue
 */

function Shell({ session, onSignOut }) {
  const route = useRoute();
  const [setup, setSetup] = useState(/** @type {Setup} */ ({ phase: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState(/** @type {Notice | null} */ (null));
  // A notice belongs to the view it is about (`place`: by default the one showing), and shows there only.
  const notify = useCallback((kind, text, place = location.hash) => setNotice({ kind, text, place: placeOf(place) }), []);

  useEffect(() => {
    let current = true;
    loadWorkspace().then(
      (workspace) => current && setSetup({ phase: 'ready', workspace }),
      (error) => current && setSetup({ phase: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (!notice || notice.kind === 'error') return undefined;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // Another view (another entry, locale, list) clears a notice that was not about it.
  const place = href(route.type, route.id, route.query);
  useEffect(() => setNotice((shown) => (shown && shown.place === place ? shown : null)), [place]);
  const shownNotice = notice && notice.place === place ? notice : null;

  const workspace = useMemo(() => (setup.phase === 'ready' ? { ...setup.workspace, notify } : null), [setup, notify]);

  return html`<div class="shell">
    <${LeaveGuard} />
    <a class="skip" href="#main" onClick=${(event) => {
      // The hash holds the route: move the focus without touching it.
      event.preventDefault();
      document.getElementById('main')?.focus();
    }}>Skip to content</a>
    <header class="topbar">
      <a class="brand" href="#/">foliocms</a>
      <span class="who muted" data-test="user">${session.user?.username ?? session.user?.email ?? ''}</span>
      <button type="button" data-test="sign-out" onClick=${() => leaveForm(onSignOut)}>Sign out</button>
    </header>
    <div class="layout">
      ${workspace && html`<${Sidebar} types=${workspace.types} current=${route.type} />`}
      <main id="main" tabindex="-1">
        <${Notice} notice=${shownNotice} onDismiss=${() => setNotice(null)} />
        ${setup.phase === 'loading' && html`<p class="muted">Loading…</p>`}
        ${setup.phase === 'error' && html`<${LoadError} error=${setup.error} onRetry=${() => setAttempt(attempt + 1)} />`}
        ${workspace &&
        html`<${Workspace.Provider} value=${workspace}>
          <${Main} route=${route} workspace=${workspace} />
        </${Workspace.Provider}>`}
      </main>
    </div>
  </div>`;
}

function App() {
  const [session, setSession] = useState(api.currentSession());
  const [message, setMessage] = useState('');

  const leave = (text) => {
    setMessage(text);
    setSession(null);
  };
  // What a form held unsaved when the session ended is offered back after signing in (entry.js).
  useEffect(() => api.onSessionEnd((text) => {
    const kept = keepForLater(session?.user);
    leave(kept ? `${text} Your unsaved changes are kept in this tab, and offered back once you have signed in.` : text);
  }), [session]);

  const enter = (next) => {
    setMessage('');
    setSession(next);
  };
  if (!session) return html`<${SignIn} message=${message} onSignedIn=${enter} />`;
  const signOut = async () => {
    await api.signOut();
    leave('You are signed out.');
  };
  return html`<${Shell} key=${session.user?.id} session=${session} onSignOut=${signOut} />`;
}

// The container is in index.html.
const root = /** @type {HTMLElement} */ (document.getElementById('app'));
// Preact keeps what it finds in the container: the "Loading…" placeholder goes first.
root.replaceChildren();
render(html`<${App} />`, root);
