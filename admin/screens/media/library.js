/**
 * The media library's body, shared by its screen (`#/media`) and its picker (a dialog): the search,
 * sort and page size, the files as a grid of thumbnails with a pager, and uploads (the file input,
 * or files dropped anywhere on it). Browsing, a file opens its details; picking, it is chosen.
 */
import { html, useEffect, useState } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { LoadError } from '../../ui/load-error.js';
import { Pager } from '../../ui/pager.js';
import { acceptOf, allows, Preview, sizeText } from './files.js';
import { loadFiles, PAGE_SIZES, SORTS } from './library-data.js';
import { UploadPanel, useUploads } from './upload-panel.js';

const UPLOAD = 'plugin::upload.content-api.upload';

/**
 * @typedef {import('./files.js').UploadFile} UploadFile
 * @typedef {import('./library-data.js').LibraryParams} LibraryParams
 * @typedef {{ multiple: boolean, chosen: UploadFile[], onToggle: (file: UploadFile) => void }} Picking
 * @typedef {{ phase: 'loading' | 'ready' | 'error', files: UploadFile[], more: boolean, error?: Error }} LibraryState
 */

/**
 * @typedef {object} LibraryProps
 * @property {string} scope Prefixes the ids of its controls (a screen and a dialog may both be in the page).
 * @property {LibraryParams} params
 * @property {(changes: Partial<LibraryParams>) => void} onParams A new page 1 unless `changes` says the page.
 * @property {Set<string>} permissions
 * @property {readonly string[]} [kinds] Only files of these kinds (a media attribute's `allowedTypes`).
 * @property {Picking} [picking] Choosing files rather than opening them.
 * @property {(file: UploadFile) => void} [onOpen] A file opened, to see and change it.
 * @property {number} [version] Changes when files changed elsewhere (edited, deleted): the page is read again.
 */

/** @param {LibraryProps} props */
export function MediaLibrary({ scope, params, onParams, permissions, kinds, picking, onOpen, version = 0 }) {
  const [state, setState] = useState(/** @type {LibraryState} */ ({ phase: 'loading', files: [], more: false }));
  // Bumped to read the page again: a file uploaded, or Try again.
  const [reloads, setReloads] = useState(0);
  const mayUpload = permissions.has(UPLOAD);
  const uploads = useUploads((stored) => {
    setReloads((count) => count + 1);
    if (picking && allows(kinds, stored) && !picking.chosen.some((file) => file.id === stored.id)) {
      picking.onToggle(stored);
    }
  });
  const key = JSON.stringify([params, kinds]);

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, phase: 'loading' }));
    loadFiles(params, kinds).then(
      (page) => current && setState({ phase: 'ready', ...page }),
      (error) => current && setState({ phase: 'error', files: [], more: false, error }),
    );
    return () => {
      current = false;
    };
  }, [key, reloads, version]);

  const { dragging, handlers } = useDrop(uploads.add);
  const t = strings.library;
  const pageCount = state.more ? params.page + 1 : params.page;
  return html`<div class=${`media-library${dragging ? ' dropping' : ''}`} data-test="media-library"
    ...${mayUpload ? handlers : {}}>
    <${LibraryTools} scope=${scope} params=${params} onParams=${onParams} />
    ${mayUpload &&
    html`<div class="library-upload">
      <input type="file" class="visually-hidden" id=${`${scope}-files`} data-test="upload-input" multiple
        accept=${acceptOf(kinds)} onChange=${(event) => {
          uploads.add(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
        }} />
      <label class="button" for=${`${scope}-files`}>${t.chooseFiles}</label>
      <span class="muted">${t.dropHint}</span>
    </div>`}
    <${UploadPanel} uploads=${uploads} onOpen=${picking ? undefined : onOpen} />
    ${state.phase === 'error' && html`<${LoadError} error=${state.error} onRetry=${() => setReloads(reloads + 1)} />`}
    ${state.phase !== 'error' &&
    html`<div class="library-files" aria-busy=${state.phase === 'loading' ? 'true' : 'false'}>
      ${state.phase === 'loading' && state.files.length === 0 && html`<p class="muted">${strings.page.loading}</p>`}
      ${state.phase === 'ready' && state.files.length === 0
        && html`<p class="muted empty" data-test="library-empty">${emptyText(params, kinds)}</p>`}
      <ul class="media-grid library-grid" data-test="library-files">
        ${state.files.map((file) => html`<li key=${file.id}>
          <${FileCard} file=${file} picking=${picking} onOpen=${onOpen} />
        </li>`)}
      </ul>
      <${Pager} page=${params.page} pageCount=${pageCount} info=${t.pageInfo(params.page, state.files.length)}
        onPage=${(page) => onParams({ page })} />
    </div>`}
  </div>`;
}

/**
 * Files dragged over (`dragging`, to show where they go) and dropped (given to `onFiles`).
 * @param {(files: FileList) => void} onFiles
 */
function useDrop(onFiles) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (event) => {
      if (![...event.dataTransfer.types].includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event) => !event.currentTarget.contains(event.relatedTarget) && setDragging(false),
    onDrop: (event) => {
      event.preventDefault();
      setDragging(false);
      onFiles(event.dataTransfer.files);
    },
  };
  return { dragging, handlers };
}

/** What an empty page says: nothing matches, the pages ended, or there is no file at all. */
function emptyText(params, kinds) {
  const t = strings.library;
  if (params.q || kinds?.length) return t.noMatch;
  return params.page > 1 ? t.pastEnd : t.empty;
}

/**
 * The search, the sort and the page size.
 * @param {{ scope: string, params: LibraryParams, onParams: LibraryProps['onParams'] }} props
 */
function LibraryTools({ scope, params, onParams }) {
  const t = strings.library;
  const [search, setSearch] = useState(params.q);
  useEffect(() => setSearch(params.q), [params.q]);
  const submit = (event) => {
    event.preventDefault();
    onParams({ q: search.trim() });
  };
  return html`<div class="filters library-tools">
    <form class="search" role="search" onSubmit=${submit}>
      <label for=${`${scope}-search`}>${t.search}</label>
      <div class="inline">
        <input id=${`${scope}-search`} type="search" data-test="library-search" value=${search}
          onInput=${(event) => setSearch(event.currentTarget.value)} />
        <button type="submit" data-test="library-search-submit">${strings.actions.search}</button>
      </div>
    </form>
    <div class="filter">
      <label for=${`${scope}-sort`}>${t.sort}</label>
      <select id=${`${scope}-sort`} data-test="library-sort" value=${params.sort}
        onChange=${(event) => onParams({ sort: event.currentTarget.value })}>
        ${Object.keys(SORTS).map((sort) => html`<option value=${sort}>${t.sorts[sort]}</option>`)}
      </select>
    </div>
    <div class="filter">
      <label for=${`${scope}-size`}>${t.pageSize}</label>
      <select id=${`${scope}-size`} data-test="library-page-size" value=${String(params.pageSize)}
        onChange=${(event) => onParams({ pageSize: Number(event.currentTarget.value) })}>
        ${PAGE_SIZES.map((size) => html`<option value=${String(size)}>${size}</option>`)}
      </select>
    </div>
  </div>`;
}

/**
 * One file of the grid: a button that opens it, or (picking) chooses it or takes it back.
 * @param {{ file: UploadFile, picking?: Picking, onOpen?: (file: UploadFile) => void }} props
 */
function FileCard({ file, picking, onOpen }) {
  const t = strings.library;
  const chosen = picking?.chosen.some((one) => one.id === file.id) ?? false;
  const facts = [file.width && file.height ? t.dimensions(file.width, file.height) : '', sizeText(file.size)];
  const body = html`<${Preview} file=${file} />
    <span class="media-name" data-test="file-name">${file.name}</span>
    <span class="media-facts">${facts.filter(Boolean).join(' · ')}</span>`;
  if (picking) {
    return html`<button type="button" class="media-option" data-test=${`pick-file-${file.id}`}
      aria-pressed=${chosen ? 'true' : 'false'} onClick=${() => picking.onToggle(file)}>${body}</button>`;
  }
  return html`<button type="button" class="media-option" data-test=${`file-${file.id}`}
    aria-label=${t.openNamed(file.name)} onClick=${() => onOpen?.(file)}>${body}</button>`;
}
