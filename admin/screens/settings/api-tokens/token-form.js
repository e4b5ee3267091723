/**
 * A new token's form, or one token's (its name, description, type, and a custom token's actions),
 * in a dialog. The lifespan is chosen when the token is made: it cannot be changed after.
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { Dialog } from '../../../ui/dialog.js';
import { describedBy, FormRow, useForm } from '../../../ui/form-field.js';
import { daysOf, draftOf, LIFESPAN_DAYS, loadContentActions, saveToken, TOKEN_TYPES } from './token-data.js';

/**
 * @typedef {import('./token-data.js').Token} Token
 * @typedef {import('./token-data.js').TokenDraft} TokenDraft
 * @typedef {import('./token-data.js').ActionGroup} ActionGroup
 */

/** The fields whose messages are said at their row; `permissions` at the actions, `lifespan` at its select. */
const FIELDS = ['name', 'description', 'type', 'permissions', 'lifespan'];
/** The select's value for a token that never expires. */
const NEVER = 'never';
/** @param {string} value The select's. */
const daysChosen = (value) => (value === NEVER ? null : Number(value));

/**
 * @typedef {object} TypeChoiceProps
 * @property {import('./token-data.js').TokenType} value
 * @property {string | undefined} error
 * @property {(type: import('./token-data.js').TokenType) => void} onChange
 */

/**
 * The token's type, each with what it may do.
 * @param {TypeChoiceProps} props
 */
function TypeChoice({ value, error, onChange }) {
  const t = strings.tokens;
  return html`<fieldset class="field choices" aria-describedby=${error ? 'token-type-error' : undefined}>
    <legend>${t.type}</legend>
    ${TOKEN_TYPES.map((type) => html`<label class="choice" key=${type}>
      <input type="radio" name="token-type" value=${type} checked=${value === type} data-test=${`token-type-${type}`}
        onChange=${() => onChange(type)} />
      <span><span class="choice-name">${t.types[type]}</span> <span class="hint">${t.typeHints[type]}</span></span>
    </label>`)}
    ${error && html`<p class="field-error" id="token-type-error">${error}</p>`}
  </fieldset>`;
}

/**
 * @typedef {object} ActionPickerProps
 * @property {string[]} selected
 * @property {string | undefined} error
 * @property {(selected: string[]) => void} onChange
 */

/**
 * A custom token's actions: those of each content type, from the permission tree, by the names the
 * API gives them (`find`, `findOne`), with "All" for each type.
 * @param {ActionPickerProps} props
 */
function ActionPicker({ selected, error, onChange }) {
  const t = strings.tokens;
  const [groups, setGroups] = useState(/** @type {ActionGroup[] | Error | null} */ (null));
  useEffect(() => {
    let live = true;
    loadContentActions().then((loaded) => live && setGroups(loaded), (failure) => live && setGroups(failure));
    return () => {
      live = false;
    };
  }, []);
  if (groups === null) return html`<p class="muted">${strings.page.loading}</p>`;
  if (groups instanceof Error) return html`<p class="alert" role="alert">${t.actionsUnreadable(groups.message)}</p>`;
  const chosen = new Set(selected);
  const toggle = (action, on) => onChange(on ? [...selected, action] : selected.filter((held) => held !== action));
  const toggleAll = (group, on) => {
    const others = selected.filter((held) => !group.actions.includes(held));
    onChange(on ? [...others, ...group.actions] : others);
  };
  return html`<fieldset class="field token-actions" data-test="token-actions"
    aria-describedby=${error ? 'token-actions-error' : 'token-actions-hint'}>
    <legend>${t.actions}</legend>
    <p class="hint" id="token-actions-hint">${t.actionsHint}</p>
    ${groups.map((group) => html`<fieldset class="action-group" key=${group.name}>
      <legend>${group.label}</legend>
      <label class="choice choice-all">
        <input type="checkbox" checked=${group.actions.every((action) => chosen.has(action))}
          onChange=${(event) => toggleAll(group, event.currentTarget.checked)} />
        ${t.allActions(group.label)}
      </label>
      ${group.actions.map((action) => html`<label class="choice" key=${action} title=${action}>
        <input type="checkbox" checked=${chosen.has(action)} data-test=${`action-${action}`}
          onChange=${(event) => toggle(action, event.currentTarget.checked)} />
        <code>${action.split('.').pop()}</code>
      </label>`)}
    </fieldset>`)}
    ${error && html`<p class="field-error" id="token-actions-error">${error}</p>`}
  </fieldset>`;
}

/**
 * @typedef {object} TokenFormProps
 * @property {Token | null} token The token changed, or null for a new one.
 * @property {(saved: Token) => void} onSaved With the server's answer (a new token's carries its value).
 * @property {() => void} onCancel
 */

/** @param {TokenFormProps} props */
export function TokenForm({ token, onSaved, onCancel }) {
  const t = strings.tokens;
  const { values: draft, change, errors, busy, submit } = useForm(() => draftOf(token), {
    fields: FIELDS,
    save: (values) => saveToken(token, values),
    onSaved,
  });
  const { fields } = errors;
  const lifespanHint = token ? t.lifespanFixed : t.lifespanHint;
  const days = token ? daysOf(token.lifespan) : draft.days;
  return html`<${Dialog} labelId="token-form-title" wide test="token-form" onCancel=${onCancel}>
    <form class="settings-form" onSubmit=${submit} noValidate>
      <h2 id="token-form-title">${token ? t.editTitle(token.name) : t.createTitle}</h2>
      ${errors.general && html`<p class="alert" role="alert" data-test="token-form-error">${errors.general}</p>`}
      <${FormRow} id="token-name" label=${t.name} error=${fields.name}>
        <input id="token-name" data-test="token-name" value=${draft.name} maxlength="100" required data-autofocus
          aria-invalid=${fields.name ? 'true' : undefined}
          aria-describedby=${describedBy('token-name', '', fields.name)}
          onInput=${(event) => change({ name: event.currentTarget.value })} />
      </${FormRow}>
      <${FormRow} id="token-description" label=${t.description} error=${fields.description}>
        <textarea id="token-description" data-test="token-description" rows="2" maxlength="256"
          value=${draft.description} aria-describedby=${describedBy('token-description', '', fields.description)}
          onInput=${(event) => change({ description: event.currentTarget.value })}></textarea>
      </${FormRow}>
      <${TypeChoice} value=${draft.type} error=${fields.type} onChange=${(type) => change({ type })} />
      ${draft.type === 'custom' && html`<${ActionPicker} selected=${draft.permissions} error=${fields.permissions}
        onChange=${(permissions) => change({ permissions })} />`}
      <${FormRow} id="token-lifespan" label=${t.lifespan} hint=${lifespanHint} error=${fields.lifespan}>
        <select id="token-lifespan" data-test="token-lifespan" disabled=${Boolean(token)}
          value=${days === null ? NEVER : String(days)}
          aria-describedby=${describedBy('token-lifespan', lifespanHint, fields.lifespan)}
          onChange=${(event) => change({ days: daysChosen(event.currentTarget.value) })}>
          ${LIFESPAN_DAYS.map((choice) => html`<option value=${choice === null ? NEVER : String(choice)}>
            ${choice === null ? t.unlimited : t.days(choice)}</option>`)}
        </select>
      </${FormRow}>
      <div class="dialog-actions">
        <button type="submit" class="primary" data-test="token-save" disabled=${busy}>
          ${token ? t.save : t.create}</button>
        <button type="button" onClick=${onCancel}>${strings.actions.cancel}</button>
      </div>
    </form>
  </${Dialog}>`;
}
