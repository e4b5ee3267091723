/**
 * The roles, each with its number of users: a link to each role's page, Create a role, and Delete
 * (after a question) for a role that is not one of the plugin's own, nor the account's own (deleting
 * it would take from the account the right to be here).
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { ConfirmDelete } from '../../../ui/dialog.js';
import { LoadError } from '../../../ui/load-error.js';
import { deleteRole, isBuiltIn, listRoles, ownRoleId, rolesHref } from './roles-data.js';

/**
 * @typedef {import('./roles-data.js').Role} Role
 * @typedef {{ phase: 'loading' } | { phase: 'ready', roles: Role[] } | { phase: 'error', error: Error }} RolesState
 * @typedef {object} RolesListProps
 * @property {import('./roles-data.js').RoleRights} rights
 * @property {import('../../../lib/workspace.js').Notify} notify
 */

/**
 * @param {{ role: Role, onDone: () => void, onCancel: () => void, notify: RolesListProps['notify'] }} props
 */
function DeleteQuestion({ role, onDone, onCancel, notify }) {
  const t = strings.roles;
  return html`<${ConfirmDelete} name="role" title=${t.deleteTitle(role.name)} text=${t.deleteText(role.nb_users ?? 0)}
    label=${t.delete} run=${() => deleteRole(role.id)} done=${t.deleted(role.name)} notify=${notify}
    onDone=${onDone} onCancel=${onCancel} />`;
}

/** @param {RolesListProps} props */
export function RolesList({ rights, notify }) {
  const t = strings.roles;
  const [state, setState] = useState(/** @type {RolesState} */ ({ phase: 'loading' }));
  const [deleting, setDeleting] = useState(/** @type {Role | null} */ (null));
  const [attempt, setAttempt] = useState(0);
  const [own, setOwn] = useState(/** @type {number | null} */ (null));
  useTitle(t.title);
  useEffect(() => {
    ownRoleId().then(setOwn);
  }, []);

  useEffect(() => {
    let current = true;
    listRoles().then(
      (roles) => current && setState({ phase: 'ready', roles }),
      (error) => current && setState({ phase: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const reload = () => setAttempt(attempt + 1);
  const name = (role) => (rights.open ? html`<a href=${rolesHref(role.id)}>${role.name}</a>` : role.name);
  const mayDelete = (role) => rights.remove && !isBuiltIn(role) && role.id !== own;

  return html`<section class="accounts" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${t.title}</h1>
      ${rights.create
        && html`<a class="button primary" href=${rolesHref('new')} data-test="create-role">${t.create}</a>`}
    </header>
    <p class="muted">${t.lead}</p>
    ${state.phase === 'loading' && html`<p class="muted">${strings.page.loading}</p>`}
    ${state.phase === 'error' && html`<${LoadError} error=${state.error} onRetry=${reload} />`}
    ${state.phase === 'ready' && html`<div class="table-wrap">
      <table data-test="roles">
        <caption class="visually-hidden">${t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">${t.name}</th>
            <th scope="col">${t.description}</th>
            <th scope="col" class="col-count">${t.users}</th>
            ${rights.remove && html`<th scope="col"><span class="visually-hidden">${t.actions}</span></th>`}
          </tr>
        </thead>
        <tbody>
          ${state.roles.map((role) => html`<tr key=${role.id} data-test=${`role-${role.type}`}>
            <td class="role-name">${name(role)}${role.id === own && html` <span class="muted">(${t.yours})</span>`}</td>
            <td class="muted">${role.description}</td>
            <td class="col-count" data-test="role-users">${t.usersCount(role.nb_users ?? 0)}</td>
            ${rights.remove && html`<td class="row-actions">
              ${mayDelete(role) && html`<button type="button" class="danger-outline" data-test="delete-role"
                aria-label=${t.deleteNamed(role.name)} onClick=${() => setDeleting(role)}>${t.delete}</button>`}
            </td>`}
          </tr>`)}
        </tbody>
      </table>
      ${state.roles.length === 0 && html`<p class="muted empty">${t.noRoles}</p>`}
    </div>`}
    ${deleting && html`<${DeleteQuestion} role=${deleting} notify=${notify} onCancel=${() => setDeleting(null)}
      onDone=${() => {
        setDeleting(null);
        reload();
      }} />`}
  </section>`;
}
