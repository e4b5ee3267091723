/**
 * The signed-in page: the top bar, the sidebar, the notice, and the screen the route names. It
 * reads the workspace (what the account may see and do) once, and gives it to the screens.
 */
import { html, useCallback, useEffect, useMemo, useState } from './lib/preact.js';
import { leave } from './lib/leaving.js';
import { useRoute } from './lib/router.js';
import { hrefOf, placeOf } from './lib/routes.js';
import { chooseLanguage, strings } from './lib/strings.js';
import { useTitle } from './lib/title.js';
import { loadWorkspace, Workspace } from './lib/workspace.js';
import { ContentHome } from './screens/content/content-home.js';
import { ContentNav } from './screens/content/content-nav.js';
import { ContentScreen } from './screens/content/content-screen.js';
import { SettingsScreen, settingsLinks } from './screens/settings/settings-screen.js';
import { NavGroup, Sidebar, SkipLink, Topbar } from './ui/layout.js';
import { lazy } from './ui/lazy.js';
import { LeaveGuard } from './ui/leave-guard.js';
import { LoadError } from './ui/load-error.js';
import { Notice } from './ui/notice.js';

// Success notices fade; errors stay until dismissed or replaced.
const NOTICE_MS = 8000;
/** Who may open the media library. */
const MEDIA_ACTION = 'plugin::upload.content-api.find';

// The media library loads when first opened, as the field that picks from it does.
const MediaScreen = lazy(() => import('./screens/media/media-screen.js').then((module) => module.MediaScreen));

/**
 * @typedef {import('./lib/routes.js').Route} Route
 * @typedef {import('./lib/workspace.js').WorkspaceValue} WorkspaceValue
 * @typedef {import('./ui/notice.js').NoticeValue} NoticeValue
 * @typedef {{ phase: 'loading' } | { phase: 'ready', workspace: Omit<WorkspaceValue, 'notify' | 'reload'> }
 *   | { phase: 'error', error: Error }} Setup
 */

/** An address no screen knows, or the media library for an account that may not open it. */
function NoScreen() {
  const t = strings.page;
  useTitle(t.notFound);
  return html`<h1 id="view-title">${t.notFound}</h1><p>${t.noSuchPage}</p>`;
}

/**
 * The screen the route names.
 * @param {{ route: Route, workspace: WorkspaceValue }} props
 */
function Screen({ route, workspace }) {
  if (route.screen === 'home') return html`<${ContentHome} types=${workspace.types} />`;
  if (route.screen === 'content') return html`<${ContentScreen} route=${route} workspace=${workspace} />`;
  if (route.screen === 'settings') return html`<${SettingsScreen} route=${route} workspace=${workspace} />`;
  if (route.screen === 'media' && workspace.permissions.has(MEDIA_ACTION)) {
    return html`<${MediaScreen} route=${route} workspace=${workspace} />`;
  }
  return html`<${NoScreen} />`;
}

/**
 * The sidebar: the content types, the media library and the settings, as far as the account may use them.
 * @param {{ route: Route, workspace: WorkspaceValue }} props
 */
function Navigation({ route, workspace }) {
  const t = strings.nav;
  const currentType = route.screen === 'content' ? route.path[0] : undefined;
  const media = workspace.permissions.has(MEDIA_ACTION)
    ? [{ href: hrefOf({ screen: 'media' }), label: t.media, test: 'nav-media', current: route.screen === 'media' }]
    : [];
  const settings = settingsLinks(workspace.permissions, route.screen === 'settings' ? route.path[0] : undefined);
  return html`<${Sidebar} label=${t.label}>
    <${ContentNav} types=${workspace.types} current=${currentType} />
    <${NavGroup} title=${t.library} links=${media} />
    <${NavGroup} title=${t.settings} links=${settings} />
  </${Sidebar}>`;
}

/**
 * @typedef {object} ShellProps
 * @property {{ user?: { id?: number, username?: string, email?: string } }} session
 * @property {() => void} onSignOut
 */

/**
 * The workspace being read (`setup`), and a notice shown on the view it is about.
 * @param {ShellProps} props
 */
export function Shell({ session, onSignOut }) {
  const route = useRoute();
  const [setup, setSetup] = useState(/** @type {Setup} */ ({ phase: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState(/** @type {NoticeValue | null} */ (null));
  // A notice belongs to the view it is about (`place`: by default the one showing), and shows there only.
  const notify = useCallback(
    (kind, text, place = location.hash) => setNotice({ kind, text, place: placeOf(place) }),
    [],
  );

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
  const place = hrefOf(route);
  useEffect(() => setNotice((shown) => (shown && shown.place === place ? shown : null)), [place]);
  const shownNotice = notice && notice.place === place ? notice : null;

  // Read again after a settings change the screens depend on (the locales); a failure is the caller's to say.
  const reload = useCallback(() => loadWorkspace().then((workspace) => setSetup({ phase: 'ready', workspace })), []);

  /** @type {WorkspaceValue | null} */
  const workspace = useMemo(
    () => (setup.phase === 'ready' ? { ...setup.workspace, notify, reload } : null),
    [setup, notify, reload],
  );
  const who = session.user?.username ?? session.user?.email ?? '';

  return html`<div class="shell">
    <${LeaveGuard} />
    <${SkipLink} />
    <${Topbar} who=${who} onLanguage=${(code) => leave(() => chooseLanguage(code))} onSignOut=${() => leave(onSignOut)} />
    <div class="layout">
      ${workspace && html`<${Navigation} route=${route} workspace=${workspace} />`}
      <main id="main" tabindex="-1">
        <${Notice} notice=${shownNotice} onDismiss=${() => setNotice(null)} />
        ${setup.phase === 'loading' && html`<p class="muted">${strings.page.loading}</p>`}
        ${setup.phase === 'error'
          && html`<${LoadError} error=${setup.error} onRetry=${() => setAttempt(attempt + 1)} />`}
        ${workspace &&
        html`<${Workspace.Provider} value=${workspace}>
          <${Screen} route=${route} workspace=${workspace} />
        </${Workspace.Provider}>`}
      </main>
    </div>
  </div>`;
}
