/**
 * The attributes edited in one control: text, rich text, email, password, uid (with "Generate
 * from …"), numbers, boolean, enumeration, date, time, date-time and JSON.
 */
import { html } from '../lib/preact.js';
import { humanize, slugify } from '../lib/schema.js';
import { strings } from '../lib/strings.js';

const INPUT_TYPES = {
  string: 'text', email: 'email', password: 'password', uid: 'text',
  date: 'date', time: 'time', datetime: 'datetime-local',
};
for (const type of ['integer', 'biginteger', 'float', 'decimal']) INPUT_TYPES[type] = 'number';

const STEPS = { integer: '1', biginteger: '1', float: 'any', decimal: 'any', time: '1', datetime: '1' };

/**
 * A control's attributes that the field sets: its id, name, hooks, and what describes it.
 * @typedef {{ id: string, name: string, disabled?: boolean, 'data-test': string, required: boolean,
 *   'aria-invalid'?: string, 'aria-describedby'?: string }} Common
 */

/**
 * @typedef {object} ControlProps
 * @property {string} name
 * @property {import('../lib/schema.js').Attribute} attribute
 * @property {any} value Text, or a boolean for a checkbox.
 * @property {Common} common
 * @property {(name: string, value: unknown) => void} onChange
 */

/** @param {ControlProps} props */
function Control({ name, attribute, value, common, onChange }) {
  const { type } = attribute;
  const changeText = (event) => onChange(name, event.currentTarget.value);
  if (type === 'boolean') {
    const check = (event) => onChange(name, event.currentTarget.checked);
    return html`<input type="checkbox" ...${common} checked=${value} onChange=${check} />`;
  }
  if (type === 'enumeration') {
    return html`<select ...${common} value=${value} onChange=${changeText}>
      <option value="">—</option>
      ${(attribute.enum ?? []).map((option) => html`<option value=${option}>${option}</option>`)}
    </select>`;
  }
  if (type === 'text' || type === 'richtext' || type === 'json') {
    const json = type === 'json';
    return html`<textarea ...${common} class=${json ? 'mono' : ''} rows=${json ? 8 : 5} spellcheck=${!json}
      value=${value} onInput=${changeText} />`;
  }
  const autocomplete = type === 'password' ? 'new-password' : 'off';
  return html`<input type=${INPUT_TYPES[type]} ...${common} value=${value} step=${STEPS[type]}
    autocomplete=${autocomplete} onInput=${changeText} />`;
}

/**
 * @typedef {ControlProps & { label: import('../lib/preact.js').VNode, notes: import('../lib/preact.js').VNode,
 *   error?: string, disabled?: boolean, values?: Record<string, any> }} ScalarFieldProps
 */

/**
 * A labelled control with its notes: a checkbox after its label's box, a uid with the button that
 * makes it from its target field (`values` holds that field's).
 * @param {ScalarFieldProps} props
 */
export function ScalarField({ name, attribute, value, common, onChange, label, notes, error, disabled, values }) {
  const control = html`<${Control} name=${name} attribute=${attribute} value=${value} common=${common}
    onChange=${onChange} />`;
  if (attribute.type === 'boolean') {
    return html`<div class=${`field field-check${error ? ' invalid' : ''}`}>
      ${control}
      ${label}
      ${notes}
    </div>`;
  }
  const target = attribute.type === 'uid' ? attribute.targetField : null;
  return html`<div class=${`field${error ? ' invalid' : ''}`}>
    ${label}
    ${target
      ? html`<div class="inline">
          ${control}
          <button type="button" data-test=${`generate-${name}`} disabled=${disabled}
            onClick=${() => onChange(name, slugify(values?.[target]))}>
            ${strings.fields.generateFrom(humanize(target).toLowerCase())}
          </button>
        </div>`
      : control}
    ${notes}
  </div>`;
}
