/**
 * A new webhook's form, or one webhook's, in a dialog: its name, URL, events, headers and secret.
 * The server never answers a secret nor a header's value, so neither is shown back: the secret is
 * said to be set or not, and a header's field left empty keeps its value.
 */
import { html } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { Dialog } from '../../../ui/dialog.js';
import { describedBy, FormRow, useForm } from '../../../ui/form-field.js';
import { draftOf, headerRow, saveWebhook } from './webhook-data.js';
import { eventLabel, WEBHOOK_EVENTS } from './webhook-events.js';

/**
 * @typedef {import('./webhook-data.js').Webhook} Webhook
 * @typedef {import('./webhook-data.js').WebhookDraft} WebhookDraft
 * @typedef {import('./webhook-data.js').HeaderRow} HeaderRow
 */

const FIELDS = ['name', 'url', 'events', 'headers', 'secret'];

/**
 * @typedef {object} EventChoiceProps
 * @property {string[]} selected
 * @property {string | undefined} error
 * @property {(events: string[]) => void} onChange
 */

/**
 * The events, as checkboxes: those the server knows, and any other the webhook listens to.
 * @param {EventChoiceProps} props
 */
function EventChoice({ selected, error, onChange }) {
  const t = strings.webhooks;
  const events = [...new Set([...WEBHOOK_EVENTS, ...selected])];
  const toggle = (event, on) => onChange(on ? [...selected, event] : selected.filter((held) => held !== event));
  return html`<fieldset class="field choices event-choice"
    aria-describedby=${error ? 'webhook-events-error' : undefined}>
    <legend>${t.eventsLabel}</legend>
    ${events.map((event) => html`<label class="choice" key=${event}>
      <input type="checkbox" checked=${selected.includes(event)} data-test=${`event-${event}`}
        onChange=${(change) => toggle(event, change.currentTarget.checked)} />
      <span>${eventLabel(event)} <code class="muted">${event}</code></span>
    </label>`)}
    ${error && html`<p class="field-error" id="webhook-events-error" data-test="webhook-events-error">${error}</p>`}
  </fieldset>`;
}

/**
 * @typedef {object} HeaderRowsProps
 * @property {HeaderRow[]} rows
 * @property {string | undefined} error
 * @property {(rows: HeaderRow[]) => void} onChange
 */

/**
 * The headers sent with each delivery: a name and a value a row.
 * @param {HeaderRowsProps} props
 */
function HeaderRows({ rows, error, onChange }) {
  const t = strings.webhooks;
  /** @param {HeaderRow} row @param {Partial<HeaderRow>} changes */
  const change = (row, changes) => onChange(rows.map((each) => (each === row ? { ...each, ...changes } : each)));
  return html`<fieldset class="field header-rows"
    aria-describedby=${error ? 'webhook-headers-error' : 'webhook-headers-hint'}>
    <legend>${t.headers}</legend>
    <p class="hint" id="webhook-headers-hint">${t.headersHint}</p>
    ${rows.map((row, index) => html`<div class="inline header-row" key=${row.key} data-test="header-row">
      <input class="mono" aria-label=${t.headerName(index + 1)} data-test="header-name" value=${row.name}
        placeholder="Authorization" spellcheck="false"
        onInput=${(event) => change(row, { name: event.currentTarget.value })} />
      <input class="mono" aria-label=${t.headerValue(index + 1)} data-test="header-value" value=${row.value}
        placeholder=${row.kept ? t.valueKept : ''} autocomplete="off" spellcheck="false"
        onInput=${(event) => change(row, { value: event.currentTarget.value })} />
      <button type="button" aria-label=${t.removeHeader(index + 1)} data-test="remove-header"
        onClick=${() => onChange(rows.filter((each) => each !== row))}>${strings.actions.remove}</button>
    </div>`)}
    <button type="button" data-test="add-header" onClick=${() => onChange([...rows, headerRow()])}>
      ${t.addHeader}</button>
    ${error && html`<p class="field-error" id="webhook-headers-error" data-test="webhook-headers-error">${error}</p>`}
  </fieldset>`;
}

/**
 * @typedef {object} SecretFieldProps
 * @property {Webhook | null} webhook
 * @property {WebhookDraft} draft
 * @property {string | undefined} error
 * @property {(changes: Partial<WebhookDraft>) => void} onChange
 */

/**
 * The secret, write-only: typed to set or change it, never shown; whether one is set is said.
 * @param {SecretFieldProps} props
 */
function SecretField({ webhook, draft, error, onChange }) {
  const t = strings.webhooks;
  const signed = webhook?.signed === true;
  const hint = signed ? t.secretKeep : t.secretHint;
  return html`<div class="field">
    <div class="label-line">
      <label for="webhook-secret">${t.secret}</label>
      <span class=${`badge ${signed ? 'badge-set' : 'badge-unset'}`} data-test="secret-state">
        ${signed ? t.secretSet : t.secretNotSet}</span>
    </div>
    <input id="webhook-secret" type="password" data-test="webhook-secret" value=${draft.secret}
      autocomplete="new-password" disabled=${draft.unsign}
      aria-describedby=${describedBy('webhook-secret', hint, error)}
      onInput=${(event) => onChange({ secret: event.currentTarget.value })} />
    <p class="hint" id="webhook-secret-hint">${hint}</p>
    ${signed && html`<label class="choice">
      <input type="checkbox" data-test="webhook-unsign" checked=${draft.unsign}
        onChange=${(event) => onChange({ unsign: event.currentTarget.checked, secret: '' })} />
      ${t.unsign}
    </label>`}
    ${error && html`<p class="field-error" id="webhook-secret-error" data-test="webhook-secret-error">${error}</p>`}
  </div>`;
}

/**
 * @typedef {object} WebhookFormProps
 * @property {Webhook | null} webhook The webhook changed, or null for a new one.
 * @property {(saved: Webhook) => void} onSaved
 * @property {() => void} onCancel
 */

/** @param {WebhookFormProps} props */
export function WebhookForm({ webhook, onSaved, onCancel }) {
  const t = strings.webhooks;
  const { values: draft, change, errors, busy, submit } = useForm(() => draftOf(webhook), {
    fields: FIELDS,
    save: (values) => saveWebhook(webhook, values),
    onSaved,
  });
  const { fields } = errors;
  return html`<${Dialog} labelId="webhook-form-title" wide test="webhook-form" onCancel=${onCancel}>
    <form class="settings-form" onSubmit=${submit} noValidate>
      <h2 id="webhook-form-title">${webhook ? t.editTitle(webhook.name) : t.createTitle}</h2>
      ${errors.general && html`<p class="alert" role="alert" data-test="webhook-form-error">${errors.general}</p>`}
      <${FormRow} id="webhook-name" label=${t.name} hint=${t.nameHint} error=${fields.name}>
        <input id="webhook-name" data-test="webhook-name" value=${draft.name} maxlength="64" data-autofocus
          aria-invalid=${fields.name ? 'true' : undefined}
          aria-describedby=${describedBy('webhook-name', t.nameHint, fields.name)}
          onInput=${(event) => change({ name: event.currentTarget.value })} />
      </${FormRow}>
      <${FormRow} id="webhook-url" label=${t.url} hint=${t.urlHint} error=${fields.url}>
        <input id="webhook-url" type="url" class="mono" data-test="webhook-url" value=${draft.url}
          placeholder="https://example.com/hooks/folio" spellcheck="false"
          aria-invalid=${fields.url ? 'true' : undefined}
          aria-describedby=${describedBy('webhook-url', t.urlHint, fields.url)}
          onInput=${(event) => change({ url: event.currentTarget.value })} />
      </${FormRow}>
      <${EventChoice} selected=${draft.events} error=${fields.events} onChange=${(events) => change({ events })} />
      <${HeaderRows} rows=${draft.headers} error=${fields.headers} onChange=${(headers) => change({ headers })} />
      <${SecretField} webhook=${webhook} draft=${draft} error=${fields.secret} onChange=${change} />
      <div class="dialog-actions">
        <button type="submit" class="primary" data-test="webhook-save" disabled=${busy}>
          ${webhook ? t.save : t.create}</button>
        <button type="button" onClick=${onCancel}>${strings.actions.cancel}</button>
      </div>
    </form>
  </${Dialog}>`;
}
