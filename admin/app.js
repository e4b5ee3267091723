/**
 * The editors' page: sign in, then the signed-in page (shell.js: the content types the account may
 * read, their entries and forms). Plain ES modules with no build step; `vendor/preact-htm.js` is
 * htm's Preact bundle, which the server serves from npm. The sign-in form is all a first visit
 * loads: the signed-in page is imported once there is a session, or one is being asked for.
 */
import { html, render, useEffect, useState } from './lib/preact.js';
import * as api from './lib/api.js';
import { keepForLater } from './lib/leaving.js';
import { upgradeAddress } from './lib/router.js';
import { strings } from './lib/strings.js';
import { SignInScreen } from './screens/sign-in/sign-in-screen.js';
import { lazy } from './ui/lazy.js';

/** The signed-in page, imported once there is a session or one is being asked for. */
const Shell = lazy(() => import('./shell.js').then((module) => module.Shell), {
  loading: () => html`<p class="boot">${strings.page.loading}</p>`,
});

/** The session, kept by api.js: the sign-in form without one, the signed-in page with one. */
function App() {
  const t = strings.signIn;
  const [session, setSession] = useState(api.currentSession());
  const [message, setMessage] = useState('');

  const leave = (text) => {
    setMessage(text);
    setSession(null);
  };
  // What a form held unsaved when the session ended is offered back after signing in (screens/content/).
  useEffect(() => api.onSessionEnd((text) => {
    const kept = keepForLater(session?.user);
    leave(kept ? t.sessionEndedKept(text) : text);
  }), [session]);

  const enter = (next) => {
    setMessage('');
    setSession(next);
  };
  if (!session) return html`<${SignInScreen} message=${message} onSignedIn=${enter} onSigningIn=${Shell.preload} />`;
  const signOut = async () => {
    await api.signOut();
    leave(t.signedOut);
  };
  return html`<${Shell} key=${session.user?.id} session=${session} onSignOut=${signOut} />`;
}

// A bookmark of the first version's form (`#/article/<documentId>`) is put in today's at once.
upgradeAddress();
// The container is in index.html.
const root = /** @type {HTMLElement} */ (document.getElementById('app'));
// Preact keeps what it finds in the container: the "Loading…" placeholder goes first.
root.replaceChildren();
render(html`<${App} />`, root);
