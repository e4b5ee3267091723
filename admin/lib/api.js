/**
 * The page's one door to the server: JSON requests to the Content API, carrying the signed-in
 * user's token. The page holds no power of its own; the server decides every request.
 */
import { strings } from './strings.js';

const t = strings.api;

const API = '/api';
// sessionStorage, not localStorage: a token should not outlive the tab that signed in.
const SESSION_KEY = 'foliocms.editors.session';

/** An error answer, in the server's envelope `{ error: { status, name, message, details } }`. */
export class ApiError extends Error {
  constructor(status, name, message, details) {
    super(message);
    this.status = status;
    this.name = name;
    this.details = details ?? {};
  }

  /** A ValidationError's messages with their paths (`[[['sections', '0', 'heading'], '…']]`). */
  get fieldErrors() {
    const errors = Array.isArray(this.details.errors) ? this.details.errors : [];
    const pathOf = (error) => (Array.isArray(error.path) ? error.path : [error.path ?? '']).map(String);
    return errors.map((error) => [pathOf(error), error.message]);
  }
}

let session = readSession();
// The `ETag` of each answer, and of the entry a one-document answer holds (see `entryOf`, `tagOf`).
const tags = new WeakMap();

/** The version tag (`ETag`) the server gave with `entry` (one read or written alone), or `undefined`. */
export const tagOf = (entry) => (entry && typeof entry === 'object' ? tags.get(entry) : undefined);
const sessionEndListeners = new Set();
let renewing = null;

function readSession() {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null');
  } catch {
    return null;
  }
}

function keepSession(next) {
  session = next;
  try {
    if (next) sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage refused (a private window): the session lasts as long as the page.
  }
}

export const currentSession = () => session;

/**
 * Whether the server keeps sessions (refresh mode): its access tokens name one (`sessionId`).
 * Only then are there a refresh route to renew the token and a logout route to end the session.
 */
function hasServerSession(answer) {
  if (answer.refreshToken) return true;
  try {
    const payload = JSON.parse(atob(answer.jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.sessionId === 'string';
  } catch {
    return false;
  }
}

/** Called with a message when the server no longer accepts the session; returns an unsubscribe. */
export function onSessionEnd(listener) {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * `{ a: { b: [1, 2] } }` → `?a[b][0]=1&a[b][1]=2`, the bracket form the server parses with qs.
 * Empty values are left out, so optional parameters can be passed as `undefined` or `''`.
 */
export function queryString(params = {}) {
  const pairs = [];
  const add = (key, value) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
    }
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/**
 * What a request sends besides its path; `onProgress` follows an upload's bytes as they go.
 * @typedef {{ query?: object, body?: unknown, ifMatch?: string, onProgress?: Progress }} RequestOptions
 * @typedef {(sent: number, total: number) => void} Progress
 */

/**
 * `fetch`, by XMLHttpRequest, whose upload tells how far it is (fetch tells nothing of what it
 * sent); the answer is made a `Response`, read as any other.
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string>, body?: any }} init
 * @param {Progress} onProgress
 * @returns {Promise<Response>}
 */
function fetchWithProgress(url, { method, headers, body }, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const answered = new Headers();
      for (const line of xhr.getAllResponseHeaders().split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) answered.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      const init = { status: xhr.status, statusText: xhr.statusText, headers: answered };
      resolve(new Response(empty ? null : xhr.responseText, init));
    };
    xhr.onerror = () => reject(new TypeError(t.unreachable));
    xhr.send(body);
  });
}

/**
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions & { token?: string }} [options]
 */
async function send(method, path, { query, body, token, ifMatch, onProgress } = {}) {
  const headers = { Accept: 'application/json' };
  // The version the editor read: the server refuses the write (412) when the entry changed since.
  if (ifMatch) headers['If-Match'] = ifMatch;
  // A FormData body (an upload) is sent as multipart, with the boundary the browser chooses.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const transport = onProgress ? (url, init) => fetchWithProgress(url, init, onProgress) : fetch;
  try {
    return await transport(`${API}${path}${queryString(query)}`, {
      method,
      headers,
      body: body === undefined || form ? body : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, 'NetworkError', t.unreachable, { cause });
  }
}

async function answerOf(response) {
  // Read even an empty body, so that the browser sees the exchange finished rather than dropped.
  const text = await response.text();
  if (response.status === 204) return null;
  let answer = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status line is all there is to say.
  }
  if (response.ok) {
    const tag = response.headers.get('ETag');
    if (tag && answer && typeof answer === 'object') tags.set(answer, tag);
    return answer;
  }
  const error = answer?.error;
  const message = error?.message || response.statusText || t.httpStatus(response.status);
  throw new ApiError(response.status, error?.name ?? 'HttpError', message, error?.details);
}

/**
 * Trades the refresh token for a new access token, once for all requests that met a 401 together.
 * In legacy mode there is nothing to renew, and the session simply ends.
 */
function renew() {
  renewing ??= (async () => {
    const held = session;
    if (!held?.renewable) return false;
    // In cookie mode the refresh token travels in an HTTP-only cookie, and the body stays empty.
    const body = held.refreshToken ? { refreshToken: held.refreshToken } : {};
    const response = await send('POST', '/auth/refresh', { body });
    if (!response.ok || session !== held) return false;
    const answer = await response.json();
    keepSession({ ...held, jwt: answer.jwt, refreshToken: answer.refreshToken ?? held.refreshToken });
    return true;
  })()
    .catch(() => false)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

function endSession(message) {
  keepSession(null);
  for (const listener of sessionEndListeners) listener(message);
}

/**
 * One API call as the signed-in user: resolves to the answer's JSON (`null` for 204), rejects
 * with an `ApiError`. `body` is sent as JSON, or as multipart when it is a `FormData`; `ifMatch`
 * (an entry's `tagOf`) makes the write conditional on the entry being unchanged since it was read;
 * `onProgress` is told the bytes sent so far of an upload (`(sent, total)`).
 * @example const { data } = await request('GET', '/articles', { query: { status: 'draft' } });
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
export async function request(method, path, { query, body, ifMatch, onProgress } = {}) {
  const token = session?.jwt;
  const response = await send(method, path, { query, body, token, ifMatch, onProgress });
  if (response.status !== 401 || !session) return answerOf(response);
  // Renewed meanwhile by a request that met the 401 first: try again with the new token.
  if (session.jwt !== token || (await renew())) {
    return answerOf(await send(method, path, { query, body, ifMatch, onProgress, token: session.jwt }));
  }
  endSession(t.sessionEnded);
  return answerOf(response);
}

/** Signs in with a password; the server's message (wrong password, blocked account) on failure. */
export async function signIn(identifier, password) {
  const answer = await answerOf(await send('POST', '/auth/local', { body: { identifier, password } }));
  const renewable = hasServerSession(answer);
  keepSession({ jwt: answer.jwt, refreshToken: answer.refreshToken ?? null, renewable, user: answer.user });
  return session;
}

/** Ends the session here, and on the server when it keeps sessions (refresh mode). */
export async function signOut() {
  const held = session;
  keepSession(null);
  if (held?.renewable) await send('POST', '/auth/logout', { token: held.jwt }).catch(() => {});
}

// ---- Content paths ----

const isSingle = (type) => type.schema.kind === 'singleType';

/** `/articles/<documentId>` for a collection type's entry, `/homepage` for a single type. */
export function documentPath(type, documentId) {
  if (isSingle(type)) return `/${type.schema.singularName}`;
  return `/${type.schema.pluralName}/${encodeURIComponent(documentId)}`;
}

export const listPath = (type) => `/${type.schema.pluralName}`;

/** An entry's history, `/articles/<documentId>/history`, or one version of it (`…/history/<version>`). */
export const historyPath = (type, documentId, version = '') =>
  `${documentPath(type, documentId)}/history${version ? `/${encodeURIComponent(version)}` : ''}`;

/**
 * One entry, or `null` when there is none (404). With `locale`, this API may answer
 * `{ data: [entry] }` rather than `{ data: entry }` (`api.rest.localeDocumentAsArray`): both are read.
 */
export async function readEntry(type, documentId, query) {
  try {
    return entryOf(await request('GET', documentPath(type, documentId), { query }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The entry a write or an action answered with, whichever shape `data` has. */
export function entryOf(answer) {
  const entry = (Array.isArray(answer?.data) ? answer.data[0] : answer?.data) ?? null;
  // A one-document answer's tag is its entry's.
  if (entry && tags.has(answer)) tags.set(entry, tags.get(answer));
  return entry;
}
