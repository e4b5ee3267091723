/**
 * One role's page (`#/settings/roles/<id>`), or a new role's (`#/settings/roles/new`): its name
 * and description, and its permission tree; Save sends them all. Leaving with unsaved changes asks
 * first, as the entry form does.
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { useUnsavedChanges } from '../../../lib/leaving.js';
import { navigate } from '../../../lib/router.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { formErrors, TextField } from '../../../ui/form-field.js';
import { LoadError } from '../../../ui/load-error.js';
import { PermissionTree } from './permission-tree.js';
import { allowedIds } from './permissions.js';
import { createRole, everyAction, readRole, rolesHref, updateRole } from './roles-data.js';

/**
 * @typedef {{ name: string, description: string, tree: import('./permissions.js').PermissionTree }} RoleValues
 * @typedef {{ phase: 'loading' } | { phase: 'error', error: Error } | { phase: 'absent' }
 *   | { phase: 'ready', type: string, saved: RoleValues }} RoleState
 * @typedef {object} RolePageProps
 * @property {string} id The role's id, or `new`.
 * @property {import('./roles-data.js').RoleRights} rights
 * @property {import('../../../lib/workspace.js').Notify} notify
 */

/**
 * What the page starts from: the role as stored, or for a new one the tree of every action (none
 * when the account may not read it: the role is then made without permissions).
 * @param {string} id
 * @param {import('./roles-data.js').RoleRights} rights
 * @returns {Promise<{ type: string, values: RoleValues }>}
 */
async function loadRole(id, rights) {
  if (id === 'new') {
    const tree = rights.tree ? await everyAction() : {};
    return { type: '', values: { name: '', description: '', tree } };
  }
  const role = await readRole(id);
  const values = { name: role.name, description: role.description ?? '', tree: role.permissions ?? {} };
  return { type: role.type, values };
}

/** Whether two versions of the form differ. */
const differ = (a, b) => a.name !== b.name || a.description !== b.description
  || allowedIds(a.tree).join() !== allowedIds(b.tree).join();

/** @param {RolePageProps} props */
export function RolePage({ id, rights, notify }) {
  const t = strings.roles;
  const creating = id === 'new';
  const [state, setState] = useState(/** @type {RoleState} */ ({ phase: 'loading' }));
  const [values, setValues] = useState(/** @type {RoleValues | null} */ (null));
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [general, setGeneral] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadRole(id, rights).then(
      ({ type, values: loaded }) => {
        if (!current) return;
        setState({ phase: 'ready', type, saved: loaded });
        setValues(loaded);
      },
      (error) => current && setState(error.status === 404 ? { phase: 'absent' } : { phase: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const saved = state.phase === 'ready' ? state.saved : null;
  const dirty = !!saved && !!values && differ(saved, values);
  useUnsavedChanges(dirty && !busy, () => null);
  useTitle(creating ? t.newRole : saved?.name, t.title);
  const writable = creating ? rights.create : rights.update;

  async function save(event) {
    event.preventDefault();
    if (!values) return;
    setBusy(true);
    setErrors({});
    setGeneral('');
    const body = { name: values.name.trim(), description: values.description, permissions: values.tree };
    try {
      if (creating) {
        const made = await createRole(body);
        const place = rolesHref(made?.id ?? '');
        notify('success', t.created(body.name), place);
        navigate(place);
        return;
      }
      await updateRole(id, body);
      notify('success', t.saved(body.name));
      const type = state.phase === 'ready' ? state.type : '';
      setState({ phase: 'ready', type, saved: { ...values, name: body.name } });
    } catch (error) {
      const found = formErrors(error, ['name', 'description']);
      setErrors(found.fields);
      setGeneral(found.general);
    }
    setBusy(false);
  }

  const head = html`<p class="crumbs"><a href=${rolesHref()} data-test="back-to-roles">${t.back}</a></p>`;
  if (state.phase === 'loading' || (state.phase === 'ready' && !values)) {
    return html`${head}<p class="muted">${strings.page.loading}</p>`;
  }
  if (state.phase === 'error') {
    return html`${head}<${LoadError} error=${state.error} onRetry=${() => setAttempt(attempt + 1)} />`;
  }
  if (state.phase === 'absent' || !values) return html`${head}<h1 id="view-title">${t.title}</h1><p>${t.absent}</p>`;

  const set = (name) => (value) => setValues({ ...values, [name]: value });
  return html`${head}<form class="role-form" data-test="role-form" aria-labelledby="view-title" onSubmit=${save}
    noValidate>
    <header class="view-head">
      <h1 id="view-title">${creating ? t.newRole : saved?.name}</h1>
      ${state.type && html`<span class="muted">${t.type(state.type)}</span>`}
      ${writable && html`<div class="inline push-end">
        ${dirty && html`<span class="unsaved" data-test="role-unsaved">${t.unsaved}</span>`}
        <button type="submit" class="primary" data-test="save-role" disabled=${busy}>
          ${busy ? t.saving : t.save}
        </button>
      </div>`}
    </header>
    ${!writable && html`<p class="muted" data-test="role-read-only">${t.readOnly}</p>`}
    ${general && html`<p class="field-error" role="alert" data-test="role-error">${general}</p>`}
    <div class="role-fields">
      <${TextField} id="role-name" label=${t.name} value=${values.name} onInput=${set('name')} error=${errors.name}
        required disabled=${!writable} autocomplete="off" />
      <${TextField} id="role-description" label=${t.description} value=${values.description}
        onInput=${set('description')} error=${errors.description} disabled=${!writable} autocomplete="off" />
    </div>
    <h2 class="role-permissions-title">${t.permissions}</h2>
    ${Object.keys(values.tree).length === 0
      ? html`<p class="muted">${t.noTree}</p>`
      : html`<p class="muted">${t.permissionsLead}</p>
        <${PermissionTree} tree=${values.tree} disabled=${!writable} onChange=${set('tree')} />`}
  </form>`;
}
