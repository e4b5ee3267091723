/**
 * The question before a file is deleted, which says where it is used: each entry the account may
 * read (its type, title, locale, a link to it), and how many others it may not read. Deleting
 * takes the file out of every one of them.
 */
import { html, useContext, useEffect, useState } from '../../lib/preact.js';
import { contentHref } from '../../lib/routes.js';
import { titleAttribute } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { Workspace } from '../../lib/workspace.js';
import { Dialog } from '../../ui/dialog.js';
import { deleteFile, loadUses } from './library-data.js';

/**
 * One entry that uses the file, in one locale: its versions (draft, published) are one line.
 * @typedef {{ key: string, type: string, title: string, locale: string, href: string | null }} Use
 * @typedef {{ phase: 'loading' } | { phase: 'ready', uses: Use[], hidden: number }
 *   | { phase: 'error', message: string }} UsesState
 * @typedef {{ file: import('./files.js').UploadFile, onCancel: () => void, onDeleted: () => void }} DeleteFileProps
 */

/**
 * The entries the server names, one line per document and locale, in the workspace's words.
 * @param {import('./library-data.js').RelatedEntry[]} related
 * @param {import('../../lib/workspace.js').WorkspaceValue} workspace
 * @returns {Use[]}
 */
function usesOf(related, workspace) {
  /** @type {Map<string, Use>} */
  const uses = new Map();
  for (const entry of related) {
    const locale = entry.locale ?? '';
    const key = `${entry.__type}:${entry.documentId}:${locale}`;
    if (uses.has(key)) continue;
    const type = workspace.types.find((known) => known.uid === entry.__type);
    const title = type && titleAttribute(type);
    const single = type?.schema.kind === 'singleType';
    const href = type ? contentHref(type.schema.singularName, single ? '' : entry.documentId, { locale }) : null;
    const localeName = workspace.locales.find((known) => known.code === locale)?.name ?? locale;
    const name = (title && entry[title]) || (single ? type?.schema.displayName : entry.documentId);
    uses.set(key, { key, type: type?.schema.displayName ?? entry.__type, title: name, locale: localeName, href });
  }
  return [...uses.values()];
}

/** @param {DeleteFileProps} props */
export function DeleteFile({ file, onCancel, onDeleted }) {
  const t = strings.libraryDelete;
  const workspace = useContext(Workspace);
  const [state, setState] = useState(/** @type {UsesState} */ ({ phase: 'loading' }));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let current = true;
    loadUses(file.id).then(
      ({ related, hidden }) => current && setState({ phase: 'ready', uses: usesOf(related, workspace), hidden }),
      (error) => current && setState({ phase: 'error', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [file.id]);

  async function remove() {
    setBusy(true);
    setProblem('');
    try {
      await deleteFile(file.id);
      workspace.notify('success', t.deleted(file.name));
      onDeleted();
    } catch (error) {
      setProblem(error.message);
      setBusy(false);
    }
  }
  return html`<${Dialog} labelId="delete-file-title" describedBy="delete-file-text" onCancel=${onCancel}
    test="delete-file">
    <h2 id="delete-file-title">${t.title(file.name)}</h2>
    <div id="delete-file-text" aria-live="polite">
      ${state.phase === 'loading' && html`<p class="muted">${t.looking}</p>`}
      ${state.phase === 'error' && html`<p class="field-error">${t.unknownUses(state.message)}</p>`}
      ${state.phase === 'ready' && html`<${Uses} uses=${state.uses} hidden=${state.hidden} />`}
      <p>${t.cannotUndo}</p>
    </div>
    ${problem && html`<p class="field-error" role="alert">${problem}</p>`}
    <div class="inline dialog-actions">
      <button type="button" class="danger" data-test="confirm-delete-file" disabled=${busy || state.phase === 'loading'}
        onClick=${remove}>${t.confirm}</button>
      <button type="button" data-test="cancel-delete-file" data-autofocus
        onClick=${onCancel}>${strings.actions.cancel}</button>
    </div>
  </${Dialog}>`;
}

/**
 * @param {{ uses: Use[], hidden: number }} props
 */
function Uses({ uses, hidden }) {
  const t = strings.libraryDelete;
  if (uses.length === 0 && hidden === 0) return html`<p data-test="file-unused">${t.unused}</p>`;
  return html`<p>${t.usedIn}</p>
    <ul class="file-uses" data-test="file-uses">
      ${uses.map((use) => html`<li key=${use.key} data-test="file-use">
        <span class="muted">${use.type}</span>${' '}
        ${use.href ? html`<a href=${use.href}>${use.title}</a>` : html`<span>${use.title}</span>`}
        ${use.locale && html`${' '}<span class="badge">${use.locale}</span>`}
      </li>`)}
      ${hidden > 0 && html`<li class="muted" data-test="file-uses-hidden">${t.hidden(hidden)}</li>`}
    </ul>
    <p>${t.unlinked}</p>`;
}
