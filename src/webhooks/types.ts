/** Webhooks (`folio webhook …`): what a site is told when content changes, and each delivery of it. */
import type { Row } from '../storage/index.js';

export const WEBHOOK_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event `folio webhook test` sends; never recorded. */
export const TEST_EVENT = 'trigger-test';

/** A webhook (data/webhooks.json, or the database): where to POST which events, with what. */
export interface WebhookRow extends Row {
  name: string;
  url: string;
  events: WebhookEvent[];
  /** Sent with every delivery. Their values may be credentials: never printed nor logged. */
  headers: Record<string, string>;
  /** Signs each delivery (X-Folio-Signature); null: unsigned. Never printed nor logged. */
  secret: string | null;
  createdAt: string;
  updatedAt: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one webhook, recorded with the write that caused it, then delivered (data/deliveries.json). */
export interface DeliveryRow extends Row {
  /** The webhook's id. */
  webhook: number;
  event: WebhookEvent;
  /** The JSON body, as it is sent (every attempt sends the same bytes); emptied once finished. */
  body: string;
  /** What the event is about (`api::article.article:<documentId>`, `media:<id>`): its deliveries go out in order. */
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  /** When the next attempt may start (ms since the epoch). */
  nextAttemptAt: number;
  /** A process sending it now, until when (ms): another process leaves it alone until then. */
  claimedUntil: number;
  /** The receiver's last HTTP status, or null when it gave none (a network error, a timeout). */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** What a write tells the webhooks: the event and its Strapi-shaped body fields. */
export interface WebhookNotice {
  event: WebhookEvent;
  subject: string;
  /** `{ model, uid, entry }` for entries, `{ media }` for files, as Strapi 5 sends them. */
  fields: Record<string, unknown>;
}
