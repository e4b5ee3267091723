/**
 * Someone else changed the entry since this form read it (a 412 on a write): the editor's changes
 * stay in the form. They may reload (losing them, after confirming), or see the other version and
 * keep editing theirs, to save it over that version.
 */
import { html, useState } from '../../lib/preact.js';
import { readEntry } from '../../lib/api.js';
import { humanize, isEditable, isStructured, summarize } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { fromControl, toControl } from '../../lib/values.js';
import { Ask, Dialog } from '../../ui/dialog.js';
import { scope } from './entry-data.js';

/**
 * @typedef {import('../../lib/schema.js').Attribute} Attribute
 * @typedef {import('../../lib/schema.js').Entry} Entry
 */

const t = strings.conflict;

/** A value as one line of text in the comparison. */
function shown(attribute, control, summarizeOne) {
  if (isStructured(attribute) || attribute.type === 'json') {
    const value = attribute.type === 'json' ? control : fromControl(attribute, control).value ?? control;
    return summarizeOne(attribute, value);
  }
  if (attribute.type === 'boolean') return control ? t.yes : t.no;
  if (attribute.type === 'password' || attribute.private) return t.neverShown;
  return control === '' ? t.empty : control;
}

/**
 * @typedef {object} ComparisonProps
 * @property {import('../../lib/schema.js').ContentType} type
 * @property {Entry} fresh The entry as stored now.
 * @property {Record<string, any>} values The form's.
 * @property {Record<string, any>} original The form's first values.
 * @property {Map<string, import('../../lib/schema.js').Component>} components
 * @property {() => void} onKeepMine
 * @property {() => void} onReload
 */

/**
 * The other version beside the form, the fields the editor changed marked: what the dialog holds
 * once the editor asks to see it.
 * @param {ComparisonProps} props
 */
function Comparison({ type, fresh, values, original, components, onKeepMine, onReload }) {
  const summarizeOne = (field, value) => summarize(field, value, components);
  const rows = Object.entries(type.schema.attributes)
    .filter(([, attribute]) => isEditable(attribute))
    .map(([name, attribute]) => {
      const theirsText = shown(attribute, toControl(attribute, fresh[name], components), summarizeOne);
      const mineText = shown(attribute, values[name], summarizeOne);
      const changedHere = values[name] !== original[name];
      return { name, theirsText, mineText, changedHere, differs: theirsText !== mineText };
    })
    .filter((row) => row.differs || row.changedHere);
  return html`<h2 id="conflict-title">${t.otherVersion}</h2>
    <p>${t.compareText}</p>
    <div class="compare-wrap">
      <table class="compare" data-test="conflict-compare-table">
        <thead>
          <tr><th scope="col">${t.field}</th><th scope="col">${t.storedNow}</th><th scope="col">${t.yourForm}</th></tr>
        </thead>
        <tbody>
          ${rows.map((row) => html`<tr data-test=${`conflict-row-${row.name}`}>
            <th scope="row">
              ${humanize(row.name)}${row.changedHere && html`<span class="badge badge-modified">
                ${t.changedByYou}
              </span>`}
            </th>
            <td data-test=${`conflict-theirs-${row.name}`}>${row.theirsText}</td>
            <td data-test=${`conflict-mine-${row.name}`}>${row.mineText}</td>
          </tr>`)}
          ${rows.length === 0 && html`<tr><td colspan="3">${t.noneDiffers}</td></tr>`}
        </tbody>
      </table>
    </div>
    <div class="inline dialog-actions">
      <button type="button" class="primary" data-test="conflict-keep-mine" data-autofocus=""
        onClick=${onKeepMine}>${t.keepMine}</button>
      <button type="button" data-test="conflict-reload" onClick=${onReload}>${t.useStored}</button>
    </div>`;
}

/**
 * `onKeepMine(fresh)` takes the stored version's tag, so the next save writes over it.
 * @typedef {object} ConflictProps
 * @property {import('../../lib/schema.js').ContentType} type
 * @property {string | null} documentId
 * @property {string} locale
 * @property {object} populate What the form's reads populate.
 * @property {Record<string, any>} values
 * @property {Record<string, any>} original
 * @property {boolean} dirty
 * @property {Map<string, import('../../lib/schema.js').Component>} components
 * @property {() => void} onReload
 * @property {(fresh: Entry) => void} onKeepMine
 * @property {() => void} onClose
 */

/** @param {ConflictProps} props */
export function Conflict(props) {
  const { type, documentId, locale, populate, values, original, dirty, components } = props;
  const { onReload, onKeepMine, onClose } = props;
  const [step, setStep] = useState('ask');
  const [fresh, setFresh] = useState(/** @type {Entry | null} */ (null));
  const [error, setError] = useState('');

  async function compare() {
    setStep('loading');
    setError('');
    try {
      const entry = await readEntry(type, documentId, { ...scope(type, { status: 'draft', locale }), populate });
      if (!entry) throw new Error(t.deletedMeanwhile);
      setFresh(entry);
      setStep('compare');
    } catch (failure) {
      setError(failure.message);
      setStep('ask');
    }
  }
  const reload = () => (dirty ? setStep('reload') : onReload());

  if (step === 'reload' && dirty) {
    return html`<${Ask} test="conflict-reload-ask" title=${t.reloadTitle} text=${t.reloadText}
      actions=${[[t.reloadConfirm, onReload, { test: 'conflict-reload-confirm', kind: 'danger' }],
        [t.goBack, () => setStep('ask'), { test: 'conflict-reload-cancel' }]]} />`;
  }
  // One dialog throughout: seeing the other version changes what it holds, and it stays open.
  const comparing = step === 'compare' && fresh;
  return html`<${Dialog} labelId="conflict-title" describedBy=${comparing ? undefined : 'conflict-text'} test="conflict"
    wide=${!!comparing} onCancel=${onClose}>
    ${comparing
      ? html`<${Comparison} type=${type} fresh=${fresh} values=${values} original=${original} components=${components}
        onKeepMine=${() => onKeepMine(fresh)} onReload=${reload} />`
      : html`<h2 id="conflict-title">${t.title}</h2>
        <p id="conflict-text">${t.text}</p>
        ${error && html`<p class="field-error" role="alert">${error}</p>`}
        <div class="inline dialog-actions">
          <button type="button" class="primary" data-test="conflict-compare" data-autofocus=""
            disabled=${step === 'loading'} onClick=${compare}>
            ${step === 'loading' ? strings.page.loading : t.seeOther}
          </button>
          <button type="button" data-test="conflict-reload" onClick=${reload}>${t.reload}</button>
          <button type="button" data-test="conflict-close" onClick=${onClose}>${t.keepEditing}</button>
        </div>`}
  </${Dialog}>`;
}
