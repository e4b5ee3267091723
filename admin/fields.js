/**
 * One form field per attribute: a labelled control for every type (components, dynamic zones,
 * relations, media and blocks through their own modules), a read-only summary for a relation
 * written from its other side.
 */
import { html } from './preact.js';
import { BlocksField } from './blocks.js';
import { ComponentField, DynamicZoneField } from './components.js';
import { MediaField } from './media.js';
import { RelationField } from './relations.js';
import { humanize, isEditable, slugify } from './schema.js';

const STRUCTURED = { component: ComponentField, dynamiczone: DynamicZoneField, relation: RelationField, media: MediaField };

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
 * a read-only attribute; `values` every control's, for a uid's target field. `path` places a field
 * inside a component (`sections.0.heading`: its id, hooks and the key of its error in `errors`);
 * `locale` is the form's, for a relation's search.
 * @example html`<${Field} name="title" attribute=${{ type: 'string' }} value="Hi" onChange=${set} … />`
 */
export function Field({ name, path = name, attribute, value, stored, error, errors = {}, hint, disabled, values, locale, onChange, summarize }) {
  const id = `field-${path}`;
  const hintId = hint ? `hint-${path}` : '';
  const errorId = error ? `error-${path}` : '';
  const common = {
    id,
    name: path,
    disabled,
    'data-test': id,
    required: attribute.required && attribute.type !== 'boolean',
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const heading = html`${humanize(name)}${attribute.required && html`<span class="required" title="required"> *</span>`}`;
  const label = html`<label for=${id}>${heading}</label>`;
  const notes = html`
    ${hint && html`<p class="hint" id=${hintId}>${hint}</p>`}
    ${error && html`<p class="field-error" id=${errorId} data-test=${`error-${path}`}>${error}</p>`}
  `;
  if (attribute.type === 'blocks') {
    return html`<div class=${`field${error ? ' invalid' : ''}`} data-test=${`group-${path}`}>
      ${label}
      <${BlocksField} id=${id} value=${value} disabled=${disabled} describedBy=${common['aria-describedby']} onChange=${(blocks) => onChange(name, blocks)} />
      ${notes}
    </div>`;
  }
  const Structured = STRUCTURED[attribute.type];
  if (Structured && isEditable(attribute)) {
    return html`<${Structured} Field=${Field} name=${name} path=${path} attribute=${attribute} value=${value} stored=${stored} errors=${errors}
      describedBy=${common['aria-describedby']} disabled=${disabled} locale=${locale} onChange=${onChange} summarize=${summarize}
      label=${humanize(name)} heading=${heading} notes=${notes} invalid=${!!error} />`;
  }

  if (!isEditable(attribute)) {
    const why = attribute.type === 'relation' ? (attribute.mappedBy ? `edited from each ${String(attribute.target).split('.').pop()}'s ${humanize(attribute.mappedBy).toLowerCase()}` : 'not editable here') : 'not editable here yet';
    return html`<div class="field">
      ${label}
      <output id=${id} data-test=${id} aria-describedby=${common['aria-describedby']} class="readonly">${summarize(attribute, stored)} · ${why}</output>
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
          <button type="button" data-test=${`generate-${name}`} disabled=${disabled} onClick=${() => onChange(name, slugify(values?.[target]))}>
            Generate from ${humanize(target).toLowerCase()}
          </button>
        </div>`
      : control}
    ${notes}
  </div>`;
}
