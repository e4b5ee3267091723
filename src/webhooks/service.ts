/**
 * Webhooks: defined from the CLI and kept in the store (so every process and a running server see
 * them at once), given each write's deliveries to commit with it (`outbox`, one delivery per
 * webhook), and delivered afterwards by `startDeliveries`.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { ApplicationError, NotFoundError, ValidationError } from '../errors.js';
import { newDocumentId } from '../ids.js';
import type { Table } from '../storage/index.js';
import { didYouMean } from '../suggest.js';
import { signature } from './signature.js';
import type { DeliveryStore, NewDelivery } from './store.js';
import { TEST_EVENT, WEBHOOK_EVENTS, type DeliveryRow, type WebhookEvent, type WebhookNotice, type WebhookRow } from './types.js';

export interface WebhookServiceDeps {
  webhooks: Table<WebhookRow>;
  deliveries: DeliveryStore;
  /** `server.webhooks` (read at each use). */
  settings(): { timeout: number; retryDelays: number[] };
  now?: () => number;
}

/** Deliveries that commit with a document write. */
export interface Outbox {
  /** Records them (in the write's transaction on PostgreSQL). */
  with(): Promise<void>;
  /** Called once the write committed: the deliverer looks now. */
  recorded(): void;
}

export interface WebhookInput {
  name: string;
  url: string;
  /** `entry.create,entry.publish` or a list. */
  events: string | string[];
  /** `Name: value` each. */
  headers?: string[];
  secret?: string;
}

/** A webhook as `list` shows it: header values and the secret never, only that they are set. */
export interface ShownWebhook {
  id: number;
  name: string;
  url: string;
  events: WebhookEvent[];
  headers: string[];
  signed: boolean;
  createdAt: string;
}

export interface ShownDelivery {
  id: string;
  event: WebhookEvent;
  status: DeliveryRow['status'];
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers a delivery sets itself. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'user-agent']);

const iso = (ms: number) => new Date(ms).toISOString();

/** A URL as it may be shown: without a password in it. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '[not a URL]';
  }
}

function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(`--url must be an http:// or https:// URL, got "${shownUrl(raw) === '[not a URL]' ? raw : shownUrl(raw)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError(`--url must be an http:// or https:// URL, got a ${url.protocol.replace(/:$/, '')}: URL`);
  return url.toString();
}

function checkEvents(raw: string | string[]): WebhookEvent[] {
  const names = (Array.isArray(raw) ? raw : [raw]).flatMap((entry) => entry.split(',')).map((entry) => entry.trim()).filter(Boolean);
  if (names.length === 0) throw new ValidationError(`--events needs at least one event: ${WEBHOOK_EVENTS.join(', ')}`);
  for (const name of names) {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(name)) throw new ValidationError(`"${name}" is not an event${didYouMean(name, WEBHOOK_EVENTS)} Events: ${WEBHOOK_EVENTS.join(', ')}`);
  }
  return [...new Set(names)] as WebhookEvent[];
}

function checkHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [index, entry] of raw.entries()) {
    const colon = entry.indexOf(':');
    // The value may be a credential: a refused header is told by its place, never repeated.
    if (colon < 0) throw new ValidationError(`--header number ${index + 1} has no colon: write it as 'Name: value'`);
    const name = entry.slice(0, colon).trim();
    const value = entry.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name)) throw new ValidationError(`--header "${name.slice(0, 40)}" is not a header name (letters, digits and - only)`);
    if (OWN_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('x-folio-')) throw new ValidationError(`--header ${name} is set by every delivery itself and cannot be given`);
    if (/[\r\n\0]/.test(value)) throw new ValidationError(`--header ${name} has a line break in its value`);
    headers[name] = value;
  }
  return headers;
}

/**
 * @example const webhooks = createWebhookService({ webhooks: tables.webhooks, deliveries: tables.deliveries, settings: () => config.server.webhooks });
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const now = deps.now ?? Date.now;
  const listeners = new Set<() => void>();

  function find(ref: string): WebhookRow {
    const rows = deps.webhooks.rows();
    const found = /^\d+$/.test(ref) ? rows.find((row) => row.id === Number(ref)) : rows.find((row) => row.name === ref);
    if (!found) throw new NotFoundError(`No webhook "${ref}"${didYouMean(ref, rows.map((row) => row.name))}; \`folio webhook list\` shows them`);
    return found;
  }

  /** The deliveries of what a write did: one per webhook listening to each event. */
  function deliveriesOf(notices: readonly WebhookNotice[]): NewDelivery[] {
    const webhooks = deps.webhooks.rows();
    const at = now();
    return notices.flatMap((notice) =>
      webhooks
        .filter((webhook) => webhook.events.includes(notice.event))
        .map((webhook) => ({
          webhook: webhook.id, event: notice.event, subject: notice.subject, body: JSON.stringify({ event: notice.event, createdAt: iso(at), ...notice.fields }),
          status: 'pending' as const, attempts: 0, nextAttemptAt: at, claimedUntil: 0, lastStatus: null, lastError: null, createdAt: iso(at), finishedAt: null,
        })),
    );
  }

  const wakeListeners = () => {
    for (const listener of listeners) listener();
  };

  const shown = (row: WebhookRow): ShownWebhook => ({
    id: row.id,
    name: row.name,
    url: shownUrl(row.url),
    events: row.events,
    headers: Object.keys(row.headers).map((name) => `${name}: ***`),
    signed: row.secret !== null,
    createdAt: row.createdAt,
  });

  /** The headers and body of one POST (a secret signs it now: a retry is signed anew). */
  function request(webhook: WebhookRow, body: string, deliveryId: string): { headers: Record<string, string>; body: string } {
    const headers: Record<string, string> = { ...webhook.headers, 'Content-Type': 'application/json', 'User-Agent': 'foliocms-webhooks', 'X-Folio-Delivery': deliveryId };
    if (webhook.secret !== null) headers['X-Folio-Signature'] = signature(webhook.secret, body, Math.floor(now() / 1000));
    return { headers, body };
  }

  return {
    list: (): ShownWebhook[] => deps.webhooks.rows().map(shown),

    async create(input: WebhookInput): Promise<ShownWebhook> {
      if (!NAME.test(input.name) || /^\d+$/.test(input.name)) throw new ValidationError(`"${input.name}" is not a webhook name: letters, digits, _ . - (up to 64), not only digits`);
      const url = checkUrl(input.url);
      const events = checkEvents(input.events);
      const headers = checkHeaders(input.headers ?? []);
      if (input.secret !== undefined && input.secret.length < 8) throw new ValidationError('--secret must be at least 8 characters');
      const stamp = iso(now());
      const row = await deps.webhooks.update((data) => {
        if (data.rows.some((existing) => existing.name === input.name)) throw new ApplicationError(`A webhook named "${input.name}" exists already`);
        const created: WebhookRow = { id: data.nextId++, documentId: newDocumentId(), name: input.name, url, events, headers, secret: input.secret ?? null, createdAt: stamp, updatedAt: stamp };
        data.rows.push(created);
        return created;
      });
      return shown(row);
    },

    /** Deletes a webhook and its deliveries (pending ones are not sent). */
    async remove(ref: string): Promise<ShownWebhook> {
      const target = find(ref);
      await deps.webhooks.update((data) => {
        data.rows = data.rows.filter((row) => row.id !== target.id);
      });
      await deps.deliveries.removeWebhook(target.id);
      return shown(target);
    },

    /** The last deliveries of a webhook, newest first. */
    async deliveries(ref: string): Promise<ShownDelivery[]> {
      const target = find(ref);
      return (await deps.deliveries.of(target.id)).map((row) => ({ id: row.documentId, event: row.event, status: row.status, attempts: row.attempts, lastStatus: row.lastStatus, lastError: row.lastError, createdAt: row.createdAt, finishedAt: row.finishedAt }));
    },

    /**
     * The deliveries of a document write, to record in the same commit (`CommitOptions.with`);
     * `recorded()` once it committed wakes the deliverer. Undefined when no webhook listens.
     * @example const outbox = webhooks.outbox(notices); await store.saveAll(type, versions, outbox); outbox?.recorded();
     */
    outbox(notices: readonly WebhookNotice[]): Outbox | undefined {
      const rows = deliveriesOf(notices);
      if (rows.length === 0) return undefined;
      return { with: () => deps.deliveries.add(rows), recorded: wakeListeners };
    },

    /** Calls `listener` after deliveries are recorded (the server's deliverer wakes up); answers a function that stops it. */
    onRecorded(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Sends a `trigger-test` event to a webhook now and answers the receiver's status (not recorded). */
    async test(ref: string): Promise<{ status: number | null; error: string | null }> {
      const webhook = find(ref);
      const body = JSON.stringify({ event: TEST_EVENT, createdAt: iso(now()) });
      const outcome = await post(webhook.url, request(webhook, body, newDocumentId()), deps.settings().timeout * 1000);
      return { status: outcome.status, error: outcome.error };
    },

    request,
    find,
    /** Where the deliveries wait (the server's deliverer sends from it). */
    store: deps.deliveries,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

/**
 * Connections kept open between deliveries to the same receiver: a site's webhook is called again
 * and again, and a new connection (a TLS handshake) for each costs more than the POST itself.
 */
const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 32 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }) };

/** One POST: the receiver's status, or why there is none (never the URL's password, never a header). */
export function post(url: string, message: { headers: Record<string, string>; body: string }, timeoutMs: number, signal?: AbortSignal): Promise<{ status: number | null; error: string | null }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const body = Buffer.from(message.body);
  return new Promise((resolve) => {
    const sent = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...message.headers, 'Content-Length': String(body.length) },
        agent: secure ? agents.https : agents.http,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      },
      (response) => {
        response.resume(); // the answer's body is not read, only drained so the connection is kept
        response.on('end', () => {
          const status = response.statusCode ?? null;
          resolve({ status, error: status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}` });
        });
        response.on('error', () => resolve({ status: response.statusCode ?? null, error: 'the answer broke off' }));
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) => {
      if (timeout.aborted) resolve({ status: null, error: `no answer within ${timeoutMs / 1000} s` });
      else if (signal?.aborted) resolve({ status: null, error: 'stopped' });
      else resolve({ status: null, error: error.code ?? error.message });
    });
    sent.end(body);
  });
}
