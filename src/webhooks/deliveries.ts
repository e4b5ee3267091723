/**
 * The deliverer of a running server: it sends recorded deliveries after the answers that caused
 * them, in order per document, claiming each in the store first so that one process sends it
 * (several processes on PostgreSQL share the table), and retries failures with growing waits.
 * A delivery is sent at least once: one whose process died mid-send is claimed again once its
 * claim runs out, and its `X-Folio-Delivery` id lets the receiver drop the repeat.
 */
import type { Logger } from '../log/index.js';
import type { Table } from '../storage/index.js';
import type { WebhookService } from './service.js';
import type { DeliveryStore, Settled } from './store.js';
import type { DeliveryRow, WebhookRow } from './types.js';

export interface DeliveriesOptions {
  service: WebhookService;
  webhooks: Table<WebhookRow>;
  deliveries: DeliveryStore;
  settings(): { timeout: number; retryDelays: number[] };
  log: Logger;
  now?: () => number;
  /** How often the store is looked at for deliveries that came due (retries, other processes' writes). */
  pollMs?: number;
}

/** Deliveries sent at once, across documents. */
const PARALLEL = 32;

/**
 * Starts sending; answers `wake` (look now: a write just recorded deliveries) and `stop`.
 * @example const deliveries = startDeliveries({ service, webhooks, deliveries, settings, log });
 */
export function startDeliveries(options: DeliveriesOptions): { wake(): void; stop(): Promise<void> } {
  const now = options.now ?? Date.now;
  const stopping = new AbortController();
  /** Deliveries being sent now, by their delivery id: at most PARALLEL, each held by its claim. */
  const inFlight = new Map<string, Promise<void>>();
  /** Outcomes waiting to be written, all in one update of the table. */
  let outcomes: Array<{ delivery: DeliveryRow; status: number | null; error: string | null; webhook: WebhookRow | undefined }> = [];
  let writing = Promise.resolve();
  let writeQueued = false;
  let claiming: Promise<void> | undefined;

  /** Claims up to `count` due deliveries in the store (not asked at all while there is no webhook). */
  async function claim(count: number): Promise<DeliveryRow[]> {
    if (options.webhooks.rows().length === 0) return [];
    const at = now();
    // Held for one attempt and a margin: a process that dies mid-send frees it then.
    return options.deliveries.claim(count, at, at + (options.settings().timeout + 5) * 1000);
  }

  /** Writes every outcome that finished since the last write, in one update. */
  function writeOutcomes(): void {
    if (writeQueued) return;
    writeQueued = true;
    writing = writing.then(async () => {
      writeQueued = false;
      const batch = outcomes;
      outcomes = [];
      if (batch.length === 0) return;
      const { retryDelays } = options.settings();
      const at = now();
      const settled: Settled[] = batch.map(({ delivery, status, error, webhook }) => {
        const attempts = delivery.attempts + 1;
        const delivered = status !== null && status >= 200 && status < 300;
        // A 4xx other than 429 says the receiver will not take it: retrying would not change that.
        const final = !webhook || delivered || (status !== null && status >= 400 && status < 500 && status !== 429) || attempts > retryDelays.length;
        if (!delivered && webhook) {
          const next = final ? 'given up' : `retry in ${retryDelays[attempts - 1]} s`;
          options.log.warn(`webhook ${webhook.name}: ${delivery.event} delivery ${delivery.documentId} failed (${error ?? 'no answer'}), attempt ${attempts}: ${next}`);
        }
        return {
          documentId: delivery.documentId,
          change: {
            attempts,
            lastStatus: status,
            lastError: error,
            status: delivered ? 'delivered' : final ? 'failed' : 'pending',
            nextAttemptAt: final ? delivery.nextAttemptAt : at + retryDelays[attempts - 1]! * 1000,
            finishedAt: final ? new Date(at).toISOString() : null,
          },
        };
      });
      await options.deliveries.settle(settled);
      pump(); // the next delivery of each document was waiting for this one
    }).catch((error: unknown) => options.log.error('webhook deliveries could not be recorded', error));
  }

  async function send(delivery: DeliveryRow): Promise<void> {
    const webhook = options.webhooks.rows().find((row) => row.id === delivery.webhook);
    // `send` never rejects: a delivery that cannot even be sent is a failed attempt, retried and
    // settled like any other, so the document's later deliveries are not held back by it.
    const outcome = webhook ? await options.service.send(webhook, delivery.body, delivery.documentId, stopping.signal) : { status: null, error: 'its webhook was deleted' };
    if (stopping.signal.aborted) return; // claimed until its claim runs out, then sent again
    outcomes.push({ delivery, ...outcome, webhook });
    writeOutcomes();
  }

  /** Asked to look again while a claim ran: looked at once it ends, so no wake is lost. */
  let lookAgain = false;

  /** Starts sending what is due, up to PARALLEL at once; each send that ends starts the next. */
  function pump(): void {
    if (stopping.signal.aborted || inFlight.size >= PARALLEL) return;
    if (claiming) {
      lookAgain = true;
      return;
    }
    lookAgain = false;
    claiming = claim(PARALLEL - inFlight.size)
      .then((claimed) => {
        for (const delivery of claimed) {
          const sending = send(delivery)
            .catch((error: unknown) => options.log.error('a webhook delivery failed', error))
            .finally(() => {
              inFlight.delete(delivery.documentId);
              pump();
            });
          inFlight.set(delivery.documentId, sending);
        }
      })
      .catch((error: unknown) => options.log.error('webhook deliveries could not be claimed', error))
      .finally(() => {
        claiming = undefined;
        if (lookAgain) pump();
      });
  }

  const wake = pump;

  // Retries that came due, and deliveries other processes recorded.
  const timer = setInterval(() => void options.deliveries.refresh().then(pump, (error: unknown) => options.log.error('webhook deliveries could not be read', error)), options.pollMs ?? 1000);
  timer.unref();
  wake(); // what a previous run left pending

  return {
    wake: () => setImmediate(wake),
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await claiming;
      await Promise.all(inFlight.values());
      await writing;
    },
  };
}
