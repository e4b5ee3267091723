/** POST /api/auth/local is limited to 5 requests per 5 minutes by default, as in Strapi 5 (docs/api/accounts.md, Rate limits). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer } from '../_helpers/server.js';

const tooMany = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } };

const limits = suite('rate limits');

limits('the 6th login in the window answers 429 with the rate-limit headers, whatever the body says', async () => {
  const api = await apiServer();
  try {
    for (let i = 0; i < 5; i++) {
      const response = await api.post('/api/auth/local', { identifier: `someone${i}@example.com`, password: 'x' });
      assert.is(response.status, 400, `attempt ${i + 1}`);
      assert.is(response.headers.get('x-ratelimit-limit'), '5');
      assert.is(response.headers.get('x-ratelimit-remaining'), String(4 - i));
    }
    const limited = await api.post('/api/auth/local', { identifier: 'fresh@example.com', password: 'y', deviceId: 'new' });
    assert.is(limited.status, 429);
    assert.equal(limited.body, tooMany);
    assert.ok(limited.headers.get('x-ratelimit-reset'));
    const spoofed = await api.post('/api/auth/local', { identifier: 'a', password: 'b' }, { 'x-forwarded-for': '203.0.113.9' });
    assert.is(spoofed.status, 429, 'X-Forwarded-For is not trusted without server.proxy');
    assert.is((await api.post('/api/auth/forgot-password', { email: 'a@example.com' })).status, 200, 'each route has its own bucket');
  } finally {
    await api.close();
  }
});

limits('behind a trusted proxy each forwarded client has its own bucket', async () => {
  const api = await apiServer({ config: { server: { host: '127.0.0.1', port: 0, proxy: true }, 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 2 } } } });
  try {
    const from = (ip: string) => api.post('/api/auth/local', { identifier: 'x', password: 'y' }, { 'x-forwarded-for': ip });
    assert.is((await from('198.51.100.1')).status, 400);
    assert.is((await from('198.51.100.1')).status, 400);
    assert.is((await from('198.51.100.1')).status, 429);
    assert.is((await from('198.51.100.2')).status, 400);
  } finally {
    await api.close();
  }
});

limits('registration is limited per email, and a disabled limit never answers 429', async () => {
  const limited = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 1 } } } });
  try {
    await limited.post('/api/auth/local/register', { username: 'one', email: 'one@example.com', password: 'secret-pass' });
    assert.is((await limited.post('/api/auth/local/register', { username: 'two', email: 'ONE@example.com', password: 'secret-pass' })).status, 429);
  } finally {
    await limited.close();
  }
  const open = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: false } } } });
  try {
    for (let i = 0; i < 8; i++) assert.is((await open.post('/api/auth/local', { identifier: 'x', password: 'y' })).status, 400);
  } finally {
    await open.close();
  }
});

limits('an office behind one address registers its sixth person, and each signs in and reads /users/me', async () => {
  const api = await apiServer({ authenticatedActions: ['plugin::users-permissions.user.me'] });
  try {
    for (let i = 1; i <= 7; i++) {
      const registered = await api.post('/api/auth/local/register', { username: `colleague${i}`, email: `colleague${i}@office.example`, password: 'office-pass' });
      assert.is(registered.status, 200, `person ${i}: ${registered.text}`);
      assert.is(registered.headers.get('x-ratelimit-remaining'), '4', 'each email has its own bucket');
      const me = await api.get('/api/users/me', { authorization: `Bearer ${registered.body.jwt}` });
      assert.is(me.status, 200, `person ${i} reads /users/me`);
      assert.is(me.body.username, `colleague${i}`);
    }
  } finally {
    await api.close();
  }
});

limits('forgot-password and send-email-confirmation count per email too; login and reset-password never look at the body', async () => {
  const api = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 2 } } } });
  try {
    for (const path of ['/api/auth/forgot-password', '/api/auth/send-email-confirmation']) {
      const statuses = [];
      for (const email of ['a@example.com', 'A@Example.com', 'a@example.com', 'b@example.com']) statuses.push((await api.post(path, { email })).status);
      assert.equal(statuses, [200, 200, 429, 200], path);
    }
    const reset = [];
    for (let i = 0; i < 3; i++) reset.push((await api.post('/api/auth/reset-password', { code: `code-${i}`, password: 'x-pass-word', passwordConfirmation: 'x-pass-word', email: `e${i}@example.com` })).status);
    assert.equal(reset, [400, 400, 429]);
    const login = [];
    for (let i = 0; i < 3; i++) login.push((await api.post('/api/auth/local', { identifier: `p${i}@example.com`, password: 'x', email: `p${i}@example.com` })).status);
    assert.equal(login, [400, 400, 429]);
  } finally {
    await api.close();
  }
});

limits('routes that are not limited carry no X-RateLimit headers and never answer 429', async () => {
  const api = await apiServer({
    authenticatedActions: ['plugin::users-permissions.user.me'],
    config: { 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 1 } } },
  });
  try {
    const registered = await api.post('/api/auth/local/register', { username: 'someone', email: 'someone@example.com', password: 'some-pass' });
    assert.is(registered.headers.get('x-ratelimit-limit'), '1', 'a limited route carries them');
    const token = { authorization: `Bearer ${registered.body.jwt}` };
    for (let i = 0; i < 3; i++) {
      for (const [path, headers] of [['/api/users/me', token], ['/api/articles', {}], ['/api/i18n/locales', {}], ['/api/auth/email-confirmation?confirmation=x', {}]] as const) {
        const response = await api.get(path, headers);
        assert.is.not(response.status, 429, path);
        assert.is(response.headers.get('x-ratelimit-limit'), null, path);
        assert.is(response.headers.get('x-ratelimit-remaining'), null, path);
      }
    }
  } finally {
    await api.close();
  }
});

limits('over GraphQL each sign-in mutation counts, so aliases cannot try more than the limit in one request', async () => {
  const api = await apiServer({ publicActions: ['plugin::users-permissions.auth.forgotPassword'], config: { 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 3 } } } });
  try {
    const forgot = (aliases: number) => `mutation { ${Array.from({ length: aliases }, (_, i) => `a${i}: forgotPassword(email: "someone@example.com") { ok }`).join(' ')} }`;
    const first = await api.post('/graphql', { query: forgot(2) });
    assert.is(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data, { a0: { ok: true }, a1: { ok: true } });
    const second = await api.post('/graphql', { query: forgot(2) });
    assert.is(second.status, 429);
    assert.is(second.body.errors[0].extensions.code, 'STRAPI_RATE_LIMIT_ERROR');
    assert.is(second.body.errors[0].message, tooMany.error.message);
    assert.is(second.body.data, undefined, 'nothing of the refused request ran');
    assert.is((await api.post('/graphql', { query: '{ articles { title } }' })).status, 200, 'queries are not counted');
  } finally {
    await api.close();
  }
});

limits('over GraphQL a login counts by the client address alone: keys added to the body beside the query make no fresh bucket', async () => {
  const api = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 3 } } } });
  try {
    const registered = await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'the-right-password' });
    assert.is(registered.status, 200, registered.text);
    const login = (password: string, attempt: number) =>
      api.post('/graphql', {
        query: 'mutation ($identifier: String!, $password: String!) { login(input: { identifier: $identifier, password: $password }) { jwt } }',
        variables: { identifier: 'ada@example.com', password },
        email: `guess${attempt}@example.com`,
        identifier: `guess${attempt}`,
        deviceId: `device-${attempt}`,
      });
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await login(`wrong-password-${attempt}`, attempt);
      assert.is(wrong.status, 200, `guess ${attempt + 1}: ${wrong.text}`);
      assert.is(wrong.body.errors[0].message, 'Invalid identifier or password');
    }
    for (let attempt = 3; attempt < 6; attempt++) {
      const limited = await login(`wrong-password-${attempt}`, attempt);
      assert.is(limited.status, 429, `guess ${attempt + 1}: ${limited.text}`);
      assert.is(limited.body.errors[0].extensions.code, 'STRAPI_RATE_LIMIT_ERROR');
    }
    const right = await login('the-right-password', 99);
    assert.is(right.status, 429, 'the right password does not sign in while the limit holds');
    assert.is(right.body.data, undefined);
    assert.not.match(right.text, 'jwt');
  } finally {
    await api.close();
  }
});

limits('over GraphQL forgotPassword counts per email it names, as the REST route does, never per email the body adds', async () => {
  const api = await apiServer({ publicActions: ['plugin::users-permissions.auth.forgotPassword'], config: { 'users-permissions': { ratelimit: { enabled: true, interval: 60000, max: 2 } } } });
  try {
    const forgot = (email: string, attempt: number) =>
      api.post('/graphql', { query: 'mutation ($email: String!) { forgotPassword(email: $email) { ok } }', variables: { email }, email: `other${attempt}@example.com` });
    const statuses = [];
    for (const [attempt, email] of ['a@example.com', 'A@Example.com', 'a@example.com', 'b@example.com'].entries()) statuses.push((await forgot(email, attempt)).status);
    assert.equal(statuses, [200, 200, 429, 200]);
  } finally {
    await api.close();
  }
});

limits.run();
