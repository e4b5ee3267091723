/**
 * findOrCreateUser(profile, accounts, options): the account a provider profile signs in to, found
 * or created as Strapi 5's third-party provider login does, over the real tables of a temporary
 * project; then the whole provider login end to end against a real OAuth 2 / OpenID Connect server.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findOrCreateUser, providerMessages as m, type FindOrCreateOptions, type ProviderProfile } from '../../../src/auth/providers/index.js';
import { SYSTEM_ACTOR, type RoleRow } from '../../../src/permissions/index.js';
import type { UserRow } from '../../../src/users/index.js';
import { expectError } from '../../_helpers/index.js';
import { usersFixture, type UsersFixture } from '../../_helpers/users.js';
import { authorize, byIssuer, byUrls, providerLogin, signIn, startMockProvider, type MockProvider } from './_helpers.js';

let fx: UsersFixture;
const advanced: FindOrCreateOptions = { allowRegister: true, uniqueEmail: true, defaultRole: 'authenticated' };
const ada: ProviderProfile = { email: 'ada@example.com', username: 'ada', provider: 'github' };
const accounts = () => ({ users: fx.data.tables.users, roles: fx.data.tables.roles });
const role = (type: string): RoleRow => fx.data.tables.roles.rows().find((candidate) => candidate.type === type)!;
/** What data/users.json holds (no file: nothing was ever written). */
async function stored(): Promise<UserRow[]> {
  const text = await readFile(join(fx.dir, 'data/users.json'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '{"rows":[]}';
    throw error;
  });
  return (JSON.parse(text) as { rows: UserRow[] }).rows;
}
const local = (username: string, email: string) => fx.service.create(SYSTEM_ACTOR, { username, email, password: 'lovelace1' });

function withProject(name: string) {
  const s = suite(name);
  s.before.each(async () => {
    fx = await usersFixture();
  });
  s.after.each(() => fx.cleanup());
  return s;
}

// ---------------------------------------------------------------------------------------------
const find = withProject('findOrCreateUser(profile, accounts, options)');

find('should create a confirmed account with the default role, the provider name and no password, durably', async () => {
  const user = await findOrCreateUser(ada, accounts(), advanced);
  assert.is(user.username, 'ada');
  assert.is(user.email, 'ada@example.com');
  assert.is(user.provider, 'github');
  assert.is(user.password, null);
  assert.is(user.confirmed, true);
  assert.is(user.blocked, false);
  assert.is(user.role, role('authenticated').id);
  assert.match(user.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.is(user.createdAt, user.updatedAt);
  assert.equal(await stored(), [user]);
});

find('should give a new account the configured default role', async () => {
  const user = await findOrCreateUser(ada, accounts(), { ...advanced, defaultRole: 'public' });
  assert.is(user.role, role('public').id);
});

find('should sign the same email and provider in to the same account, without writing', async () => {
  const first = await findOrCreateUser(ada, accounts(), advanced);
  const before = await readFile(join(fx.dir, 'data/users.json'), 'utf8');
  const again = await findOrCreateUser({ ...ada, email: 'ADA@example.com', username: 'someone-else' }, accounts(), advanced);
  assert.is(again.id, first.id);
  assert.is(again.username, 'ada', 'the username is not changed by a later profile');
  assert.is(await readFile(join(fx.dir, 'data/users.json'), 'utf8'), before);
});

find('when the username is taken then a random 4-digit suffix is added', async () => {
  await local('ada', 'ada@elsewhere.example');
  const user = await findOrCreateUser(ada, accounts(), advanced);
  assert.match(user.username, /^ada\d{4}$/);
  const other = await findOrCreateUser({ ...ada, email: 'ada2@example.com' }, accounts(), advanced);
  assert.match(other.username, /^ada\d{4}$/);
  assert.is.not(other.username, user.username);
});

find('when the username is shorter than 3 characters then a suffix is added', async () => {
  const user = await findOrCreateUser({ ...ada, username: ' al ' }, accounts(), advanced);
  assert.match(user.username, /^al\d{4}$/);
});

find('when the profile has no username then the email local part is used, trimmed usernames otherwise', async () => {
  assert.is((await findOrCreateUser({ ...ada, username: undefined }, accounts(), advanced)).username, 'ada');
  assert.is((await findOrCreateUser({ email: 'grace@example.com', username: '  grace.h  ', provider: 'github' }, accounts(), advanced)).username, 'grace.h');
  assert.is((await findOrCreateUser({ email: 'linus@example.com', username: '   ', provider: 'github' }, accounts(), advanced)).username, 'linus');
});

find('when every suffix is taken then the username is a random UUID', async () => {
  await fx.data.tables.users.update((data) => {
    for (let suffix = 1000; suffix <= 9999; suffix++) {
      data.rows.push({ ...templateRow(data.nextId++), username: `ada${suffix}`, email: `ada${suffix}@example.com` });
    }
    data.rows.push({ ...templateRow(data.nextId++), username: 'ada', email: 'ada@local.example' });
  });
  const user = await findOrCreateUser(ada, accounts(), advanced);
  assert.match(user.username, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

find('when the email belongs to a local account then 400 "Email is already taken."', async () => {
  await local('ada-local', 'ada@example.com');
  const error = await expectError(findOrCreateUser(ada, accounts(), advanced));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.emailTaken);
  assert.is((await stored()).length, 1);
});

find('when the email belongs to another provider\'s account then 400 "Email is already taken."', async () => {
  await findOrCreateUser({ ...ada, provider: 'google' }, accounts(), advanced);
  const error = await expectError(findOrCreateUser(ada, accounts(), advanced));
  assert.is(error.message, m.emailTaken);
});

find('when uniqueEmail is off then another provider gets its own account for the same email', async () => {
  const localAda = await local('ada', 'ada@example.com');
  const user = await findOrCreateUser(ada, accounts(), { ...advanced, uniqueEmail: false });
  assert.is.not(user.id, localAda.id);
  assert.is(user.provider, 'github');
  assert.match(user.username, /^ada\d{4}$/);
});

find('when registration is off then no account is created, but an existing one still signs in', async () => {
  const off = { ...advanced, allowRegister: false };
  const error = await expectError(findOrCreateUser(ada, accounts(), off));
  assert.is(error.message, m.registerUnavailable);
  assert.is((await stored()).length, 0);
  const created = await findOrCreateUser(ada, accounts(), advanced);
  assert.is((await findOrCreateUser(ada, accounts(), off)).id, created.id);
});

find('when registration is off and the email is taken then the registration message comes first (Strapi\'s order)', async () => {
  await local('ada', 'ada@example.com');
  assert.is((await expectError(findOrCreateUser(ada, accounts(), { ...advanced, allowRegister: false }))).message, m.registerUnavailable);
});

find('when the account is blocked then 400 "Your account has been blocked by an administrator"', async () => {
  const user = await findOrCreateUser(ada, accounts(), advanced);
  await fx.service.setBlocked(SYSTEM_ACTOR, user.id, true);
  const error = await expectError(findOrCreateUser(ada, accounts(), advanced));
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, m.blocked);
});

find('when the default role does not exist then 400 "Impossible to find the default role"', async () => {
  const error = await expectError(findOrCreateUser(ada, accounts(), { ...advanced, defaultRole: 'editor' }));
  assert.is(error.message, m.defaultRoleMissing);
});

find('when two sign-ins of the same person race then one account is made', async () => {
  const [one, two] = await Promise.all([findOrCreateUser(ada, accounts(), advanced), findOrCreateUser(ada, accounts(), advanced)]);
  assert.is(one.id, two.id);
  assert.is((await stored()).length, 1);
});

find('when two people with the same username race then both get distinct usernames', async () => {
  const [one, two] = await Promise.all([
    findOrCreateUser(ada, accounts(), advanced),
    findOrCreateUser({ ...ada, email: 'ada@other.example' }, accounts(), advanced),
  ]);
  assert.is.not(one.username, two.username);
  assert.equal((await stored()).map((row) => row.email).sort(), ['ada@example.com', 'ada@other.example']);
});

// ---------------------------------------------------------------------------------------------
let mock: MockProvider;
const e2e = suite('provider login end to end');
e2e.before(async () => {
  mock = await startMockProvider();
});
e2e.before.each(async () => {
  mock.reset();
  fx = await usersFixture();
});
e2e.after.each(() => fx.cleanup());
e2e.after(() => mock.stop());

e2e('should create the account at the first sign-in and find it at the second', async () => {
  const login = providerLogin({ oidc: byIssuer(mock) });
  const first = await login.findOrCreateUser((await signIn(login, 'oidc')).profile, accounts(), advanced);
  assert.equal(
    { username: first.username, email: first.email, provider: first.provider, confirmed: first.confirmed, role: first.role, password: first.password },
    { username: 'ada', email: 'ada@example.com', provider: 'oidc', confirmed: true, role: role('authenticated').id, password: null },
  );
  const second = await login.findOrCreateUser((await signIn(login, 'oidc')).profile, accounts(), advanced);
  assert.is(second.id, first.id);
  assert.is((await stored()).length, 1);
});

e2e('when a second person has the same preferred_username then they get a unique username', async () => {
  const login = providerLogin({ oidc: byIssuer(mock), sso: byUrls(mock) });
  const ada1 = await login.findOrCreateUser((await signIn(login, 'oidc')).profile, accounts(), advanced);
  mock.userinfo = { sub: 'ada-2', email: 'ada@another.example', email_verified: true, preferred_username: 'ada' };
  const ada2 = await login.findOrCreateUser((await signIn(login, 'sso')).profile, accounts(), advanced);
  assert.is(ada1.username, 'ada');
  assert.match(ada2.username, /^ada\d{4}$/);
  assert.is(ada2.provider, 'sso');
});

e2e('when the email is a local account\'s then the sign-in is refused and nothing is written', async () => {
  await local('ada', 'ada@example.com');
  const login = providerLogin({ oidc: byIssuer(mock) });
  const error = await expectError(async () => login.findOrCreateUser((await signIn(login, 'oidc')).profile, accounts(), advanced));
  assert.is(error.message, m.emailTaken);
  assert.is((await stored()).length, 1);
});

e2e('when an attacker replays their own code with a forged state then no account is made', async () => {
  const login = providerLogin({ oidc: byIssuer(mock) });
  const { code } = await authorize((await login.connect('oidc')).redirect);
  const error = await expectError(async () => login.findOrCreateUser((await login.callback('oidc', { code, state: 'forged-state' })).profile, accounts(), advanced));
  assert.is(error.message, m.noSession);
  assert.is(mock.tokenRequests.length, 0);
  assert.is((await stored()).length, 0);
});

/** A stored user row with every built-in field. */
function templateRow(id: number): UserRow {
  const stamp = new Date().toISOString();
  return {
    id, documentId: `u${String(id).padStart(23, '0')}`, username: '', email: '', provider: 'local', password: null,
    resetPasswordToken: null, confirmationToken: null, confirmed: true, blocked: false, role: null, createdAt: stamp, updatedAt: stamp, publishedAt: stamp,
  };
}

find.run();
e2e.run();
