/**
 * The Users screen (`#/settings/users?q=…&sort=…&page=…`): the accounts, ten a page, searched and
 * sorted, with what the account's role lets it do to them: create one, invite one by email, block
 * and unblock, change a role, delete. The list's state lives in the hash, as a content list's does.
 */
import { currentSession } from '../../../lib/api.js';
import { html, useEffect, useState } from '../../../lib/preact.js';
import { navigate } from '../../../lib/router.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { ConfirmDelete } from '../../../ui/dialog.js';
import { LoadError } from '../../../ui/load-error.js';
import { Pager } from '../../../ui/pager.js';
import { SortHeader } from '../../../ui/sort-header.js';
import { CreateUserDialog, InviteUserDialog } from './user-dialogs.js';
import { UserRow } from './user-row.js';
import { deleteUser, loadRoles, loadUsers, PAGE_SIZE, userRights, usersHref, usersParams } from './users-data.js';

/**
 * @typedef {import('./users-data.js').User} User
 * @typedef {import('./users-data.js').Role} Role
 * @typedef {{ phase: 'loading' | 'ready' | 'error', page: import('./users-data.js').UsersPage, error?: Error }}
 *   UsersState
 * @typedef {null | { kind: 'create' } | { kind: 'invite' } | { kind: 'delete', user: User }} Open The dialog open.
 */

/** @param {{ q: string, onSearch: (q: string) => void }} props */
function UserSearch({ q, onSearch }) {
  const t = strings.users;
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const submit = (event) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return html`<div class="filters">
    <form class="search" role="search" onSubmit=${submit}>
      <label for="users-search">${t.search}</label>
      <div class="inline">
        <input id="users-search" type="search" data-test="users-search" value=${text}
          onInput=${(event) => setText(event.currentTarget.value)} />
        <button type="submit" data-test="users-search-submit">${t.searchButton}</button>
      </div>
    </form>
  </div>`;
}

/**
 * @typedef {import('../../../lib/workspace.js').Notify} Notify
 * @param {{ user: User, onDone: () => void, onCancel: () => void, notify: Notify }} props
 */
function DeleteQuestion({ user, onDone, onCancel, notify }) {
  const t = strings.users;
  return html`<${ConfirmDelete} name="user" title=${t.deleteTitle(user.username)} text=${t.deleteText}
    label=${t.delete} run=${() => deleteUser(user.id)} done=${t.deleted(user.username)} notify=${notify}
    onDone=${onDone} onCancel=${onCancel} />`;
}

/**
 * @typedef {{ route: import('../../../lib/routes.js').Route,
 *   workspace: import('../../../lib/workspace.js').WorkspaceValue }} UsersScreenProps
 * @param {UsersScreenProps} props
 */
export function UsersScreen({ route, workspace }) {
  const t = strings.users;
  const rights = userRights(workspace.permissions);
  const params = usersParams(route.query);
  const key = JSON.stringify(params);
  const empty = { users: [], more: false, total: null };
  const [state, setState] = useState(/** @type {UsersState} */ ({ phase: 'loading', page: empty }));
  const [roles, setRoles] = useState(/** @type {Role[] | null} */ (null));
  const [open, setOpen] = useState(/** @type {Open} */ (null));
  const [attempt, setAttempt] = useState(0);
  useTitle(t.title);

  useEffect(() => {
    let current = true;
    setState((shown) => ({ ...shown, phase: 'loading' }));
    loadUsers(params, rights).then(
      (page) => current && setState({ phase: 'ready', page }),
      (error) => current && setState({ phase: 'error', page: empty, error }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  useEffect(() => {
    if (rights.roles) loadRoles().then(setRoles, () => setRoles(null));
  }, []);

  const reload = () => setAttempt((count) => count + 1);
  const go = (changes) => navigate(usersHref({ ...params, page: 1, ...changes }));
  const changed = (user) => setState((shown) => ({
    ...shown,
    page: { ...shown.page, users: shown.page.users.map((row) => (row.id === user.id ? user : row)) },
  }));
  const close = () => setOpen(null);
  const ask = (user) => setOpen({ kind: 'delete', user });
  // The last row of a page gone, the page before it shows.
  const deleted = () => {
    close();
    if (state.page.users.length === 1 && params.page > 1) go({ page: params.page - 1 });
    else reload();
  };
  /** @param {(user: User) => string} say */
  const made = (say) => (user) => {
    close();
    workspace.notify('success', say(user));
    reload();
  };
  const self = currentSession()?.user?.id;
  const { page } = state;
  const { total } = page;
  const pageCount = total === null ? null : Math.max(1, Math.ceil(total / PAGE_SIZE));
  const lastPage = pageCount ?? (page.more ? params.page + 1 : params.page);

  return html`<section class="accounts" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${t.title}</h1>
      ${rights.create && html`<div class="inline push-end">
        <button type="button" data-test="invite-user" onClick=${() => setOpen({ kind: 'invite' })}>${t.invite}</button>
        <button type="button" class="primary" data-test="create-user"
          onClick=${() => setOpen({ kind: 'create' })}>${t.create}</button>
      </div>`}
    </header>
    <p class="muted">${t.lead}</p>
    <${UserSearch} q=${params.q} onSearch=${(q) => go({ q })} />

    ${state.phase === 'error' && html`<${LoadError} error=${state.error} onRetry=${reload} />`}
    ${state.phase !== 'error' && html`<div class="table-wrap" aria-busy=${state.phase === 'loading' ? 'true' : 'false'}>
      <table data-test="users">
        <caption class="visually-hidden">${t.caption}</caption>
        <thead>
          <tr>
            <${SortHeader} field="username" label=${t.username} sort=${params.sort} onSort=${(sort) => go({ sort })} />
            <${SortHeader} field="email" label=${t.email} sort=${params.sort} onSort=${(sort) => go({ sort })} />
            ${rights.roles && html`<th scope="col">${t.role}</th>`}
            <th scope="col">${t.state}</th>
            ${(rights.update || rights.destroy)
              && html`<th scope="col"><span class="visually-hidden">${t.actions}</span></th>`}
          </tr>
        </thead>
        <tbody>
          ${page.users.map((user) => html`<${UserRow} key=${user.id} user=${user} roles=${roles ?? []} rights=${rights}
            self=${user.id === self} onChanged=${changed} onDelete=${ask} />`)}
        </tbody>
      </table>
      ${state.phase === 'loading' && page.users.length === 0
        && html`<p class="muted empty">${strings.page.loading}</p>`}
      ${state.phase === 'ready' && page.users.length === 0
        && html`<p class="muted empty" data-test="users-empty">${params.q ? t.noMatch : t.noUsers}</p>`}
    </div>
    <${Pager} page=${params.page} pageCount=${lastPage} onPage=${(number) => go({ page: number })}
      info=${t.pageInfo(params.page, pageCount, total)} />`}

    ${open?.kind === 'create' && html`<${CreateUserDialog} roles=${roles} onCancel=${close}
      onDone=${made((user) => t.created(user.username))} />`}
    ${open?.kind === 'invite' && html`<${InviteUserDialog} roles=${roles} onCancel=${close}
      onDone=${made((user) => t.invited(user.email))} />`}
    ${open?.kind === 'delete' && html`<${DeleteQuestion} user=${open.user} notify=${workspace.notify} onCancel=${close}
      onDone=${deleted} />`}
  </section>`;
}
