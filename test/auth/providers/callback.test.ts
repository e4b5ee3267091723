/**
 * callback(name, query): GET /api/auth/:provider/callback up to the verified profile
 * (Strapi 5's third-party provider login), against a real OAuth 2 / OpenID Connect server.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { providerMessages as m, STATE_TTL_MS } from '../../../src/auth/providers/index.js';
import { expectError, freePort } from '../../_helpers/index.js';
import { authorize, byIssuer, byUrls, providerLogin, PUBLIC_URL, signIn, startMockProvider, type MockProvider } from './_helpers.js';

let mock: MockProvider;

function withMock(name: string) {
  const s = suite(name);
  s.before(async () => {
    mock = await startMockProvider();
  });
  s.before.each(() => mock.reset());
  s.after(() => mock.stop());
  return s;
}

// ---------------------------------------------------------------------------------------------
const callback = withMock('callback(name, query)');

callback('should answer the profile of a provider configured by its issuer (discovery): email lower-cased, username, provider name', async () => {
  const login = providerLogin({ oidc: byIssuer(mock) });
  const result = await signIn(login, 'oidc');
  assert.equal(result, { profile: { email: 'ada@example.com', username: 'ada', provider: 'oidc' } });
});

callback('should answer the profile of a provider configured by explicit URLs', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { profile } = await signIn(login, 'sso');
  assert.equal(profile, { email: 'ada@example.com', username: 'ada', provider: 'sso' });
});

callback('should exchange the code server-side with the client secret in the body, the same redirect_uri and the PKCE verifier', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { redirect } = await login.connect('sso');
  const query = await authorize(redirect);
  await login.callback('sso', query);
  assert.is(mock.tokenRequests.length, 1);
  const { body, authorization } = mock.tokenRequests[0]!;
  assert.is(body.grant_type, 'authorization_code');
  assert.is(body.code, query.code);
  assert.is(body.redirect_uri, `${PUBLIC_URL}/api/auth/sso/callback`);
  assert.is(body.client_id, 'folio-client');
  assert.is(body.client_secret, 'folio-secret');
  assert.match(body.code_verifier as string, /^[A-Za-z0-9_-]{43}$/);
  assert.is(authorization, undefined);
});

callback('should send the client secret with HTTP Basic when the discovery document offers only client_secret_basic', async () => {
  const onlyBasic: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith('/.well-known/openid-configuration')) return response;
    const doc = (await response.json()) as Record<string, unknown>;
    return Response.json({ ...doc, token_endpoint_auth_methods_supported: ['client_secret_basic'] });
  };
  const login = providerLogin({ oidc: byIssuer(mock, { clientId: 'folio client', clientSecret: 's3cret:&' }) }, { fetch: onlyBasic });
  await signIn(login, 'oidc');
  const { body, authorization } = mock.tokenRequests[0]!;
  assert.is(authorization, `Basic ${Buffer.from('folio%20client:s3cret%3A%26').toString('base64')}`);
  assert.is(body.client_secret, undefined);
  assert.is(body.client_id, undefined);
});

callback('should fetch the profile with the access token from the token endpoint', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  let issued = '';
  mock.server.service.once('beforeResponse', (response: { body: { access_token: string } }) => {
    issued = response.body.access_token;
  });
  await signIn(login, 'sso');
  assert.ok(issued.length > 0);
  assert.equal(mock.userinfoAuthorizations, [`Bearer ${issued}`]);
});

callback('should ignore an access_token or id_token in the query', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const forged = { access_token: 'stolen-token', id_token: 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImV2ZUBleGFtcGxlLmNvbSJ9.' };
  const { profile } = await signIn(login, 'sso', forged);
  assert.is(profile.email, 'ada@example.com');
  assert.is(mock.userinfoAuthorizations.length, 1);
  assert.not.ok(mock.userinfoAuthorizations[0]!.includes('stolen-token'));
});

callback('when only an access_token is sent, without code and state, then 400 and the provider is not asked', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const error = await expectError(login.callback('sso', { access_token: 'stolen-token' }));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.noSession);
  assert.is(mock.tokenRequests.length, 0);
  assert.is(mock.userinfoAuthorizations.length, 0);
});

callback('when the provider is disabled then 400 "This provider is disabled", even with a valid state', async () => {
  const providers = { sso: byUrls(mock) };
  const login = providerLogin(providers);
  const query = await authorize((await login.connect('sso')).redirect);
  providers.sso.enabled = false;
  const error = await expectError(login.callback('sso', query));
  assert.is(error.message, m.disabled);
});

// ---------------------------------------------------------------------------------------------
const state = withMock('callback(name, query): the state');

state('when the state is forged then 400 and the code is never exchanged', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { code } = await authorize((await login.connect('sso')).redirect);
  for (const forged of ['forged', 'A'.repeat(43), '', ['x'], { $ne: null }]) {
    const error = await expectError(login.callback('sso', { code, state: forged }));
    assert.is(error.name, 'ApplicationError');
    assert.is(error.message, m.noSession);
  }
  assert.is(mock.tokenRequests.length, 0);
});

state('when the state is missing then 400 "OAuth authentication requires a completed provider session"', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { code } = await authorize((await login.connect('sso')).redirect);
  const error = await expectError(login.callback('sso', { code }));
  assert.is(error.message, m.noSession);
});

state('when a state is used twice then the second callback is refused', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const query = await authorize((await login.connect('sso')).redirect);
  await login.callback('sso', query);
  const error = await expectError(login.callback('sso', query));
  assert.is(error.message, m.noSession);
  assert.is(mock.tokenRequests.length, 1);
});

state('when the state of one provider comes back to another then it is refused, and spent', async () => {
  const login = providerLogin({ sso: byUrls(mock), oidc: byIssuer(mock) });
  const query = await authorize((await login.connect('sso')).redirect);
  const error = await expectError(login.callback('oidc', query));
  assert.is(error.message, m.noSession);
  const again = await expectError(login.callback('sso', query));
  assert.is(again.message, m.noSession, 'a state tried elsewhere cannot be replayed');
});

state('when the state is older than ten minutes then it is refused', async () => {
  let clock = 1_000_000;
  const login = providerLogin({ sso: byUrls(mock) }, { now: () => clock });
  const fresh = await authorize((await login.connect('sso')).redirect);
  const stale = await authorize((await login.connect('sso')).redirect);
  clock += STATE_TTL_MS - 1;
  await login.callback('sso', fresh);
  clock += 1;
  const error = await expectError(login.callback('sso', stale));
  assert.is(error.message, m.noSession);
});

state('when another instance started the sign-in then its state is unknown here', async () => {
  const query = await authorize((await providerLogin({ sso: byUrls(mock) }).connect('sso')).redirect);
  const error = await expectError(providerLogin({ sso: byUrls(mock) }).callback('sso', query));
  assert.is(error.message, m.noSession);
});

// ---------------------------------------------------------------------------------------------
const failures = withMock('callback(name, query): what the provider answers');

failures('when the provider sends an error instead of a code then 400 naming the provider and the OAuth error', async () => {
  mock.server.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
    redirect.url.searchParams.set('error_description', 'Visit https://evil.example to fix your account');
  });
  const error = await expectError(signIn(providerLogin({ oidc: byIssuer(mock) }), 'oidc'));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.denied('OpenID Connect', 'access_denied'));
  assert.is(mock.tokenRequests.length, 0);
});

failures('when the provider error is not an OAuth error code then it is not repeated', async () => {
  mock.server.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    redirect.url.searchParams.set('error', '<script>alert(1)</script>"quoted"');
  });
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock) }), 'sso'));
  assert.is(error.message, m.denied('sso', 'error'));
});

failures('when the callback has no code then 400', async () => {
  const login = providerLogin({ sso: byUrls(mock) });
  const { state: value } = await authorize((await login.connect('sso')).redirect);
  const error = await expectError(login.callback('sso', { state: value }));
  assert.is(error.message, m.noCode('sso'));
});

failures('when the token endpoint refuses the code then 400 naming the provider and the OAuth error, never the secret', async () => {
  mock.server.service.once('beforeResponse', (response: { body: unknown; statusCode: number }) => {
    response.body = { error: 'invalid_grant', error_description: 'bad code for client folio-secret' };
    response.statusCode = 400;
  });
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock) }), 'sso'));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.rejected('sso', 'token', 400, 'invalid_grant'));
  assert.not.ok(JSON.stringify({ message: error.message, details: error.details }).includes('folio-secret'));
});

failures('when the token endpoint answers 200 with an OAuth error (as GitHub does) then 400', async () => {
  mock.server.service.once('beforeResponse', (response: { body: unknown }) => {
    response.body = { error: 'bad_verification_code' };
  });
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock) }), 'sso'));
  assert.is(error.message, m.rejected('sso', 'token', 200, 'bad_verification_code'));
});

failures('when the token response has no access_token then 400', async () => {
  mock.server.service.once('beforeResponse', (response: { body: unknown }) => {
    response.body = { token_type: 'Bearer' };
  });
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock) }), 'sso'));
  assert.is(error.message, m.badResponse('sso', 'token'));
});

failures('when the userinfo endpoint refuses the token then 400 naming the provider', async () => {
  // Registered after the helper's listener, so it runs last and wins.
  mock.server.service.once('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
    response.body = { error: 'invalid_token' };
    response.statusCode = 401;
  });
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock) }), 'sso'));
  assert.is(error.message, m.rejected('sso', 'profile', 401, 'invalid_token'));
});

failures('when the token endpoint cannot be reached then 400 naming the provider', async () => {
  const port = await freePort();
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock, { tokenUrl: `http://127.0.0.1:${port}/token` }) }), 'sso'));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.unreachable('sso', 'token'));
});

failures('when the profile has no email then 400 "Email was not available."', async () => {
  mock.userinfo = { sub: 'ada-1', preferred_username: 'ada' };
  const error = await expectError(signIn(providerLogin({ sso: byUrls(mock) }), 'sso'));
  assert.is(error.message, m.emailUnavailable);
});

failures('when the provider does not say the email is verified then 400 "Email not verified by <provider>"', async () => {
  const login = providerLogin({ oidc: byIssuer(mock), keycloak: byUrls(mock) });
  for (const email_verified of [false, undefined, 'false', 1]) {
    mock.userinfo = { sub: 'ada-1', email: 'ada@example.com', email_verified };
    assert.is((await expectError(signIn(login, 'oidc'))).message, m.emailNotVerified('OpenID Connect'), String(email_verified));
    assert.is((await expectError(signIn(login, 'keycloak'))).message, m.emailNotVerified('keycloak'), String(email_verified));
  }
  mock.userinfo = { sub: 'ada-1', email: 'ada@example.com', email_verified: 'true' };
  assert.is((await signIn(login, 'oidc')).profile.email, 'ada@example.com', 'a string "true" counts (Cognito sends one)');
});

callback.run();
state.run();
failures.run();
