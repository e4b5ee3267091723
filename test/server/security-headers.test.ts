/**
 * Security headers (`server.security`, as Strapi's `strapi::security`, helmet): on every answer,
 * and a Content-Security-Policy the editors' page and `/uploads` media can live with.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rawRequest, type JsonResponse } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

/** What Strapi 5 sends by default, header by header (the CSP apart). */
const STRAPI_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
};

/** Headers Strapi turns off: other sites may embed and show what this server serves. */
const NOT_SENT = ['cross-origin-resource-policy', 'cross-origin-embedder-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-powered-by'];

/** helmet's CSP with Strapi's additions, without its marketplace host, and no upgrade-insecure-requests. */
const STRAPI_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'https:', 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", 'https:', "'unsafe-inline'"],
  'connect-src': ["'self'", 'https:'],
  'media-src': ["'self'", 'data:', 'blob:'],
};

/** A Content-Security-Policy header as directive → sources. */
function csp(response: JsonResponse): Record<string, string[]> {
  const header = response.headers.get('content-security-policy');
  assert.ok(header, 'a Content-Security-Policy header');
  return Object.fromEntries(header.split(';').map((directive) => {
    const [name, ...sources] = directive.trim().split(/\s+/);
    return [name!, sources];
  }));
}

/**
 * Would the policy let a page of this server load `source` for `directive` (CSP 3 fallbacks to
 * default-src)? Only what these tests ask: 'self' for the server's own URLs, schemes, hosts.
 */
function allows(policy: Record<string, string[]>, directive: string, source: 'self' | 'inline' | string): boolean {
  const sources = policy[directive] ?? policy['default-src'] ?? [];
  if (source === 'self') return sources.includes("'self'");
  if (source === 'inline') return sources.includes("'unsafe-inline'");
  return sources.includes(source) || sources.includes(new URL(source).protocol);
}

function assertStrapiHeaders(response: JsonResponse, what: string): void {
  for (const [name, value] of Object.entries(STRAPI_HEADERS)) assert.is(response.headers.get(name), value, `${what}: ${name}`);
  for (const name of NOT_SENT) assert.is(response.headers.get(name), null, `${what}: no ${name}`);
  assert.equal(csp(response), STRAPI_CSP, `${what}: the CSP`);
}

// ---------------------------------------------------------------------------------------------

const defaults = suite('security headers by default (Strapi\'s)');
let api: ApiServer;

defaults.before(async () => {
  api = await apiServer();
});
defaults.after(() => api.close());

defaults('when any answer is sent (a list, an error, a preflight) then it carries Strapi\'s security headers', async () => {
  assertStrapiHeaders(await rawRequest(`${api.url}/api/articles`, 'GET'), 'a list');
  assertStrapiHeaders(await rawRequest(`${api.url}/api/articles/no-such-document`, 'GET'), 'a 404');
  assertStrapiHeaders(await rawRequest(`${api.url}/api/articles`, 'POST', '{"data":', { 'content-type': 'application/json' }), 'a 400');
  const preflight = await rawRequest(`${api.url}/api/articles`, 'OPTIONS', undefined, { origin: 'https://www.example.com', 'access-control-request-method': 'POST' });
  assert.is(preflight.status, 204);
  assertStrapiHeaders(preflight, 'a preflight');
});

defaults('when the editors\' page loads its own scripts, styles and images and calls the API then the policy allows it', async () => {
  const policy = csp(await rawRequest(`${api.url}/admin`, 'GET'));
  assert.ok(allows(policy, 'script-src', 'self'), 'its JS from \'self\'');
  assert.ok(allows(policy, 'style-src', 'self'), 'its CSS from \'self\'');
  assert.ok(allows(policy, 'img-src', 'self'), 'images from /uploads');
  assert.ok(allows(policy, 'img-src', 'blob:') && allows(policy, 'img-src', 'data:'), 'previews of a file before it is uploaded');
  assert.ok(allows(policy, 'connect-src', 'self'), 'fetch() to /api');
  assert.ok(allows(policy, 'font-src', 'self'));
  assert.not.ok(allows(policy, 'script-src', 'inline'), 'an inline script would be refused: the page loads its JS from files');
  assert.equal(policy['frame-ancestors'], ["'self'"], 'no other site may frame it');
});

defaults('when another site shows an /uploads image then nothing in the headers stops it', async () => {
  const response = await rawRequest(`${api.url}/uploads/photo.jpg`, 'GET', undefined, { origin: 'https://www.example.com' });
  assert.is(response.headers.get('cross-origin-resource-policy'), null, 'same-origin here would block <img> on other sites');
  // `<img crossorigin>` (anonymous, as canvas needs) is satisfied by `*`: it sends no cookie.
  assert.is(response.headers.get('access-control-allow-origin'), '*', '<img crossorigin> and canvas need CORS');
});

defaults.run();

// ---------------------------------------------------------------------------------------------

const settings = suite('security settings');

settings('when helmet options are set (under either name) then the headers follow them and the rest keeps Strapi\'s', async () => {
  const server = await apiServer({
    config: {
      server: {
        security: {
          contentSecurityPolicy: { directives: { imgSrc: ["'self'", 'https://cdn.example.com'], 'upgrade-insecure-requests': [] } },
          frameguard: { action: 'DENY' },
          hsts: false,
          crossOriginResourcePolicy: { policy: 'cross-origin' },
        },
      },
    },
  });
  try {
    const response = await rawRequest(`${server.url}/api/articles`, 'GET');
    const policy = csp(response);
    assert.equal(policy['img-src'], ["'self'", 'https://cdn.example.com']);
    assert.equal(policy['upgrade-insecure-requests'], []);
    assert.equal(policy['connect-src'], STRAPI_CSP['connect-src'], 'directives not given keep their default');
    assert.is(response.headers.get('x-frame-options'), 'DENY');
    assert.is(response.headers.get('strict-transport-security'), null);
    assert.is(response.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  } finally {
    await server.close();
  }
});

settings('when a directive is set to null then helmet\'s default for it is dropped; when the CSP is false then none is sent', async () => {
  const dropped = await apiServer({ config: { server: { security: { contentSecurityPolicy: { directives: { 'style-src': null } } } } } });
  try {
    const policy = csp(await rawRequest(`${dropped.url}/api/articles`, 'GET'));
    assert.is(policy['style-src'], undefined);
    assert.equal(policy['default-src'], ["'self'"]);
  } finally {
    await dropped.close();
  }
  const off = await apiServer({ config: { server: { security: { contentSecurityPolicy: false } } } });
  try {
    const response = await rawRequest(`${off.url}/api/articles`, 'GET');
    assert.is(response.headers.get('content-security-policy'), null);
    assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  } finally {
    await off.close();
  }
});

settings.run();
