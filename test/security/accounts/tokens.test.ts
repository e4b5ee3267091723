/**
 * Attacks on accounts (the issue's "Attacks on accounts" part) with tokens, beyond what
 * test/api/auth-*.test.ts and authentication.test.ts check: forged and stale JWTs on every kind of
 * route, tokens that are not the access token of a live session, refresh-token replay, and
 * sessions that outlive a password change or reset.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import jwt from 'jsonwebtoken';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { issueToken } from '../../../src/auth/index.js';
import { bearer } from '../../_helpers/index.js';
import { NO_RATE_LIMIT, USER_ACTIONS, apiServer, type ApiServer } from '../../_helpers/server.js';
import { codeIn, emailConfigFor, mailCatcher } from '../../_helpers/smtp.js';
import { envelopeProblem } from '../_helpers.js';
import { SYSTEM_ACTOR } from '../../../src/permissions/index.js';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand (HS256), for claims jsonwebtoken refuses to sign. */
function signRaw(payload: Record<string, unknown>, secret: string): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const tokens = suite('forged and stale JWTs');
let api: ApiServer;
let adaId: number;
let adminHeaders: Record<string, string>;

tokens.before(async () => {
  api = await apiServer({
    publicActions: ['api::category.category.find'],
    authenticatedActions: ['api::article.article.find', ...USER_ACTIONS],
    config: { 'users-permissions': NO_RATE_LIMIT },
  });
  adaId = (await api.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true })).id;
  adminHeaders = bearer(issueToken(api.project.tokens, adaId));
});
tokens.after(async () => {
  await api?.close();
});

/** Routes a token opens; a forged one must get 401 on each, never the Public role's answer. */
const GUARDED: Array<[string, string, unknown?]> = [
  ['GET', '/api/categories'],
  ['GET', '/api/articles'],
  ['GET', '/api/users/me'],
  ['GET', '/api/users'],
  ['POST', '/api/auth/change-password', { currentPassword: 'correct-horse', password: 'stolen-horse', passwordConfirmation: 'stolen-horse' }],
  ['POST', '/api/auth/local', { identifier: 'ada', password: 'wrong-one' }],
];

async function expectRefused(token: string, label: string, message = 'Missing or invalid credentials'): Promise<string[]> {
  const problems: string[] = [];
  for (const [method, path, body] of GUARDED) {
    const response = await api.send(method, path, body === undefined ? undefined : JSON.stringify(body), bearer(token));
    if (response.status !== 401 || response.body?.error?.message !== message || envelopeProblem(response)) {
      problems.push(`${label} on ${method} ${path}: ${response.status} ${response.text.slice(0, 120)}`);
    }
  }
  return problems;
}

tokens('a token with alg "none" (any spelling, with or without a signature) is refused everywhere', async () => {
  const valid = issueToken(api.project.tokens, adaId);
  const [, payload, signature] = valid.split('.');
  const forged = [
    `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    `${b64({ alg: 'None' })}.${payload}.`,
    `${b64({ alg: 'NONE' })}.${payload}.`,
    `${b64({ alg: 'nOnE' })}.${payload}.`,
    `${b64({ typ: 'JWT' })}.${payload}.`,
    `${b64({ alg: '' })}.${payload}.`,
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.`,
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}`,
    `${b64({ alg: 'none' })}.${b64({ id: adaId, exp: 9999999999 })}.`,
  ];
  const problems: string[] = [];
  for (const token of forged) problems.push(...(await expectRefused(token, token.slice(0, 40))));
  assert.equal(problems, []);
});

tokens('a token signed with another algorithm (HS384, HS512, RS256, PS256, ES256, HS256 keyed with a public key) is refused', async () => {
  const { secret } = api.project.tokens;
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const forged: Array<[string, string]> = [
    ['HS384', jwt.sign({ id: adaId }, secret, { algorithm: 'HS384' })],
    ['HS512', jwt.sign({ id: adaId }, secret, { algorithm: 'HS512' })],
    ['RS256', jwt.sign({ id: adaId }, rsa.privateKey, { algorithm: 'RS256' })],
    ['PS256', jwt.sign({ id: adaId }, rsa.privateKey, { algorithm: 'PS256' })],
    ['ES256', jwt.sign({ id: adaId }, ec.privateKey, { algorithm: 'ES256' })],
    // RS/HS confusion: an HMAC keyed with a public key the attacker knows.
    ['HS256 keyed with a PEM', jwt.sign({ id: adaId }, Buffer.from(publicPem), { algorithm: 'HS256' })],
  ];
  const problems: string[] = [];
  for (const [label, token] of forged) problems.push(...(await expectRefused(token, label)));
  assert.equal(problems, []);
});

tokens('a token signed with a wrong secret is refused (near misses included)', async () => {
  const { secret } = api.project.tokens;
  const wrong = [`${secret}x`, secret.slice(0, -1), secret.toUpperCase() === secret ? secret.toLowerCase() : secret.toUpperCase(), 'secret', randomBytes(32).toString('base64'), ` ${secret}`];
  const problems: string[] = [];
  for (const key of wrong) problems.push(...(await expectRefused(jwt.sign({ id: adaId }, key, { algorithm: 'HS256' }), `key ${key.slice(0, 6)}…`)));
  // the base64 secret used as its decoded bytes is another key too
  problems.push(...(await expectRefused(jwt.sign({ id: adaId }, Buffer.from(secret, 'base64'), { algorithm: 'HS256' }), 'decoded secret')));
  assert.equal(problems, []);
});

tokens('an expired or not-yet-valid token is refused, whatever its other claims', async () => {
  const { secret } = api.project.tokens;
  const now = Math.floor(Date.now() / 1000);
  const stale = [
    jwt.sign({ id: adaId, exp: now - 1 }, secret),
    jwt.sign({ id: adaId, iat: now - 31 * 86400, exp: now - 86400 }, secret),
    jwt.sign({ id: adaId, nbf: now + 3600 }, secret),
    signRaw({ id: adaId, exp: 'never' }, secret),
    signRaw({ id: adaId, exp: now - 1, nbf: 'now' }, secret),
  ];
  const problems: string[] = [];
  for (const [index, token] of stale.entries()) problems.push(...(await expectRefused(token, `stale #${index}`)));
  assert.equal(problems, []);
});

tokens('a token of a user blocked or deleted over HTTP stops working at once, and a deleted id is never given again', async () => {
  const victim = await api.project.users.create(SYSTEM_ACTOR, { username: 'victim', email: 'victim@example.com', password: 'victim-horse', confirmed: true });
  const token = issueToken(api.project.tokens, victim.id);
  assert.is((await api.get('/api/users/me', bearer(token))).status, 200);
  assert.is((await api.put(`/api/users/${victim.id}`, { blocked: true }, adminHeaders)).status, 200);
  assert.equal(await expectRefused(token, 'blocked', 'Invalid credentials'), []);
  assert.is((await api.put(`/api/users/${victim.id}`, { blocked: false }, adminHeaders)).status, 200);
  assert.is((await api.get('/api/users/me', bearer(token))).status, 200, 'unblocked: the token works again');
  assert.is((await api.del(`/api/users/${victim.id}`, adminHeaders)).status, 200);
  assert.equal(await expectRefused(token, 'deleted', 'Invalid credentials'), []);
  const next = await api.post('/api/users', { username: 'newcomer', email: 'newcomer@example.com', password: 'newcomer-horse' }, adminHeaders);
  assert.is(next.status, 201);
  assert.is.not(next.body.id, victim.id, 'the deleted user\'s id is not reused, so the old token cannot open the new account');
  assert.equal(await expectRefused(token, 'deleted, after a new user', 'Invalid credentials'), []);
});

tokens.run();

// ---------------------------------------------------------------------------------------------

const refreshTokens = suite('refresh mode: tokens that are not access tokens of a live session');

refreshTokens('a legacy token, a refresh token, and the access token of a revoked session are all refused', async () => {
  const local = await apiServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...NO_RATE_LIMIT } } });
  try {
    await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
    const a = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse', deviceId: 'a' })).body;
    const b = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse', deviceId: 'b' })).body;
    const userId = a.user.id;
    for (const [label, token] of [['legacy { id }', issueToken(local.project.tokens, userId)], ['refresh token', a.refreshToken], ['alg none', `${b64({ alg: 'none' })}.${a.jwt.split('.')[1]}.`]] as const) {
      const response = await local.get('/api/users/me', bearer(token));
      assert.is(response.status, 401, label);
    }
    const sessions = (await local.get('/api/auth/sessions', bearer(b.jwt))).body.data as Array<{ id: string; deviceId: string }>;
    const sessionA = sessions.find((s) => s.deviceId === 'a')!;
    assert.is((await local.del(`/api/auth/sessions/${sessionA.id}`, bearer(b.jwt))).status, 200);
    assert.is((await local.get('/api/users/me', bearer(a.jwt))).status, 401, 'the revoked session\'s access token dies at once');
    assert.is((await local.get('/api/users/me', bearer(b.jwt))).status, 200, 'the other session lives');
  } finally {
    await local.close();
  }
});

refreshTokens.run();

// =============================================================================================
// Refresh-token replay, and sessions after a password change

const sessions = suite('refresh-token replay and sessions after a password change');

sessions('a replayed refresh token ends its session: the access token of the rotated pair dies too', async () => {
  const local = await apiServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...NO_RATE_LIMIT } } });
  try {
    await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
    const first = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' })).body;
    const rotated = (await local.post('/api/auth/refresh', { refreshToken: first.refreshToken })).body;
    assert.is((await local.get('/api/users/me', bearer(rotated.jwt))).status, 200);
    assert.is((await local.post('/api/auth/refresh', { refreshToken: first.refreshToken })).status, 401, 'the replay is refused');
    assert.is((await local.get('/api/users/me', bearer(rotated.jwt))).status, 401, 'and the thief\'s or victim\'s new access token with it');
    // Racing one refresh token: at most one new pair.
    const fresh = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' })).body;
    const raced = await Promise.all(Array.from({ length: 6 }, () => local.post('/api/auth/refresh', { refreshToken: fresh.refreshToken })));
    assert.ok(raced.filter((r) => r.status === 200).length <= 1, `one token, one pair at most: ${raced.map((r) => r.status).join(',')}`);
    assert.ok(raced.every((r) => r.status === 200 || r.status === 401));
  } finally {
    await local.close();
  }
});

sessions('refresh mode: a password change ends the other sessions\' access tokens at once, a reset ends every session', async () => {
  const catcher = await mailCatcher();
  const local = await apiServer({ config: { email: emailConfigFor(catcher.port), 'users-permissions': { jwtManagement: 'refresh', ...NO_RATE_LIMIT, advanced: { emailResetPasswordUrl: 'https://site.example/reset' } } } });
  try {
    await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
    const stolen = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' })).body;
    const mine = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' })).body;
    const changed = await local.post('/api/auth/change-password', { currentPassword: 'correct-horse', password: 'changed-horse', passwordConfirmation: 'changed-horse' }, bearer(mine.jwt));
    assert.is(changed.status, 200);
    assert.is((await local.get('/api/users/me', bearer(stolen.jwt))).status, 401, 'the other session\'s access token');
    assert.is((await local.post('/api/auth/refresh', { refreshToken: stolen.refreshToken })).status, 401, 'the other session\'s refresh token');
    assert.is((await local.get('/api/users/me', bearer(changed.body.jwt))).status, 200, 'the new pair works');

    const before = (await local.post('/api/auth/local', { identifier: 'ada', password: 'changed-horse' })).body;
    await local.post('/api/auth/forgot-password', { email: 'ada@example.com' });
    const code = codeIn((await catcher.next('ada@example.com')).text, 'code')!;
    assert.is((await local.post('/api/auth/reset-password', { code, password: 'reset-horse', passwordConfirmation: 'reset-horse' })).status, 200);
    for (const session of [before, changed.body]) {
      assert.is((await local.get('/api/users/me', bearer(session.jwt))).status, 401, 'access tokens from before the reset');
      assert.is((await local.post('/api/auth/refresh', { refreshToken: session.refreshToken })).status, 401, 'refresh tokens from before the reset');
    }
  } finally {
    await local.close();
    await catcher.close();
  }
});

sessions('legacy mode: a token issued before a password change or reset no longer opens the account', async () => {
  const catcher = await mailCatcher();
  const local = await apiServer({ config: { email: emailConfigFor(catcher.port), 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailResetPasswordUrl: 'https://site.example/reset' } } } });
  try {
    const stolen = (await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' })).body.jwt;
    const changed = await local.post('/api/auth/change-password', { currentPassword: 'correct-horse', password: 'changed-horse', passwordConfirmation: 'changed-horse' }, bearer(stolen));
    assert.is(changed.status, 200);
    assert.is((await local.get('/api/users/me', bearer(changed.body.jwt))).status, 200, 'the token the change answered works');
    assert.is((await local.get('/api/users/me', bearer(stolen))).status, 401, 'a token from before the change is refused');
    await local.post('/api/auth/forgot-password', { email: 'ada@example.com' });
    const code = codeIn((await catcher.next('ada@example.com')).text, 'code')!;
    assert.is((await local.post('/api/auth/reset-password', { code, password: 'reset-horse', passwordConfirmation: 'reset-horse' })).status, 200);
    assert.is((await local.get('/api/users/me', bearer(changed.body.jwt))).status, 401, 'a token from before the reset is refused');
  } finally {
    await local.close();
    await catcher.close();
  }
});

sessions.run();
