/**
 * A media attribute in the entry form: the linked file(s), each with Remove, and the media library
 * opened in a dialog to choose more (screens/media/pick-media.js), of the kinds the attribute
 * allows, uploading there too. Choosing is offered to accounts whose role holds the upload
 * plugin's `find`. The value is the file objects; the write sends their ids.
 */
import { html, useContext, useState } from '../lib/preact.js';
import { strings } from '../lib/strings.js';
import { Workspace } from '../lib/workspace.js';
import { lazy } from '../ui/lazy.js';
import { Preview } from '../screens/media/files.js';

const FIND = 'plugin::upload.content-api.find';

// The library loads when first opened, as its screen does.
const MediaPicker = lazy(() => import('../screens/media/pick-media.js').then((module) => module.MediaPicker));

/** @param {import('./field.js').StructuredProps} props */
export function MediaField(props) {
  const { path, attribute, value, disabled, onChange, name, heading, notes, invalid, describedBy } = props;
  const t = strings.libraryField;
  const { permissions } = useContext(Workspace);
  const [picking, setPicking] = useState(false);
  const many = attribute.multiple === true;
  /** @type {import('../screens/media/files.js').UploadFile[]} */
  const files = many ? value ?? [] : value ? [value] : [];

  const link = (chosen) => {
    setPicking(false);
    if (chosen.length === 0) return;
    const added = chosen.filter((file) => !files.some((held) => held.id === file.id));
    onChange(name, many ? [...files, ...added] : chosen[0]);
  };
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
    ${!disabled && permissions.has(FIND) &&
    html`<div class="inline">
      <button type="button" data-test=${`media-pick-${path}`} aria-haspopup="dialog"
        onClick=${() => setPicking(true)}>${many ? t.chooseMany : t.choose}</button>
    </div>`}
    ${picking &&
    html`<${MediaPicker} multiple=${many} kinds=${attribute.allowedTypes} permissions=${permissions} onDone=${link} />`}
    ${notes}
  </fieldset>`;
}
