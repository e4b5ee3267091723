/**
 * One file of the library in a dialog: what it is, its name, alternative text and caption to
 * change, its bytes to replace (the same file everywhere it is used, a new picture), and, for an
 * account whose role may, its deletion (delete-file.js says first which entries use it).
 */
import { html, useContext, useState } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { Workspace } from '../../lib/workspace.js';
import { Dialog } from '../../ui/dialog.js';
import { Stamp } from '../../ui/stamp.js';
import { DeleteFile } from './delete-file.js';
import { kindOf, Preview, sizeText } from './files.js';
import { updateFile } from './library-data.js';

const DESTROY = 'plugin::upload.content-api.destroy';

/**
 * @typedef {import('./files.js').UploadFile} UploadFile
 * @typedef {object} FileDetailsProps
 * @property {UploadFile} file
 * @property {(file: UploadFile) => void} onChanged Its information or bytes changed: the file as it is now.
 * @property {(file: UploadFile) => void} onDeleted
 * @property {() => void} onClose
 */

/** @param {FileDetailsProps} props */
export function FileDetails({ file, onChanged, onDeleted, onClose }) {
  const t = strings.libraryDetails;
  const { permissions, notify } = useContext(Workspace);
  const [texts, setTexts] = useState({
    name: file.name,
    alternativeText: file.alternativeText ?? '',
    caption: file.caption ?? '',
  });
  const [busy, setBusy] = useState(/** @type {'' | 'saving' | 'replacing'} */ (''));
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState('');
  const [deleting, setDeleting] = useState(false);

  /** @param {() => Promise<UploadFile>} change @param {string} done */
  async function run(change, done) {
    setProblem('');
    try {
      onChanged(await change());
      notify('success', done);
    } catch (error) {
      setProblem(error.message);
    } finally {
      setBusy('');
    }
  }
  const save = (event) => {
    event.preventDefault();
    setBusy('saving');
    const info = { name: texts.name.trim(), alternativeText: texts.alternativeText.trim() || null,
      caption: texts.caption.trim() || null };
    run(() => updateFile(file.id, info), t.saved(info.name));
  };
  const replace = (event) => {
    const chosen = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!chosen) return;
    setBusy('replacing');
    setProgress(0);
    const follow = (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0);
    run(() => updateFile(file.id, {}, chosen, follow), t.replaced(file.name));
  };
  const field = (key, label, { multiline = false, hint = '' } = {}) => {
    const input = {
      id: `details-${key}`, 'data-test': `details-${key}`, value: texts[key], disabled: busy !== '',
      onInput: (event) => setTexts({ ...texts, [key]: event.currentTarget.value }),
      'aria-describedby': hint ? `details-${key}-hint` : undefined,
    };
    return html`<div class="field">
      <label for=${input.id}>${label}</label>
      ${multiline ? html`<textarea rows="2" ...${input}></textarea>` : html`<input ...${input} />`}
      ${hint && html`<p class="hint" id=${`details-${key}-hint`}>${hint}</p>`}
    </div>`;
  };

  if (deleting) {
    return html`<${DeleteFile} file=${file} onCancel=${() => setDeleting(false)} onDeleted=${() => onDeleted(file)} />`;
  }
  return html`<${Dialog} labelId="file-details-title" onCancel=${onClose} test="file-details" wide>
    <div class="picker-head">
      <h2 id="file-details-title">${file.name}</h2>
      <button type="button" class="plain dismiss" aria-label=${strings.actions.close} onClick=${onClose}></button>
    </div>
    <div class="file-details">
      <div class="file-preview">
        <${Preview} file=${file} large />
        <${Facts} file=${file} />
      </div>
      <form class="file-texts" onSubmit=${save}>
        ${field('name', t.name)}
        ${field('alternativeText', t.alternativeText, { hint: t.alternativeHint })}
        ${field('caption', t.caption, { multiline: true })}
        ${problem && html`<p class="field-error" role="alert" data-test="details-error">${problem}</p>`}
        <div class="inline dialog-actions">
          <button type="submit" class="primary" data-test="details-save" data-autofocus
            disabled=${busy !== '' || !texts.name.trim()}>${busy === 'saving' ? t.saving : t.save}</button>
          <span class="upload">
            <input type="file" class="visually-hidden" id="details-replace" data-test="details-replace"
              disabled=${busy !== ''} onChange=${replace} />
            <label class="button" for="details-replace">${t.replace}</label>
          </span>
          ${permissions.has(DESTROY) &&
          html`<button type="button" class="danger-outline push" data-test="details-delete" disabled=${busy !== ''}
            onClick=${() => setDeleting(true)}>${t.delete}</button>`}
        </div>
        ${busy === 'replacing' && html`<p class="replace-progress">
          <progress data-test="replace-progress" max="100" value=${progress} aria-label=${t.replacing}></progress>
          <span class="muted">${t.replacing}</span>
        </p>`}
      </form>
    </div>
  </${Dialog}>`;
}

/**
 * What the file is: its type, size, dimensions, when it was uploaded, and its address.
 * @param {{ file: UploadFile }} props
 */
function Facts({ file }) {
  const t = strings.libraryDetails;
  const rows = [
    [t.type, `${file.mime ?? ''}${file.ext ? ` (${file.ext})` : ''}`],
    [t.size, sizeText(file.size)],
    ...(file.width && file.height ? [[t.dimensions, strings.library.dimensions(file.width, file.height)]] : []),
    [t.uploaded, html`<${Stamp} value=${file.createdAt} />`],
  ];
  return html`<dl class="file-facts" data-test="details-facts">
    ${rows.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}
    <dt>${t.address}</dt>
    <dd><a href=${file.url} target="_blank" rel="noopener" data-test="details-url">
      ${kindOf(file) === 'images' ? t.openImage : t.openFile}
    </a></dd>
  </dl>`;
}
