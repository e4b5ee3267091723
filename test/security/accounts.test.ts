/**
 * Attacks on accounts (the issue's "Attacks on accounts" part), one test per attack, beyond what
 * test/api/auth-*.test.ts, authentication.test.ts and users.test.ts already check: forged JWTs on
 * every kind of route, registrations that try to pick their privileges, one-time tokens used
 * twice, crosswise or racing, refresh-token replay, sessions that outlive a password change,
 * rate-limit buckets split by body, headers or path, user enumeration, open redirects, template
 * injection in emails, and an oracle on private fields through the query language of every list.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import jwt from 'jsonwebtoken';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { issueToken } from '../../src/auth/index.js';
import type { JsonResponse } from '../_helpers/index.js';
import { PERMISSIONS_ACTION, ROLE_ACTIONS, USER_ACTIONS, envelopeProblem, securityServer, type SecurityServer } from './_server.js';
import { mailCatcher, within, type MailCatcher } from '../_helpers/smtp.js';
import { addUserRow } from '../_helpers/api.js';

const noLimit = { ratelimit: { enabled: false } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const smtpConfig = (port: number) => ({ transport: 'smtp', from: 'Site <no-reply@example.com>', smtp: { host: '127.0.0.1', port, secure: false } });
const codeIn = (text: string, name: string) => new RegExp(`${name}=([0-9a-f]+)`).exec(text)?.[1];

const addUser = (api: SecurityServer, values: Record<string, unknown>) => addUserRow(api.project, values);

/** A JWT signed by hand (HS256), for claims jsonwebtoken refuses to sign. */
function signRaw(payload: Record<string, unknown>, secret: string): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The text/html part of a (quoted-printable decoded) message. */
function htmlPart(text: string): string {
  const part = text.split(/\r?\n--[^\r\n]+/).find((chunk) => /content-type:\s*text\/html/i.test(chunk));
  return part ? part.split(/\r?\n\r?\n/).slice(1).join('\n') : '';
}

/** The status and body, for comparing two answers that must look alike. */
const shape = (response: JsonResponse) => ({ status: response.status, body: response.body });

// =============================================================================================
// Forged and stale JWTs

const tokens = suite('forged and stale JWTs');
let api: SecurityServer;
let adaId: number;
let adminHeaders: Record<string, string>;

tokens.before(async () => {
  api = await securityServer({
    publicActions: ['api::category.category.find'],
    authenticatedActions: ['api::article.article.find', ...USER_ACTIONS],
    config: { 'users-permissions': noLimit },
  });
  adaId = (await api.project.users.create({ username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true })).id;
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
  const victim = await api.project.users.create({ username: 'victim', email: 'victim@example.com', password: 'victim-horse', confirmed: true });
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
  const local = await securityServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...noLimit } } });
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
// Registration

const register = suite('registration cannot choose its privileges');

register('even when register.allowedFields lists them, role, confirmed, blocked, provider, token and id fields are the server\'s', async () => {
  const dangerous = ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken', 'id', 'documentId'];
  const local = await securityServer({
    config: { 'users-permissions': { ...noLimit, advanced: { emailConfirmation: true }, register: { allowedFields: dangerous } } },
    files: { 'content-types/users-permissions/user.yaml': 'attributes:\n  nickname: { type: string }\n' },
  });
  try {
    const roles = local.project.tables.roles.rows();
    const publicRole = roles.find((role) => role.type === 'public')!;
    const attempts: Array<Record<string, unknown>> = [
      { role: publicRole.id, confirmed: true, blocked: false, provider: 'github', resetPasswordToken: 'a'.repeat(64), confirmationToken: 'b'.repeat(64), id: 4242, documentId: 'c'.repeat(24) },
      { role: { connect: [{ id: publicRole.id }] } },
      { role: publicRole.documentId, confirmed: 'true' },
      { confirmed: 1, blocked: 0 },
    ];
    let accepted = 0;
    for (const [index, extra] of attempts.entries()) {
      const email = `mallory${index}@example.com`;
      const response = await local.post('/api/auth/local/register', { username: `mallory${index}`, email, password: 'correct-horse', ...extra });
      if (response.status >= 400) {
        assert.ok(response.status < 500, `${JSON.stringify(extra)}: ${response.status}`);
        assert.is(local.project.users.findByIdOrEmail(email), undefined, 'a refused registration creates nobody');
        continue;
      }
      accepted++;
      const row = local.project.tables.users.rows().find((r) => r.email === email)!;
      assert.is(local.project.users.roleOf(row)!.type, 'authenticated', `${JSON.stringify(extra)}: the default role`);
      assert.is(row.confirmed, false, 'not confirmed until the email is followed');
      assert.is(row.blocked, false);
      assert.is(row.provider, 'local');
      assert.is.not(row.resetPasswordToken, 'a'.repeat(64));
      assert.is.not(row.confirmationToken, 'b'.repeat(64));
      assert.is.not(row.id, 4242);
      assert.is.not(row.documentId, 'c'.repeat(24));
      assert.is((await local.post('/api/auth/local', { identifier: email, password: 'correct-horse' })).body.error.message, 'Your account email is not confirmed');
    }
    assert.ok(accepted > 0, 'some registration went through (else this test proves nothing)');
  } finally {
    await local.close();
  }
});

register.run();

// =============================================================================================
// Reset codes and confirmation tokens

const oneTime = suite('reset codes and confirmation tokens');
let smtp: MailCatcher;

oneTime.before(async () => {
  smtp = await mailCatcher();
  api = await securityServer({
    config: {
      email: smtpConfig(smtp.port),
      'users-permissions': { ...noLimit, advanced: { emailConfirmation: true, emailResetPasswordUrl: 'https://site.example/reset', emailConfirmationRedirection: 'https://site.example/welcome' } },
    },
  });
});
oneTime.after(async () => {
  await api?.close();
  await smtp?.close();
});

async function confirmedUser(name: string): Promise<void> {
  await api.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'correct-horse' });
  const confirmation = codeIn((await smtp.next(`${name}@example.com`)).text, 'confirmation')!;
  assert.is((await fetch(`${api.url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' })).status, 302);
}

async function resetCode(name: string): Promise<string> {
  assert.is((await api.post('/api/auth/forgot-password', { email: `${name}@example.com` })).status, 200);
  return codeIn((await smtp.next(`${name}@example.com`)).text, 'code')!;
}

const reset = (code: unknown, password = 'brand-new-pass') => api.post('/api/auth/reset-password', { code, password, passwordConfirmation: password });

oneTime('a reset code given as an object, an array, a number or a near miss matches nothing, and the real code still works', async () => {
  await confirmedUser('ada');
  const code = await resetCode('ada');
  const stored = api.project.tables.users.rows().find((row) => row.username === 'ada')!.resetPasswordToken as string;
  const attempts: unknown[] = [
    { $ne: null }, { $gt: '' }, { $regex: '.*' }, [code], [code, code], { code }, { 0: code }, 5, 0, true, false,
    `${code} `, ` ${code}`, code.toUpperCase(), `${code}0`, code.slice(0, -1), code.slice(0, 64), stored, `${code}\u0000`,
  ];
  for (const attempt of attempts) {
    const response = await reset(attempt);
    assert.is(response.status, 400, JSON.stringify(attempt).slice(0, 60));
    assert.is(envelopeProblem(response), undefined);
  }
  assert.is((await reset(code)).status, 200, 'the code was not used up by the attempts');
});

oneTime('a reset code works once, also when requests race; an older code dies when a new one is sent', async () => {
  await confirmedUser('grace');
  const first = await resetCode('grace');
  const second = await resetCode('grace');
  assert.is((await reset(first)).body?.error?.message, 'Incorrect code provided', 'the first code died with the second');
  const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => reset(second, `raced-pass-${i}`)));
  assert.is(racing.filter((r) => r.status === 200).length, 1, `exactly one wins: ${racing.map((r) => r.status).join(',')}`);
  assert.is((await reset(second)).body?.error?.message, 'Incorrect code provided', 'then it is spent');
});

oneTime('an expired reset code is refused', async () => {
  await confirmedUser('linus');
  const code = await resetCode('linus');
  await api.project.tables.users.update((data) => {
    const row = data.rows.find((r) => r.username === 'linus')! as Record<string, unknown>;
    row.resetPasswordTokenExpiresAt = new Date(Date.now() - 1000).toISOString();
  });
  assert.is((await reset(code)).body?.error?.message, 'Incorrect code provided');
});

oneTime('a confirmation token is not a reset code, and a reset code is not a confirmation token', async () => {
  await api.post('/api/auth/local/register', { username: 'margaret', email: 'margaret@example.com', password: 'correct-horse' });
  const confirmation = codeIn((await smtp.next('margaret@example.com')).text, 'confirmation')!;
  assert.is((await reset(confirmation)).status, 400, 'the confirmation token does not reset the password');
  await confirmedUser('barbara');
  const code = await resetCode('barbara');
  const asConfirmation = await api.get(`/api/auth/email-confirmation?confirmation=${code}`);
  assert.is(asConfirmation.status, 400, 'the reset code does not confirm an address');
  assert.is((await reset(code)).status, 200, 'and is still a reset code');
  const racing = await Promise.all(Array.from({ length: 6 }, () => fetch(`${api.url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' })));
  assert.is(racing.filter((r) => r.status === 302).length, 1, `a confirmation token works once, also when requests race: ${racing.map((r) => r.status).join(',')}`);
});

oneTime('the stored hash of a confirmation token is not itself a token', async () => {
  await api.post('/api/auth/local/register', { username: 'hedy', email: 'hedy@example.com', password: 'correct-horse' });
  await smtp.next('hedy@example.com');
  const stored = api.project.tables.users.rows().find((row) => row.username === 'hedy')!.confirmationToken as string;
  assert.ok(stored, 'a token is pending');
  assert.is((await api.get(`/api/auth/email-confirmation?confirmation=${stored}`)).status, 400);
  assert.is(api.project.tables.users.rows().find((row) => row.username === 'hedy')!.confirmed, false);
});

oneTime.run();

// =============================================================================================
// Refresh-token replay, and sessions after a password change

const sessions = suite('refresh-token replay and sessions after a password change');

sessions('a replayed refresh token ends its session: the access token of the rotated pair dies too', async () => {
  const local = await securityServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...noLimit } } });
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
  const local = await securityServer({ config: { email: smtpConfig(catcher.port), 'users-permissions': { jwtManagement: 'refresh', ...noLimit, advanced: { emailResetPasswordUrl: 'https://site.example/reset' } } } });
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
  const local = await securityServer({ config: { email: smtpConfig(catcher.port), 'users-permissions': { ...noLimit, advanced: { emailResetPasswordUrl: 'https://site.example/reset' } } } });
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

// =============================================================================================
// Rate limits

const limits = suite('rate-limit buckets cannot be split');
const limited = { 'users-permissions': { ratelimit: { enabled: true, interval: 60_000, max: 2 }, providers: { acme: { enabled: true, clientId: 'cid', clientSecret: 'provider-secret', authorizeUrl: 'https://idp.example/authorize', tokenUrl: 'https://idp.example/token', profileUrl: 'https://idp.example/userinfo', callback: 'https://app.example/signed-in' } } } };

// Strapi 5.54 keys register, forgot-password and send-email-confirmation by the lower-cased email too
// (so people behind one address each get a bucket); nothing else in a body ever gives a fresh one.
limits('no limited route gets a fresh bucket from different body fields, nor from another spelling of the same email', async () => {
  const local = await securityServer({ config: limited, authenticatedActions: [] });
  try {
    const user = await local.project.users.create({ username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
    const token = bearer(issueToken(local.project.tokens, user.id));
    const routes: Array<[string, string, (i: number) => unknown, Record<string, string>?]> = [
      ['POST', '/api/auth/local', (i) => ({ identifier: `someone${i}@example.com`, password: `guess-${i}`, deviceId: `device-${i}` })],
      ['POST', '/api/auth/local/register', (i) => ({ username: `u${i}`, email: i % 2 ? 'NOT-an-email' : 'not-an-email', password: `correct-horse-${i}` })],
      ['POST', '/api/auth/forgot-password', (i) => ({ email: i % 2 ? 'Target@Example.com' : 'target@example.com' })],
      ['POST', '/api/auth/reset-password', (i) => ({ code: `${i}`.repeat(128).slice(0, 128), password: 'x-pass-word', passwordConfirmation: 'x-pass-word' })],
      ['POST', '/api/auth/send-email-confirmation', (i) => ({ email: i % 2 ? 'TARGET@example.com' : 'target@example.com' })],
      ['POST', '/api/auth/change-password', (i) => ({ currentPassword: `guess-${i}`, password: 'new-pass-word', passwordConfirmation: 'new-pass-word' }), token],
      ['GET', '/api/connect/acme', (i) => i],
    ];
    const problems: string[] = [];
    for (const [method, path, body, headers] of routes) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = method === 'GET'
          ? await local.send('GET', `${path}?callback=${encodeURIComponent(`https://app.example/signed-in?try=${i}`)}`, undefined, headers)
          : await local.send(method, path, JSON.stringify(body(i)), headers);
        statuses.push(response.status);
      }
      if (statuses[2] !== 429 || statuses[3] !== 429) problems.push(`${method} ${path}: ${statuses.join(', ')}`);
    }
    assert.equal(problems, [], 'the 3rd and 4th attempt answer 429 whatever the body says');
  } finally {
    await local.close();
  }
});

limits('without server.proxy no forwarding header, user agent or cookie gives a fresh bucket', async () => {
  const local = await securityServer({ config: limited });
  try {
    const login = (headers: Record<string, string>) => local.send('POST', '/api/auth/local', JSON.stringify({ identifier: 'ada', password: 'guess' }), headers);
    assert.is((await login({})).status, 400);
    assert.is((await login({})).status, 400);
    const spoofs: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.1' }, { 'x-forwarded-for': '203.0.113.2, 127.0.0.1' }, { 'x-real-ip': '203.0.113.3' },
      { forwarded: 'for=203.0.113.4' }, { 'true-client-ip': '203.0.113.5' }, { 'cf-connecting-ip': '203.0.113.6' }, { 'x-client-ip': '203.0.113.7' },
      { 'x-cluster-client-ip': '203.0.113.8' }, { 'fastly-client-ip': '203.0.113.9' }, { 'user-agent': 'another browser' }, { cookie: 'session=other' },
      { 'accept-language': 'fr' }, { 'x-strapi-refresh-cookie': 'httpOnly' }, { host: 'other.example' }, { 'x-forwarded-host': 'other.example' },
    ];
    const problems: string[] = [];
    for (const headers of spoofs) {
      const response = await login(headers);
      if (response.status !== 429) problems.push(`${JSON.stringify(headers)} → ${response.status}`);
    }
    assert.equal(problems, []);
  } finally {
    await local.close();
  }
});

limits('another spelling of the path (trailing slash, case, query string, encoding) never gives a fresh bucket', async () => {
  const local = await securityServer({ config: limited });
  try {
    const body = JSON.stringify({ identifier: 'ada', password: 'guess' });
    assert.is((await local.send('POST', '/api/auth/local', body)).status, 400);
    assert.is((await local.send('POST', '/api/auth/local', body)).status, 400);
    const problems: string[] = [];
    for (const path of ['/api/auth/local/', '/API/AUTH/LOCAL', '/api/auth/local?x=1', '/api/auth/local/?', '/api/auth//local', '/api/auth/%6Cocal', '/api/auth/local%20', '/api/auth/./local', '/api/auth/x/../local', '/api/auth/local;x', '/api/auth/local#x']) {
      const response = await local.send('POST', path, body);
      // A spelling the router does not serve is a 404; one it serves must share the bucket.
      if (response.status !== 429 && response.status !== 404) problems.push(`${path} → ${response.status}`);
    }
    assert.equal(problems, []);
  } finally {
    await local.close();
  }
});

limits('a signed-in user\'s bucket follows the user, not the address it comes from', async () => {
  const local = await securityServer({ config: limited });
  try {
    const user = await local.project.users.create({ username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
    const token = bearer(issueToken(local.project.tokens, user.id));
    const change = (headers: Record<string, string>) => local.send('POST', '/api/auth/change-password', JSON.stringify({ currentPassword: 'guess', password: 'new-pass-word', passwordConfirmation: 'new-pass-word' }), { ...token, ...headers });
    assert.is((await change({})).status, 400);
    assert.is((await change({ 'x-forwarded-for': '203.0.113.1' })).status, 400);
    assert.is((await change({ 'x-forwarded-for': '203.0.113.2' })).status, 429);
    assert.is((await change({ 'user-agent': 'other' })).status, 429);
    // Signing in again gives another token of the same user: the same bucket.
    assert.is((await change({ authorization: `Bearer ${issueToken(local.project.tokens, user.id)}` })).status, 429);
  } finally {
    await local.close();
  }
});

limits.run();

// =============================================================================================
// User enumeration

const enumeration = suite('user enumeration');
let enumApi: SecurityServer;
let enumSmtp: MailCatcher;

enumeration.before(async () => {
  enumSmtp = await mailCatcher();
  enumApi = await securityServer({
    config: { email: smtpConfig(enumSmtp.port), 'users-permissions': { ...noLimit, advanced: { emailConfirmation: true, emailResetPasswordUrl: 'https://site.example/reset' } } },
  });
  await enumApi.project.users.create({ username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
  await enumApi.project.users.create({ username: 'blocky', email: 'blocky@example.com', password: 'correct-horse', confirmed: true, blocked: true });
  await enumApi.project.users.create({ username: 'pending', email: 'pending@example.com', password: 'correct-horse', confirmed: false });
  await addUser(enumApi, { username: 'octo', email: 'octo@example.com', provider: 'github', password: null });
});
enumeration.after(async () => {
  await enumApi?.close();
  await enumSmtp?.close();
});

enumeration('login: unknown account, wrong password, blocked, unconfirmed and provider accounts answer alike', async () => {
  const attempts = [
    { identifier: 'nobody@example.com', password: 'wrong-horse' },
    { identifier: 'nobody', password: 'wrong-horse' },
    { identifier: 'ada', password: 'wrong-horse' },
    { identifier: 'ADA@EXAMPLE.COM', password: 'wrong-horse' },
    { identifier: 'blocky', password: 'wrong-horse' },
    { identifier: 'pending@example.com', password: 'wrong-horse' },
    { identifier: 'octo@example.com', password: 'wrong-horse' },
    { identifier: 'octo@example.com', password: '' },
  ];
  const answers = [];
  for (const body of attempts) {
    const response = await enumApi.post('/api/auth/local', body);
    answers.push({ body: JSON.stringify(body), answer: body.password === '' ? undefined : shape(response) });
  }
  const expected = answers[0]!.answer;
  for (const { body, answer } of answers) if (answer) assert.equal(answer, expected, body);
  // The timing side: the service checks a decoy hash when there is no such user; not measured here
  // (no timing assertions in this suite).
});

enumeration('forgot-password: every address gets the same answer, before any email is sent', async () => {
  const addresses = ['ada@example.com', 'ADA@Example.com', 'nobody@example.com', 'blocky@example.com', 'pending@example.com', 'octo@example.com'];
  const answers: Array<{ status: number; body: unknown; headers: string[] }> = [];
  enumSmtp.hold();
  try {
    for (const email of addresses) {
      const response = await within(enumApi.post('/api/auth/forgot-password', { email }), 5000);
      assert.ok(response, `${email}: the answer did not wait for the email`);
      answers.push({ ...shape(response!), headers: [...response!.headers.keys()].filter((h) => h !== 'date').sort() });
    }
  } finally {
    enumSmtp.release();
  }
  for (const [index, answer] of answers.entries()) assert.equal(answer, answers[0], addresses[index]);
  await enumSmtp.next('ada@example.com'); // the email went out after the answer
});

enumeration('send-email-confirmation: an unknown address and an unconfirmed account answer alike (the address lower-cased)', async () => {
  const unknown = await enumApi.post('/api/auth/send-email-confirmation', { email: 'Ghost@Example.com' });
  const pending = await enumApi.post('/api/auth/send-email-confirmation', { email: 'Pending@Example.com' });
  assert.is(unknown.status, pending.status);
  assert.equal(pending.body, { email: 'pending@example.com', sent: true }, 'an account answers its stored (lower-cased) email, as Strapi does');
  assert.equal(unknown.body, { email: 'ghost@example.com', sent: true }, 'so an unknown address is lower-cased too');
  await enumSmtp.next('pending@example.com');
});

enumeration('send-email-confirmation: the answer does not wait for the email, so its timing tells nothing', async () => {
  enumSmtp.hold();
  try {
    const unknown = await within(enumApi.post('/api/auth/send-email-confirmation', { email: 'ghost2@example.com' }), 5000);
    assert.ok(unknown, 'the unknown address is answered');
    const pending = within(enumApi.post('/api/auth/send-email-confirmation', { email: 'pending@example.com' }), 5000);
    await within(enumSmtp.arrived('pending@example.com'), 5000);
    assert.ok(await pending, 'an unconfirmed account is answered while its email is still being sent');
  } finally {
    enumSmtp.release();
  }
});

enumeration.run();

// =============================================================================================
// Redirects and links

const redirects = suite('open redirects and poisoned links');

redirects('connect refuses every callback off the configured origin and path, and redirects only to the provider', async () => {
  const local = await securityServer({ config: { 'users-permissions': { ...noLimit, providers: limited['users-permissions'].providers } } });
  try {
    const refused = [
      'https://evil.example/signed-in', '//evil.example/signed-in', 'https://app.example.evil.example/signed-in', 'https://app.example@evil.example/signed-in',
      'https://evil.example\\@app.example/signed-in', 'https://app.example/signed-in/../../evil', 'https://app.example/signed-inx', 'https://app.example/signed-in/more',
      'https://app.example/signed-in%2F..%2Fevil', 'http://app.example/signed-in', 'javascript:alert(1)//https://app.example/signed-in', 'data:text/html,<script>alert(1)</script>',
      '/\\evil.example', '\\\\evil.example', 'https:evil.example', 'https://app.example:8443/signed-in', 'signed-in', '', ' https://evil.example',
    ];
    const problems: string[] = [];
    for (const callback of refused) {
      const response = await fetch(`${local.url}/api/connect/acme?callback=${encodeURIComponent(callback)}`, { redirect: 'manual' });
      const location = response.headers.get('location') ?? '';
      if (response.status !== 400 && !(response.status === 302 && location.startsWith('https://idp.example/authorize?'))) problems.push(`${callback} → ${response.status} ${location}`);
      if (response.status === 302 && callback !== '') problems.push(`${callback} → accepted`);
    }
    for (const callback of ['https://app.example/signed-in', 'https://app.example/signed-in?next=1']) {
      const response = await fetch(`${local.url}/api/connect/acme?callback=${encodeURIComponent(callback)}`, { redirect: 'manual' });
      assert.is(response.status, 302, callback);
      assert.ok(response.headers.get('location')!.startsWith('https://idp.example/authorize?'), 'to the provider, never to the callback');
    }
    assert.equal(problems, []);
  } finally {
    await local.close();
  }
});

redirects('email confirmation redirects only where the config says, whatever the query or Host header', async () => {
  const catcher = await mailCatcher();
  const local = await securityServer({ config: { email: smtpConfig(catcher.port), server: { host: '127.0.0.1', port: 0, proxy: true }, 'users-permissions': { ...noLimit, advanced: { emailConfirmation: true, emailConfirmationRedirection: 'https://site.example/welcome' } } } });
  try {
    await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const mail = await catcher.next('ada@example.com');
    assert.not.match(mail.text, /evil\.example/, 'the link in the email is not built from the Host header');
    const confirmation = codeIn(mail.text, 'confirmation')!;
    const query = ['redirect', 'redirectUrl', 'redirect_uri', 'callback', 'url', 'next', 'returnTo'].map((key) => `${key}=${encodeURIComponent('https://evil.example/')}`).join('&');
    const response = await local.send('GET', `/api/auth/email-confirmation?confirmation=${confirmation}&${query}`, undefined, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    assert.is(response.status, 302);
    assert.is(response.headers.get('location'), 'https://site.example/welcome');
  } finally {
    await local.close();
    await catcher.close();
  }
});

redirects('a reset email links to the configured page, whatever the Host or X-Forwarded-Host of the request', async () => {
  const catcher = await mailCatcher();
  for (const proxy of [false, true]) {
    const local = await securityServer({ config: { email: smtpConfig(catcher.port), server: { host: '127.0.0.1', port: 0, proxy }, 'users-permissions': { ...noLimit, advanced: { emailResetPasswordUrl: 'https://site.example/reset' } } } });
    try {
      await local.project.users.create({ username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
      await local.post('/api/auth/forgot-password', { email: 'ada@example.com' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' });
      const mail = await catcher.next('ada@example.com');
      assert.match(mail.text, /https:\/\/site\.example\/reset\?code=[0-9a-f]{128}/, `proxy ${proxy}`);
      assert.not.match(mail.text, /evil\.example/, `proxy ${proxy}`);
    } finally {
      await local.close();
    }
  }
  await catcher.close();
});

redirects.run();

// =============================================================================================
// Template injection in emails

const templates = suite('template injection in emails');

const greeting = {
  emailConfirmation: {
    subject: 'Welcome {{USER.username}}',
    text: 'Hello {{USER.username}} ({{USER.email}}), confirm: {{URL}}?confirmation={{CODE}}',
    html: '<p>Hello {{USER.username}}</p><p><a href="{{URL}}?confirmation={{CODE}}">confirm</a></p>',
  },
  resetPassword: {
    subject: 'Reset for {{USER.username}}',
    text: 'Hello {{USER.username}}, reset: {{URL}}?code={{TOKEN}}',
    html: '<p>Hello {{USER.username}}</p><p><a href="{{URL}}?code={{TOKEN}}">reset</a></p>',
  },
};

templates('a username full of template syntax is printed as text, never evaluated or expanded', async () => {
  const catcher = await mailCatcher();
  const local = await securityServer({ config: { email: { ...smtpConfig(catcher.port), templates: greeting }, 'users-permissions': { ...noLimit, advanced: { emailConfirmation: true } } } });
  try {
    const usernames = [
      '{{CODE}}{{TOKEN}}{{URL}}', '{{USER.email}}-{{SERVER_URL}}', '<%= process.env.HOME %>', '${process.pid}', "{{constructor.constructor('return process')()}}",
      '{{#each this}}x{{/each}}', '#{7*7}', '{{7*7}}', '<%- global.process.mainModule %>',
    ];
    let mailed = 0;
    for (const [index, username] of usernames.entries()) {
      const email = `inject${index}@example.com`;
      const registered = await local.post('/api/auth/local/register', { username, email, password: 'correct-horse' });
      if (registered.status !== 200) {
        assert.ok(registered.status < 500, `${username}: ${registered.status}`);
        continue;
      }
      const mail = await catcher.next(email);
      mailed++;
      const code = codeIn(mail.text, 'confirmation')!;
      assert.ok(code, username);
      const textPart = mail.text.split(/\r?\n\r?\n/).slice(1).join('\n');
      assert.ok(textPart.split(code).length - 1 <= 2, `${username}: the code appears only where the template puts it`);
      // Only the body: the Date header may well hold a 49 (a minute or a second).
      assert.not.match(textPart, /Hello 49\b/, `${username}: nothing was computed`);
      assert.not.match(textPart, new RegExp(`Hello ${process.pid}\\b`), `${username}: no process value`);
      if (process.env.HOME) assert.not.ok(mail.text.includes(process.env.HOME), `${username}: no environment value`);
      if (username.startsWith('{{CODE}}')) assert.ok(mail.text.includes('{{CODE}}{{TOKEN}}{{URL}}'), 'the placeholders stay literal text');
    }
    assert.ok(mailed >= 5, `most of these usernames are accepted and mailed (${mailed})`);
  } finally {
    await local.close();
    await catcher.close();
  }
});

templates('markup and line breaks in a username cannot inject html, headers or recipients', async () => {
  const catcher = await mailCatcher();
  const local = await securityServer({ config: { email: { ...smtpConfig(catcher.port), templates: greeting }, 'users-permissions': { ...noLimit, advanced: { emailConfirmation: true } } } });
  try {
    const usernames = [
      '"><img src=x onerror=alert(1)>', "'><script>alert(1)</script>", 'eve\r\nBcc: victim@example.com', 'eve\nSubject: hijacked\n\nbody', 'eve\u2028Bcc: victim@example.com', 'eve%0d%0aBcc: victim@example.com',
    ];
    let mailed = 0;
    for (const [index, username] of usernames.entries()) {
      const email = `markup${index}@example.com`;
      const registered = await local.post('/api/auth/local/register', { username, email, password: 'correct-horse' });
      if (registered.status !== 200) {
        assert.ok(registered.status < 500, `${JSON.stringify(username)}: ${registered.status}`);
        continue;
      }
      const mail = await catcher.next(email);
      mailed++;
      assert.equal(mail.to, [email], `${JSON.stringify(username)}: one recipient`);
      const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
      assert.not.match(headers, /^(bcc|cc|subject: hijacked)/im, `${JSON.stringify(username)}: no injected header`);
      const html = htmlPart(mail.text);
      assert.ok(html.includes('Hello'), 'the html part is there');
      assert.not.match(html, /<img src=x|<script>alert/, `${JSON.stringify(username)}: markup is escaped in the html`);
    }
    assert.ok(mailed >= 2, `the markup usernames at least are accepted and mailed (${mailed})`);
    assert.is(catcher.messages.filter((m) => m.to.includes('victim@example.com')).length, 0, 'no mail to an injected recipient');
  } finally {
    await local.close();
    await catcher.close();
  }
});

templates.run();

// =============================================================================================
// An oracle on private fields

const vault = `
kind: collectionType
info: { singularName: vault, pluralName: vaults, displayName: Vault }
options: { draftAndPublish: false }
attributes:
  title:  { type: string }
  secret: { type: string, private: true }
  pin:    { type: password }
  owner:  { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
  box:    { type: component, repeatable: false, component: sec.box }
`;
const box = `
info: { displayName: Box }
attributes:
  label:  { type: string }
  hidden: { type: string, private: true }
`;
const userExtension = 'attributes:\n  secretNote: { type: string, private: true }\n  nickname: { type: string }\n';

const oracle = suite('no oracle on private fields');
let oracleApi: SecurityServer;
let oracleAdmin: Record<string, string>;
let vaultId: string;
let resetHash: string;
const SECRET_VALUES = ['vault-secret-alpha', 'pin-1234', 'box-hidden-beta', 'note-secret-gamma', 'hunter2-long'];

oracle.before(async () => {
  oracleApi = await securityServer({
    files: { 'content-types/vault.yaml': vault, 'content-types/components/sec/box.yaml': box, 'content-types/users-permissions/user.yaml': userExtension },
    authenticatedActions: [...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION],
    config: { 'users-permissions': noLimit },
  });
  // Public may read users, so a vault's `owner` can be written and populated (else it is a restricted relation).
  await oracleApi.project.roles.grant('public', ['plugin::users-permissions.user.find']);
  const owner = await oracleApi.project.users.create({ username: 'owner', email: 'owner@example.com', password: 'hunter2-long', confirmed: true, secretNote: 'note-secret-gamma' } as never);
  await oracleApi.project.users.create({ username: 'other', email: 'other@example.com', password: 'other-password', confirmed: true });
  oracleAdmin = bearer(issueToken(oracleApi.project.tokens, owner.id));
  const created = await oracleApi.post('/api/vaults', { data: { title: 'Vault', secret: 'vault-secret-alpha', pin: 'pin-1234', owner: owner.id, box: { label: 'lid', hidden: 'box-hidden-beta' } } });
  assert.is(created.status, 200, created.text);
  vaultId = created.body.data.documentId;
  await oracleApi.post('/api/vaults', { data: { title: 'Other vault', secret: 'zzz-other', pin: 'pin-9999' } });
  await oracleApi.post('/api/auth/forgot-password', { email: 'owner@example.com' });
  for (let i = 0; i < 100 && !resetHash; i++) {
    resetHash = oracleApi.project.tables.users.rows().find((row) => row.username === 'owner')!.resetPasswordToken as string;
    if (!resetHash) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(resetHash, 'a reset token is pending');
});
oracle.after(async () => {
  await oracleApi?.close();
});

/**
 * Each probe is a query with `{V}`: sent once with a value that matches the secret and once with
 * one that does not. The two answers must be identical (no oracle), be a 4xx in the envelope or
 * the same as the answer without the probe (an ignored parameter), and carry no secret.
 */
async function probe(path: string, probes: string[], headers: Record<string, string> = {}, hit = 'vault-secret-alpha'): Promise<string[]> {
  const problems: string[] = [];
  const baseline = await oracleApi.send('GET', path, undefined, headers);
  for (const entry of probes) {
    // `~`: a query that may legitimately answer 2xx (a search, populate=*): only no-oracle and no-secret apply.
    const lenient = entry.startsWith('~');
    const query = lenient ? entry.slice(1) : entry;
    const sep = path.includes('?') ? '&' : '?';
    const hitValue = query.includes('{H}') ? resetHash : hit;
    const yes = await oracleApi.send('GET', `${path}${sep}${query.replace(/\{V\}|\{H\}/g, encodeURIComponent(hitValue))}`, undefined, headers);
    const no = await oracleApi.send('GET', `${path}${sep}${query.replace(/\{V\}|\{H\}/g, 'no-such-value-at-all')}`, undefined, headers);
    const label = `${path}?${query}`;
    if (yes.status >= 500 || no.status >= 500) problems.push(`${label}: ${yes.status}/${no.status}`);
    else if (yes.status !== no.status || yes.text !== no.text) problems.push(`${label}: ORACLE — the answer depends on the secret (${yes.status} ${yes.text.slice(0, 80)} vs ${no.status} ${no.text.slice(0, 80)})`);
    else if (yes.status >= 400 ? envelopeProblem(yes) : !lenient && yes.text !== baseline.text) problems.push(`${label}: ${yes.status} that is neither a 4xx envelope nor the unfiltered answer: ${yes.text.slice(0, 120)}`);
    for (const secret of [...SECRET_VALUES, resetHash]) {
      if (yes.text.includes(secret)) problems.push(`${label}: the answer contains ${secret}`);
    }
    if (/\$scrypt\$/.test(yes.text)) problems.push(`${label}: the answer contains a password hash`);
  }
  return problems;
}

const CONTENT_PROBES = [
  'filters[secret][$eq]={V}', 'filters[secret]={V}', 'filters[secret][$startsWith]=vault', 'filters[secret][$containsi]={V}', 'filters[secret][$in][0]={V}', 'filters[secret][$null]=true', 'filters[secret][$notNull]=true',
  'filters[pin][$eq]=pin-1234', 'filters[pin][$null]=false', 'filters[pin][$startsWith]=$scrypt',
  'filters[$or][0][secret][$eq]={V}&filters[$or][1][title][$eq]=nothing', 'filters[$and][0][title][$notNull]=true&filters[$and][1][secret][$eq]={V}', 'filters[$not][secret][$eq]={V}', 'filters[$not][$not][secret][$eq]={V}',
  'filters[box][hidden][$eq]=box-hidden-beta', 'filters[box][hidden][$null]=false',
  'filters[owner][password][$startsWith]=$scrypt', 'filters[owner][password][$null]=false', 'filters[owner][resetPasswordToken][$eq]={H}', 'filters[owner][resetPasswordToken][$notNull]=true',
  'filters[owner][confirmationToken][$null]=true', 'filters[owner][secretNote][$eq]=note-secret-gamma', 'filters[owner][role][users][password][$null]=false', 'filters[owner][role][users][secretNote][$eq]=note-secret-gamma',
  'sort=secret', 'sort=secret:desc', 'sort[0]=pin', 'sort[secret]=asc', 'sort=owner.password', 'sort[owner][password]=asc', 'sort=owner.resetPasswordToken:desc', 'sort=box.hidden', 'sort[owner][secretNote]=desc',
  'fields=secret', 'fields[0]=pin', 'fields=title,secret', 'fields[0]=title&fields[1]=secret',
  'populate[owner][fields][0]=password', 'populate[owner][fields][0]=resetPasswordToken', 'populate[owner][fields]=secretNote', 'populate[owner][filters][password][$startsWith]=$scrypt',
  'populate[owner][filters][resetPasswordToken][$eq]={H}', 'populate[owner][sort]=password', 'populate[owner][populate][role][populate][users][fields][0]=password',
  'populate[owner][populate][role][populate][users][filters][secretNote][$eq]=note-secret-gamma', 'populate[box][fields][0]=hidden', '~populate[owner][populate]=*', '~populate=*',
  'where[secret]={V}', 'where[owner][password][$null]=false', 'where[pin][$startsWith]=$scrypt',
  'lookup[secret]={V}', 'lookup[owner][password][$null]=false',
  '~_q={V}', '~_q=pin-1234', '~_q=box-hidden-beta', '~_q=note-secret-gamma', '~_q={H}',
];

oracle('every probe on a content list (private, password, component and relation-to-user fields) reveals nothing', async () => {
  const problems = await probe('/api/vaults', CONTENT_PROBES);
  assert.equal(problems, []);
});

oracle('the same probes on a single document, the other lists and a single type reveal nothing', async () => {
  const others = CONTENT_PROBES.filter((q) => !q.startsWith('populate[box]'));
  const problems = [
    ...(await probe(`/api/vaults/${vaultId}`, CONTENT_PROBES)),
    ...(await probe('/api/articles', others)),
    ...(await probe('/api/categories', others)),
    ...(await probe('/api/homepage', others)),
  ];
  assert.equal(problems, []);
});

oracle('lookup is refused on every content list, whatever it holds', async () => {
  for (const path of ['/api/vaults', '/api/articles', '/api/categories', `/api/vaults/${vaultId}`, '/api/homepage']) {
    for (const query of ['lookup[secret]=x', 'lookup=x', 'lookup[$ne]=x']) {
      const response = await oracleApi.get(`${path}?${query}`);
      assert.is(response.status, 400, `${path}?${query}`);
      assert.match(response.body.error.message, /lookup/, `${path}?${query}`);
    }
  }
});

const USER_PROBES = [
  'filters[password][$startsWith]=$scrypt', 'filters[password][$null]=false', 'filters[password][$eq]=hunter2-long', 'filters[resetPasswordToken][$eq]={H}', 'filters[resetPasswordToken][$notNull]=true',
  'filters[confirmationToken][$null]=true', 'filters[secretNote][$eq]=note-secret-gamma', 'filters[secretNote][$startsWith]=note',
  'filters[$or][0][password][$null]=false&filters[$or][1][username][$eq]=none', 'filters[$not][resetPasswordToken][$null]=true', 'filters[role][users][password][$null]=false',
  'filters[role][users][resetPasswordToken][$eq]={H}', 'filters[role][users][secretNote][$eq]=note-secret-gamma',
  'sort=password', 'sort=resetPasswordToken:desc', 'sort[0]=confirmationToken', 'sort[secretNote]=asc', 'sort=role.users.password',
  'fields=password', 'fields[0]=resetPasswordToken', 'fields=username,secretNote', 'fields[0]=confirmationToken',
  'populate[role][populate][users][fields][0]=password', 'populate[role][populate][users][filters][password][$null]=false', 'populate[role][filters][users][password][$null]=false',
  'populate[role][populate][users][sort]=resetPasswordToken', '~populate[role][populate]=*',
  'where[password][$null]=false', 'where[resetPasswordToken]={H}', 'lookup[password][$null]=false', 'lookup[resetPasswordToken]={H}',
  '~_q=hunter2-long', '~_q={H}', '~_q=note-secret-gamma', '~_q=$scrypt',
];

oracle('every probe on /api/users, /api/users/count and /api/users/me reveals nothing', async () => {
  const problems = [
    ...(await probe('/api/users', USER_PROBES, oracleAdmin, 'note-secret-gamma')),
    ...(await probe('/api/users/count', USER_PROBES, oracleAdmin, 'note-secret-gamma')),
    ...(await probe('/api/users/me', USER_PROBES, oracleAdmin, 'note-secret-gamma')),
    ...(await probe(`/api/users/${oracleApi.project.users.findByIdOrEmail('owner@example.com')!.id}`, USER_PROBES, oracleAdmin, 'note-secret-gamma')),
  ];
  assert.equal(problems, []);
});

oracle('populating a relation to users, roles or a component never shows a private value', async () => {
  for (const query of ['populate=*', 'populate[owner][populate]=*', 'populate[owner][populate][role]=true', 'populate[box]=true', 'populate=owner,box']) {
    const response = await oracleApi.get(`/api/vaults?${query}`);
    assert.ok(response.status < 500, query);
    for (const secret of [...SECRET_VALUES, resetHash]) assert.not.ok(response.text.includes(secret), `${query}: ${secret}`);
    assert.not.match(response.text, /"(password|resetPasswordToken|confirmationToken|secretNote|secret|pin|hidden)"/, query);
  }
  const roles = await oracleApi.get('/api/users?populate=role', oracleAdmin);
  assert.not.match(roles.text, /"(password|resetPasswordToken|confirmationToken|secretNote)"/);
});

oracle.run();
