/**
 * The user service, behind Strapi 5's `/api/users` endpoints (docs/api/users-and-roles.md): create,
 * update, remove, block, find and list users.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { verifyPassword } from '../../src/password.js';
import { validationMessages } from '../../src/model/index.js';
import { SYSTEM_ACTOR, type Actor, type RoleRow } from '../../src/permissions/index.js';
import { userMessages as m, type UserRow } from '../../src/users/index.js';
import { ForbiddenError } from '../../src/errors.js';
import { expectError, expectSuccess } from '../_helpers/index.js';
import { usersFixture, type UsersFixture, type UsersFixtureOptions } from '../_helpers/users.js';
import { ada, bob } from './_helpers.js';

let fx: UsersFixture;
const role = (type: string): RoleRow => fx.data.tables.roles.rows().find((candidate) => candidate.type === type)!;
const storedUsers = async (): Promise<{ nextId: number; rows: UserRow[] }> => JSON.parse(await readFile(join(fx.dir, 'data/users.json'), 'utf8'));

function withFixture(name: string, options: UsersFixtureOptions = {}) {
  const s = suite(name);
  s.before.each(async () => {
    fx = await usersFixture(options);
  });
  s.after.each(() => fx.cleanup());
  return s;
}

// ---------------------------------------------------------------------------------------------
const create = withFixture('create(input)');

create('should store a local account with a scrypt hash, the email lower-cased and the default role', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is(user.id, 1);
  assert.match(user.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.is(user.username, 'ada');
  assert.is(user.email, 'ada@example.com');
  assert.is(user.provider, 'local');
  assert.match(user.password!, /^\$scrypt\$/);
  assert.ok(await verifyPassword('lovelace1', user.password));
  assert.is(user.resetPasswordToken, null);
  assert.is(user.confirmationToken, null);
  assert.is(user.confirmed, false);
  assert.is(user.blocked, false);
  assert.is(user.role, role('authenticated').id);
  assert.is(user.createdAt, user.updatedAt);
  assert.is(user.publishedAt, user.createdAt);
  assert.equal((await storedUsers()).rows, [user], 'durable on disk, as answered');
});

create('should set confirmed and blocked when given', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, confirmed: true, blocked: true }));
  assert.is(user.confirmed, true);
  assert.is(user.blocked, true);
});

create('should accept provider but always store local', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, provider: 'github' }));
  assert.is(user.provider, 'local');
});

create('should accept role as a numeric id, a documentId and every connect form', async () => {
  const pub = role('public');
  const forms = [pub.id, pub.documentId, { connect: [pub.documentId] }, { connect: [{ id: pub.id }] }, { connect: [{ documentId: pub.documentId }] }];
  for (const [index, form] of forms.entries()) {
    const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { username: `user${index}`, email: `user${index}@example.com`, password: 'secret1', role: form }));
    assert.is(user.role, pub.id, JSON.stringify(form));
  }
});

create('when role is omitted then the role whose type is advanced.defaultRole is given', async () => {
  await fx.cleanup();
  fx = await usersFixture({ advanced: { defaultRole: 'public' } });
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is(user.role, role('public').id);
});

create('when the default role does not exist then ApplicationError "Impossible to find the default role"', async () => {
  await fx.cleanup();
  fx = await usersFixture({ advanced: { defaultRole: 'editor' } });
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.defaultRoleMissing);
});

create('with defaultRole false and no role then "role is a required field"', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, ada, { defaultRole: false }));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, m.requiredField('role'));
});

create('when the role does not exist then a ValidationError naming it, and nothing is stored', async () => {
  for (const [form, message] of [
    [99, m.noRelated('role', { id: 99 })],
    ['nosuchrole', m.noRelated('role', { documentId: 'nosuchrole' })],
    [{ connect: [{ id: 42 }] }, m.noRelated('role', { id: 42 })],
  ] as const) {
    const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, role: form }));
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, message);
    assert.equal(error.details.errors, [{ path: ['role'], message, name: 'ValidationError' }]);
  }
  assert.is(fx.service.list().length, 0);
});

create('when role is null or connects nothing then "Users must have a role"', async () => {
  for (const form of [null, { connect: [] }, []]) {
    const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, role: form }));
    assert.is(error.message, m.roleRequired, JSON.stringify(form));
  }
});

create('when a to-one role names two roles then a ValidationError', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, role: { connect: [role('public').id, role('authenticated').id] } }));
  assert.is(error.name, 'ValidationError');
  assert.match(error.message, /^role accepts at most one target/);
});

create('when username, email and password are missing then one error per field', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, {}));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, m.manyErrors(3));
  assert.equal(error.details.errors, ['username', 'email', 'password'].map((field) => ({ path: [field], message: m.requiredField(field), name: 'ValidationError' })));
});

create('when one credential is missing then "<field> is a required field"', async () => {
  for (const field of ['username', 'email', 'password'] as const) {
    const { [field]: _left, ...rest } = ada;
    const error = await expectError(fx.service.create(SYSTEM_ACTOR, rest));
    assert.is(error.message, m.requiredField(field));
  }
});

create('when a credential is null or not a string then a type error', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, username: null }));
  assert.is(error.message, validationMessages.type('username', 'string', null));
  const numeric = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, email: 42 }));
  assert.is(numeric.message, validationMessages.type('email', 'string', 42));
});

create('should apply the User schema: username at least 3 characters, a valid email, password at least 6', async () => {
  assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, username: 'al' }))).message, validationMessages.minLength('username', 3));
  assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, email: 'ada@@example.com' }))).message, validationMessages.email('email'));
  assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, password: 'short' }))).message, validationMessages.minLength('password', 6));
  assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, confirmed: 'yes' }))).message, validationMessages.type('confirmed', 'boolean', 'yes'));
});

create('when a password fails then its value is not in the error details', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, password: 'short' }));
  assert.equal(error.details.errors, [{ path: ['password'], message: validationMessages.minLength('password', 6), name: 'ValidationError' }]);
  assert.not.match(JSON.stringify(error.details), /short/);
});

create('when the password is longer than 72 UTF-8 bytes then "Password must be less than 73 bytes"', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, password: 'é'.repeat(37) })); // 37 characters, 74 bytes
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, m.passwordTooLong);
  assert.equal(error.details.errors, [{ path: ['password'], message: m.passwordTooLong, name: 'ValidationError' }]);
  const longest = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, password: 'a'.repeat(72) }));
  assert.ok(await verifyPassword('a'.repeat(72), longest.password));
});

// Strapi's Document Service drops keys the User does not have (200/201), so they are no longer
// `Invalid key`: ignored, never stored. The tokens and prototype keys are still refused.
create('when the body has a token or prototype key then "Invalid key <key>"', async () => {
  for (const key of ['resetPasswordToken', 'confirmationToken', '__proto__', 'constructor', 'prototype']) {
    const body = JSON.parse(JSON.stringify({ ...ada }));
    Object.defineProperty(body, key, { value: 'x', enumerable: true });
    const error = await expectError(fx.service.create(SYSTEM_ACTOR, body));
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, m.invalidKey(key));
    assert.equal(error.details, { key, path: key, source: 'body' });
  }
  assert.equal(fx.service.list(), []);
});

create('when the body has a key the User does not have, or a system one, then it is ignored and not stored', async () => {
  const keys = ['nickname', 'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'provider'];
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, ...Object.fromEntries(keys.map((key) => [key, 'x'])) }));
  assert.is(user.id, 1);
  assert.is(user.provider, 'local');
  assert.is.not(user.documentId, 'x');
  assert.is.not(user.createdAt, 'x');
  const stored = (await storedUsers()).rows[0]!;
  assert.not.ok('nickname' in stored || 'locale' in stored);
});

create('when the body is not an object then a ValidationError', async () => {
  for (const body of [undefined, null, 'ada', [ada]]) {
    assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, body))).message, m.bodyNotObject);
  }
});

create('when the email is taken, whatever its case, then ApplicationError "Email already taken"', async () => {
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, username: 'ada2', email: 'ADA@example.COM' }));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.emailTaken);
  assert.is((await storedUsers()).rows.length, 1);
});

create('when advanced.uniqueEmail is false then two users may share an email', async () => {
  await fx.cleanup();
  fx = await usersFixture({ advanced: { uniqueEmail: false } });
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const twin = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, username: 'ada2' }));
  assert.is(twin.email, 'ada@example.com');
});

create('when the username is taken then ApplicationError "Username already taken"', async () => {
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...bob, username: 'ada' }));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.usernameTaken);
});

create('when both are taken then the email is reported, as Strapi checks it first', async () => {
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, ada))).message, m.emailTaken);
});

create('when two creates race with the same email then exactly one succeeds', async () => {
  const results = await Promise.allSettled(['one', 'two', 'three'].map((name) => fx.service.create(SYSTEM_ACTOR, { ...ada, username: name })));
  assert.is(results.filter((result) => result.status === 'fulfilled').length, 1);
  for (const result of results) if (result.status === 'rejected') assert.is((result.reason as Error).message, m.emailTaken);
});

create('when another process created the same email meanwhile then the check under the lock refuses it', async () => {
  const other = await fx.secondProcess();
  await expectSuccess(other.create(SYSTEM_ACTOR, ada)); // this process's tables have not seen it
  assert.is(fx.service.list().length, 0, 'memory is stale');
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, username: 'ada2' }));
  assert.is(error.message, m.emailTaken);
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, bob));
  assert.is(user.id, 2, 'ids continue from the file, not from stale memory');
});

create.run();

// ---------------------------------------------------------------------------------------------
const update = withFixture('update(id, input)');

update('when the id is unknown then NotFoundError "User not found", before the body is checked', async () => {
  const error = await expectError(fx.service.update(SYSTEM_ACTOR, 7, { nope: true }));
  assert.is(error.name, 'NotFoundError');
  assert.is(error.message, m.notFound);
});

update('should change only the fields given and move updatedAt', async () => {
  const before = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  await new Promise((resolve) => setTimeout(resolve, 5));
  const after = await expectSuccess(fx.service.update(SYSTEM_ACTOR, before.id, { username: 'countess', confirmed: true }));
  assert.equal({ ...after, username: before.username, confirmed: before.confirmed, updatedAt: before.updatedAt }, before);
  assert.is(after.username, 'countess');
  assert.is(after.confirmed, true);
  assert.ok(after.updatedAt > before.updatedAt);
  assert.equal(fx.service.find(before.id), after);
});

update('should lower-case a new email and allow the user to keep their own', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { email: 'ADA@example.com', username: 'ada' }))).email, 'ada@example.com');
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { email: 'Countess@Example.com' }))).email, 'countess@example.com');
});

update('when the email or username belongs to another user then "Email already taken" / "Username already taken"', async () => {
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const other = await expectSuccess(fx.service.create(SYSTEM_ACTOR, bob));
  const email = await expectError(fx.service.update(SYSTEM_ACTOR, other.id, { email: 'ADA@EXAMPLE.COM' }));
  assert.is(email.name, 'ApplicationError');
  assert.is(email.message, m.emailTaken);
  const username = await expectError(fx.service.update(SYSTEM_ACTOR, other.id, { username: 'ada' }));
  assert.is(username.name, 'ApplicationError');
  assert.is(username.message, m.usernameTaken);
});

update('when the password key is empty or null then ValidationError "password.notNull"', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  for (const password of ['', null]) {
    const error = await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { password }));
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, m.passwordNotNull);
  }
});

update('should hash a new password; the old one stops working', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const after = await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { password: 'difference2' }));
  assert.match(after.password!, /^\$scrypt\$/);
  assert.ok(await verifyPassword('difference2', after.password));
  assert.not.ok(await verifyPassword('lovelace1', after.password));
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { password: 'x'.repeat(73) }))).message, m.passwordTooLong);
});

update('should change the role by id, documentId, connect, or connect with disconnect', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const pub = role('public');
  const auth = role('authenticated');
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { role: pub.id }))).role, pub.id);
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { role: auth.documentId }))).role, auth.id);
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { role: { connect: [pub.documentId] } }))).role, pub.id);
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { role: { connect: [{ id: auth.id }], disconnect: [{ id: pub.id }] } }))).role, auth.id);
});

update('when the role would be removed then "Cannot remove role"', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  for (const form of [null, { disconnect: [user.role] }]) {
    const error = await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { role: form }));
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, m.cannotRemoveRole);
  }
  assert.is(fx.service.find(user.id)!.role, user.role);
});

update('when the role does not exist then a ValidationError naming it', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { role: 77 }))).message, m.noRelated('role', { id: 77 }));
});

update('when the body has a token key then "Invalid key <key>"', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  for (const key of ['resetPasswordToken', 'confirmationToken']) {
    assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { [key]: 'x' }))).message, m.invalidKey(key));
  }
});

update('when the body has a key the User does not have, or a system one, then it is ignored and the rest applies', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const updated = await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { nickname: 'x', id: 99, createdAt: 'x', username: 'ada2' }));
  assert.equal([updated.id, updated.createdAt, updated.username], [user.id, user.createdAt, 'ada2']);
  assert.not.ok('nickname' in (await storedUsers()).rows[0]!);
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { nickname: 'x', username: 'al' }))).message, validationMessages.minLength('username', 3), 'the known keys are still checked');
});

update('should check values as create does', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { username: 'al' }))).message, validationMessages.minLength('username', 3));
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { username: null }))).message, validationMessages.type('username', 'string', null));
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { blocked: null }))).message, validationMessages.type('blocked', 'boolean', null));
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { email: 'not an email' }))).message, validationMessages.email('email'));
});

update('should leave provider as it is', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { provider: 'github' }))).provider, 'local');
});

update.run();

// ---------------------------------------------------------------------------------------------
const remove = withFixture('remove(id)');

remove('should delete the user and answer the deleted row', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const kept = await expectSuccess(fx.service.create(SYSTEM_ACTOR, bob));
  assert.equal(await expectSuccess(fx.service.remove(SYSTEM_ACTOR, user.id)), user);
  assert.is(fx.service.find(user.id), undefined);
  assert.equal((await storedUsers()).rows, [kept]);
});

remove('should delete the sessions of the user and only theirs', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const other = await expectSuccess(fx.service.create(SYSTEM_ACTOR, bob));
  await fx.data.tables.sessions.update((data) => {
    for (const owner of [user.id, other.id, user.id]) data.rows.push({ id: data.nextId++, documentId: `session${data.nextId}`, user: owner });
  });
  await expectSuccess(fx.service.remove(SYSTEM_ACTOR, user.id));
  assert.equal(fx.data.tables.sessions.rows().map((session) => session.user), [other.id]);
});

remove('when the id is unknown then NotFoundError "User not found"', async () => {
  const error = await expectError(fx.service.remove(SYSTEM_ACTOR, 3));
  assert.is(error.name, 'NotFoundError');
  assert.is(error.message, m.notFound);
});

remove.run();

// ---------------------------------------------------------------------------------------------
const setBlocked = withFixture('setBlocked(id, blocked)');

setBlocked('should block and unblock a user', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.is((await expectSuccess(fx.service.setBlocked(SYSTEM_ACTOR, user.id, true))).blocked, true);
  assert.is(fx.service.find(user.id)!.blocked, true);
  assert.is((await expectSuccess(fx.service.setBlocked(SYSTEM_ACTOR, user.id, false))).blocked, false);
});

setBlocked('when the id is unknown then NotFoundError "User not found"', async () => {
  assert.is((await expectError(fx.service.setBlocked(SYSTEM_ACTOR, 9, true))).message, m.notFound);
});

setBlocked.run();

// ---------------------------------------------------------------------------------------------
const find = withFixture('findByIdOrEmail(value)');

find('should find by numeric id or by email whatever its case', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.equal(fx.service.findByIdOrEmail(String(user.id)), user);
  assert.equal(fx.service.findByIdOrEmail('ADA@example.com'), user);
  assert.is(fx.service.findByIdOrEmail('2'), undefined);
  assert.is(fx.service.findByIdOrEmail('nobody@example.com'), undefined);
  assert.is(fx.service.find(user.id), user);
});

find.run();

// ---------------------------------------------------------------------------------------------
const list = withFixture('list(query) and count(query)');

list('should filter, search, sort and slice with the users query language', async () => {
  const { parseQueryString, parseUsersQuery } = await import('../../src/model/index.js');
  const { createModelLookup } = await import('../../src/model/index.js');
  const { userModel, ...lookup } = createModelLookup(fx.data.schemas);
  const query = (text: string) => parseUsersQuery(parseQueryString(text), userModel, lookup);
  const names = (rows: UserRow[]) => rows.map((row) => row.username);

  await expectSuccess(fx.service.create(SYSTEM_ACTOR, { username: 'carol', email: 'carol@example.com', password: 'secret1', role: role('public').id }));
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...bob, blocked: true }));

  assert.equal(names(fx.service.list(query(''))), ['carol', 'ada', 'bob']);
  assert.equal(names(fx.service.list(query('sort=username:asc'))), ['ada', 'bob', 'carol']);
  assert.equal(names(fx.service.list(query('sort=username:desc&start=1&limit=1'))), ['bob']);
  assert.equal(names(fx.service.list(query('filters[blocked]=true'))), ['bob']);
  assert.equal(names(fx.service.list(query('filters[role][type]=public'))), ['carol']);
  assert.equal(names(fx.service.list(query('sort=role.name:asc&sort=username:asc'))), ['ada', 'bob', 'carol']);
  assert.equal(names(fx.service.list(query('_q=EXAMPLE.com&filters[username][$ne]=ada'))), ['carol', 'bob']);
  assert.is(fx.service.count(query('filters[role][type]=authenticated')), 2);
  assert.is(fx.service.count(query('_q=car')), 1);
  assert.is(fx.service.count(), 3);
});

list.run();

// ---------------------------------------------------------------------------------------------
const sanitize = withFixture('sanitizeUser(row, options)');

sanitize('should answer exactly Strapi user fields and never a secret', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const out = fx.service.sanitizeUser({ ...user, resetPasswordToken: 'reset', confirmationToken: 'confirm' });
  assert.equal(Object.keys(out), ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt']);
  assert.equal(out, {
    id: user.id,
    documentId: user.documentId,
    username: 'ada',
    email: 'ada@example.com',
    provider: 'local',
    confirmed: false,
    blocked: false,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    publishedAt: user.publishedAt,
  });
});

sanitize('should add the role when given, without permissions or users', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  const auth = role('authenticated');
  const out = fx.service.sanitizeUser(user, { role: fx.service.roleOf(user) });
  assert.equal(out.role, {
    id: auth.id,
    documentId: auth.documentId,
    name: 'Authenticated',
    description: auth.description,
    type: 'authenticated',
    createdAt: auth.createdAt,
    updatedAt: auth.updatedAt,
    publishedAt: auth.publishedAt,
  });
  assert.is(fx.service.sanitizeUser(user, { role: null }).role, null);
});

sanitize('should keep only the fields asked for, plus id and documentId', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, ada));
  assert.equal(fx.service.sanitizeUser(user, { fields: ['username', 'password', 'createdAt'] }), {
    id: user.id,
    documentId: user.documentId,
    username: 'ada',
    createdAt: user.createdAt,
  });
});

sanitize.run();

// ---------------------------------------------------------------------------------------------
const actors = withFixture('writes as an actor');

/** A signed-in caller whose role holds only `actions`. */
const holding = (...actions: string[]): Actor => ({ kind: 'user', user: { id: 99 }, role: role('authenticated'), permissions: new Set(actions) });

actors('when the actor lacks user.create then create is Forbidden and nothing is stored', async () => {
  const error = await expectError(fx.service.create(holding('plugin::users-permissions.user.update'), ada), ForbiddenError);
  assert.is(error.message, 'Forbidden');
  assert.equal(fx.data.tables.users.rows(), []);
});

actors('when the actor lacks user.update or user.destroy then update, block and remove are Forbidden and the user is unchanged', async () => {
  const user = await fx.service.create(SYSTEM_ACTOR, ada);
  const reader = holding('plugin::users-permissions.user.find', 'plugin::users-permissions.user.create');
  await expectError(fx.service.update(reader, user.id, { username: 'ada2' }), ForbiddenError);
  await expectError(fx.service.setBlocked(reader, user.id, true), ForbiddenError);
  await expectError(fx.service.remove(reader, user.id), ForbiddenError);
  assert.equal((await storedUsers()).rows, [user]);
});

actors('when the actor holds the action then the write is done', async () => {
  const user = await fx.service.create(holding('plugin::users-permissions.user.create'), ada);
  const updated = await fx.service.update(holding('plugin::users-permissions.user.update'), user.id, { username: 'ada2' });
  assert.is(updated.username, 'ada2');
  assert.is((await fx.service.remove(holding('plugin::users-permissions.user.destroy'), user.id)).id, user.id);
});

actors.run();
