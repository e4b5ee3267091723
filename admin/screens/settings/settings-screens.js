/**
 * The settings screens (`#/settings/<name>`), each shown to an account whose role holds one of the
 * actions it `needs` (the server refuses the rest anyway), and loaded when first opened.
 */
import { strings } from '../../lib/strings.js';
import { lazy } from '../../ui/lazy.js';

/**
 * A settings screen: its `name` in the address, its title in the sidebar, the actions of which the
 * account needs one, and the component (given the route and the workspace, as every screen is).
 * @typedef {object} SettingsScreenEntry
 * @property {string} name
 * @property {() => string} title
 * @property {string[]} needs
 * @property {import('../../ui/lazy.js').Lazy} Screen
 */

const locales = (actions) => actions.map((action) => `plugin::i18n.locales.${action}`);

/** @type {SettingsScreenEntry[]} */
export const SETTINGS_SCREENS = [
  {
    name: 'users',
    title: () => strings.nav.users,
    needs: ['plugin::users-permissions.user.find'],
    Screen: lazy(() => import('./users/users-screen.js').then((module) => module.UsersScreen)),
  },
  {
    name: 'roles',
    title: () => strings.nav.roles,
    needs: ['plugin::users-permissions.role.find'],
    Screen: lazy(() => import('./roles/roles-screen.js').then((module) => module.RolesScreen)),
  },
  {
    name: 'api-tokens',
    title: () => strings.nav.apiTokens,
    needs: ['admin::api-tokens.read'],
    Screen: lazy(() => import('./api-tokens/api-tokens-screen.js').then((module) => module.ApiTokensScreen)),
  },
  {
    name: 'webhooks',
    title: () => strings.nav.webhooks,
    needs: ['admin::webhooks.read'],
    Screen: lazy(() => import('./webhooks/webhooks-screen.js').then((module) => module.WebhooksScreen)),
  },
  {
    name: 'locales',
    title: () => strings.nav.locales,
    needs: locales(['create', 'update', 'delete']),
    Screen: lazy(() => import('./locales/locales-screen.js').then((module) => module.LocalesScreen)),
  },
];

/**
 * The settings screens an account holding `permissions` may use.
 * @param {Set<string>} permissions
 */
export const settingsFor = (permissions) => SETTINGS_SCREENS.filter((screen) => screen.needs.some((action) => permissions.has(action)));
