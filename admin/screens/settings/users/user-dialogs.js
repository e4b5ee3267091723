/**
 * The dialogs of the Users screen that make an account: Create (username, email, password, role,
 * whether confirmed or blocked) and Invite (an email and a role: the server makes the account and
 * mails its holder a link to choose the password). A refusal is said at the field it names.
 */
import { html } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { Dialog } from '../../../ui/dialog.js';
import { CheckField, SelectField, TextField, useForm } from '../../../ui/form-field.js';
import { createUser, inviteUser } from './users-data.js';

/**
 * @typedef {import('./users-data.js').User} User
 * @typedef {import('./users-data.js').Role} Role
 * @typedef {object} UserDialogProps
 * @property {Role[] | null} roles The roles to choose from, `null` for an account that may not list
 *   them (the server then gives its default role).
 * @property {(user: User) => void} onDone The account made.
 * @property {() => void} onCancel
 */

/** `{ role: <id> }` when one was chosen, nothing for the server's default. */
const roleOf = (value) => (value ? { role: Number(value) } : {});

/**
 * The role picker of a dialog, when the roles can be listed.
 * @param {{ id: string, roles: Role[] | null, value: string, error?: string, onChange: (value: string) => void }} props
 */
function RoleField({ id, roles, value, error, onChange }) {
  if (!roles) return null;
  const options = [{ value: '', label: strings.userForm.defaultRole }]
    .concat(roles.map((role) => ({ value: String(role.id), label: role.name })));
  return html`<${SelectField} id=${id} label=${strings.userForm.role} value=${value} options=${options}
    error=${error} onChange=${onChange} />`;
}

/**
 * What ends both dialogs: the refusal that names no field, then the buttons.
 * @typedef {{ general: string, busy: boolean, label: string, busyLabel: string, test: string,
 *   onCancel: () => void }} DialogEndProps
 * @param {DialogEndProps} props
 */
function DialogEnd({ general, busy, label, busyLabel, test, onCancel }) {
  return html`
    ${general && html`<p class="field-error" role="alert" data-test="user-form-error">${general}</p>`}
    <div class="dialog-actions">
      <button type="submit" class="primary" data-test=${test} disabled=${busy}>${busy ? busyLabel : label}</button>
      <button type="button" data-test="cancel-user-form" onClick=${onCancel}>${strings.actions.cancel}</button>
    </div>`;
}

/** @param {UserDialogProps} props */
export function CreateUserDialog({ roles, onDone, onCancel }) {
  const t = strings.userForm;
  const initial = { username: '', email: '', password: '', role: '', confirmed: true, blocked: false };
  const write = ({ role, ...values }) => createUser({ ...values, username: values.username.trim(), ...roleOf(role) });
  const { values, errors: { fields: errors, general }, busy, change, submit } = useForm(initial, { fields: Object.keys(initial), save: write, onSaved: onDone });
  const set = (name) => (value) => change({ [name]: value });
  return html`<${Dialog} labelId="create-user-title" test="create-user-dialog" onCancel=${onCancel}>
    <form class="account-form" onSubmit=${submit} noValidate>
      <h2 id="create-user-title">${t.createTitle}</h2>
      <${TextField} id="user-username" label=${t.username} value=${values.username} onInput=${set('username')}
        error=${errors.username} autocomplete="off" required autofocus />
      <${TextField} id="user-email" type="email" label=${t.email} value=${values.email} onInput=${set('email')}
        error=${errors.email} autocomplete="off" required />
      <${TextField} id="user-password" type="password" label=${t.password} value=${values.password}
        onInput=${set('password')} error=${errors.password} autocomplete="new-password" required />
      <${RoleField} id="user-role" roles=${roles} value=${values.role} error=${errors.role} onChange=${set('role')} />
      <${CheckField} id="user-confirmed" label=${t.confirmed} checked=${values.confirmed}
        onChange=${set('confirmed')} error=${errors.confirmed} />
      <${CheckField} id="user-blocked" label=${t.blocked} checked=${values.blocked}
        onChange=${set('blocked')} error=${errors.blocked} />
      <${DialogEnd} general=${general} busy=${busy} label=${t.create} busyLabel=${t.creating} test="create-user-submit"
        onCancel=${onCancel} />
    </form>
  </${Dialog}>`;
}

/** @param {UserDialogProps} props */
export function InviteUserDialog({ roles, onDone, onCancel }) {
  const t = strings.userForm;
  const write = ({ email, role }) => inviteUser({ email: email.trim(), ...roleOf(role) });
  const initial = { email: '', role: '' };
  const { values, errors: { fields: errors, general }, busy, change, submit } = useForm(initial, { fields: Object.keys(initial), save: write, onSaved: onDone });
  const set = (name) => (value) => change({ [name]: value });
  return html`<${Dialog} labelId="invite-user-title" describedBy="invite-user-lead" test="invite-user-dialog"
    onCancel=${onCancel}>
    <form class="account-form" onSubmit=${submit} noValidate>
      <h2 id="invite-user-title">${t.inviteTitle}</h2>
      <p class="muted" id="invite-user-lead">${t.inviteLead}</p>
      <${TextField} id="invite-email" type="email" label=${t.email} value=${values.email} onInput=${set('email')}
        error=${errors.email} autocomplete="off" required autofocus />
      <${RoleField} id="invite-role" roles=${roles} value=${values.role} error=${errors.role} onChange=${set('role')} />
      <${DialogEnd} general=${general} busy=${busy} label=${t.send} busyLabel=${t.sending} test="invite-user-submit"
        onCancel=${onCancel} />
    </form>
  </${Dialog}>`;
}
