/**
 * Provider login over HTTP, end to end with a real OpenID Connect server on 127.0.0.1:
 * GET /api/connect/:provider → the provider → GET /api/auth/:provider/callback → { jwt, user }.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { startMockProvider, type MockProvider } from '../auth/providers/_helpers.js';

let api: ApiServer;
let mock: MockProvider;

/** What a browser does: follow our redirect to the provider, and the provider's back to us. */
async function signIn(provider = 'oidc'): Promise<{ status: number; body: any; callbackUrl: string }> {
  const connect = await fetch(`${api.url}/api/connect/${provider}`, { redirect: 'manual' });
  assert.is(connect.status, 302);
  const atProvider = await fetch(connect.headers.get('location')!, { redirect: 'manual' });
  const callbackUrl = atProvider.headers.get('location')!;
  assert.ok(callbackUrl.startsWith(`${api.url}/api/auth/${provider}/callback?`), callbackUrl);
  const response = await fetch(callbackUrl);
  return { status: response.status, body: await response.json(), callbackUrl };
}

const providers = suite('provider login over HTTP');
providers.before(async () => {
  mock = await startMockProvider();
  api = await apiServer({
    config: {
      'users-permissions': {
        ratelimit: { enabled: false },
        // The scope as every provider documents it: one space-separated string.
        providers: { oidc: { enabled: true, clientId: 'folio-client', clientSecret: 'folio-secret', issuer: mock.issuer, scope: 'openid  email profile' } },
      },
    },
  });
});
providers.after(async () => {
  await api.close();
  await mock.stop();
});

providers('a first sign-in creates a confirmed user with the default role and answers { jwt, user }', async () => {
  mock.reset();
  const { status, body } = await signIn();
  assert.is(status, 200, JSON.stringify(body));
  assert.equal(Object.keys(body), ['jwt', 'user']);
  assert.is(body.user.email, 'ada@example.com');
  assert.is(body.user.provider, 'oidc');
  assert.is(body.user.confirmed, true);
  const me = await api.get('/api/users/me', { authorization: `Bearer ${body.jwt}` });
  assert.is(me.body.username, 'ada');
  const again = await signIn();
  assert.is(again.body.user.id, body.user.id, 'the second sign-in finds the same user');
});

providers('a scope configured as an OAuth scope string reaches the provider as those scopes', async () => {
  const connect = await fetch(`${api.url}/api/connect/oidc`, { redirect: 'manual' });
  assert.is(connect.status, 302);
  assert.is(new URL(connect.headers.get('location')!).searchParams.get('scope'), 'openid email profile');
});

providers('a taken username gets a unique one', async () => {
  await api.post('/api/auth/local/register', { username: 'grace', email: 'grace-local@example.com', password: 'secret-pass' });
  mock.reset();
  mock.userinfo = { sub: 'grace-2', email: 'grace@provider.example', email_verified: true, preferred_username: 'grace' };
  const { status, body } = await signIn();
  assert.is(status, 200, JSON.stringify(body));
  assert.match(body.user.username, /^grace\d{4}$/);
});

providers("a provider's username with control characters becomes one line: no line break reaches a log, a terminal or git", async () => {
  mock.reset();
  mock.userinfo = { sub: 'mallory-1', email: 'mallory@provider.example', email_verified: true, preferred_username: 'mallory\ncommitter Eve <e@x>\u001b[2J' };
  const { status, body } = await signIn();
  assert.is(status, 200, JSON.stringify(body));
  assert.is(body.user.username, 'mallory committer Eve <e@x> [2J');
});

providers('a forged or replayed state is refused and creates nobody', async () => {
  mock.reset();
  mock.userinfo = { sub: 'eve', email: 'eve@example.com', email_verified: true, preferred_username: 'eve' };
  const forged = await api.get('/api/auth/oidc/callback?code=whatever&state=forged&access_token=stolen');
  assert.is(forged.status, 400);
  assert.is(forged.body.error.message, 'OAuth authentication requires a completed provider session');
  const first = await signIn();
  const replay = await fetch(first.callbackUrl);
  assert.is(replay.status, 400, 'a state works once');
  assert.is(api.project.users.list().filter((u) => u.email === 'eve@example.com').length, 1);
});

providers('connect refuses a disabled provider and a callback URL that is not the configured one', async () => {
  assert.is((await api.get('/api/connect/github')).body.error.message, 'This provider is disabled');
  const open = await fetch(`${api.url}/api/connect/oidc?callback=https://evil.example/steal`, { redirect: 'manual' });
  assert.is(open.status, 400);
  assert.is(((await open.json()) as { error: { message: string } }).error.message, 'Invalid callback URL provided');
});

providers.run();
