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
import { parseRoute } from './lib/routes.js';
import { language, strings } from './lib/strings.js';
import { SignInScreen } from './screens/sign-in/sign-in-screen.js';
import { lazy } from './ui/lazy.js';

/** The signed-in page, imported once there is a session or one is being asked for. */
const Shell = lazy(() => import('./shell.js').then((module) => module.Shell), {
  loading: () => html`<p class="boot">${strings.page.loading}</p>`,
});

/** Setting a password from an invitation's or a reset email's link (`#/reset-password?code=…`). */
const ResetPasswordScreen = lazy(() => import('./screens/sign-in/reset-password-screen.js').then((module) => module.ResetPasswordScreen));

/** Whether the address is a set-password link, which is shown whether signed in or not. */
const onResetPassword = () => parseRoute(location.hash).screen === 'reset-password';

/**
 * The session, kept by api.js: the sign-in form without one, the signed-in page with one; a
 * set-password link's form either way.
 */
function App() {
  const t = strings.signIn;
  const [session, setSession] = useState(api.currentSession());
  const [message, setMessage] = useState('');
  const [resetting, setResetting] = useState(onResetPassword);
  useEffect(() => {
    const follow = () => setResetting(onResetPassword());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

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
  if (resetting) {
    const done = (text) => {
      setMessage(text);
      location.hash = '#/';
    };
    return html`<${ResetPasswordScreen} code=${parseRoute(location.hash).query.code ?? ''} onDone=${done} />`;
  }
  if (!session) return html`<${SignInScreen} message=${message} onSignedIn=${enter} onSigningIn=${Shell.preload} />`;
  const signOut = async () => {
    await api.signOut();
    leave(t.signedOut);
  };
  return html`<${Shell} key=${session.user?.id} session=${session} onSignOut=${signOut} />`;
}

// A bookmark of the first version's form (`#/article/<documentId>`) is put in today's at once.
upgradeAddress();
document.documentElement.lang = language;
// The container is in index.html.
const root = /** @type {HTMLElement} */ (document.getElementById('app'));
// Preact keeps what it finds in the container: the "Loading…" placeholder goes first.
root.replaceChildren();
render(html`<${App} />`, root);
