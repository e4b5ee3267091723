/**
 * The media library (`#/media`): every file, searched, sorted and paged, the state in the address
 * (`#/media?q=harbour&sort=name&page=2`) so that reloading or going back keeps it; files uploaded
 * here, and each one opened to change its texts, replace its bytes or delete it.
 */
import { html, useState } from '../../lib/preact.js';
import { navigate } from '../../lib/router.js';
import { hrefOf } from '../../lib/routes.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { FileDetails } from './file-details.js';
import { MediaLibrary } from './library.js';
import { hashQuery, libraryParams } from './library-data.js';

/**
 * @typedef {object} MediaScreenProps
 * @property {import('../../lib/routes.js').Route} route
 * @property {import('../../lib/workspace.js').WorkspaceValue} workspace
 */

/** @param {MediaScreenProps} props */
export function MediaScreen({ route, workspace }) {
  const t = strings.library;
  useTitle(t.title);
  const params = libraryParams(route.query);
  const [open, setOpen] = useState(/** @type {import('./files.js').UploadFile | null} */ (null));
  // Bumped when a file changed in its dialog: the page shown is read again.
  const [version, setVersion] = useState(0);
  const go = (changes) => navigate(hrefOf({ screen: 'media', query: hashQuery({ ...params, page: 1, ...changes }) }));
  const changed = (file) => {
    setOpen(file);
    setVersion(version + 1);
  };
  const deleted = () => {
    setOpen(null);
    setVersion(version + 1);
  };

  return html`<section class="library-screen" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${t.title}</h1>
    </header>
    <p class="muted">${t.lead}</p>
    <${MediaLibrary} scope="library" params=${params} onParams=${go} permissions=${workspace.permissions}
      onOpen=${setOpen} version=${version} />
    ${open &&
    html`<${FileDetails} key=${open.id} file=${open} onChanged=${changed} onDeleted=${deleted}
      onClose=${() => setOpen(null)} />`}
  </section>`;
}
