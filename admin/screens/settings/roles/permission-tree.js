/**
 * A role's permissions as Strapi's Roles page shows them: a section per API or plugin (the content
 * types', upload, users-permissions…, then the site's settings), and in each a collapsible group
 * per controller, with "Select all" and a checkbox per action.
 */
import { html, useState } from '../../../lib/preact.js';
import { humanize } from '../../../lib/schema.js';
import { strings } from '../../../lib/strings.js';
import { actionId, sectionsOf, withActions } from './permissions.js';

/**
 * @typedef {import('./permissions.js').PermissionTree} PermissionTree
 * @typedef {import('./permissions.js').Section} Section
 * @typedef {object} PermissionTreeProps
 * @property {PermissionTree} tree
 * @property {(tree: PermissionTree) => void} onChange
 * @property {boolean} disabled For an account that may read the role but not change it.
 */

/**
 * @typedef {object} ControllerGroupProps
 * @property {string} type
 * @property {string} controller
 * @property {Record<string, import('./permissions.js').ActionEntry>} actions
 * @property {boolean} disabled
 * @property {(actions: string[], enabled: boolean) => void} onSet
 */

/**
 * One controller: its name and how many of its actions are allowed, a button that shows or hides
 * them, and "Select all" (mixed while some are); closed at first, so the page reads as a list.
 * @param {ControllerGroupProps} props
 */
function ControllerGroup({ type, controller, actions, disabled, onSet }) {
  const t = strings.permissions;
  const [open, setOpen] = useState(false);
  const names = Object.keys(actions);
  const allowed = names.filter((action) => actions[action].enabled).length;
  const place = `${type}.${controller}`;
  const panel = `permissions-${place}`;
  const toggle = `permission-toggle-${place}`;
  return html`<div class="permission-group" data-test=${`permission-group-${place}`}>
    <div class="permission-head">
      <button type="button" class="permission-toggle" id=${toggle} data-test=${toggle}
        aria-expanded=${open ? 'true' : 'false'} aria-controls=${panel} onClick=${() => setOpen(!open)}>
        <span class="permission-caret" aria-hidden="true"></span>
        <span class="permission-name mono">${controller}</span>
        <span class="muted permission-count">${t.allowed(allowed, names.length)}</span>
      </button>
      <label class="permission-all">
        <input type="checkbox" data-test=${`permission-all-${place}`} aria-label=${t.selectAllOf(controller)}
          checked=${allowed === names.length} indeterminate=${allowed > 0 && allowed < names.length}
          disabled=${disabled} onChange=${(event) => onSet(names, event.currentTarget.checked)} />
        <span aria-hidden="true">${t.selectAll}</span>
      </label>
    </div>
    <ul class="permission-actions" id=${panel} role="group" aria-labelledby=${toggle} hidden=${!open}>
      ${names.map((action) => {
        const id = actionId(type, controller, action);
        return html`<li>
          <label title=${id}>
            <input type="checkbox" data-test=${`permission-${id}`} checked=${actions[action].enabled}
              disabled=${disabled} onChange=${(event) => onSet([action], event.currentTarget.checked)} />
            <span>${action}</span>
          </label>
        </li>`;
      })}
    </ul>
  </div>`;
}

/**
 * A section's title: the content type or plugin by name, and what kind it is.
 * @param {Section} section
 */
function titleOf(section) {
  const t = strings.permissions;
  if (section.kind === 'settings') return { title: t.settingsTitle, kind: t.settings };
  return { title: humanize(section.name), kind: section.kind === 'api' ? t.contentType : t.plugin };
}

/** @param {PermissionTreeProps} props */
export function PermissionTree({ tree, onChange, disabled }) {
  return html`<div class="permission-tree" data-test="permission-tree">
    ${sectionsOf(tree).map((section) => {
      const { title, kind } = titleOf(section);
      const heading = `permission-section-${section.type}`;
      return html`<section class="permission-section" aria-labelledby=${heading}
        data-test=${`permission-section-${section.type}`}>
        <h3 id=${heading}>${title} <span class="permission-kind">${kind} · <code>${section.type}</code></span></h3>
        ${section.controllers.map((controller) => html`<${ControllerGroup} key=${controller} type=${section.type}
          controller=${controller} actions=${tree[section.type].controllers[controller]} disabled=${disabled}
          onSet=${(actions, enabled) => onChange(withActions(tree, section.type, controller, actions, enabled))} />`)}
      </section>`;
    })}
  </div>`;
}
