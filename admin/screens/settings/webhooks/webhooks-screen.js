/**
 * The webhooks (`#/settings/webhooks`): the project's webhooks, and a new one made (with
 * `admin::webhooks.create`); each opens at `#/settings/webhooks/<id>` (webhook-detail.js), with its
 * deliveries, a test event, its form and its removal.
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { navigate } from '../../../lib/router.js';
import { strings } from '../../../lib/strings.js';
import { useTitle } from '../../../lib/title.js';
import { LoadError } from '../../../ui/load-error.js';
import { loadWebhooks, webhookHref } from './webhook-data.js';
import { WebhookDetail } from './webhook-detail.js';
import { EventList } from './webhook-events.js';
import { WebhookForm } from './webhook-form.js';

/**
 * @typedef {import('./webhook-data.js').Webhook} Webhook
 * @typedef {import('../../../lib/workspace.js').WorkspaceValue} WorkspaceValue
 */

/**
 * The webhooks' table, or why it could not be read.
 * @param {{ webhooks: Webhook[] | Error | null, onRetry: () => void }} props
 */
function WebhookTable({ webhooks, onRetry }) {
  const t = strings.webhooks;
  if (webhooks === null) return html`<p class="muted">${strings.page.loading}</p>`;
  if (webhooks instanceof Error) return html`<${LoadError} error=${webhooks} onRetry=${onRetry} />`;
  if (webhooks.length === 0) return html`<p class="muted empty panel" data-test="no-webhooks">${t.none}</p>`;
  return html`<div class="table-wrap">
    <table data-test="webhooks">
      <caption class="visually-hidden">${strings.nav.webhooks}</caption>
      <thead><tr>
        <th scope="col">${t.name}</th><th scope="col">${t.url}</th><th scope="col">${t.eventsLabel}</th>
        <th scope="col">${t.secret}</th>
      </tr></thead>
      <tbody>${webhooks.map((webhook) => html`<tr key=${webhook.id} data-test=${`webhook-${webhook.name}`}>
        <th scope="row" class="col-title"><a href=${webhookHref(webhook.id)}>${webhook.name}</a></th>
        <td class="mono col-url">${webhook.url}</td>
        <td><${EventList} events=${webhook.events} /></td>
        <td>${webhook.signed ? t.secretSet : html`<span class="muted">${t.secretNotSet}</span>`}</td>
      </tr>`)}</tbody>
    </table>
  </div>`;
}

/** @param {{ workspace: WorkspaceValue }} props */
function WebhookList({ workspace }) {
  const t = strings.webhooks;
  useTitle(strings.nav.webhooks, strings.nav.settings);
  const [webhooks, setWebhooks] = useState(/** @type {Webhook[] | Error | null} */ (null));
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    let live = true;
    loadWebhooks().then((loaded) => live && setWebhooks(loaded), (error) => live && setWebhooks(error));
    return () => {
      live = false;
    };
  }, [attempt]);
  // A new webhook opens, to be tried with a test event.
  const created = (webhook) => {
    setCreating(false);
    navigate(webhookHref(webhook.id));
    workspace.notify('success', t.created(webhook.name), webhookHref(webhook.id));
  };
  return html`<section class="settings-view" aria-labelledby="view-title">
    <header class="view-head">
      <h1 id="view-title">${strings.nav.webhooks}</h1>
      ${workspace.permissions.has('admin::webhooks.create') && html`<button type="button" class="primary push-end"
        data-test="create-webhook" onClick=${() => setCreating(true)}>${t.createButton}</button>`}
    </header>
    <p class="muted lead">${t.lead}</p>
    <${WebhookTable} webhooks=${webhooks} onRetry=${() => setAttempt(attempt + 1)} />
    ${creating && html`<${WebhookForm} webhook=${null} onSaved=${created} onCancel=${() => setCreating(false)} />`}
  </section>`;
}

/** @param {{ route: import('../../../lib/routes.js').Route, workspace: WorkspaceValue }} props */
export function WebhooksScreen({ route, workspace }) {
  const [, id] = route.path;
  if (id) return html`<${WebhookDetail} key=${id} id=${id} workspace=${workspace} />`;
  return html`<${WebhookList} workspace=${workspace} />`;
}
