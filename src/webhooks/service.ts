/**
 * Webhooks: defined from the CLI and kept in the store (so every process and a running server see
 * them at once), given each write's deliveries to commit with it (`outbox`, one delivery per
 * webhook), and delivered afterwards by `startDeliveries`.
 */
import { Agent as HttpAgent, request as httpRequest, validateHeaderName, validateHeaderValue } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ApplicationError, NotFoundError, ValidationError } from '../errors.js';
import { newDocumentId } from '../ids.js';
import type { Table } from '../storage/index.js';
import { didYouMean } from '../suggest.js';
import { ALLOW_SETTING, bareHost, isPrivateAddress, isPrivateHost, REFUSED, refusingPrivate } from './addresses.js';
import { signature } from './signature.js';
import type { DeliveryStore, NewDelivery } from './store.js';
import { TEST_EVENT, WEBHOOK_EVENTS, type DeliveryRow, type WebhookEvent, type WebhookNotice, type WebhookRow } from './types.js';

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

function checkUrl(raw: string, allowPrivateAddresses: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(`--url must be an http:// or https:// URL, got "${shownUrl(raw) === '[not a URL]' ? raw : shownUrl(raw)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError(`--url must be an http:// or https:// URL, got a ${url.protocol.replace(/:$/, '')}: URL`);
  // Only the host is named: the URL may carry a password.
  if (!allowPrivateAddresses && isPrivateHost(url.hostname)) {
    throw new ValidationError(`--url points at ${bareHost(url.hostname)}, a loopback, link-local or private address: webhooks may not reach those unless ${ALLOW_SETTING} is true`);
  }
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

/** Whether Node's HTTP client takes a header name: an RFC 9110 token. */
function validName(name: string): boolean {
  try {
    validateHeaderName(name);
    return true;
  } catch {
    return false;
  }
}

/** Whether Node's HTTP client takes a header value: tabs and visible Latin-1 characters, nothing above U+00FF. */
function validValue(name: string, value: unknown): boolean {
  try {
    validateHeaderValue(name, value as string); // a row written by hand may hold anything
    return true;
  } catch {
    return false;
  }
}

const BAD_VALUE = 'has a value a header cannot carry: only tabs and printable Latin-1 characters (none above U+00FF, no line break or control character)';

/** Why these headers cannot be sent (a row written by hand or by an older version), or undefined; never a value. */
function unsendable(headers: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    // A name that is not a token may be anything (a value pasted by mistake): it is not repeated either.
    if (!validName(name)) return 'a header name is not a valid HTTP token';
    if (!validValue(name, value)) return `header ${name} ${BAD_VALUE}`;
  }
  return undefined;
}

function checkHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [index, entry] of raw.entries()) {
    const colon = entry.indexOf(':');
    // The value may be a credential: a refused header is told by its place, never repeated.
    if (colon < 0) throw new ValidationError(`--header number ${index + 1} has no colon: write it as 'Name: value'`);
    const name = entry.slice(0, colon).trim();
    const value = entry.slice(colon + 1).trim();
    if (!validName(name)) throw new ValidationError(`--header "${name.slice(0, 40)}" is not a header name (letters, digits and - only)`);
    if (OWN_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('x-folio-')) throw new ValidationError(`--header ${name} is set by every delivery itself and cannot be given`);
    if (!validValue(name, value)) throw new ValidationError(`--header ${name} ${BAD_VALUE}`);
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
    list: (): ShownWebhook[] => deps.webhooks.rows().map(shown),

    async create(input: WebhookInput): Promise<ShownWebhook> {
      if (!NAME.test(input.name) || /^\d+$/.test(input.name)) throw new ValidationError(`"${input.name}" is not a webhook name: letters, digits, _ . - (up to 64), not only digits`);
      const url = checkUrl(input.url, deps.settings().allowPrivateAddresses);
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
      const outcome = await send(webhook, body, newDocumentId());
      return { status: outcome.status, error: outcome.error };
    },

    request,
    send,
    find,
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
