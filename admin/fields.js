/**
 * One form field per attribute: a labelled control for the types this slice edits, a read-only
 * summary for the others (components, dynamic zones, relations, media, blocks).
 */
import { html } from './vendor/preact-htm.js';
import { humanize, isEditable, slugify } from './schema.js';

const INPUT_TYPES = { string: 'text', email: 'email', password: 'password', uid: 'text', date: 'date', time: 'time', datetime: 'datetime-local' };
for (const type of ['integer', 'biginteger', 'float', 'decimal']) INPUT_TYPES[type] = 'number';

const STEPS = { integer: '1', biginteger: '1', float: 'any', decimal: 'any', time: '1', datetime: '1' };

function Control({ name, attribute, value, common, onChange }) {
  const { type } = attribute;
  const changeText = (event) => onChange(name, event.currentTarget.value);
  if (type === 'boolean') {
    return html`<input type="checkbox" ...${common} checked=${value} onChange=${(event) => onChange(name, event.currentTarget.checked)} />`;
  }
  if (type === 'enumeration') {
    return html`<select ...${common} value=${value} onChange=${changeText}>
      <option value="">—</option>
      ${(attribute.enum ?? []).map((option) => html`<option value=${option}>${option}</option>`)}
    </select>`;
  }
  if (type === 'text' || type === 'richtext' || type === 'json') {
    const json = type === 'json';
    return html`<textarea ...${common} class=${json ? 'mono' : ''} rows=${json ? 8 : 5} spellcheck=${!json} value=${value} onInput=${changeText} />`;
  }
  const autocomplete = type === 'password' ? 'new-password' : 'off';
  return html`<input type=${INPUT_TYPES[type]} ...${common} value=${value} step=${STEPS[type]} autocomplete=${autocomplete} onInput=${changeText} />`;
}

/**
 * `value` is the control's (text, or a boolean for a checkbox); `stored` the API's, summarized for
 * a read-only attribute; `values` every control's, for a uid's target field.
 * @example html`<${Field} name="title" attribute=${{ type: 'string' }} value="Hi" onChange=${set} … />`
 */
export function Field({ name, attribute, value, stored, error, hint, disabled, values, onChange, summarize }) {
  const id = `field-${name}`;
  const hintId = hint ? `hint-${name}` : '';
  const errorId = error ? `error-${name}` : '';
  const common = {
    id,
    name,
    disabled,
    'data-test': id,
    required: attribute.required && attribute.type !== 'boolean',
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const label = html`<label for=${id}>
    ${humanize(name)}${attribute.required && html`<span class="required" title="required"> *</span>`}
  </label>`;
  const notes = html`
    ${hint && html`<p class="hint" id=${hintId}>${hint}</p>`}
    ${error && html`<p class="field-error" id=${errorId} data-test=${`error-${name}`}>${error}</p>`}
  `;

  if (!isEditable(attribute)) {
    return html`<div class="field">
      ${label}
      <output id=${id} data-test=${id} aria-describedby=${common['aria-describedby']} class="readonly">${summarize(attribute, stored)} · not editable here yet</output>
      ${notes}
    </div>`;
  }
  if (attribute.type === 'boolean') {
    return html`<div class=${`field field-check${error ? ' invalid' : ''}`}>
      <${Control} name=${name} attribute=${attribute} value=${value} common=${common} onChange=${onChange} />
      ${label}
      ${notes}
    </div>`;
  }
  const control = html`<${Control} name=${name} attribute=${attribute} value=${value} common=${common} onChange=${onChange} />`;
  const target = attribute.type === 'uid' ? attribute.targetField : null;
  return html`<div class=${`field${error ? ' invalid' : ''}`}>
    ${label}
    ${target
      ? html`<div class="inline">
          ${control}
          <button type="button" data-test=${`generate-${name}`} disabled=${disabled} onClick=${() => onChange(name, slugify(values[target]))}>
            Generate from ${humanize(target).toLowerCase()}
          </button>
        </div>`
      : control}
    ${notes}
  </div>`;
}
