/**
 * What the webhooks screens read and write (`/api/admin/webhooks…`, docs/api/settings.md): the
 * webhooks, as the server answers them (never a secret nor a header's value), their deliveries, a
 * test event, and the body of a create or a change.
 */
import { request } from '../../../lib/api.js';
import { hrefOf } from '../../../lib/routes.js';

/**
 * @typedef {{ id: number, name: string, url: string, events: string[], headers: string[], signed: boolean,
 *   createdAt: string, updatedAt: string }} Webhook `headers` as `Name: ***`.
 * @typedef {'pending' | 'delivered' | 'failed'} DeliveryStatus
 * @typedef {{ id: string, event: string, status: DeliveryStatus, attempts: number, lastStatus: number | null,
 *   lastError: string | null, createdAt: string, finishedAt: string | null }} Delivery
 * @typedef {{ statusCode: number | null, message: string | null, took: number }} TriggerResult What the
 *   receiver did with a test event, and how long the round took (measured here: the server does not say).
 */

/** What the server answers in place of a header's value; sent back, it keeps the stored one. */
const HIDDEN = '***';

/**
 * The list's address (no `id`), or one webhook's.
 * @param {number | string} [id]
 */
export const webhookHref = (id) =>
  hrefOf({ screen: 'settings', path: ['webhooks', id === undefined ? '' : String(id)] });

export const WEBHOOKS_PATH = '/admin/webhooks';
/** @param {number | string} id */
export const webhookPath = (id) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

/** @returns {Promise<Webhook[]>} */
export const loadWebhooks = async () => (await request('GET', WEBHOOKS_PATH)).data;
/** @returns {Promise<Webhook>} */
export const loadWebhook = async (id) => (await request('GET', webhookPath(id))).data;
/** The last deliveries, newest first. @returns {Promise<Delivery[]>} */
export const loadDeliveries = async (id) => (await request('GET', `${webhookPath(id)}/deliveries`)).data;

/**
 * Sends a test event now (not recorded among the deliveries, not retried).
 * @param {number} id
 * @returns {Promise<TriggerResult>}
 */
export async function triggerWebhook(id) {
  const started = performance.now();
  const { data } = await request('POST', `${webhookPath(id)}/trigger`);
  const took = Math.round(performance.now() - started);
  return { statusCode: data.statusCode ?? null, message: data.message ?? null, took };
}

/**
 * A header of the form; `kept`: one the webhook has, whose value (hidden by the server) stays as
 * it is while its field is left empty.
 * @typedef {{ key: number, name: string, value: string, kept: boolean }} HeaderRow
 * @typedef {{ name: string, url: string, events: string[], headers: HeaderRow[], secret: string, unsign: boolean }}
 *   WebhookDraft
 */

let nextKey = 0;

/**
 * A header row, from the server's `Name: ***`, or an empty one.
 * @param {string} [answered]
 * @returns {HeaderRow}
 */
export function headerRow(answered) {
  nextKey += 1;
  if (answered === undefined) return { key: nextKey, name: '', value: '', kept: false };
  const colon = answered.indexOf(':');
  return { key: nextKey, name: (colon < 0 ? answered : answered.slice(0, colon)).trim(), value: '', kept: true };
}

/**
 * A draft of `webhook`'s, or of a new webhook's.
 * @param {Webhook | null} webhook
 * @returns {WebhookDraft}
 */
export const draftOf = (webhook) => ({
  name: webhook?.name ?? '',
  url: webhook?.url ?? '',
  events: webhook?.events ?? [],
  headers: (webhook?.headers ?? []).map((header) => headerRow(header)),
  secret: '',
  unsign: false,
});

/**
 * The body of a create or a change: every field, the headers replacing the webhook's (a kept one
 * sent hidden, which keeps its value), and the secret only when one is typed or it is removed.
 * @param {WebhookDraft} draft
 */
export function bodyOf(draft) {
  const given = draft.headers.filter((row) => row.name.trim() !== '' || row.value !== '');
  const valueOf = (row) => (row.kept && row.value === '' ? HIDDEN : row.value);
  const headers = Object.fromEntries(given.map((row) => [row.name.trim(), valueOf(row)]));
  const secret = draft.unsign ? { secret: null } : draft.secret ? { secret: draft.secret } : {};
  return { name: draft.name.trim(), url: draft.url.trim(), events: draft.events, headers, ...secret };
}

/**
 * Creates a webhook (`webhook` null) or changes one; answers the server's.
 * @param {Webhook | null} webhook
 * @param {WebhookDraft} draft
 * @returns {Promise<Webhook>}
 */
export async function saveWebhook(webhook, draft) {
  const [method, path] = webhook ? ['PUT', webhookPath(webhook.id)] : ['POST', WEBHOOKS_PATH];
  return (await request(method, path, { body: bodyOf(draft) })).data;
}
