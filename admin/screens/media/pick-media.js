/**
 * The media library in a dialog, to choose files: one or many, of the kinds asked for, with uploads
 * there too (what is uploaded is chosen). The media field opens it (`MediaPicker`), and so may any
 * part of the page, from anywhere (`pickMedia`).
 */
import { html, render, useState } from '../../lib/preact.js';
import { request } from '../../lib/api.js';
import { strings } from '../../lib/strings.js';
import { Dialog } from '../../ui/dialog.js';
import { MediaLibrary } from './library.js';
import { DEFAULT_PARAMS } from './library-data.js';

/**
 * @typedef {import('./files.js').UploadFile} UploadFile
 * @typedef {object} MediaPickerProps
 * @property {boolean} multiple
 * @property {readonly string[]} [kinds] Only files of these kinds (a media attribute's `allowedTypes`).
 * @property {Set<string>} permissions The account's (uploading is offered with `upload`).
 * @property {(files: UploadFile[]) => void} onDone What was chosen, in the order chosen; none when cancelled.
 */

/** @param {MediaPickerProps} props */
export function MediaPicker({ multiple, kinds, permissions, onDone }) {
  const t = strings.libraryPicker;
  const [params, setParams] = useState(DEFAULT_PARAMS);
  const [chosen, setChosen] = useState(/** @type {UploadFile[]} */ ([]));
  const toggle = (file) => setChosen((held) => {
    if (held.some((one) => one.id === file.id)) return held.filter((one) => one.id !== file.id);
    return multiple ? [...held, file] : [file];
  });
  const cancel = () => onDone([]);
  return html`<${Dialog} labelId="media-picker-title" onCancel=${cancel} test="media-picker" wide>
    <div class="picker-head">
      <h2 id="media-picker-title">${multiple ? t.titleMany : t.titleOne}</h2>
      <button type="button" class="plain dismiss" aria-label=${strings.actions.close} onClick=${cancel}></button>
    </div>
    <${MediaLibrary} scope="picker" params=${params} permissions=${permissions} kinds=${kinds}
      onParams=${(changes) => setParams((held) => ({ ...held, page: 1, ...changes }))}
      picking=${{ multiple, chosen, onToggle: toggle }} />
    <div class="inline dialog-actions picker-actions">
      <span class="muted" aria-live="polite" data-test="picker-count">${t.chosen(chosen.length)}</span>
      <button type="button" class="primary" data-test="picker-choose" disabled=${chosen.length === 0}
        onClick=${() => onDone(chosen)}>${multiple ? t.chooseMany(chosen.length) : t.chooseOne}</button>
      <button type="button" data-test="picker-cancel" onClick=${cancel}>${strings.actions.cancel}</button>
    </div>
  </${Dialog}>`;
}

/** The account's permissions, for a picker opened outside the signed-in page's tree; none when unreadable. */
async function ownPermissions() {
  try {
    const answer = await request('GET', '/users/me/permissions');
    return new Set(/** @type {string[]} */ (answer.data ?? []));
  } catch {
    return new Set();
  }
}

/**
 * Opens the library's picking dialog over the page, and answers the files chosen (none when
 * cancelled). `images`: only images are offered.
 * @example const [cover] = await pickMedia({ images: true });
 * @param {{ multiple?: boolean, images?: boolean }} [options]
 * @returns {Promise<UploadFile[]>}
 */
export async function pickMedia({ multiple = false, images = false } = {}) {
  const permissions = await ownPermissions();
  const container = document.createElement('div');
  document.body.append(container);
  return new Promise((resolve) => {
    const done = (files) => {
      render(/** @type {any} */ (null), container);
      container.remove();
      resolve(files);
    };
    const kinds = images ? ['images'] : undefined;
    render(html`<${MediaPicker} multiple=${multiple} kinds=${kinds} permissions=${permissions}
      onDone=${done} />`, container);
  });
}
