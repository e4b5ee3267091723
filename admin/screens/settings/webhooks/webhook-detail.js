/**
 * One webhook (`#/settings/webhooks/<id>`): what it sends where, its deliveries, and, as far as the
 * account's role allows, a test event sent now (`admin::webhooks.update`, as the server asks), its
 * form (`update`) and its removal (`delete`).
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { request } from '../../../lib/api.js';
import { navigate } from '../../../lib/router.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { Ask } from '../../../ui/dialog.js';
import { LoadError } from '../../../ui/load-error.js';
import { loadWebhook, triggerWebhook, webhookHref, webhookPath } from './webhook-data.js';
import { Deliveries, failureOf } from './webhook-deliveries.js';
import { EventList } from './webhook-events.js';
import { WebhookForm } from './webhook-form.js';

/**
 * @typedef {import('./webhook-data.js').Webhook} Webhook
 * @typedef {import('./webhook-data.js').TriggerResult} TriggerResult
 * @typedef {import('../../../lib/workspace.js').WorkspaceValue} WorkspaceValue
 */

/**
 * What the receiver did with the test event.
 * @param {{ result: TriggerResult }} props
 */
function TriggerOutcome({ result }) {
  const t = strings.webhooks;
  const { statusCode, message, took } = result;
  const accepted = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const text = statusCode === null ? t.noAnswer(failureOf(message ?? ''), took)
    : accepted ? t.answered(statusCode, took) : t.refused(statusCode, took);
  return html`<p class=${`notice ${accepted ? 'notice-success' : 'notice-error'}`} role="status"
    data-test="trigger-result" data-outcome=${accepted ? 'delivered' : 'failed'}>${text}</p>`;
}

/**
 * Where it sends, what, with which headers, and whether it signs.
 * @param {{ webhook: Webhook }} props
 */
function WebhookSummary({ webhook }) {
  const t = strings.webhooks;
  const headerNames = webhook.headers.map((header) => header.split(':')[0]);
  return html`<dl class="summary" data-test="webhook-summary">
    <dt>${t.url}</dt><dd class="mono" data-test="webhook-url-shown">${webhook.url}</dd>
    <dt>${t.eventsLabel}</dt><dd><${EventList} events=${webhook.events} /></dd>
    <dt>${t.headers}</dt>
    <dd>${headerNames.length ? t.headerNames(headerNames) : html`<span class="muted">${t.noHeaders}</span>`}</dd>
    <dt>${t.secret}</dt><dd data-test="webhook-signed">${webhook.signed ? t.signed : t.unsigned}</dd>
  </dl>`;
}

/**
 * @typedef {object} WebhookDetailProps
 * @property {string} id From the address.
 * @property {WorkspaceValue} workspace
 */

/** @param {WebhookDetailProps} props */
export function WebhookDetail({ id, workspace }) {
  const t = strings.webhooks;
  const { notify, permissions } = workspace;
  const [webhook, setWebhook] = useState(/** @type {Webhook | Error | null} */ (null));
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState(/** @type {'' | 'edit' | 'delete'} */ (''));
  const [busy, setBusy] = useState(/** @type {'' | 'trigger' | 'delete'} */ (''));
  const [result, setResult] = useState(/** @type {TriggerResult | null} */ (null));
  const name = webhook && !(webhook instanceof Error) ? webhook.name : '';
  useTitle(name, strings.nav.webhooks, strings.nav.settings);
  useEffect(() => {
    let live = true;
    loadWebhook(id).then((loaded) => live && setWebhook(loaded), (error) => live && setWebhook(error));
    return () => {
      live = false;
    };
  }, [id, attempt]);
  /** @param {string} action */
  const may = (action) => permissions.has(`admin::webhooks.${action}`);
  const back = html`<p class="crumbs"><a href=${webhookHref()}>${t.back}</a></p>`;
  if (webhook === null) return html`${back}<p class="muted">${strings.page.loading}</p>`;
  if (webhook instanceof Error) {
    return html`${back}<h1 id="view-title">${strings.nav.webhooks}</h1>
      <${LoadError} error=${webhook} onRetry=${() => setAttempt(attempt + 1)} />`;
  }

  const trigger = async () => {
    setBusy('trigger');
    setResult(null);
    try {
      setResult(await triggerWebhook(webhook.id));
    } catch (error) {
      notify('error', error.message);
    } finally {
      setBusy('');
    }
  };
  const remove = async () => {
    setBusy('delete');
    try {
      await request('DELETE', webhookPath(webhook.id));
      navigate(webhookHref());
      notify('success', t.deleted(webhook.name), webhookHref());
    } catch (error) {
      setOpen('');
      setBusy('');
      notify('error', error.message);
    }
  };
  const saved = (changed) => {
    setWebhook(changed);
    setOpen('');
    notify('success', t.saved(changed.name));
  };

  return html`<section class="settings-view" aria-labelledby="view-title">
    ${back}
    <header class="view-head">
      <h1 id="view-title">${webhook.name}</h1>
      <div class="inline push-end">
        ${may('update') && html`<button type="button" data-test="trigger-webhook" disabled=${busy !== ''}
          onClick=${trigger}>${busy === 'trigger' ? t.sending : t.trigger}</button>`}
        ${may('update') && html`<button type="button" data-test="edit-webhook" onClick=${() => setOpen('edit')}>
          ${t.edit}</button>`}
        ${may('delete') && html`<button type="button" class="danger-outline" data-test="delete-webhook"
          onClick=${() => setOpen('delete')}>${t.delete}</button>`}
      </div>
    </header>
    <${WebhookSummary} webhook=${webhook} />
    ${may('update') && html`<p class="hint">${t.triggerHint}</p>`}
    ${result && html`<${TriggerOutcome} result=${result} />`}
    <${Deliveries} id=${webhook.id} />
    ${open === 'edit' && html`<${WebhookForm} webhook=${webhook} onSaved=${saved} onCancel=${() => setOpen('')} />`}
    ${open === 'delete' && html`<${Ask} test="ask-delete-webhook" title=${t.deleteTitle(webhook.name)}
      text=${t.deleteText} actions=${[
        [t.delete, () => busy === '' && remove(), { test: 'confirm-delete-webhook', kind: 'danger' }],
        [strings.actions.cancel, () => setOpen(''), { test: 'cancel-delete-webhook' }],
      ]} />`}
  </section>`;
}
