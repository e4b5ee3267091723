/**
 * One user in the Users table: who, their role (a picker for an account that may change it), their
 * state, and Block/Unblock and Delete as far as the account may use them.
 */
import { html, useContext, useState } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { Workspace } from '../../../lib/workspace.js';
import { updateUser } from './users-data.js';

/**
 * @typedef {import('./users-data.js').User} User
 * @typedef {import('./users-data.js').Role} Role
 * @typedef {object} UserRowProps
 * @property {User} user
 * @property {Role[]} roles
 * @property {import('./users-data.js').UserRights} rights
 * @property {boolean} self Whether it is the signed-in account, which is offered no action: blocking,
 *   deleting or demoting it would lock its holder out of this screen.
 * @property {(user: User) => void} onChanged The user as the server answered a change.
 * @property {(user: User) => void} onDelete Asks before deleting.
 */

/** @param {{ user: User }} props */
function UserState({ user }) {
  const t = strings.users;
  return html`<span class="account-state">
    ${user.blocked
      ? html`<span class="badge account-blocked" data-test="state-blocked">${t.blocked}</span>`
      : html`<span class="badge account-active" data-test="state-active">${t.active}</span>`}
    ${!user.confirmed
      && html`<span class="badge account-unconfirmed" data-test="state-unconfirmed">${t.unconfirmed}</span>`}
  </span>`;
}

/**
 * The role picker: changing it saves at once, as Block does.
 * @param {{ user: User, roles: Role[], busy: boolean, onChange: (role: Role) => void }} props
 */
function RolePicker({ user, roles, busy, onChange }) {
  const t = strings.users;
  const current = user.role?.id;
  const choose = (event) => {
    const role = roles.find((candidate) => String(candidate.id) === event.currentTarget.value);
    if (role && role.id !== current) onChange(role);
  };
  return html`<select class="account-role" data-test="role" aria-label=${t.roleOf(user.username)}
    value=${current === undefined ? '' : String(current)} disabled=${busy} onChange=${choose}>
    ${current === undefined && html`<option value="" disabled>${t.noRole}</option>`}
    ${roles.map((role) => html`<option value=${String(role.id)}>${role.name}</option>`)}
  </select>`;
}

/** @param {UserRowProps} props */
export function UserRow({ user, roles, rights, self, onChanged, onDelete }) {
  const t = strings.users;
  const { notify } = useContext(Workspace);
  const [busy, setBusy] = useState(false);
  const name = user.username;

  /**
   * @param {{ blocked?: boolean, role?: number }} changes
   * @param {string} done What the notice says once they are made.
   */
  async function change(changes, done) {
    setBusy(true);
    try {
      onChanged(await updateUser(user.id, changes));
      notify('success', done);
    } catch (error) {
      notify('error', error.message);
    } finally {
      setBusy(false);
    }
  }

  const mayChange = rights.update && !self;
  const block = () => change({ blocked: !user.blocked }, user.blocked ? t.unblockedDone(name) : t.blockedDone(name));
  const pickRole = (role) => change({ role: role.id }, t.roleChanged(name, role.name));
  const roleCell = mayChange && roles.length > 0
    ? html`<${RolePicker} user=${user} roles=${roles} busy=${busy} onChange=${pickRole} />`
    : user.role?.name ?? html`<span class="muted">${t.noRole}</span>`;

  return html`<tr data-test=${`user-${name}`}>
    <td class="col-title">${name}${self && html` <span class="muted">(${t.you})</span>`}</td>
    <td class="account-email">${user.email}</td>
    ${rights.roles && html`<td>${roleCell}</td>`}
    <td><${UserState} user=${user} /></td>
    ${(rights.update || rights.destroy) && html`<td class="row-actions">
      ${mayChange && html`<button type="button" data-test=${user.blocked ? 'unblock' : 'block'} disabled=${busy}
        aria-label=${user.blocked ? t.unblockNamed(name) : t.blockNamed(name)} onClick=${block}>
        ${user.blocked ? t.unblock : t.block}
      </button>`}
      ${rights.destroy && !self && html`<button type="button" class="danger-outline" data-test="delete"
        aria-label=${t.deleteNamed(name)} disabled=${busy} onClick=${() => onDelete(user)}>${t.delete}</button>`}
    </td>`}
  </tr>`;
}
