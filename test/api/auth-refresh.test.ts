/**
 * Refresh mode (`jwtManagement: refresh`: short-lived access tokens, refresh tokens and sessions,
 * as Strapi 5 has them; docs/api/accounts.md, Refresh mode) and the 404s of its routes
 * in legacy mode, the default.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { authMessages, issueToken } from '../../src/auth/index.js';
import { bearer } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

let api: ApiServer;
const refreshConfig = { 'users-permissions': { jwtManagement: 'refresh', ratelimit: { enabled: false } } };

async function login(extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return api.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse', ...extra }, headers);
}

const refresh = suite('refresh mode');
refresh.before(async () => {
  api = await apiServer({ config: refreshConfig });
  await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
});
refresh.after(() => api.close());

refresh('login answers { jwt, refreshToken, user }; the access token opens /users/me', async () => {
  const response = await login();
  assert.equal(Object.keys(response.body), ['jwt', 'refreshToken', 'user']);
  assert.is((await api.get('/api/users/me', bearer(response.body.jwt))).status, 200);
  const legacy = issueToken(api.project.tokens, response.body.user.id);
  assert.is((await api.get('/api/users/me', bearer(legacy))).status, 401, 'a legacy { id } token is refused in refresh mode');
});

refresh('refresh rotates: a new pair, and the old refresh token is dead at once', async () => {
  const first = (await login()).body;
  const rotated = await api.post('/api/auth/refresh', { refreshToken: first.refreshToken });
  assert.is(rotated.status, 200);
  assert.equal(Object.keys(rotated.body).sort(), ['jwt', 'refreshToken']);
  assert.is.not(rotated.body.refreshToken, first.refreshToken);
  const replay = await api.post('/api/auth/refresh', { refreshToken: first.refreshToken });
  assert.equal(replay.body.error, { status: 401, name: 'UnauthorizedError', message: authMessages.invalidRefreshToken, details: {} });
  assert.is((await api.post('/api/auth/refresh', { refreshToken: rotated.body.refreshToken })).status, 401, 'a replay ends the session it came from');
  assert.equal((await api.post('/api/auth/refresh', {})).body.error, { status: 400, name: 'BadRequestError', message: authMessages.missingRefreshToken, details: {} });
  assert.is((await api.post('/api/auth/refresh', { refreshToken: 'garbage' })).status, 401);
});

refresh('logout revokes every session of the user, and their access tokens with them', async () => {
  const a = (await login()).body;
  const b = (await login()).body;
  assert.equal((await api.post('/api/auth/logout', undefined, bearer(a.jwt))).body, { ok: true });
  for (const session of [a, b]) {
    assert.is((await api.post('/api/auth/refresh', { refreshToken: session.refreshToken })).status, 401);
    assert.is((await api.get('/api/users/me', bearer(session.jwt))).status, 401);
  }
});

refresh('a password change revokes the other sessions and answers a fresh pair', async () => {
  const other = (await login()).body;
  const current = (await login()).body;
  const changed = await api.post('/api/auth/change-password', { currentPassword: 'correct-horse', password: 'new-horse-1', passwordConfirmation: 'new-horse-1' }, bearer(current.jwt));
  assert.is(changed.status, 200);
  assert.ok(changed.body.refreshToken);
  assert.is((await api.post('/api/auth/refresh', { refreshToken: other.refreshToken })).status, 401);
  assert.is((await api.post('/api/auth/refresh', { refreshToken: changed.body.refreshToken })).status, 200);
  await api.post('/api/auth/change-password', { currentPassword: 'new-horse-1', password: 'correct-horse', passwordConfirmation: 'correct-horse' }, bearer(changed.body.jwt));
});

refresh('cookie mode: the refresh token travels in an HTTP-only cookie, never in the body', async () => {
  const response = await login({}, { 'x-strapi-refresh-cookie': 'httpOnly' });
  assert.equal(Object.keys(response.body), ['jwt', 'user']);
  const cookie = response.headers.get('set-cookie')!;
  assert.match(cookie, /^strapi_up_refresh=[^;]+;/);
  assert.match(cookie, /httponly/i);
  assert.match(cookie, /samesite=lax/i);
  const token = /^strapi_up_refresh=([^;]+)/.exec(cookie)![1]!;
  const rotated = await api.post('/api/auth/refresh', undefined, { cookie: `strapi_up_refresh=${token}` });
  assert.is(rotated.status, 200);
  assert.equal(Object.keys(rotated.body), ['jwt']);
  assert.match(rotated.headers.get('set-cookie')!, /^strapi_up_refresh=/);
  const logout = await api.post('/api/auth/logout', undefined, { ...bearer(rotated.body.jwt), cookie: 'strapi_up_refresh=x' });
  assert.match(logout.headers.get('set-cookie')!, /strapi_up_refresh=;.*expires=Thu, 01 Jan 1970/i);
});

refresh('sessions: list the live ones, current first; revoke one; another user\'s is not found', async () => {
  const a = (await login({ deviceId: 'laptop' }, { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/120.0 Safari/537.36' })).body;
  const b = (await login({ deviceId: 'phone' })).body;
  const list = await api.get('/api/auth/sessions', bearer(b.jwt));
  assert.is(list.status, 200);
  assert.is(list.body.data[0].current, true);
  assert.is(list.body.data[0].deviceId, 'phone');
  const laptop = list.body.data.find((s: { deviceId?: string }) => s.deviceId === 'laptop');
  assert.is(laptop.deviceName, 'Chrome on macOS');
  assert.not.match(list.text, /refresh|userId|ip/i);
  assert.equal((await api.del(`/api/auth/sessions/${laptop.id}`, bearer(b.jwt))).body, { data: {} });
  assert.is((await api.post('/api/auth/refresh', { refreshToken: a.refreshToken })).status, 401);
  assert.equal((await api.del(`/api/auth/sessions/${laptop.id}`, bearer(b.jwt))).body.error.message, authMessages.sessionNotFound);
});

refresh('sessions: every entry carries id, deviceId, deviceName, current, loginAt and lastActiveAt', async () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const phone = (await login({}, { 'user-agent': iphone })).body;
  const script = (await login({ deviceId: 'build-server' }, { 'user-agent': 'deploy-script/1.0' })).body;
  const list = (await api.get('/api/auth/sessions', bearer(phone.jwt))).body.data as Array<Record<string, unknown>>;
  for (const entry of list) assert.equal(Object.keys(entry).sort(), ['current', 'deviceId', 'deviceName', 'id', 'lastActiveAt', 'loginAt'], JSON.stringify(entry));
  const current = list.find((entry) => entry.current)!;
  assert.match(String(current.deviceId), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a sign-in without deviceId gets one made up');
  assert.is(current.deviceName, 'Safari on iOS', 'an iPhone says "Mac OS X" too, and is iOS');
  const other = list.find((entry) => entry.deviceId === 'build-server')!;
  assert.is(other.deviceName, null, 'a User-Agent naming no browser or system');
  assert.is((await api.post('/api/auth/refresh', { refreshToken: phone.refreshToken })).status, 200);
  const again = (await api.get('/api/auth/sessions', bearer(script.jwt))).body.data as Array<Record<string, unknown>>;
  assert.is(again.find((entry) => entry.id === current.id)!.deviceId, current.deviceId, 'a refresh keeps the session\'s deviceId');
});

refresh.run();

const legacy = suite('legacy mode');

legacy('refresh, logout and sessions answer 404 whoever calls, even with a bad token', async () => {
  api = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: false } } } });
  for (const [method, path] of [['POST', '/api/auth/refresh'], ['POST', '/api/auth/logout'], ['GET', '/api/auth/sessions'], ['DELETE', '/api/auth/sessions/x']] as const) {
    for (const headers of [{}, bearer('not-a-token')]) {
      const response = method === 'GET' ? await api.get(path, headers) : method === 'DELETE' ? await api.del(path, headers) : await api.post(path, {}, headers);
      assert.equal(response.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }, `${method} ${path}`);
    }
  }
  await api.close();
});

legacy.run();
