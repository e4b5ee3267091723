/**
 * Choosing a password from an invitation's or a reset email's link (`#/reset-password?code=…`):
 * the new password twice. The code works once, within an hour; a refused one is said plainly, with
 * what to do. Once the password is set, the sign-in form shows, for signing in with it.
 */
import { ApiError, request } from '../../lib/api.js';
import { html, useState } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { formErrors, TextField } from '../../ui/form-field.js';

/**
 * @typedef {object} ResetPasswordProps
 * @property {string} code The link's, '' when it has none.
 * @property {(message: string) => void} onDone Shows the sign-in form, saying `message`.
 */

/**
 * A refusal that names no field is about the code (`Incorrect code provided`): the server's words,
 * and why it may be so.
 * @param {Error} error
 */
const aboutTheCode = (error) => error instanceof ApiError && error.status === 400 && error.fieldErrors.length === 0;

/** @param {ResetPasswordProps} props */
export function ResetPasswordScreen({ code, onDone }) {
  const t = strings.resetPassword;
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [refusal, setRefusal] = useState(code ? null : { message: t.noCode, code: false });
  const [busy, setBusy] = useState(false);
  useTitle(t.title);

  async function submit(event) {
    event.preventDefault();
    setRefusal(null);
    // The server would refuse it too, in words that name its fields.
    if (password !== confirmation) {
      setErrors({ passwordConfirmation: t.mismatch });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await request('POST', '/auth/reset-password', { body: { code, password, passwordConfirmation: confirmation } });
      onDone(t.done);
    } catch (error) {
      const found = formErrors(error, ['password', 'passwordConfirmation']);
      setErrors(found.fields);
      if (found.general) setRefusal({ message: found.general, code: aboutTheCode(error) });
      setBusy(false);
    }
  }

  return html`<main class="signin">
    <form class="card" data-test="reset-password-form" aria-labelledby="reset-title" onSubmit=${submit} noValidate>
      <h1 id="reset-title">${t.title}</h1>
      <p class="muted">${t.lead}</p>
      <${TextField} id="reset-new-password" type="password" label=${t.password} value=${password} onInput=${setPassword}
        error=${errors.password} autocomplete="new-password" required disabled=${!code} />
      <${TextField} id="reset-confirmation" type="password" label=${t.confirmation} value=${confirmation}
        onInput=${setConfirmation} error=${errors.passwordConfirmation} autocomplete="new-password" required
        disabled=${!code} />
      ${refusal && html`<div class="field-error" role="alert" data-test="reset-error">
        <p>${refusal.message}</p>
        ${refusal.code && html`<p>${t.refused}</p>`}
      </div>`}
      <button type="submit" class="primary wide" data-test="reset-submit" disabled=${busy || !code}>
        ${busy ? t.busy : t.submit}
      </button>
      <p class="reset-sign-in"><a href="#/" data-test="reset-sign-in">${t.signIn}</a></p>
    </form>
  </main>`;
}
