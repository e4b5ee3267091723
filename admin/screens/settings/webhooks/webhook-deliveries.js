/**
 * A webhook's last deliveries, newest first: when, which event, how it went, the receiver's status
 * code, how long it took to deliver, and why the last attempt failed. Read again every few seconds
 * while one is still being tried.
 */
import { html, useEffect, useState } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';
import { LoadError } from '../../../ui/load-error.js';
import { Stamp } from '../../../ui/stamp.js';
import { loadDeliveries } from './webhook-data.js';
import { eventLabel } from './webhook-events.js';

/**
 * @typedef {import('./webhook-data.js').Delivery} Delivery
 */

/** How soon a list holding a pending delivery is read again. */
const PENDING_REFRESH_MS = 4000;

/**
 * Why an attempt failed: the server's words (`ECONNREFUSED`, `HTTP 503`), and what a network
 * error's code means when the page knows it.
 * @param {string} error
 */
export function failureOf(error) {
  const t = strings.webhooks;
  const meaning = t.networkErrors[error.split(/[\s:]/)[0]];
  return meaning ? t.errorMeaning(error, meaning) : error;
}

/** @param {{ delivery: Delivery }} props */
function DeliveryRow({ delivery }) {
  const t = strings.webhooks;
  const took = delivery.finishedAt ? Date.parse(delivery.finishedAt) - Date.parse(delivery.createdAt) : null;
  return html`<tr data-test="delivery" data-status=${delivery.status}>
    <td><${Stamp} value=${delivery.createdAt} /></td>
    <td title=${delivery.event}>${eventLabel(delivery.event)}</td>
    <td><span class=${`badge badge-${delivery.status}`} data-test="delivery-status">
      ${t.deliveryStatus[delivery.status]}</span></td>
    <td data-test="delivery-code">${delivery.lastStatus ?? html`<span class="muted">—</span>`}</td>
    <td>${delivery.attempts}</td>
    <td>${took === null ? html`<span class="muted">—</span>` : t.duration(Math.max(0, took))}</td>
    <td class="col-error" data-test="delivery-error">
      ${delivery.lastError ? failureOf(delivery.lastError) : html`<span class="muted">—</span>`}
    </td>
  </tr>`;
}

/**
 * @typedef {object} DeliveriesProps
 * @property {number} id The webhook's.
 */

/** @param {DeliveriesProps} props */
export function Deliveries({ id }) {
  const t = strings.webhooks;
  const [deliveries, setDeliveries] = useState(/** @type {Delivery[] | Error | null} */ (null));
  const [reads, setReads] = useState(0);
  const refresh = () => setReads((count) => count + 1);
  useEffect(() => {
    let live = true;
    loadDeliveries(id).then((loaded) => live && setDeliveries(loaded), (error) => live && setDeliveries(error));
    return () => {
      live = false;
    };
  }, [id, reads]);
  const pending = Array.isArray(deliveries) && deliveries.some((delivery) => delivery.status === 'pending');
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(refresh, PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, deliveries]);

  return html`<section class="deliveries" aria-labelledby="deliveries-title">
    <div class="section-head">
      <h2 id="deliveries-title">${t.deliveries}</h2>
      <button type="button" data-test="refresh-deliveries" onClick=${refresh}>${t.refresh}</button>
    </div>
    <p class="hint">${t.deliveriesHint}</p>
    ${deliveries === null && html`<p class="muted">${strings.page.loading}</p>`}
    ${deliveries instanceof Error && html`<${LoadError} error=${deliveries} onRetry=${refresh} />`}
    ${Array.isArray(deliveries) && deliveries.length === 0
      && html`<p class="muted empty panel" data-test="no-deliveries">${t.noDeliveries}</p>`}
    ${Array.isArray(deliveries) && deliveries.length > 0 && html`<div class="table-wrap">
      <table data-test="deliveries">
        <caption class="visually-hidden">${t.deliveries}</caption>
        <thead><tr>
          <th scope="col">${t.when}</th><th scope="col">${t.event}</th><th scope="col">${t.status}</th>
          <th scope="col">${t.statusCode}</th><th scope="col">${t.attempts}</th><th scope="col">${t.took}</th>
          <th scope="col">${t.whyFailed}</th>
        </tr></thead>
        <tbody>
          ${deliveries.map((delivery) => html`<${DeliveryRow} key=${delivery.id} delivery=${delivery} />`)}
        </tbody>
      </table>
    </div>`}
  </section>`;
}
