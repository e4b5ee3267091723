/** POST /api/auth/local and /local/register, and each error they answer, as Strapi 5 answers it (docs/api/accounts.md). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import bcrypt from 'bcryptjs';
import jwt from 'jsonwebtoken';
import { authMessages } from '../../src/auth/index.js';
import { storedTable } from '../_helpers/at-rest.js';
import { NO_RATE_LIMIT, apiServer, type ApiServer } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const SECRETS = /\$scrypt\$|"password"|resetPasswordToken|confirmationToken/;
let api: ApiServer;

const login = suite('POST /api/auth/local');
login.before(async () => {
  api = await apiServer({ config: { 'users-permissions': { ...NO_RATE_LIMIT, register: { allowedFields: ['nickname'] } } }, files: { 'content-types/users-permissions/user.yaml': 'attributes:\n  nickname: { type: string }\n  karma: { type: integer }\n' } });
  await api.post('/api/auth/local/register', { username: 'ada', email: 'Ada@Example.com', password: 'correct-horse' });
});
login.after(() => api.close());

login('should answer { jwt, user } for the right password, by email (any case) or by username', async () => {
  for (const identifier of ['ada@example.com', 'ADA@EXAMPLE.COM', 'ada']) {
    const response = await api.post('/api/auth/local', { identifier, password: 'correct-horse' });
    assert.is(response.status, 200, identifier);
    assert.equal(Object.keys(response.body), ['jwt', 'user']);
    assert.is(response.body.user.username, 'ada');
    assert.is((jwt.decode(response.body.jwt) as { id: number }).id, response.body.user.id);
    assert.not.match(response.text, SECRETS);
  }
  assert.is((await api.post('/api/auth/local', { identifier: 'ADA', password: 'correct-horse' })).status, 400, 'usernames match exactly');
});

login('the token it answers opens the user\'s own routes', async () => {
  const { body } = await api.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' });
  const me = await api.get('/api/users/me', { authorization: `Bearer ${body.jwt}` });
  assert.is(me.status, 200);
  assert.is(me.body.username, 'ada');
});

login('wrong password, unknown user: the same 400 Invalid identifier or password', async () => {
  const expected = { status: 400, name: 'ValidationError', message: authMessages.invalidIdentifierOrPassword, details: {} };
  assert.equal((await api.post('/api/auth/local', { identifier: 'ada', password: 'wrong' })).body.error, expected);
  assert.equal((await api.post('/api/auth/local', { identifier: 'nobody@example.com', password: 'wrong' })).body.error, expected);
});

login('missing or mistyped fields answer yup-style 400s', async () => {
  const empty = await api.post('/api/auth/local', {});
  assert.is(empty.body.error.message, '2 errors occurred');
  const typed = await api.post('/api/auth/local', { identifier: 123, password: 'x' });
  assert.is(typed.body.error.message, 'identifier must be a `string` type, but the final value was: `123`.');
  const object = await api.post('/api/auth/local', { identifier: { $ne: null }, password: 'x' });
  assert.is(object.status, 400);
});

login('a blocked account: 400 Your account has been blocked by an administrator, only with the right password', async () => {
  await api.post('/api/auth/local/register', { username: 'blocky', email: 'blocky@example.com', password: 'correct-horse' });
  const user = api.project.users.findByIdOrEmail('blocky@example.com')!;
  await api.project.users.setBlocked(SYSTEM_ACTOR, user.id, true);
  assert.is((await api.post('/api/auth/local', { identifier: 'blocky', password: 'correct-horse' })).body.error.message, authMessages.blocked);
  assert.is((await api.post('/api/auth/local', { identifier: 'blocky', password: 'wrong' })).body.error.message, authMessages.invalidIdentifierOrPassword);
});

login('a user with a bcrypt hash (brought from Strapi) signs in with that password, and the hash becomes scrypt at once', async () => {
  await api.post('/api/auth/local/register', { username: 'strapi-user', email: 'moved@example.com', password: 'placeholder-1' });
  const { id } = api.project.users.findByIdOrEmail('moved@example.com')!;
  const bcryptHash = bcrypt.hashSync('from-strapi-1', 10);
  await api.project.tables.users.update((data) => {
    data.rows.find((row) => row.id === id)!.password = bcryptHash;
  });
  assert.is((await api.post('/api/auth/local', { identifier: 'moved@example.com', password: 'wrong-password' })).status, 400);
  assert.is((await storedTable(api.dir, 'users')).rows.find((row) => row.id === id)!.password, bcryptHash, 'a failed sign-in changes nothing');
  const signedIn = await api.post('/api/auth/local', { identifier: 'moved@example.com', password: 'from-strapi-1' });
  assert.is(signedIn.status, 200, signedIn.text);
  assert.not.match(signedIn.text, SECRETS);
  const stored = (await storedTable(api.dir, 'users')).rows.find((row) => row.id === id)!.password as string;
  assert.match(stored, /^\$scrypt\$/, 'rehashed with scrypt, and stored');
  assert.is((await api.post('/api/auth/local', { identifier: 'strapi-user', password: 'from-strapi-1' })).status, 200, 'the same password still signs in');
  assert.is((await api.get('/api/users/me', { authorization: `Bearer ${signedIn.body.jwt}` })).status, 200, 'the token given at the rehash stays valid');
});

login.run();

const register = suite('POST /api/auth/local/register');
register.before(async () => {
  api = await apiServer({ config: { 'users-permissions': { ...NO_RATE_LIMIT, register: { allowedFields: ['nickname'] } } }, files: { 'content-types/users-permissions/user.yaml': 'attributes:\n  nickname: { type: string }\n  karma: { type: integer }\n' } });
});
register.after(() => api.close());

register('should create a confirmed user with the default role and answer { jwt, user }', async () => {
  const response = await api.post('/api/auth/local/register', { username: 'grace', email: 'Grace@Example.com', password: 'correct-horse', nickname: 'Amazing' });
  assert.is(response.status, 200);
  assert.is(response.body.user.email, 'grace@example.com');
  assert.is(response.body.user.confirmed, true);
  assert.is(response.body.user.nickname, 'Amazing', 'allowed fields are stored');
  const row = api.project.users.findByIdOrEmail('grace@example.com')!;
  assert.is(api.project.users.roleOf(row)!.type, 'authenticated');
  assert.match(row.password!, /^\$scrypt\$/);
  const stored = await storedTable(api.dir, 'users');
  assert.match(stored.rows.find((user) => user.email === 'grace@example.com')!.password as string, /^\$scrypt\$/);
  assert.not.match(stored.text, /correct-horse/, 'the password is never stored as given');
});

register('keys not in allowedFields are refused, so role, confirmed, blocked and provider cannot be set', async () => {
  for (const key of ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken', 'karma']) {
    const response = await api.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'correct-horse', [key]: 1 });
    assert.is(response.status, 400, key);
    assert.is(response.body.error.message, `Invalid parameters: ${key}`);
  }
  assert.is(api.project.users.findByIdOrEmail('mallory@example.com'), undefined);
});

register('a taken email or username: 400 Email or Username are already taken', async () => {
  for (const body of [{ username: 'other', email: 'GRACE@example.com' }, { username: 'grace', email: 'new@example.com' }]) {
    const response = await api.post('/api/auth/local/register', { ...body, password: 'correct-horse' });
    assert.is(response.body.error.message, authMessages.alreadyTaken, JSON.stringify(body));
  }
});

register('concurrent registrations with one email: exactly one wins', async () => {
  const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => api.post('/api/auth/local/register', { username: `racer${i}`, email: 'race@example.com', password: 'correct-horse' })));
  assert.is(responses.filter((r) => r.status === 200).length, 1);
  assert.ok(responses.filter((r) => r.status !== 200).every((r) => r.body.error.message === authMessages.alreadyTaken));
});

register('bad values are 400s naming the field; a password over 72 bytes is refused', async () => {
  assert.is((await api.post('/api/auth/local/register', { username: 'x1x', email: 'not-an-email', password: 'correct-horse' })).body.error.message, 'email must be a valid email');
  assert.is((await api.post('/api/auth/local/register', { username: 'long', email: 'long@example.com', password: 'é'.repeat(37) })).body.error.message, authMessages.passwordTooLong);
});

register.run();

const settings = suite('registration settings');

settings('allowRegister: false → 400 Register action is currently disabled', async () => {
  const local = await apiServer({ config: { 'users-permissions': { ...NO_RATE_LIMIT, advanced: { allowRegister: false } } } });
  const response = await local.post('/api/auth/local/register', { username: 'nope', email: 'nope@example.com', password: 'correct-horse' });
  assert.is(response.body.error.message, authMessages.registerDisabled);
  await local.close();
});

settings('emailConfirmation: true → { user } without jwt, and login is refused until confirmed', async () => {
  const local = await apiServer({ config: { 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true } } } });
  const response = await local.post('/api/auth/local/register', { username: 'pending', email: 'pending@example.com', password: 'correct-horse' });
  assert.is(response.status, 200);
  assert.equal(Object.keys(response.body), ['user']);
  assert.is(response.body.user.confirmed, false);
  assert.is((await local.post('/api/auth/local', { identifier: 'pending', password: 'correct-horse' })).body.error.message, authMessages.emailNotConfirmed);
  await local.close();
});

settings('defaultRole picks the role new users get', async () => {
  const local = await apiServer({ config: { 'users-permissions': { ...NO_RATE_LIMIT, advanced: { defaultRole: 'public' } } } });
  await local.post('/api/auth/local/register', { username: 'plain', email: 'plain@example.com', password: 'correct-horse' });
  const row = local.project.users.findByIdOrEmail('plain@example.com')!;
  assert.is(local.project.users.roleOf(row)!.type, 'public');
  await local.close();
});

settings.run();
