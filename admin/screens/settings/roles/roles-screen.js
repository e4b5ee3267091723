/**
 * The Roles screen: the list at `#/settings/roles`, a role's page at `#/settings/roles/<id>`, a
 * new role's at `#/settings/roles/new`, as far as the account's role lets it open them.
 */
import { html } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { RolePage } from './role-page.js';
import { RolesList } from './roles-list.js';
import { roleRights, rolesHref } from './roles-data.js';

/** @param {{ text: string }} props */
function MayNot({ text }) {
  useTitle(strings.roles.title);
  return html`<p class="crumbs"><a href=${rolesHref()}>${strings.roles.back}</a></p>
    <h1 id="view-title">${strings.roles.title}</h1><p data-test="settings-refused">${text}</p>`;
}

/**
 * @typedef {{ route: import('../../../lib/routes.js').Route,
 *   workspace: import('../../../lib/workspace.js').WorkspaceValue }} RolesScreenProps
 * @param {RolesScreenProps} props
 */
export function RolesScreen({ route, workspace }) {
  const rights = roleRights(workspace.permissions);
  const [, id] = route.path;
  if (!id) return html`<${RolesList} rights=${rights} notify=${workspace.notify} />`;
  if (id === 'new' && !rights.create) return html`<${MayNot} text=${strings.roles.mayNotCreate} />`;
  if (id !== 'new' && !rights.open) return html`<${MayNot} text=${strings.roles.mayNotOpen} />`;
  return html`<${RolePage} key=${id} id=${id} rights=${rights} notify=${workspace.notify} />`;
}
