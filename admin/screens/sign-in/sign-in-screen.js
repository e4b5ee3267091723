/**
 * The sign-in form: an account's email or username and its password, and the page's language; or,
 * for one who forgot the password, the form that asks for a link to choose another. The page's
 * first screen, and the one a session that ended comes back to (with `message` saying why).
 */
import { html, useState } from '../../lib/preact.js';
import * as api from '../../lib/api.js';
import { chooseLanguage, strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { LanguageMenu } from '../../ui/language-menu.js';
import { ForgotPassword } from './forgot-password.js';

/**
 * @typedef {object} SignInScreenProps
 * @property {string} message Why the editor is here again (signed out, session ended), or ''.
 * @property {(session: object) => void} onSignedIn
 * @property {() => void} [onSigningIn] Called as the form is sent, to prepare what comes next meanwhile.
 */

/** @param {SignInScreenProps} props */
export function SignInScreen({ message, onSignedIn, onSigningIn }) {
  const t = strings.signIn;
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  useTitle(forgot ? t.forgotTitle : t.title);

  async function submit(event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    onSigningIn?.();
    try {
      onSignedIn(await api.signIn(identifier.trim(), password));
    } catch (failure) {
      setError(failure.message);
      setBusy(false);
    }
  }

  if (forgot) {
    return html`<main class="signin"><${ForgotPassword} identifier=${identifier} onBack=${() => setForgot(false)} /></main>`;
  }
  return html`<main class="signin">
    <form class="card" data-test="signin" aria-labelledby="signin-title" onSubmit=${submit}>
      <div class="signin-head">
        <h1 id="signin-title">${strings.page.brand}</h1>
        <${LanguageMenu} onChoose=${chooseLanguage} />
      </div>
      <p class="muted">${t.lead}</p>
      ${message && !error && html`<p class="info" role="status">${message}</p>`}
      <div class="field">
        <label for="signin-identifier">${t.identifier}</label>
        <input id="signin-identifier" data-test="signin-identifier" autocomplete="username" required
          value=${identifier} onInput=${(event) => setIdentifier(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="signin-password">${t.password}</label>
        <input id="signin-password" type="password" data-test="signin-password" autocomplete="current-password" required
          value=${password} onInput=${(event) => setPassword(event.currentTarget.value)} />
      </div>
      ${error && html`<p class="field-error" role="alert" data-test="signin-error">${error}</p>`}
      <button type="submit" class="primary wide" data-test="signin-submit" disabled=${busy}>
        ${busy ? t.busy : t.submit}
      </button>
      <button type="button" class="link" data-test="forgot-open" onClick=${() => setForgot(true)}>${t.forgot}</button>
    </form>
  </main>`;
}
