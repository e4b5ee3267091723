/**
 * Webhooks: defined from the CLI or `/api/admin/webhooks` and kept in the store (so every process
 * and a running server see them at once), given each write's deliveries to commit with it
 * (`outbox`, one delivery per webhook), and delivered afterwards by `startDeliveries`. Every call
 * that reads or changes them takes its caller and checks its `admin::webhooks.*` action.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { NotFoundError } from '../errors.js';
import { newDocumentId } from '../ids.js';
import { adminAction, assertCan, type Actor } from '../permissions/index.js';
import type { Table } from '../storage/index.js';
import { didYouMean } from '../suggest.js';
import { ALLOW_SETTING, bareHost, isPrivateAddress, REFUSED, refusingPrivate } from './addresses.js';
import {
  checkEvents, checkHeaders, checkName, checkSecret, checkUrl, CLI_FIELDS, fieldError, HIDDEN_VALUE, shownUrl, unsendable, webhookMessages,
  type WebhookChange, type WebhookFieldNames, type WebhookInput,
} from './input.js';
import { signature } from './signature.js';
import type { DeliveryStore, NewDelivery } from './store.js';
import { TEST_EVENT, type DeliveryRow, type WebhookEvent, type WebhookNotice, type WebhookRow } from './types.js';

export { shownUrl, type WebhookInput };

export interface WebhookServiceDeps {
  webhooks: Table<WebhookRow>;
  deliveries: DeliveryStore;
  /** `server.webhooks` (read at each use). */
  settings(): { timeout: number; retryDelays: number[]; allowPrivateAddresses: boolean };
  now?: () => number;
  /** How a delivery resolves its receiver's name (default: the system's, `dns.lookup`); its answers are checked. */
  lookup?: LookupFunction;
}

/** Deliveries that commit with a document write. */
export interface Outbox {
  /** Records them (in the write's transaction on PostgreSQL). */
  with(): Promise<void>;
  /** Called once the write committed: the deliverer looks now. */
  recorded(): void;
}

/** A webhook as `list` and the routes show it: header values and the secret never, only that they are set. */
export interface ShownWebhook {
  id: number;
  name: string;
  url: string;
  events: WebhookEvent[];
  /** `Name: ***` each. */
  headers: string[];
  signed: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ShownDelivery {
  id: string;
  event: WebhookEvent;
  status: DeliveryRow['status'];
  attempts: number;
  lastStatus: number | null;
  /** Why the last attempt failed (`HTTP 500`, `ECONNREFUSED`, `no answer within 10 s`), or null. */
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** What a test event did: the receiver's status, or why there is none. */
export interface TestOutcome {
  status: number | null;
  error: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const can = (action: 'read' | 'create' | 'update' | 'delete') => adminAction('webhooks', action);

/**
 * @example
 * const webhooks = createWebhookService({ webhooks: tables.webhooks, deliveries: tables.deliveries, settings: () => config.server.webhooks });
 * await webhooks.create(SYSTEM_ACTOR, { name: 'site', url: 'https://example.com/hook', events: 'entry.publish' });
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const now = deps.now ?? Date.now;
  const listeners = new Set<() => void>();

  /** A webhook by id (digits) or name, in `rows` (the table now, or the fresh data of a write); else 404. */
  function find(ref: string, rows: readonly WebhookRow[] = deps.webhooks.rows()): WebhookRow {
    const found = /^\d+$/.test(ref) ? rows.find((row) => row.id === Number(ref)) : rows.find((row) => row.name === ref);
    if (!found) throw new NotFoundError(webhookMessages.notFound(ref, didYouMean(ref, rows.map((row) => row.name))));
    return found;
  }

  function assertNameFree(rows: readonly WebhookRow[], name: string, self?: number): void {
    if (rows.some((row) => row.name === name && row.id !== self)) throw fieldError(['name'], webhookMessages.nameTaken(name));
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
    headers: Object.keys(row.headers).map((name) => `${name}: ${HIDDEN_VALUE}`),
    signed: row.secret !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });

  /** The fields of a change, checked against the webhook as it is (a URL sent back as it was shown keeps the stored one). */
  function changed(current: WebhookRow, change: WebhookChange, fields: WebhookFieldNames): Partial<WebhookRow> {
    const next: Partial<WebhookRow> = {};
    if (change.name !== undefined) next.name = checkName(change.name);
    if (change.url !== undefined && change.url !== shownUrl(current.url)) next.url = checkUrl(change.url, deps.settings().allowPrivateAddresses, fields);
    if (change.events !== undefined) next.events = checkEvents(change.events, fields);
    if (change.headers !== undefined) next.headers = checkHeaders(change.headers, fields, current.headers);
    if (change.secret !== undefined) next.secret = checkSecret(change.secret, fields);
    return next;
  }

  /** The headers and body of one POST (a secret signs it now: a retry is signed anew). */
  function request(webhook: WebhookRow, body: string, deliveryId: string): { headers: Record<string, string>; body: string } {
    const headers: Record<string, string> = { ...webhook.headers, 'Content-Type': 'application/json', 'User-Agent': 'foliocms-webhooks', 'X-Folio-Delivery': deliveryId };
    if (webhook.secret !== null) headers['X-Folio-Signature'] = signature(webhook.secret, body, Math.floor(now() / 1000));
    return { headers, body };
  }

  /**
   * Sends one attempt of a delivery (or a test) to its webhook under the current settings; never
   * rejects: what cannot even be sent is a failed attempt, with the reason.
   */
  async function send(webhook: WebhookRow, body: string, deliveryId: string, signal?: AbortSignal): Promise<PostOutcome> {
    const { timeout, allowPrivateAddresses } = deps.settings();
    let message: { headers: Record<string, string>; body: string };
    try {
      message = request(webhook, body, deliveryId);
    } catch {
      return { status: null, error: 'the request could not be made: the webhook is not well formed (its headers or secret)' };
    }
    return post(webhook.url, message, { timeoutMs: timeout * 1000, allowPrivateAddresses, lookup: deps.lookup, signal });
  }

  return {
    /** Every webhook, oldest first. Needs `admin::webhooks.read`. */
    list(actor: Actor): ShownWebhook[] {
      assertCan(actor, can('read'));
      return deps.webhooks.rows().map(shown);
    },

    /** One webhook by id or name; else 404. Needs `admin::webhooks.read`. */
    findOne(actor: Actor, ref: string): ShownWebhook {
      assertCan(actor, can('read'));
      return shown(find(ref));
    },

    /** Needs `admin::webhooks.create`; `fields`: how the caller names the input's fields (the CLI's options by default). */
    async create(actor: Actor, input: WebhookInput, fields = CLI_FIELDS): Promise<ShownWebhook> {
      assertCan(actor, can('create'));
      const name = checkName(input.name);
      const url = checkUrl(input.url, deps.settings().allowPrivateAddresses, fields);
      const events = checkEvents(input.events, fields);
      const headers = checkHeaders(input.headers ?? [], fields);
      const secret = checkSecret(input.secret ?? null, fields);
      const stamp = iso(now());
      const row = await deps.webhooks.update((data) => {
        assertNameFree(data.rows, name);
        const created: WebhookRow = { id: data.nextId++, documentId: newDocumentId(), name, url, events, headers, secret, createdAt: stamp, updatedAt: stamp };
        data.rows.push(created);
        return created;
      });
      return shown(row);
    },

    /**
     * Changes what is given: `headers` replaces them all (a value sent as `***` keeps the stored
     * one), `secret: null` unsigns. Needs `admin::webhooks.update`.
     */
    async update(actor: Actor, ref: string, change: WebhookChange, fields = CLI_FIELDS): Promise<ShownWebhook> {
      assertCan(actor, can('update'));
      const current = find(ref);
      const next = changed(current, change, fields);
      if (next.name !== undefined) assertNameFree(deps.webhooks.rows(), next.name, current.id);
      const row = await deps.webhooks.update((data) => {
        const stored = find(String(current.id), data.rows);
        if (next.name !== undefined) assertNameFree(data.rows, next.name, stored.id);
        Object.assign(stored, next, { updatedAt: iso(now()) });
        return { ...stored };
      });
      return shown(row);
    },

    /** Deletes a webhook and its deliveries (pending ones are not sent). Needs `admin::webhooks.delete`. */
    async remove(actor: Actor, ref: string): Promise<ShownWebhook> {
      assertCan(actor, can('delete'));
      const target = find(ref);
      await deps.webhooks.update((data) => {
        data.rows = data.rows.filter((row) => row.id !== target.id);
      });
      await deps.deliveries.removeWebhook(target.id);
      return shown(target);
    },

    /** The last deliveries of a webhook, newest first, each with why its last attempt failed. Needs `admin::webhooks.read`. */
    async deliveries(actor: Actor, ref: string): Promise<ShownDelivery[]> {
      assertCan(actor, can('read'));
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

    /**
     * Sends a `trigger-test` event to a webhook now and answers the receiver's status, or why there
     * is none (not recorded). Needs `admin::webhooks.update`, as Strapi's trigger does.
     */
    async test(actor: Actor, ref: string): Promise<TestOutcome> {
      assertCan(actor, can('update'));
      const webhook = find(ref);
      const body = JSON.stringify({ event: TEST_EVENT, createdAt: iso(now()) });
      const outcome = await send(webhook, body, newDocumentId());
      return { status: outcome.status, error: outcome.error };
    },

    request,
    send,
    /** Where the deliveries wait (the server's deliverer sends from it). */
    store: deps.deliveries,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

/**
 * Connections kept open between deliveries to the same receiver: a site's webhook is called again
 * and again, and a new connection (a TLS handshake) for each costs more than the POST itself. Those
 * opened while private addresses were refused are kept apart: each was checked when it connected.
 */
const agents = {
  checked: { http: new HttpAgent({ keepAlive: true, maxSockets: 32 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }) },
  unchecked: { http: new HttpAgent({ keepAlive: true, maxSockets: 32 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }) },
};

export interface PostOutcome {
  status: number | null;
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  /** `server.webhooks.allowPrivateAddresses`: false refuses a receiver on a loopback, link-local or private address. */
  allowPrivateAddresses: boolean;
  /** Resolves the receiver's name (default: `dns.lookup`); its answers are checked unless private addresses are allowed. */
  lookup?: LookupFunction;
  signal?: AbortSignal;
}

/**
 * One POST: the receiver's status, or why there is none (never the URL's password, never a header
 * value). Never throws nor rejects: a request that cannot be made is a failed attempt too.
 */
export function post(url: string, message: { headers: Record<string, string>; body: string }, options: PostOptions): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const failed = (error: string) => resolve({ status: null, error });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return failed('the request could not be made: its URL is not a URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return failed(`the request could not be made: a ${target.protocol} URL is not http(s)`);
    const badHeaders = unsendable(message.headers);
    if (badHeaders) return failed(`the request could not be made: ${badHeaders}`);
    const host = bareHost(target.hostname);
    // An IP literal is connected to without a lookup: it is judged here.
    if (!options.allowPrivateAddresses && isIP(host) !== 0 && isPrivateAddress(host)) return failed(`refused: ${host} is a private address; set ${ALLOW_SETTING} to allow it`);
    const { timeoutMs, signal } = options;
    const timeout = AbortSignal.timeout(timeoutMs);
    const secure = target.protocol === 'https:';
    const pool = options.allowPrivateAddresses ? agents.unchecked : agents.checked;
    try {
      const body = Buffer.from(message.body);
      const sent = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method: 'POST',
          headers: { ...message.headers, 'Content-Length': String(body.length) },
          agent: secure ? pool.https : pool.http,
          lookup: options.allowPrivateAddresses ? options.lookup : refusingPrivate(options.lookup),
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
        if (error.code === REFUSED) failed(error.message);
        else if (timeout.aborted) failed(`no answer within ${timeoutMs / 1000} s`);
        else if (signal?.aborted) failed('stopped');
        else failed(error.code ?? error.message);
      });
      sent.end(body);
    } catch (error) {
      // Node's own checks refuse what the ones above did not foresee: its code says which (its message may quote a header).
      failed(`the request could not be made: ${(error as NodeJS.ErrnoException).code ?? 'refused by the HTTP client'}`);
    }
  });
}
