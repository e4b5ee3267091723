/**
 * What every screen needs once signed in, read once after signing in (`loadWorkspace`) and given
 * to the screens through the `Workspace` context.
 */
import { createContext } from './preact.js';
import * as api from './api.js';
import { strings } from './strings.js';

/**
 * What every screen needs once signed in: a notice (`notify`) shows on the view at `place` (a
 * route's hash; by default the one showing) and goes when another view is shown; `reload` reads it
 * again, after a change of what it holds (the locales), and resolves once the new one is given.
 * @typedef {{ types: ContentType[], components: Map<string, Component>, locales: Locale[], defaultLocale: string,
 *   permissions: Set<string>, notify: Notify, reload: () => Promise<void> }} WorkspaceValue
 * @typedef {(kind: 'success' | 'info' | 'error', text: string, place?: string) => void} Notify
 * @typedef {import('./schema.js').ContentType} ContentType
 * @typedef {import('./schema.js').Component} Component
 * @typedef {import('./schema.js').Locale} Locale
 */

/**
 * The signed-in page's `WorkspaceValue`. Screens are shown under its Provider only, so they never
 * read the `null` it holds outside one.
 * @type {import('./preact.js').Context<WorkspaceValue>}
 */
export const Workspace = createContext(/** @type {any} */ (null));

/** A 403 on what the page needs to start says which right is missing, not just "Forbidden". */
const needed = (what) => (error) => {
  if (error.status === 403) error.message = strings.workspace.mayNotRead(what);
  throw error;
};

/**
 * What the signed-in user may see and do: their permissions, the content types they may read (by
 * name), the components and the locales.
 * @returns {Promise<Omit<WorkspaceValue, 'notify' | 'reload'>>}
 */
export async function loadWorkspace() {
  const t = strings.workspace;
  const [permissions, types, components, locales] = await Promise.all([
    api.request('GET', '/users/me/permissions').catch(needed(t.ownPermissions)),
    api.request('GET', '/content-type-builder/content-types').catch(needed(t.contentTypes)),
    // Used for summaries only: the page works without them.
    api.request('GET', '/content-type-builder/components').catch(() => ({ data: [] })),
    api.request('GET', '/i18n/locales').catch(() => []),
  ]);
  /** @type {Set<string>} */
  const held = new Set(permissions.data);
  /** @type {ContentType[]} */
  const readable = types.data
    .filter((type) => type.uid.startsWith('api::') && held.has(`${type.uid}.find`))
    .sort((a, b) => a.schema.displayName.localeCompare(b.schema.displayName));
  /** @type {Locale[]} */
  const localeList = Array.isArray(locales) ? locales : locales.data ?? [];
  return {
    permissions: held,
    types: readable,
    components: new Map(components.data.map((component) => [component.uid, component])),
    locales: localeList,
    defaultLocale: localeList.find((locale) => locale.isDefault)?.code ?? localeList[0]?.code ?? '',
  };
}
