/**
 * The content screen (`#/content/<type>/<documentId>?locale=…`): a collection type's list, one of
 * its entries (or `new`), or a single type's form, for the types the account may read.
 */
import { html } from '../../lib/preact.js';
import { isSingle } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { ContentHome } from './content-home.js';
import { lazy } from '../../ui/lazy.js';
import { ListView } from './list-view.js';

// The form, its fields and its panels load when an entry is first opened: a list needs none of them.
const EntryView = lazy(() => import('./entry-view.js').then((module) => module.EntryView));

/** @param {{ name: string }} props */
function NoType({ name }) {
  useTitle(strings.page.notFound);
  return html`<h1 id="view-title">${strings.page.notFound}</h1>
    <p>${strings.content.noSuchType(name)}</p>`;
}

/**
 * @typedef {object} ContentScreenProps
 * @property {import('../../lib/routes.js').Route} route Its path: the type's singular name, then the
 *   entry's documentId.
 * @property {import('../../lib/workspace.js').WorkspaceValue} workspace
 */

/** @param {ContentScreenProps} props */
export function ContentScreen({ route, workspace }) {
  const [name, id] = route.path;
  if (!name) return html`<${ContentHome} types=${workspace.types} />`;
  const type = workspace.types.find((candidate) => candidate.schema.singularName === name);
  if (!type) return html`<${NoType} name=${name} />`;
  const locale = route.query.locale || workspace.defaultLocale;
  if (isSingle(type)) return html`<${EntryView} key=${type.uid} type=${type} documentId=${null} locale=${locale} />`;
  if (id) return html`<${EntryView} key=${`${type.uid}/${id}`} type=${type} documentId=${id} locale=${locale} />`;
  return html`<${ListView} key=${type.uid} type=${type} query=${route.query} />`;
}
