/**
 * CORS (`server.cors`, as Strapi's `strapi::cors`): what a browser on another origin sends, and
 * whether the answers would let its page read them, errors included.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rawRequest, type JsonResponse } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

const SITE = 'https://www.example.com';

/** The headers a browser adds to a `fetch()` from a page of `origin` to another origin. */
function fromPage(origin: string, headers: Record<string, string> = {}): Record<string, string> {
  return {
    origin,
    referer: `${origin}/`,
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-dest': 'empty',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    ...headers,
  };
}

/** The preflight a browser sends before a `fetch()` with `method` and non-simple `headers`. */
function preflight(api: ApiServer, path: string, origin: string, method: string, headers: string[]): Promise<JsonResponse> {
  return rawRequest(`${api.url}${path}`, 'OPTIONS', undefined, fromPage(origin, {
    'access-control-request-method': method,
    'access-control-request-headers': headers.map((name) => name.toLowerCase()).sort().join(','),
  }));
}

/** The Fetch standard's CORS check: would the browser hand this answer to the page? */
function pageMayRead(response: JsonResponse, origin: string, credentials: boolean): boolean {
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed === null) return false;
  if (credentials) return allowed === origin && response.headers.get('access-control-allow-credentials') === 'true';
  return allowed === '*' || allowed === origin;
}

/** The Fetch standard's preflight check, for a request with credentials (cookies) or without. */
function preflightAllows(response: JsonResponse, origin: string, method: string, headers: string[], credentials = true): boolean {
  const list = (name: string) => (response.headers.get(name) ?? '').split(',').map((entry) => entry.trim().toLowerCase());
  return (
    response.status >= 200 && response.status < 300 &&
    pageMayRead(response, origin, credentials) &&
    list('access-control-allow-methods').includes(method.toLowerCase()) &&
    headers.every((name) => list('access-control-allow-headers').includes(name.toLowerCase()))
  );
}

// ---------------------------------------------------------------------------------------------

const defaults = suite('CORS by default (every origin, without credentials)');
let api: ApiServer;

defaults.before(async () => {
  api = await apiServer({ publicActions: ['api::article.article.find', 'api::article.article.findOne'] });
});
defaults.after(() => api.close());

defaults('when a page on another origin sends a preflight for a PUT with a token then 204 allows it, with a max age', async () => {
  const response = await preflight(api, '/api/articles/abc', SITE, 'PUT', ['Authorization', 'Content-Type']);
  assert.is(response.status, 204);
  assert.ok(preflightAllows(response, SITE, 'PUT', ['Authorization', 'Content-Type'], false), JSON.stringify(Object.fromEntries(response.headers)));
  assert.is(response.headers.get('access-control-max-age'), '31536000');
  for (const method of ['GET', 'POST', 'PUT', 'DELETE']) assert.ok(preflightAllows(response, SITE, method, [], false), method);
});

defaults('when a page on another origin GETs a list then it may read the answer, as "*"', async () => {
  const response = await rawRequest(`${api.url}/api/articles`, 'GET', undefined, fromPage(SITE));
  assert.is(response.status, 200);
  assert.ok(pageMayRead(response, SITE, false));
  assert.is(response.headers.get('access-control-allow-origin'), '*');
  assert.match(response.headers.get('vary') ?? '', /\bOrigin\b/);
});

defaults('when the answer is an error (401, 403, 404, 405) then the page may read it too', async () => {
  const errors: Array<[number, string, string, Record<string, string>]> = [
    [401, 'GET', '/api/articles', { authorization: 'Bearer not-a-token' }],
    [403, 'GET', '/api/categories', {}],
    [404, 'GET', '/api/articles/no-such-document', {}],
    [404, 'GET', '/api/no-such-route', {}],
    [405, 'PATCH', '/api/articles', {}],
  ];
  for (const [status, method, path, headers] of errors) {
    const response = await rawRequest(`${api.url}${path}`, method, undefined, fromPage(SITE, headers));
    assert.is(response.status, status, path);
    assert.is(response.body.error.status, status, 'Strapi\'s error body');
    assert.ok(pageMayRead(response, SITE, false), `${status} ${path}`);
  }
});

defaults('when a request comes without an Origin (not from a page on another origin) then it carries no CORS headers', async () => {
  const response = await rawRequest(`${api.url}/api/articles`, 'GET');
  assert.is(response.status, 200);
  assert.is(response.headers.get('access-control-allow-origin'), null);
});

defaults.run();

// ---------------------------------------------------------------------------------------------

const listed = suite('CORS for a list of origins');
let restricted: ApiServer;

listed.before(async () => {
  // As people write them: a trailing slash, capitals. Browsers send `https://admin.example.com`.
  restricted = await apiServer({ config: { server: { cors: { origin: [SITE, 'https://Admin.Example.com/'] } } } });
});
listed.after(() => restricted.close());

listed('when a listed origin asks then its own origin is echoed back, with Vary: Origin', async () => {
  for (const origin of [SITE, 'https://admin.example.com']) {
    const response = await rawRequest(`${restricted.url}/api/articles`, 'GET', undefined, fromPage(origin));
    assert.is(response.headers.get('access-control-allow-origin'), origin);
    assert.ok(pageMayRead(response, origin, true), origin);
    assert.match(response.headers.get('vary') ?? '', /\bOrigin\b/);
    assert.ok(preflightAllows(await preflight(restricted, '/api/articles', origin, 'POST', ['Content-Type']), origin, 'POST', ['Content-Type']));
  }
});

listed('when another origin asks then nothing allows its page to read the answer or send the request', async () => {
  const other = 'https://evil.example.net';
  const response = await rawRequest(`${restricted.url}/api/articles`, 'GET', undefined, fromPage(other));
  assert.is(response.status, 200, 'the server answers; the browser keeps it from the page');
  assert.is(response.headers.get('access-control-allow-origin'), null);
  assert.match(response.headers.get('vary') ?? '', /\bOrigin\b/, 'a cache must not give this answer to a listed origin');
  const refused = await preflight(restricted, '/api/articles', other, 'POST', ['Content-Type']);
  assert.not.ok(preflightAllows(refused, other, 'POST', ['Content-Type']));
  assert.is(refused.headers.get('access-control-allow-origin'), null);
  assert.not.ok(pageMayRead(await rawRequest(`${restricted.url}/api/articles`, 'GET', undefined, fromPage('http://www.example.com')), 'http://www.example.com', false), 'another scheme is another origin');
});

listed.run();

// ---------------------------------------------------------------------------------------------

const settings = suite('CORS settings');

settings('when any origin is allowed then a page of another origin on the same site cannot send the refresh cookie and read a fresh token', async () => {
  // Refresh mode with the refresh token in an HTTP-only cookie: the cookie is SameSite=Lax, so a
  // sibling subdomain or another port of the host sends it. Only CORS keeps such a page from the answer.
  const server = await apiServer({ config: { 'users-permissions': { jwtManagement: 'refresh', sessions: { httpOnly: true }, ratelimit: { enabled: false } } } });
  try {
    await server.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
    const signedIn = await server.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' });
    const cookie = /^(strapi_up_refresh=[^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
    assert.ok(cookie, 'signed in with the refresh cookie');
    for (const origin of ['https://blog.example.com', 'http://127.0.0.1:8080']) {
      const check = await preflight(server, '/api/auth/refresh', origin, 'POST', ['Content-Type']);
      assert.not.ok(preflightAllows(check, origin, 'POST', ['Content-Type'], true), `${origin}: preflight`);
      const answer = await rawRequest(`${server.url}/api/auth/refresh`, 'POST', '{}', fromPage(origin, { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', cookie }));
      assert.not.ok(pageMayRead(answer, origin, true), `${origin}: ${answer.headers.get('access-control-allow-origin')} ${answer.headers.get('access-control-allow-credentials')}`);
      assert.is(answer.headers.get('access-control-allow-credentials'), null);
    }
  } finally {
    await server.close();
  }
});

settings('when credentials is on and origins are listed then a listed origin, and only it, may send the refresh cookie', async () => {
  const server = await apiServer({ config: { server: { cors: { origin: [SITE] } } } });
  try {
    const listed = await rawRequest(`${server.url}/api/articles`, 'GET', undefined, fromPage(SITE));
    assert.is(listed.headers.get('access-control-allow-credentials'), 'true');
    assert.ok(pageMayRead(listed, SITE, true));
    const other = await rawRequest(`${server.url}/api/articles`, 'GET', undefined, fromPage('https://blog.example.com'));
    assert.not.ok(pageMayRead(other, 'https://blog.example.com', true));
    assert.not.ok(pageMayRead(other, 'https://blog.example.com', false));
  } finally {
    await server.close();
  }
});

settings('when credentials is false then any origin is allowed as "*", without credentials', async () => {
  const server = await apiServer({ config: { server: { cors: { credentials: false } } } });
  try {
    const response = await rawRequest(`${server.url}/api/articles`, 'GET', undefined, fromPage(SITE));
    assert.is(response.headers.get('access-control-allow-origin'), '*');
    assert.is(response.headers.get('access-control-allow-credentials'), null);
  } finally {
    await server.close();
  }
});

settings('when methods, headers, expose and maxAge are set then the answers say so', async () => {
  const server = await apiServer({
    config: { server: { cors: { methods: 'GET,POST', headers: ['Authorization', 'Content-Type', 'X-Client'], expose: ['Content-Disposition'], maxAge: 600 } } },
  });
  try {
    const response = await preflight(server, '/api/articles', SITE, 'POST', ['X-Client']);
    assert.ok(preflightAllows(response, SITE, 'POST', ['X-Client', 'Authorization'], false));
    assert.not.ok(preflightAllows(response, SITE, 'DELETE', [], false));
    assert.is(response.headers.get('access-control-max-age'), '600');
    const answer = await rawRequest(`${server.url}/api/articles`, 'GET', undefined, fromPage(SITE));
    assert.is(answer.headers.get('access-control-expose-headers'), 'Content-Disposition');
  } finally {
    await server.close();
  }
});

settings('when keepHeaderOnError is false then error answers carry no CORS headers, others still do', async () => {
  const server = await apiServer({ config: { server: { cors: { keepHeaderOnError: false } } } });
  try {
    assert.ok(pageMayRead(await rawRequest(`${server.url}/api/articles`, 'GET', undefined, fromPage(SITE)), SITE, false));
    const error = await rawRequest(`${server.url}/api/articles/no-such-document`, 'GET', undefined, fromPage(SITE));
    assert.is(error.status, 404);
    assert.is(error.headers.get('access-control-allow-origin'), null);
    assert.is(error.headers.get('access-control-allow-credentials'), null);
  } finally {
    await server.close();
  }
});

settings('when enabled is false then no answer carries CORS headers and a preflight is not answered as one', async () => {
  const server = await apiServer({ config: { server: { cors: { enabled: false } } } });
  try {
    assert.is((await rawRequest(`${server.url}/api/articles`, 'GET', undefined, fromPage(SITE))).headers.get('access-control-allow-origin'), null);
    const response = await preflight(server, '/api/articles', SITE, 'POST', ['Content-Type']);
    assert.not.ok(preflightAllows(response, SITE, 'POST', ['Content-Type']));
  } finally {
    await server.close();
  }
});

settings.run();
