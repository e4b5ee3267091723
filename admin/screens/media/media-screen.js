/** Not built yet. */
import { html } from '../../lib/preact.js';

/** @param {{ route: import('../../lib/routes.js').Route, workspace: import('../../lib/workspace.js').WorkspaceValue }} props */
export function MediaScreen(props) {
  return html`<h1 id="view-title">Media</h1>`;
}
