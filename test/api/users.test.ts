/**
 * The user as Strapi 5 answers it (never its password or tokens) and the `/api/users` endpoints
 * (docs/api/users-and-roles.md).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../src/auth/index.js';
import { userMessages } from '../../src/users/index.js';
import { USER_ACTIONS, apiServer, type ApiServer } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const USER_KEYS = ['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'publishedAt', 'updatedAt', 'username'];
const SECRETS = /\$scrypt\$|resetPasswordToken|confirmationToken|"password"|hunter2|reset-token|confirm-token/;

let api: ApiServer;
let admin: Record<string, string>;
let adaId: number;

const users = suite('users endpoints');
users.before(async () => {
  api = await apiServer({ authenticatedActions: [...USER_ACTIONS, 'plugin::users-permissions.role.find'] }); // role.find: to see `populate=role`
  const ada = await api.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'Ada@Example.com', password: 'hunter2-long' });
  adaId = ada.id;
  await api.project.tables.users.update((data) => {
    const row = data.rows.find((r) => r.id === adaId)!;
    row.resetPasswordToken = 'reset-token';
    row.confirmationToken = 'confirm-token';
  });
  await api.project.users.create(SYSTEM_ACTOR, { username: 'grace', email: 'grace@example.com', password: 'hunter2-long', blocked: true });
  admin = { authorization: `Bearer ${issueToken(api.project.tokens, adaId)}` };
});
users.after(() => api.close());

users('GET /users/me answers the user of the token, bare, without secrets', async () => {
  const response = await api.get('/api/users/me', admin);
  assert.is(response.status, 200);
  assert.equal(Object.keys(response.body).sort(), USER_KEYS);
  assert.is(response.body.email, 'ada@example.com', 'emails are stored lower-cased');
  assert.not.match(response.text, SECRETS);
  const withRole = await api.get('/api/users/me?populate=role', admin);
  assert.is(withRole.body.role.type, 'authenticated');
  assert.is((await api.get('/api/users/me')).status, 403, 'Public does not hold user.me');
});

users('GET /users lists bare users; filters, sort, fields, populate=role, start/limit work', async () => {
  const all = await api.get('/api/users?sort=username:desc', admin);
  assert.is(all.status, 200);
  assert.equal(all.body.map((u: { username: string }) => u.username), ['grace', 'ada']);
  assert.not.match(all.text, SECRETS);
  const filtered = await api.get('/api/users?filters[blocked]=true&populate=role', admin);
  assert.equal(filtered.body.map((u: { username: string }) => u.username), ['grace']);
  assert.is(filtered.body[0].role.type, 'authenticated');
  assert.not.ok('users' in filtered.body[0].role);
  const page = await api.get('/api/users?sort=username&start=1&limit=1&fields[0]=username', admin);
  assert.equal(page.body, [{ id: page.body[0].id, documentId: page.body[0].documentId, username: 'grace' }]);
});

users('secrets cannot be filtered, sorted, selected or searched: 400 Invalid key, and no oracle', async () => {
  for (const probe of ['filters[password][$startsWith]=$scrypt', 'filters[resetPasswordToken][$eq]=reset-token', 'filters[confirmationToken][$null]=false', 'sort=password', 'fields[0]=password', 'filters[role][users][password][$null]=false']) {
    const response = await api.get(`/api/users?${probe}`, admin);
    assert.is(response.status, 400, probe);
    assert.match(response.body.error.message, /^Invalid key /, probe);
  }
  assert.equal((await api.get('/api/users?_q=reset-token', admin)).body, [], '_q does not search secrets');
});

users('GET /users/count answers a bare integer and honours filters', async () => {
  const response = await api.get('/api/users/count?filters[username][$eq]=ada', admin);
  assert.is(response.text, '1');
  assert.is((await api.get('/api/users/count', admin)).body, 2);
});

users('GET /users/:id answers the user; unknown → 404 User not found', async () => {
  assert.is((await api.get(`/api/users/${adaId}`, admin)).body.username, 'ada');
  const missing = await api.get('/api/users/999', admin);
  assert.equal(missing.body, { data: null, error: { status: 404, name: 'NotFoundError', message: userMessages.notFound, details: {} } });
});

users('GET, PUT and DELETE /users/:id with an id that is not a numeric id → 404 User not found, and nothing changes', async () => {
  const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: userMessages.notFound, details: {} } };
  const ada = api.project.users.find(adaId)!;
  for (const id of ['abc', ada.documentId, '1.5', '-1', '1e3', '9'.repeat(20)]) {
    assert.equal((await api.get(`/api/users/${encodeURIComponent(id)}`, admin)).body, notFound, `GET ${id}`);
    assert.equal((await api.put(`/api/users/${encodeURIComponent(id)}`, { username: 'renamed' }, admin)).body, notFound, `PUT ${id}`);
    assert.equal((await api.del(`/api/users/${encodeURIComponent(id)}`, admin)).body, notFound, `DELETE ${id}`);
  }
  assert.equal(api.project.users.find(adaId), ada, 'ada is untouched');
});

users('POST /users answers 201 with the role populated; without role the default role is given', async () => {
  const created = await api.post('/api/users', { username: 'linus', email: 'linus@example.com', password: 'penguin-123' }, admin);
  assert.is(created.status, 201);
  assert.is(created.body.role.type, 'authenticated');
  assert.is(created.body.provider, 'local');
  assert.not.match(created.text, SECRETS);
  const publicRole = api.project.tables.roles.rows().find((r) => r.type === 'public')!;
  for (const role of [publicRole.id, publicRole.documentId, { connect: [publicRole.documentId] }]) {
    const name = `u${Math.random().toString(36).slice(2, 8)}`;
    const response = await api.post('/api/users', { username: name, email: `${name}@example.com`, password: 'secret-123', role }, admin);
    assert.is(response.status, 201, JSON.stringify(role));
    assert.is(response.body.role.type, 'public', JSON.stringify(role));
  }
  const duplicate = await api.post('/api/users', { username: 'other', email: 'ADA@example.com', password: 'secret-123' }, admin);
  assert.is(duplicate.status, 400);
  assert.is(duplicate.body.error.message, userMessages.emailTaken);
});

users('PUT /users/:id changes only the given fields; a taken username or email, an empty password and an unknown id are refused with Strapi\'s messages', async () => {
  const linus = api.project.users.findByIdOrEmail('linus@example.com')!;
  const updated = await api.put(`/api/users/${linus.id}`, { confirmed: true }, admin);
  assert.is(updated.status, 200);
  assert.is(updated.body.confirmed, true);
  assert.is(updated.body.username, 'linus');
  assert.is(updated.body.role.type, 'authenticated');
  const newPassword = await api.put(`/api/users/${linus.id}`, { password: 'hunter2-brand-new' }, admin);
  assert.is(newPassword.status, 200);
  assert.not.match(newPassword.text, SECRETS, 'an update answer carries no secret either');
  assert.is((await api.put(`/api/users/${linus.id}`, { username: 'ada' }, admin)).body.error.message, userMessages.usernameTaken);
  assert.is((await api.put(`/api/users/${linus.id}`, { email: 'ada@example.com' }, admin)).body.error.message, userMessages.emailTaken);
  assert.is((await api.put(`/api/users/${linus.id}`, { password: '' }, admin)).body.error.message, userMessages.passwordNotNull);
  const missing = await api.put('/api/users/999', { nonsense: true }, admin);
  assert.is(missing.status, 404);
  assert.is(missing.body.error.message, userMessages.notFound);
});

users('PUT and POST /users ignore keys the User does not have, and store none of them', async () => {
  const created = await api.post('/api/users', { username: 'hopper', email: 'hopper@example.com', password: 'cobol-1959', foo: 'bar', nested: { deep: true } }, admin);
  assert.is(created.status, 201, created.text);
  assert.not.ok('foo' in created.body);
  const id = created.body.id as number;
  const updated = await api.put(`/api/users/${id}`, { foo: 'bar', username: 'grace-hopper' }, admin);
  assert.is(updated.status, 200, updated.text);
  assert.is(updated.body.username, 'grace-hopper');
  assert.not.ok('foo' in updated.body);
  assert.is((await api.put(`/api/users/${id}`, { foo: 'bar' }, admin)).status, 200, 'a body of unknown keys only changes nothing and is answered');
  const stored = api.project.tables.users.rows().find((row) => row.id === id)!;
  assert.not.ok('foo' in stored || 'nested' in stored, 'never stored');
  // What a client read, sent back: the fields it cannot change are ignored, not refused.
  const read = (await api.get(`/api/users/${id}`, admin)).body;
  const roundTrip = await api.put(`/api/users/${id}`, { ...read, id: 999, documentId: 'x'.repeat(24), provider: 'github', createdAt: '2000-01-01T00:00:00.000Z', confirmed: true }, admin);
  assert.is(roundTrip.status, 200, roundTrip.text);
  assert.equal([roundTrip.body.id, roundTrip.body.documentId, roundTrip.body.provider, roundTrip.body.createdAt, roundTrip.body.confirmed], [id, read.documentId, 'local', read.createdAt, true]);
});

users('PUT and POST /users still check the keys the User has, and refuse its tokens and prototype keys', async () => {
  const hopper = api.project.users.findByIdOrEmail('hopper@example.com')!;
  const before = api.project.users.find(hopper.id);
  assert.is((await api.put(`/api/users/${hopper.id}`, { foo: 'bar', username: 'al' }, admin)).body.error.message, 'username must be at least 3 characters');
  assert.is((await api.put(`/api/users/${hopper.id}`, { foo: 'bar', email: 'bad' }, admin)).body.error.message, 'email must be a valid email');
  assert.is((await api.put(`/api/users/${hopper.id}`, { foo: 'bar', password: '' }, admin)).body.error.message, userMessages.passwordNotNull);
  for (const key of ['resetPasswordToken', 'confirmationToken']) {
    const put = await api.put(`/api/users/${hopper.id}`, { [key]: 'chosen-token' }, admin);
    assert.equal(put.body.error, { status: 400, name: 'ValidationError', message: userMessages.invalidKey(key), details: { key, path: key, source: 'body' } }, `PUT ${key}`);
    const post = await api.post('/api/users', { username: 'tokened', email: 'tokened@example.com', password: 'secret-123', [key]: 'chosen-token' }, admin);
    assert.is(post.body.error.message, userMessages.invalidKey(key), `POST ${key}`);
  }
  for (const key of ['constructor', 'prototype']) {
    const polluted = await api.put(`/api/users/${hopper.id}`, { [key]: { prototype: { admin: true } }, username: 'proto' }, admin);
    assert.is(polluted.body.error.message, userMessages.invalidKey(key), key);
  }
  const proto = await api.send('PUT', `/api/users/${hopper.id}`, '{"__proto__":{"admin":true},"username":"proto"}', { ...admin, 'content-type': 'application/json' });
  assert.is(proto.status, 400, '__proto__ is refused as the body is read');
  assert.equal(api.project.users.find(hopper.id), before, 'nothing changed');
  assert.is(api.project.users.findByIdOrEmail('tokened@example.com'), undefined);
  // A password is always taken as a password: a hash sent as one is hashed again, never stored as sent.
  const hash = `$2b$10$${'a'.repeat(53)}`; // the shape of a Strapi bcrypt hash
  assert.is((await api.put(`/api/users/${hopper.id}`, { password: hash }, admin)).status, 200);
  assert.is.not(api.project.users.find(hopper.id)!.password, hash);
  assert.is((await api.post('/api/auth/local', { identifier: 'hopper@example.com', password: hash })).status, 200);
});

users('an invalid email on POST and PUT /users answers "email must be a valid email" as its one message', async () => {
  const ada = api.project.users.findByIdOrEmail('ada@example.com')!;
  const error = (message: string, value: string) => ({
    data: null,
    error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['email'], message, name: 'ValidationError', value }] } },
  });
  for (const email of ['bad', 'two@@example.com', 'no spaces@example.com']) {
    const created = await api.post('/api/users', { username: 'newcomer', email, password: 'secret-123' }, admin);
    assert.equal(created.body, error('email must be a valid email', email), `POST ${email}`);
    const updated = await api.put(`/api/users/${ada.id}`, { email }, admin);
    assert.equal(updated.body, error('email must be a valid email', email), `PUT ${email}`);
  }
  assert.is(api.project.users.findByIdOrEmail('ada@example.com')!.email, 'ada@example.com', 'nothing changed');
  const short = await api.post('/api/users', { username: 'newcomer', email: 'a@b.c', password: 'secret-123' }, admin);
  assert.is(short.body.error.message, 'email must be at least 6 characters', 'a valid but short address still meets the User\'s minLength');
  const both = await api.post('/api/users', { username: 'x', email: 'bad', password: 'secret-123' }, admin);
  assert.is(both.body.error.message, '2 errors occurred', 'other problems are still listed beside it');
});

users('DELETE /users/:id answers the deleted user; the user is gone', async () => {
  const linus = api.project.users.findByIdOrEmail('linus@example.com')!;
  const deleted = await api.del(`/api/users/${linus.id}`, admin);
  assert.is(deleted.status, 200);
  assert.is(deleted.body.username, 'linus');
  assert.not.match(deleted.text, SECRETS);
  assert.is((await api.get(`/api/users/${linus.id}`, admin)).status, 404);
});

users('a user deleted while holding a token is refused at once', async () => {
  const temp = await api.project.users.create(SYSTEM_ACTOR, { username: 'temp', email: 'temp@example.com', password: 'secret-123' });
  const token = { authorization: `Bearer ${issueToken(api.project.tokens, temp.id)}` };
  assert.is((await api.get('/api/users/me', token)).status, 200);
  await api.del(`/api/users/${temp.id}`, admin);
  assert.is((await api.get('/api/users/me', token)).body.error.message, 'Invalid credentials');
});

users.run();
