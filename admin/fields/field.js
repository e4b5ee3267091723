/**
 * One form field per attribute: its label, hint and error, and the control of its kind (scalar.js,
 * components.js, relation.js, media.js, blocks.js), or a read-only summary for what the page does
 * not edit (a relation written from its other side).
 */
import { html } from '../lib/preact.js';
import { humanize, isEditable } from '../lib/schema.js';
import { strings } from '../lib/strings.js';
import { BlocksField } from './blocks.js';
import { ComponentField, DynamicZoneField } from './components.js';
import { MarkdownField } from './markdown.js';
import { MediaField } from './media.js';
import { RelationField } from './relation.js';
import { ScalarField } from './scalar.js';

/**
 * @typedef {import('../lib/schema.js').Attribute} Attribute
 * @typedef {import('../lib/preact.js').VNode} VNode
 * @typedef {(attribute: Attribute, value: unknown) => string} Summarize
 * @typedef {(name: string, value: unknown) => void} OnChange
 */

/**
 * What every field takes. `value` is the control's (text, a boolean for a checkbox, the entries of
 * a structured attribute); `stored` the API's, summarized for a read-only attribute; `values` every
 * control's of the form or component entry, for a uid's target field. `path` places a field inside
 * a component (`sections.0.heading`: its id, hooks and the key of its error in `errors`); `locale`
 * is the form's, for a relation's search.
 * @typedef {object} FieldProps
 * @property {string} name
 * @property {string} [path]
 * @property {Attribute} attribute
 * @property {any} value
 * @property {unknown} [stored]
 * @property {string} [error]
 * @property {Record<string, string | undefined>} [errors]
 * @property {string} [hint]
 * @property {boolean} [disabled]
 * @property {Record<string, any>} [values]
 * @property {string} [locale]
 * @property {OnChange} onChange
 * @property {Summarize} summarize
 */

/**
 * What a structured field takes besides: `Field` for the fields inside it (passed down, so that no
 * module imports this one back), its label and heading (with the required mark), and its notes.
 * @typedef {object} StructuredProps
 * @property {typeof Field} Field
 * @property {string} name
 * @property {string} path
 * @property {Attribute} attribute
 * @property {any} value
 * @property {unknown} [stored]
 * @property {Record<string, string | undefined>} errors
 * @property {string} [describedBy]
 * @property {boolean} [disabled]
 * @property {string} [locale]
 * @property {OnChange} onChange
 * @property {Summarize} summarize
 * @property {string} label
 * @property {VNode} heading
 * @property {VNode} notes
 * @property {boolean} invalid
 */

/** @type {Record<string, (props: StructuredProps) => VNode | null>} */
const STRUCTURED = {
  component: ComponentField, dynamiczone: DynamicZoneField, relation: RelationField, media: MediaField,
};

/** Why the page shows an attribute without a control. */
function whyReadOnly(attribute) {
  const t = strings.fields;
  if (attribute.type !== 'relation') return t.notEditableYet;
  if (!attribute.mappedBy) return t.notEditable;
  return t.editedFromOtherSide(String(attribute.target).split('.').pop(), humanize(attribute.mappedBy).toLowerCase());
}

/**
 * @example html`<${Field} name="title" attribute=${{ type: 'string' }} value="Hi" onChange=${set} … />`
 * @param {FieldProps} props
 */
export function Field(props) {
  const { name, path = name, attribute, value, stored, error, errors = {}, hint, disabled, values, locale } = props;
  const { onChange, summarize } = props;
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
  const requiredMark = html`<span class="required" title=${strings.fields.required}> *</span>`;
  const heading = html`${humanize(name)}${attribute.required && requiredMark}`;
  const label = html`<label for=${id}>${heading}</label>`;
  const notes = html`
    ${hint && html`<p class="hint" id=${hintId}>${hint}</p>`}
    ${error && html`<p class="field-error" id=${errorId} data-test=${`error-${path}`}>${error}</p>`}
  `;
  if (attribute.type === 'blocks') {
    return html`<div class=${`field${error ? ' invalid' : ''}`} data-test=${`group-${path}`}>
      ${label}
      <${BlocksField} id=${id} value=${value} disabled=${disabled} describedBy=${common['aria-describedby']}
        onChange=${(blocks) => onChange(name, blocks)} />
      ${notes}
    </div>`;
  }
  const Structured = STRUCTURED[attribute.type];
  if (Structured && isEditable(attribute)) {
    return html`<${Structured} Field=${Field} name=${name} path=${path} attribute=${attribute} value=${value}
      stored=${stored} errors=${errors} describedBy=${common['aria-describedby']} disabled=${disabled} locale=${locale}
      onChange=${onChange} summarize=${summarize} label=${humanize(name)} heading=${heading} notes=${notes}
      invalid=${!!error} />`;
  }
  if (!isEditable(attribute)) {
    return html`<div class="field">
      ${label}
      <output id=${id} data-test=${id} aria-describedby=${common['aria-describedby']} class="readonly">
        ${summarize(attribute, stored)} · ${whyReadOnly(attribute)}
      </output>
      ${notes}
    </div>`;
  }
  if (attribute.type === 'richtext') {
    return html`<${MarkdownField} name=${name} value=${value} common=${common} onChange=${onChange} label=${label}
      notes=${notes} error=${error} disabled=${disabled} />`;
  }
  return html`<${ScalarField} name=${name} attribute=${attribute} value=${value} common=${common} onChange=${onChange}
    label=${label} notes=${notes} error=${error} disabled=${disabled} values=${values} />`;
}
