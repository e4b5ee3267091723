/**
 * A media attribute in the entry form: the linked file(s), each with Remove, a picker of the media
 * library and an upload. Picking and uploading are offered only to accounts whose role holds the
 * upload plugin's `find` and `upload`. The value is the file objects; the write sends their ids.
 */
import { html, useContext, useEffect, useState } from '../lib/preact.js';
import { request } from '../lib/api.js';
import { strings } from '../lib/strings.js';
import { Workspace } from '../lib/workspace.js';

const t = strings.media;

const LIBRARY_PAGE = 24;
const FIND = 'plugin::upload.content-api.find';
const UPLOAD = 'plugin::upload.content-api.upload';

/** The kind `allowedTypes` names a file by: images, videos, audios or files. */
function kindOf(file) {
  const mime = String(file.mime ?? '');
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('video/')) return 'videos';
  if (mime.startsWith('audio/')) return 'audios';
  return 'files';
}

const allows = (attribute, file) => !attribute.allowedTypes?.length || attribute.allowedTypes.includes(kindOf(file));

const ACCEPT = { images: 'image/*', videos: 'video/*', audios: 'audio/*' };

/** What the file input offers first; any file when `files` is allowed or nothing is said. */
function acceptOf(attribute) {
  const kinds = attribute.allowedTypes ?? [];
  if (kinds.length === 0 || kinds.includes('files')) return undefined;
  return kinds.map((kind) => ACCEPT[kind]).filter(Boolean).join(',');
}

/**
 * A file as the upload API answers it.
 * @typedef {{ id: number, name: string, url: string, [key: string]: any }} UploadFile
 * @typedef {{ file: UploadFile }} PreviewProps
 */

/**
 * An image's thumbnail, or the file's extension in a box.
 * @param {PreviewProps} props
 */
function Preview({ file }) {
  const url = file.formats?.thumbnail?.url ?? file.url;
  if (kindOf(file) === 'images' && url) {
    return html`<img src=${url} alt=${file.alternativeText || file.name} loading="lazy" />`;
  }
  const extension = (file.ext ?? '').replace('.', '').toUpperCase();
  return html`<span class="file-icon" aria-hidden="true">${extension || t.fileIcon}</span>`;
}

/**
 * @typedef {{ phase: 'idle' | 'loading' | 'ready' | 'error', files: UploadFile[], message?: string }} LibraryState
 * @typedef {object} LibraryProps
 * @property {string} path The field's, for the hooks.
 * @property {import('../lib/schema.js').Attribute} attribute
 * @property {Set<number>} taken The ids of the files the field holds already.
 * @property {(file: UploadFile) => void} onPick
 * @property {() => void} onClose
 */

/**
 * The library's files, newest first, searched by name; a click links one.
 * @param {LibraryProps} props
 */
function Library({ path, attribute, taken, onPick, onClose }) {
  const [text, setText] = useState('');
  const [state, setState] = useState(/** @type {LibraryState} */ ({ phase: 'idle', files: [] }));
  const searchId = `library-search-${path}`;

  const load = async (name) => {
    setState((previous) => ({ ...previous, phase: 'loading' }));
    try {
      // This route takes start/limit and answers a bare array (docs/api/media.md).
      const filters = name.trim() ? { name: { $containsi: name.trim() } } : undefined;
      const query = { sort: 'createdAt:desc', limit: LIBRARY_PAGE, filters };
      const files = await request('GET', '/upload/files', { query });
      setState({ phase: 'ready', files: files.filter((file) => allows(attribute, file)) });
    } catch (error) {
      setState({ phase: 'error', files: [], message: error.message });
    }
  };
  useEffect(() => {
    load('');
  }, []);

  const escape = (event) => event.key === 'Escape' && onClose();
  return html`<div class="library" role="group" aria-label=${t.library} onKeyDown=${escape}>
    <div class="inline">
      <label class="visually-hidden" for=${searchId}>${t.searchLabel}</label>
      <input type="search" id=${searchId} data-test=${`library-search-${path}`} placeholder=${t.searchPlaceholder}
        value=${text}
        onInput=${(event) => setText(event.currentTarget.value)}
        onKeyDown=${(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            load(text);
          }
        }} />
      <button type="button" onClick=${() => load(text)}>${strings.actions.search}</button>
      <button type="button" onClick=${onClose}>${strings.actions.close}</button>
    </div>
    ${state.phase === 'loading' && html`<p class="muted" aria-live="polite">${strings.page.loading}</p>`}
    ${state.phase === 'error' && html`<p class="field-error">${state.message}</p>`}
    ${state.phase === 'ready' && state.files.length === 0 && html`<p class="muted">${t.noneFound}</p>`}
    <ul class="media-grid">
      ${state.files.map((file) => html`<li key=${file.id}>
        <button type="button" class="media-option" data-test=${`media-option-${file.id}`} disabled=${taken.has(file.id)}
          onClick=${() => onPick(file)}>
          <${Preview} file=${file} />
          <span class="media-name">${file.name}</span>
        </button>
      </li>`)}
    </ul>
  </div>`;
}

/** @param {import('./field.js').StructuredProps} props */
export function MediaField(props) {
  const { path, attribute, value, disabled, onChange, name, heading, notes, invalid, describedBy } = props;
  const { permissions } = useContext(Workspace);
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');
  const many = attribute.multiple === true;
  const files = many ? value ?? [] : value ? [value] : [];
  const uploadId = `media-upload-${path}`;
  const link = (added) => onChange(name, many ? [...files, ...added] : added[0] ?? value);

  async function upload(event) {
    const input = event.currentTarget;
    const chosen = [...input.files];
    if (chosen.length === 0) return;
    const body = new FormData();
    for (const file of chosen) body.append('files', file, file.name);
    setUploading(true);
    setProblem('');
    try {
      link(await request('POST', '/upload', { body }));
    } catch (error) {
      setProblem(error.message);
    } finally {
      setUploading(false);
      input.value = '';
    }
  }

  const remove = (index) => onChange(name, many ? files.filter((_, at) => at !== index) : null);
  return html`<fieldset class=${`field group media${invalid ? ' invalid' : ''}`} data-test=${`group-${path}`}
    aria-describedby=${describedBy}>
    <legend>${heading}</legend>
    ${files.length > 0
      ? html`<ul class="media-grid chosen-media">
          ${files.map((file, index) => html`<li key=${file.id} data-test=${`media-${path}-${index}`}>
            <figure><${Preview} file=${file} /><figcaption class="media-name">${file.name}</figcaption></figure>
            <button type="button" class="danger-outline" data-test=${`remove-${path}-${index}`}
              aria-label=${strings.actions.removeNamed(file.name)} disabled=${disabled}
              onClick=${() => remove(index)}>${strings.actions.remove}</button>
          </li>`)}
        </ul>`
      : html`<p class="muted empty-list">${many ? t.noFiles : t.noFile}</p>`}
    ${!disabled &&
    html`<div class="inline">
      ${permissions.has(FIND) && html`<button type="button" data-test=${`media-pick-${path}`}
        aria-expanded=${picking ? 'true' : 'false'} onClick=${() => setPicking(!picking)}>${t.choose}</button>`}
      ${permissions.has(UPLOAD) &&
      html`<span class="upload">
        <label for=${uploadId}>${uploading ? t.uploading : many ? t.uploadFiles : t.uploadFile}</label>
        <input type="file" id=${uploadId} data-test=${uploadId} accept=${acceptOf(attribute)} multiple=${many}
          disabled=${uploading} onChange=${upload} />
      </span>`}
    </div>`}
    ${problem && html`<p class="field-error" role="alert">${problem}</p>`}
    ${picking &&
    html`<${Library} path=${path} attribute=${attribute} taken=${new Set(files.map((file) => file.id))}
      onPick=${(file) => {
        link([file]);
        if (!many) setPicking(false);
      }}
      onClose=${() => setPicking(false)} />`}
    ${notes}
  </fieldset>`;
}
