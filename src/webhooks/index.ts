/** Webhooks: definitions, the deliveries each write records, and the server's deliverer. */
export { createWebhookService, shownUrl, type Outbox, type ShownDelivery, type ShownWebhook, type TestOutcome, type WebhookInput, type WebhookService, type WebhookServiceDeps } from './service.js';
export { BODY_FIELDS as WEBHOOK_BODY_FIELDS, HIDDEN_VALUE, webhookBody, webhookMessages, type WebhookChange, type WebhookFieldNames } from './input.js';
export { startDeliveries, type DeliveriesOptions } from './deliveries.js';
export { signature } from './signature.js';
export { openSpool, type DeliveryStore } from './store.js';
export { postgresDeliveries } from './postgres-store.js';
export { TEST_EVENT, WEBHOOK_EVENTS, type DeliveryRow, type WebhookEvent, type WebhookNotice, type WebhookRow } from './types.js';
