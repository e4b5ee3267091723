/**
 * connect(name, query): GET /api/connect/:provider, the redirect to a third-party provider as
 * Strapi 5 answers it (https://docs.strapi.io/cms/configurations/users-and-permissions-providers).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { providerMessages as m } from '../../../src/auth/providers/index.js';
import { ValidationError } from '../../../src/errors.js';
import { expectError, freePort } from '../../_helpers/index.js';
import { authorize, byIssuer, byUrls, FRONT_END, providerLogin, PUBLIC_URL, startMockProvider, type MockProvider } from './_helpers.js';

let mock: MockProvider;

const connect = suite('connect(name, query)');
connect.before(async () => {
  mock = await startMockProvider();
});
connect.before.each(() => mock.reset());
connect.after(() => mock.stop());

const params = (redirect: string) => new URL(redirect).searchParams;

connect('should answer the authorize URL with client_id, redirect_uri, response_type, scope, state and a PKCE S256 challenge', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { redirect } = await login.connect('sso');
  assert.ok(redirect.startsWith(`${mock.issuer}/authorize?`));
  const query = params(redirect);
  assert.is(query.get('client_id'), 'folio-client');
  assert.is(query.get('redirect_uri'), `${PUBLIC_URL}/api/auth/sso/callback`);
  assert.is(query.get('response_type'), 'code');
  assert.is(query.get('scope'), 'openid email profile');
  assert.match(query.get('state')!, /^[A-Za-z0-9_-]{43}$/);
  assert.match(query.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/);
  assert.is(query.get('code_challenge_method'), 'S256');
  assert.not.ok(query.has('client_secret'), 'the secret never goes to the browser');
  assert.not.ok(redirect.includes('folio-secret'));
});

connect('should give every sign-in its own state of 256 random bits', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const states = new Set<string>();
  for (let i = 0; i < 20; i++) states.add(params((await login.connect('sso')).redirect).get('state')!);
  assert.is(states.size, 20);
  for (const state of states) assert.is(Buffer.from(state, 'base64url').length, 32);
});

connect('should use the configured scope, and keep the query of a configured authorize URL', async () => {
  const login = providerLogin({ sso: byUrls(mock, { scope: ['openid', 'email'], authorizeUrl: `${mock.issuer}/authorize?prompt=consent` }) });
  const query = params((await login.connect('sso')).redirect);
  assert.is(query.get('scope'), 'openid email');
  assert.is(query.get('prompt'), 'consent');
});

connect('should build redirect_uri from server.url when it is set, and use redirectUri when configured', async () => {
  const providers = { sso: byUrls(mock), other: byUrls(mock, { redirectUri: 'https://cms.example/custom/callback' }) };
  const login = providerLogin(providers, { config: () => ({ server: { url: 'https://cms.example/' }, providers }) });
  assert.is(params((await login.connect('sso')).redirect).get('redirect_uri'), 'https://cms.example/api/auth/sso/callback');
  assert.is(params((await login.connect('other')).redirect).get('redirect_uri'), 'https://cms.example/custom/callback');
});

connect('should find the authorize URL by OpenID Connect discovery when only the issuer is configured', async () => {
  const login = providerLogin({ oidc: byIssuer(mock) });
  const { redirect } = await login.connect('oidc');
  assert.ok(redirect.startsWith(`${mock.issuer}/authorize?`));
  assert.is(params(redirect).get('redirect_uri'), `${PUBLIC_URL}/api/auth/oidc/callback`);
});

connect('should send a challenge that is the SHA-256 of the verifier later sent to the token endpoint', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { redirect } = await login.connect('sso');
  const challenge = params(redirect).get('code_challenge');
  await login.callback('sso', await authorize(redirect));
  const verifier = mock.tokenRequests[0]!.body.code_verifier as string;
  assert.is(createHash('sha256').update(verifier).digest('base64url'), challenge);
});

connect('when the provider is unknown, disabled, or an inherited key then 400 "This provider is disabled"', async () => {
  const login = providerLogin({ sso: byUrls(mock, { enabled: false }) });
  for (const name of ['nope', 'sso', 'constructor', '__proto__']) {
    const error = await expectError(login.connect(name));
    assert.is(error.name, 'ApplicationError', name);
    assert.is(error.message, m.disabled, name);
  }
});

connect('when no clientId is configured then the error names the missing key', async () => {
  const { clientId: _, ...config } = byUrls(mock);
  const error = await expectError(providerLogin({ sso: config }).connect('sso'));
  assert.is(error.message, m.notConfigured('sso', 'clientId'));
});

connect('when a generic provider has neither URLs nor an issuer then the error names what to set', async () => {
  const error = await expectError(providerLogin({ oidc: { enabled: true, clientId: 'c' } }).connect('oidc'));
  assert.is(error.message, m.notConfigured('oidc', 'authorizeUrl (or issuer)'));
});

connect('when the discovery document names another issuer then the sign-in is refused', async () => {
  const issuer = mock.issuer.replace('127.0.0.1', 'localhost');
  const error = await expectError(providerLogin({ oidc: byIssuer(mock, { issuer }) }).connect('oidc'));
  assert.is(error.message, m.issuerMismatch('oidc', issuer));
});

connect('when the issuer cannot be reached then 400 naming the provider, and the next sign-in tries again', async () => {
  const closed = await freePort();
  const providers = { oidc: byIssuer(mock, { issuer: `http://127.0.0.1:${closed}` }) };
  const login = providerLogin(providers);
  const error = await expectError(login.connect('oidc'));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.unreachable('OpenID Connect', 'discovery'));
  providers.oidc.issuer = mock.issuer;
  assert.ok((await login.connect('oidc')).redirect.startsWith(mock.issuer));
});

// ---------------------------------------------------------------------------------------------
const callbackUrl = suite('connect(name, { callback })');
callbackUrl.before(async () => {
  mock = await startMockProvider();
});
callbackUrl.before.each(() => mock.reset());
callbackUrl.after(() => mock.stop());

callbackUrl('should accept a callback with the configured origin and path, whatever its query', async () => {
  const login = providerLogin({ sso: byUrls(mock, { callback: FRONT_END }) });
  const { redirect } = await login.connect('sso', { callback: `${FRONT_END}?next=/articles` });
  const result = await login.callback('sso', await authorize(redirect));
  assert.is(result.callback, `${FRONT_END}?next=/articles`);
});

callbackUrl('should hand back the configured callback when none is given, and nothing when none is configured', async () => {
  const login = providerLogin({ sso: byUrls(mock, { callback: FRONT_END }), bare: byUrls(mock) });
  const configured = await login.callback('sso', await authorize((await login.connect('sso')).redirect));
  assert.is(configured.callback, FRONT_END);
  const bare = await login.callback('bare', await authorize((await login.connect('bare')).redirect));
  assert.is(bare.callback, undefined);
  assert.not.ok('callback' in bare);
});

callbackUrl('when the callback has another origin, another path, or is not an http(s) URL then 400 "Invalid callback URL provided"', async () => {
  const login = providerLogin({ sso: byUrls(mock, { callback: FRONT_END }) });
  const refused: unknown[] = [
    'https://evil.example/signed-in',
    'http://app.example/signed-in',
    'https://app.example:8443/signed-in',
    'https://app.example.evil.example/signed-in',
    'https://app.example/signed-in/../admin',
    'https://app.example/other',
    'https://app.example/signed-in/more',
    'javascript:alert(document.cookie)//https://app.example/signed-in',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/signed-in',
    '/signed-in',
    '',
    ['https://app.example/signed-in'],
    { href: FRONT_END },
  ];
  for (const callback of refused) {
    const error = await expectError(login.connect('sso', { callback }));
    assert.instance(error, ValidationError, JSON.stringify(callback));
    assert.is(error.message, m.invalidCallback);
    assert.equal(error.details, { callback });
  }
});

callbackUrl('when no callback is configured then any given callback is refused', async () => {
  const error = await expectError(providerLogin({ sso: byUrls(mock) }).connect('sso', { callback: FRONT_END }));
  assert.instance(error, ValidationError);
  assert.equal(error.details, { callback: FRONT_END });
});

callbackUrl('when the callback is refused then no sign-in is started', async () => {
  let calls = 0;
  const login = providerLogin({ oidc: byIssuer(mock) }, { fetch: (...args) => (calls++, fetch(...args)) });
  await expectError(login.connect('oidc', { callback: FRONT_END }));
  assert.is(calls, 0, 'not even discovery');
});

connect.run();
callbackUrl.run();
