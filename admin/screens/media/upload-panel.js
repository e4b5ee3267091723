/**
 * Files chosen for upload (with the file input, or dropped on the library), each with its
 * alternative text and caption to fill in first, then sent one by one with a progress bar each.
 */
import { html, useEffect, useRef, useState } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { extensionOf, sizeText } from './files.js';
import { uploadFile } from './library-data.js';

/**
 * One chosen file: `waiting` to be sent, `sending` (`sent` of `total` bytes), `done` (`stored`, the
 * library's record) or `failed` (`message`).
 * @typedef {{ key: number, file: File, preview: string, alternativeText: string, caption: string,
 *   phase: 'waiting' | 'sending' | 'done' | 'failed', sent: number, total: number, message?: string,
 *   stored?: import('./files.js').UploadFile }} Pending
 */

let nextKey = 1;

/** `report.pdf` → `.pdf`. */
const nameExtension = (file) => /\.[^.]+$/.exec(file.name)?.[0] ?? '';

/**
 * @param {File} file
 * @returns {Pending}
 */
const pendingOf = (file) => ({
  key: nextKey++,
  file,
  preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : '',
  alternativeText: '',
  caption: '',
  phase: 'waiting',
  sent: 0,
  total: file.size,
});

/**
 * The queue of files chosen for upload, and what adds to it and sends it.
 * @param {(stored: import('./files.js').UploadFile) => void} onUploaded Told of each file stored.
 */
export function useUploads(onUploaded) {
  const [queue, setQueue] = useState(/** @type {Pending[]} */ ([]));
  const [sending, setSending] = useState(false);
  const held = useRef(queue);
  held.current = queue;
  // The previews' object URLs go with the panel.
  useEffect(() => () => held.current.forEach((item) => item.preview && URL.revokeObjectURL(item.preview)), []);

  /** @param {number} key @param {Partial<Pending>} changes */
  const change = (key, changes) =>
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  /** @param {Iterable<File>} files */
  const add = (files) => setQueue((items) => [...items, ...[...files].map(pendingOf)]);
  const remove = (key) => setQueue((items) => items.filter((item) => {
    if (item.key === key && item.preview) URL.revokeObjectURL(item.preview);
    return item.key !== key;
  }));
  const clearDone = () => setQueue((items) => items.filter((item) => item.phase !== 'done'));

  async function send() {
    setSending(true);
    for (const item of held.current.filter((pending) => pending.phase === 'waiting' || pending.phase === 'failed')) {
      const { key, file, alternativeText, caption } = held.current.find((pending) => pending.key === item.key) ?? item;
      change(key, { phase: 'sending', sent: 0, message: undefined });
      try {
        const info = { alternativeText: alternativeText.trim() || null, caption: caption.trim() || null };
        const stored = await uploadFile(file, info, (sent, total) => change(key, { sent, total: total || file.size }));
        change(key, { phase: 'done', sent: file.size, total: file.size, stored });
        onUploaded(stored);
      } catch (error) {
        change(key, { phase: 'failed', message: error.message });
      }
    }
    setSending(false);
  }
  return { queue, sending, add, change, remove, clearDone, send };
}

/**
 * @typedef {ReturnType<typeof useUploads>} Uploads
 * @typedef {{ uploads: Uploads, onOpen?: (file: import('./files.js').UploadFile) => void }} UploadPanelProps
 */

/**
 * The chosen files, their texts and their progress; nothing when none is chosen.
 * @param {UploadPanelProps} props
 */
export function UploadPanel({ uploads, onOpen }) {
  const t = strings.libraryUpload;
  const { queue, sending } = uploads;
  if (queue.length === 0) return null;
  const left = queue.filter((item) => item.phase === 'waiting' || item.phase === 'failed').length;
  return html`<section class="upload-panel" aria-labelledby="upload-panel-title" data-test="upload-panel">
    <h2 id="upload-panel-title">${t.title}</h2>
    <p class="muted">${t.lead}</p>
    <ol class="upload-list">
      ${queue.map((item, index) => html`<${UploadItem} key=${item.key} item=${item} index=${index} uploads=${uploads}
        onOpen=${onOpen} />`)}
    </ol>
    <div class="inline">
      ${(left > 0 || sending) && html`<button type="button" class="primary" data-test="upload-start" disabled=${sending}
        onClick=${uploads.send}>${sending ? t.sending : t.send(left)}</button>`}
      ${queue.some((item) => item.phase === 'done') && !sending
        && html`<button type="button" data-test="upload-clear" onClick=${uploads.clearDone}>${t.clearDone}</button>`}
    </div>
  </section>`;
}

/**
 * @param {{ item: Pending, index: number, uploads: Uploads, onOpen?: UploadPanelProps['onOpen'] }} props
 */
function UploadItem({ item, index, uploads, onOpen }) {
  const t = strings.libraryUpload;
  const id = `upload-${item.key}`;
  const locked = item.phase === 'sending' || item.phase === 'done';
  const text = (name) => (event) => uploads.change(item.key, { [name]: event.currentTarget.value });
  const percent = item.total > 0 ? Math.round((item.sent / item.total) * 100) : 0;
  return html`<li class=${`upload-item upload-${item.phase}`} data-test=${`upload-item-${index}`}>
    ${item.preview
      ? html`<img class="upload-preview" src=${item.preview} alt="" />`
      : html`<span class="upload-preview file-icon" aria-hidden="true">
          ${extensionOf({ ext: nameExtension(item.file) })}
        </span>`}
    <div class="upload-texts">
      <p class="upload-name">
        <strong>${item.file.name}</strong>${' '}<span class="muted">${sizeText(item.file.size / 1000)}</span>
      </p>
      <div>
        <label for=${`${id}-alt`}>${t.alternativeText}</label>
        <input id=${`${id}-alt`} data-test=${`upload-alt-${index}`} value=${item.alternativeText} disabled=${locked}
          onInput=${text('alternativeText')} />
      </div>
      <div>
        <label for=${`${id}-caption`}>${t.caption}</label>
        <input id=${`${id}-caption`} data-test=${`upload-caption-${index}`} value=${item.caption} disabled=${locked}
          onInput=${text('caption')} />
      </div>
    </div>
    <div class="upload-state">
      <progress data-test=${`upload-progress-${index}`} data-state=${item.phase} max="100"
        value=${item.phase === 'done' ? 100 : percent} aria-label=${t.progressOf(item.file.name)}></progress>
      <span class="muted" aria-live="polite">
        ${item.phase === 'sending' ? t.percent(percent) : t.phase[item.phase]}
      </span>
      ${item.message && html`<p class="field-error" role="alert">${item.message}</p>`}
      ${item.phase === 'done' && item.stored && onOpen
        && html`<button type="button" data-test=${`upload-edit-${index}`}
          onClick=${() => item.stored && onOpen(item.stored)}>${t.edit}</button>`}
      ${!locked && !uploads.sending &&
      html`<button type="button" aria-label=${strings.actions.removeNamed(item.file.name)}
        data-test=${`upload-remove-${index}`} onClick=${() => uploads.remove(item.key)}>
        ${strings.actions.remove}
      </button>`}
    </div>
  </li>`;
}
