/**
 * What a webhook is made of, checked: its name, URL, events, headers and secret, as the CLI's
 * options (`--url`, `--events`, `--header 'Name: value'`) or the body of `/api/admin/webhooks`
 * (`url`, `events`, `headers: { Name: value }`) give them. Both reach the same service calls; only
 * the names in the messages differ. A header value or a secret is never repeated in a message.
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { ValidationError } from '../errors.js';
import { messages } from '../messages.js';
import { isPlainObject } from '../objects.js';
import { didYouMean } from '../suggest.js';
import { ALLOW_SETTING, bareHost, isPrivateHost } from './addresses.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from './types.js';

export interface WebhookInput {
  name: string;
  url: string;
  /** `entry.create,entry.publish` or a list. */
  events: string | string[];
  /** `Name: value` each, or `{ Name: value }`. */
  headers?: readonly string[] | Record<string, string>;
  /** A string signs the deliveries; null: unsigned. */
  secret?: string | null;
}

/** A change of a webhook: only what is given changes. */
export type WebhookChange = Partial<WebhookInput>;

/** How the caller names each field, for the messages and the `path` of a field's error. */
export interface WebhookFieldNames {
  url: string;
  events: string;
  headers: string;
  secret: string;
}

export const CLI_FIELDS: WebhookFieldNames = { url: '--url', events: '--events', headers: '--header', secret: '--secret' };
export const BODY_FIELDS: WebhookFieldNames = { url: 'url', events: 'events', headers: 'headers', secret: 'secret' };

/** What a webhook's answer shows instead of a header value; sent back in a change, it keeps the stored value. */
export const HIDDEN_VALUE = '***';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Headers a delivery sets itself. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'user-agent']);
const BAD_VALUE = 'has a value a header cannot carry: only tabs and printable Latin-1 characters (none above U+00FF, no line break or control character)';
const SECRET_MIN = 8;

export const webhookMessages = {
  badName: (name: string) => `"${name}" is not a webhook name: letters, digits, _ . - (up to 64), not only digits`,
  nameTaken: (name: string) => `A webhook named "${name}" exists already`,
  notFound: (ref: string, suggestion: string) => `No webhook "${ref}"${suggestion}; \`folio webhook list\` shows them`,
  notHttp: (field: string, given: string) => `${field} must be an http:// or https:// URL, got ${given}`,
  privateHost: (field: string, host: string) =>
    `${field} points at ${host}, a loopback, link-local or private address: webhooks may not reach those unless ${ALLOW_SETTING} is true`,
  noEvents: (field: string) => `${field} needs at least one event: ${WEBHOOK_EVENTS.join(', ')}`,
  unknownEvent: (name: string) => `"${name}" is not an event${didYouMean(name, WEBHOOK_EVENTS)} Events: ${WEBHOOK_EVENTS.join(', ')}`,
  noColon: (field: string, index: number) => `${field} number ${index} has no colon: write it as 'Name: value'`,
  badHeaderName: (field: string, name: string) => `${field} "${name.slice(0, 40)}" is not a header name (letters, digits and - only)`,
  ownHeader: (field: string, name: string) => `${field} ${name} is set by every delivery itself and cannot be given`,
  badHeaderValue: (field: string, name: string) => `${field} ${name} ${BAD_VALUE}`,
  nothingToKeep: (field: string, name: string) => `${field} ${name} is sent as ${HIDDEN_VALUE} but the webhook has no value for it to keep`,
  shortSecret: (field: string) => `${field} must be at least ${SECRET_MIN} characters`,
  bodyNotObject: 'The request body must be a JSON object',
  notAString: (field: string) => `${field} must be a string`,
  badEventList: 'events must be a list of event names',
  badHeaders: "headers must be an object of header names and values, or a list of 'Name: value'",
  badSecret: 'secret must be a string (it signs each delivery) or null (unsigned)',
  invalidKey: messages.invalidKey,
};

/** A ValidationError naming the field it is about, as Strapi's validators answer: `details.errors[].path`. */
export function fieldError(path: string[], message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path, message, name: 'ValidationError' }] });
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

/** Why these headers cannot be sent (a row written by hand or by an older version), or undefined; never a value. */
export function unsendable(headers: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    // A name that is not a token may be anything (a value pasted by mistake): it is not repeated either.
    if (!validName(name)) return 'a header name is not a valid HTTP token';
    if (!validValue(name, value)) return `header ${name} ${BAD_VALUE}`;
  }
  return undefined;
}

export function checkName(name: string): string {
  if (!NAME.test(name) || /^\d+$/.test(name)) throw fieldError(['name'], webhookMessages.badName(name));
  return name;
}

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

export function checkUrl(raw: string, allowPrivateAddresses: boolean, fields: WebhookFieldNames): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fieldError([fields.url], webhookMessages.notHttp(fields.url, `"${shownUrl(raw) === '[not a URL]' ? raw : shownUrl(raw)}"`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw fieldError([fields.url], webhookMessages.notHttp(fields.url, `a ${url.protocol.replace(/:$/, '')}: URL`));
  }
  // Only the host is named: the URL may carry a password.
  if (!allowPrivateAddresses && isPrivateHost(url.hostname)) throw fieldError([fields.url], webhookMessages.privateHost(fields.url, bareHost(url.hostname)));
  return url.toString();
}

export function checkEvents(raw: string | readonly string[], fields: WebhookFieldNames): WebhookEvent[] {
  const names = (typeof raw === 'string' ? [raw] : raw).flatMap((entry) => entry.split(',')).map((entry) => entry.trim()).filter(Boolean);
  if (names.length === 0) throw fieldError([fields.events], webhookMessages.noEvents(fields.events));
  for (const name of names) {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(name)) throw fieldError([fields.events], webhookMessages.unknownEvent(name));
  }
  return [...new Set(names)] as WebhookEvent[];
}

/** `['Name: value']` or `{ Name: value }` as name → value. */
function headerEntries(raw: readonly string[] | Record<string, string>, fields: WebhookFieldNames): Array<[string, string]> {
  if (!Array.isArray(raw)) return Object.entries(raw).map(([name, value]) => [name.trim(), String(value).trim()]);
  return raw.map((entry, index) => {
    const colon = entry.indexOf(':');
    // The value may be a credential: a refused header is told by its place, never repeated.
    if (colon < 0) throw fieldError([fields.headers], webhookMessages.noColon(fields.headers, index + 1));
    return [entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()];
  });
}

/**
 * The headers to send, checked. `kept`: a change's current headers, whose value a header sent as
 * HIDDEN_VALUE keeps (what the webhook's answer showed, sent back unchanged).
 */
export function checkHeaders(raw: readonly string[] | Record<string, string>, fields: WebhookFieldNames, kept?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, given] of headerEntries(raw, fields)) {
    const path = [fields.headers, name];
    if (!validName(name)) throw fieldError([fields.headers], webhookMessages.badHeaderName(fields.headers, name));
    if (OWN_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('x-folio-')) throw fieldError(path, webhookMessages.ownHeader(fields.headers, name));
    const value = kept && given === HIDDEN_VALUE ? kept[name] : given;
    if (value === undefined) throw fieldError(path, webhookMessages.nothingToKeep(fields.headers, name));
    if (!validValue(name, value)) throw fieldError(path, webhookMessages.badHeaderValue(fields.headers, name));
    headers[name] = value;
  }
  return headers;
}

export function checkSecret(secret: string | null, fields: WebhookFieldNames): string | null {
  if (secret !== null && secret.length < SECRET_MIN) throw fieldError([fields.secret], webhookMessages.shortSecret(fields.secret));
  return secret;
}

/** Keys a body may carry besides the writable ones: what a webhook's answer holds, echoed back. */
const ECHOED_KEYS = new Set(['id', 'documentId', 'signed', 'createdAt', 'updatedAt']);
const BODY_KEYS = new Set(['name', 'url', 'events', 'headers', 'secret']);

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');
const isStringRecord = (value: unknown): value is Record<string, string> =>
  isPlainObject(value) && Object.values(value).every((entry) => typeof entry === 'string');

/**
 * A body of `POST` or `PUT /api/admin/webhooks…` as the service's input, its shape checked (400
 * naming the field); the values are checked by the service.
 * @example webhookBody({ name: 'site', url: 'https://example.com/hook', events: ['entry.publish'], headers: { Authorization: 'Bearer x' } })
 */
export function webhookBody(body: unknown): WebhookChange {
  if (!isPlainObject(body)) throw new ValidationError(webhookMessages.bodyNotObject);
  for (const key of Object.keys(body)) {
    if (!BODY_KEYS.has(key) && !ECHOED_KEYS.has(key)) throw new ValidationError(webhookMessages.invalidKey(key), { key, path: key, source: 'body' });
  }
  const change: WebhookChange = {};
  for (const field of ['name', 'url'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw fieldError([field], webhookMessages.notAString(field));
    change[field] = value;
  }
  if (body.events !== undefined) {
    if (typeof body.events !== 'string' && !isStringList(body.events)) throw fieldError(['events'], webhookMessages.badEventList);
    change.events = body.events;
  }
  if (body.headers !== undefined) {
    if (!isStringList(body.headers) && !isStringRecord(body.headers)) throw fieldError(['headers'], webhookMessages.badHeaders);
    change.headers = body.headers;
  }
  if (body.secret !== undefined) {
    if (body.secret !== null && typeof body.secret !== 'string') throw fieldError(['secret'], webhookMessages.badSecret);
    change.secret = body.secret;
  }
  return change;
}
