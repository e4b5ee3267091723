/**
 * The deliverer of a running server: it sends recorded deliveries after the answers that caused
 * them, in order per document, claiming each in the store first so that one process sends it
 * (several processes on PostgreSQL share the table), and retries failures with growing waits.
 * A delivery is sent at least once: one whose process died mid-send is claimed again once its
 * claim runs out, and its `X-Folio-Delivery` id lets the receiver drop the repeat.
 */
import type { Logger } from '../log/index.js';
import type { Table } from '../storage/index.js';
import { KEPT_DELIVERIES, post, type WebhookService } from './service.js';
import type { DeliveryRow, WebhookRow } from './types.js';

export interface DeliveriesOptions {
  service: WebhookService;
  webhooks: Table<WebhookRow>;
  deliveries: Table<DeliveryRow>;
  settings(): { timeout: number; retryDelays: number[] };
  log: Logger;
  now?: () => number;
  /** How often the store is looked at for deliveries that came due (retries, other processes' writes). */
  pollMs?: number;
}

/** Deliveries sent at once, across documents. */
const PARALLEL = 8;

/** Which deliveries may go now: due, unclaimed, and each the oldest unfinished one of its webhook and document. */
function due(rows: readonly DeliveryRow[], now: number, limit: number): DeliveryRow[] {
  const blocked = new Set<string>();
  const ready: DeliveryRow[] = [];
  for (const row of rows) {
    if (row.status !== 'pending') continue;
    const key = `${row.webhook}\u0000${row.subject}`;
    if (blocked.has(key)) continue;
    blocked.add(key); // later deliveries of the same document wait for this one
    if (row.nextAttemptAt <= now && row.claimedUntil <= now) ready.push(row);
    if (ready.length >= limit) break;
  }
  return ready;
}

/** Keeps the newest finished deliveries of each webhook, every pending one. */
function prune(rows: DeliveryRow[]): DeliveryRow[] {
  const finished = new Map<number, number>();
  for (const row of rows) if (row.status !== 'pending') finished.set(row.webhook, (finished.get(row.webhook) ?? 0) + 1);
  return rows.filter((row) => {
    if (row.status === 'pending') return true;
    const left = finished.get(row.webhook)!;
    finished.set(row.webhook, left - 1);
    return left <= KEPT_DELIVERIES;
  });
}

/**
 * Starts sending; answers `wake` (look now: a write just recorded deliveries) and `stop`.
 * @example const deliveries = startDeliveries({ service, webhooks, deliveries, settings, log });
 */
export function startDeliveries(options: DeliveriesOptions): { wake(): void; stop(): Promise<void> } {
  const now = options.now ?? Date.now;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;

  async function claim(): Promise<DeliveryRow[]> {
    if (due(options.deliveries.rows(), now(), PARALLEL).length === 0) return []; // nothing to write
    const { timeout } = options.settings();
    return options.deliveries.update((data) => {
      const at = now();
      const claimed = due(data.rows, at, PARALLEL);
      // Held for one attempt and a margin: a process that dies mid-send frees it then.
      for (const row of claimed) row.claimedUntil = at + (timeout + 5) * 1000;
      return claimed.map((row) => ({ ...row }));
    });
  }

  async function send(delivery: DeliveryRow): Promise<void> {
    const webhook = options.webhooks.rows().find((row) => row.id === delivery.webhook);
    const { timeout, retryDelays } = options.settings();
    const outcome = webhook
      ? await post(webhook.url, options.service.request(webhook, delivery.body, delivery.documentId), timeout * 1000, stopping.signal)
      : { status: null, error: 'its webhook was deleted' };
    if (stopping.signal.aborted) return; // claimed until its claim runs out, then sent again
    const attempts = delivery.attempts + 1;
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    // A 4xx other than 429 says the receiver will not take it: retrying would not change that.
    const final = !webhook || delivered || (outcome.status !== null && outcome.status >= 400 && outcome.status < 500 && outcome.status !== 429) || attempts > retryDelays.length;
    await options.deliveries.update((data) => {
      const row = data.rows.find((candidate) => candidate.id === delivery.id);
      if (!row) return;
      const at = now();
      Object.assign(row, {
        attempts,
        lastStatus: outcome.status,
        lastError: outcome.error,
        claimedUntil: 0,
        status: delivered ? 'delivered' : final ? 'failed' : 'pending',
        nextAttemptAt: final ? row.nextAttemptAt : at + retryDelays[attempts - 1]! * 1000,
        finishedAt: final ? new Date(at).toISOString() : null,
      });
      data.rows = prune(data.rows);
    });
    if (!delivered && webhook) {
      const next = final ? 'given up' : `retry in ${retryDelays[attempts - 1]} s`;
      options.log.warn(`webhook ${webhook.name}: ${delivery.event} delivery ${delivery.documentId} failed (${outcome.error ?? 'no answer'}), attempt ${attempts}: ${next}`);
    }
  }

  async function round(): Promise<void> {
    do {
      again = false;
      const claimed = await claim();
      await Promise.all(claimed.map((delivery) => send(delivery).catch((error: unknown) => options.log.error('a webhook delivery could not be recorded', error))));
      if (claimed.length > 0) again = true; // more may be waiting behind them
    } while (again && !stopping.signal.aborted);
  }

  function wake(): void {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => options.log.error('webhook deliveries failed', error))
      .finally(() => (running = undefined));
  }

  const timer = setInterval(wake, options.pollMs ?? 1000);
  timer.unref();
  wake(); // what a previous run left pending

  return {
    wake: () => setImmediate(wake),
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
