/**
 * The settings screen (`#/settings/<name>/…`): the one its name says, when the account may use it;
 * `#/settings` alone opens the first the account may.
 */
import { html } from '../../lib/preact.js';
import { hrefOf } from '../../lib/routes.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { SETTINGS_SCREENS, settingsFor } from './settings-screens.js';

/** @param {{ text: string }} props */
function Refused({ text }) {
  useTitle(strings.nav.settings);
  return html`<h1 id="view-title">${strings.nav.settings}</h1><p data-test="settings-refused">${text}</p>`;
}

/**
 * @typedef {object} SettingsScreenProps
 * @property {import('../../lib/routes.js').Route} route Its path: the screen's name, then the screen's own.
 * @property {import('../../lib/workspace.js').WorkspaceValue} workspace
 */

/** @param {SettingsScreenProps} props */
export function SettingsScreen({ route, workspace }) {
  const [name] = route.path;
  const allowed = settingsFor(workspace.permissions);
  if (!name) {
    const [first] = allowed;
    if (!first) return html`<${Refused} text=${strings.nav.noSettings} />`;
    return html`<${first.Screen} route=${{ ...route, path: [first.name] }} workspace=${workspace} />`;
  }
  const screen = SETTINGS_SCREENS.find((candidate) => candidate.name === name);
  if (!screen) return html`<${Refused} text=${strings.page.noSuchPage} />`;
  if (!allowed.includes(screen)) return html`<${Refused} text=${strings.nav.mayNot(screen.title())} />`;
  return html`<${screen.Screen} key=${screen.name} route=${route} workspace=${workspace} />`;
}

/**
 * The sidebar's links to the settings screens the account may use.
 * @param {Set<string>} permissions
 * @param {string | undefined} current The name of the one showing.
 */
export const settingsLinks = (permissions, current) => settingsFor(permissions).map((screen) => ({
  href: hrefOf({ screen: 'settings', path: [screen.name] }),
  label: screen.title(),
  test: `settings-${screen.name}`,
  current: screen.name === current,
}));
