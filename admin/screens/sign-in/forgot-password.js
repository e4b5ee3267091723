/**
 * Asking for a link to choose a new password, from the sign-in form: the server emails one to the
 * address when it has an account, and answers the same either way, so the form says only that an
 * email is on its way if there is such an account.
 */
import { html, useState } from '../../lib/preact.js';
import * as api from '../../lib/api.js';
import { strings } from '../../lib/strings.js';
import { TextField } from '../../ui/form-field.js';

/**
 * @typedef {object} ForgotPasswordProps
 * @property {string} identifier What the sign-in form held: kept when it is an email address.
 * @property {() => void} onBack Back to signing in.
 */

/** @param {ForgotPasswordProps} props */
export function ForgotPassword({ identifier, onBack }) {
  const t = strings.signIn;
  const [email, setEmail] = useState(identifier.includes('@') ? identifier.trim() : '');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await api.request('POST', '/auth/forgot-password', { body: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (failure) {
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return html`<form class="card" data-test="forgot-password" aria-labelledby="forgot-title" onSubmit=${submit} noValidate>
    <h1 id="forgot-title">${t.forgotTitle}</h1>
    ${sentTo
      ? html`<p class="info" role="status" data-test="forgot-sent">${t.forgotSent(sentTo)}</p>`
      : html`<p class="muted">${t.forgotLead}</p>
        <${TextField} id="forgot-email" type="email" label=${t.email} value=${email} onInput=${setEmail}
          autocomplete="email" required autofocus error=${error} />
        <button type="submit" class="primary wide" data-test="forgot-submit" disabled=${busy}>
          ${busy ? t.forgotBusy : t.forgotSubmit}
        </button>`}
    <button type="button" class="link" data-test="forgot-back" onClick=${onBack}>${t.backToSignIn}</button>
  </form>`;
}
