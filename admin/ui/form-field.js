/**
 * The forms a screen writes by hand (the entry form has its own fields, fields/, made from a
 * content type): their state (`useForm`), their fields, each with its label and its error (a text
 * input, a select, a checkbox, or a row around a control the form writes itself, `FormRow`), and
 * a server's refusal split between them (`formErrors`).
 */
import { ApiError } from '../lib/api.js';
import { html, useState } from '../lib/preact.js';

/** @typedef {{ fields: Record<string, string>, general: string }} FormErrors */

/** @type {FormErrors} */
const NO_ERRORS = { fields: {}, general: '' };

/**
 * `id` is the control's id and `data-test`; its error's are `<id>-error`.
 * @typedef {object} TextFieldProps
 * @property {string} id
 * @property {string} label
 * @property {string} value
 * @property {(value: string) => void} onInput
 * @property {string} [error]
 * @property {string} [type] `text` unless told (`email`, `password`).
 * @property {string} [autocomplete]
 * @property {boolean} [required]
 * @property {boolean} [disabled]
 * @property {boolean} [autofocus] Gets the focus when the dialog it is in opens.
 */

/** The attributes that tie a control to its error. */
const errorAttributes = (id, error) => ({
  'aria-invalid': error ? 'true' : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** @param {{ id: string, error?: string }} props */
const FieldError = ({ id, error }) => error
  && html`<p class="field-error" id=${`${id}-error`} data-test=${`${id}-error`}>${error}</p>`;

/** @param {TextFieldProps} props */
export function TextField(props) {
  const { id, label, value, onInput, error, type = 'text', autocomplete, required, disabled, autofocus } = props;
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <input id=${id} data-test=${id} type=${type} value=${value} autocomplete=${autocomplete} required=${required}
      disabled=${disabled} data-autofocus=${autofocus ? '' : undefined} ...${errorAttributes(id, error)}
      onInput=${(event) => onInput(event.currentTarget.value)} />
    <${FieldError} id=${id} error=${error} />
  </div>`;
}

/**
 * @typedef {object} SelectFieldProps
 * @property {string} id
 * @property {string} label
 * @property {string} value
 * @property {{ value: string, label: string }[]} options
 * @property {(value: string) => void} onChange
 * @property {string} [error]
 * @property {boolean} [disabled]
 */

/** @param {SelectFieldProps} props */
export function SelectField({ id, label, value, options, onChange, error, disabled }) {
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <select id=${id} data-test=${id} value=${value} disabled=${disabled} ...${errorAttributes(id, error)}
      onChange=${(event) => onChange(event.currentTarget.value)}>
      ${options.map((option) => html`<option value=${option.value}>${option.label}</option>`)}
    </select>
    <${FieldError} id=${id} error=${error} />
  </div>`;
}

/**
 * @typedef {object} CheckFieldProps
 * @property {string} id
 * @property {string} label
 * @property {boolean} checked
 * @property {(checked: boolean) => void} onChange
 * @property {string} [error]
 * @property {boolean} [disabled]
 */

/** @param {CheckFieldProps} props */
export function CheckField({ id, label, checked, onChange, error, disabled }) {
  return html`<div class="field field-check">
    <input id=${id} data-test=${id} type="checkbox" checked=${checked} disabled=${disabled}
      ...${errorAttributes(id, error)} onChange=${(event) => onChange(event.currentTarget.checked)} />
    <label for=${id}>${label}</label>
    <${FieldError} id=${id} error=${error} />
  </div>`;
}

/**
 * A refusal split for a form whose fields are `fields`: each field's messages (a ValidationError's
 * `details.errors` naming it), and what names none of them (or the whole message, when nothing is
 * about a field: `Email already taken`, a lost connection) as `general`.
 * @example formErrors(error, ['username', 'email'])
 * // { fields: { email: 'email must be a valid email' }, general: '' }
 * @param {Error} error
 * @param {string[]} fields
 * @returns {{ fields: Record<string, string>, general: string }}
 */
export function formErrors(error, fields) {
  /** @type {Record<string, string>} */
  const placed = {};
  const unplaced = [];
  const found = error instanceof ApiError ? error.fieldErrors : [];
  for (const [[name = ''], message] of found) {
    if (fields.includes(name)) placed[name] = placed[name] ? `${placed[name]} ${message}` : message;
    else unplaced.push(message);
  }
  return { fields: placed, general: found.length === 0 ? error.message : unplaced.join(' ') };
}

/**
 * @typedef {object} FormRowProps
 * @property {string} id The control's id, which the label is for.
 * @property {string} label
 * @property {string} [hint] Said under the control (its id: `<id>-hint`).
 * @property {string} [error] The server's message about it (its id: `<id>-error`).
 * @property {import('../lib/preact.js').Children} [children] The control, described by `describedBy`.
 */

/**
 * @example html`<${FormRow} id="token-name" label="Name" error=${errors.name}>
 *   <input id="token-name" aria-describedby=${describedBy('token-name', hint, errors.name)} /></${FormRow}>`
 * @param {FormRowProps} props
 */
export function FormRow({ id, label, hint, error, children }) {
  return html`<div class="field">
    <label for=${id}>${label}</label>
    ${children}
    ${hint && html`<p class="hint" id=${`${id}-hint`}>${hint}</p>`}
    ${error && html`<p class="field-error" id=${`${id}-error`} data-test=${`${id}-error`}>${error}</p>`}
  </div>`;
}

/**
 * The ids a control's `aria-describedby` names: its row's hint and error, those it has.
 * @param {string} id
 * @param {string | undefined} hint
 * @param {string | undefined} error
 */
export const describedBy = (id, hint, error) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/**
 * A hand-written form's state: its values (`change` merges some in), the refusal of its last
 * submit split between `fields`, and whether one is on its way. `submit`, the form's `onSubmit`,
 * saves the values with `save` and gives what it answers to `onSaved`.
 * @example const form = useForm({ name: '' }, { fields: ['name'], save: createRole, onSaved: close });
 * @template {object} V
 * @template R
 * @param {V | (() => V)} initial
 * @param {{ fields: string[], save: (values: V) => Promise<R>, onSaved: (saved: R) => void | Promise<void> }} options
 */
export function useForm(initial, { fields, save, onSaved }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  /** @param {Partial<V>} changes */
  const change = (changes) => setValues((shown) => /** @type {V} */ ({ ...(/** @type {object} */ (shown)), ...changes }));
  /** @param {Event} event */
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await save(values);
      setErrors(NO_ERRORS);
      await onSaved(saved);
    } catch (error) {
      setErrors(formErrors(error, fields));
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, change, errors, busy, submit };
}
