/**
 * `POST /api/users/invite` (docs/api/settings.md) over real HTTP, with a real SMTP server on
 * 127.0.0.1 receiving the invitations: an account with no usable password, an email whose code
 * chooses it once (reset-password's flow) and expires as a reset code does, and no code or secret
 * in any answer.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { authMessages } from '../../src/auth/index.js';
import { checkTemplate, INVITATION_TEMPLATE } from '../../src/email/index.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { userMessages } from '../../src/users/index.js';
import { bearer, freePort } from '../_helpers/index.js';
import { fieldOf, settingsServer, type SettingsServer } from '../_helpers/settings.js';
import { codeIn, emailConfigFor, mailCatcher, type MailCatcher } from '../_helpers/smtp.js';

const SECRETS = /resetPasswordToken|confirmationToken|"password"|\$scrypt\$/;
const USER_KEYS = ['blocked', 'confirmed', 'createdAt', 'documentId', 'email', 'id', 'provider', 'publishedAt', 'role', 'updatedAt', 'username'];

let server: SettingsServer;
let smtp: MailCatcher;

const usersPermissions = (advanced: Record<string, unknown> = {}) => ({
  ratelimit: { enabled: false },
  advanced: { emailResetPasswordUrl: 'https://site.example/set-password', emailConfirmation: true, ...advanced },
});

const test = suite('POST /api/users/invite');
test.before.each(async () => {
  smtp = await mailCatcher();
  server = await settingsServer({ config: { email: emailConfigFor(smtp.port), 'users-permissions': usersPermissions() } });
});
test.after.each(async () => {
  await server.close();
  await smtp.close();
});

const api = () => server.api;
const invite = (body: unknown, headers = server.admin) => api().post('/api/users/invite', body, headers);
const setPassword = (code: string, password: string) => api().post('/api/auth/reset-password', { code, password, passwordConfirmation: password });

test('refuses a caller without credentials (401), a role without user.create and a token without it (403)', async () => {
  const { accessKey } = await api().project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'read-only' });
  const body = { email: 'ada@example.com' };
  const anonymous = await invite(body, {});
  assert.equal([anonymous.status, anonymous.body.error.message], [401, 'Missing or invalid credentials']);
  assert.is((await invite(body, server.editor)).status, 403);
  assert.is((await invite(body, bearer(accessKey))).status, 403);
  assert.is(api().project.users.findByIdOrEmail('ada@example.com'), undefined, 'no account was made');
  assert.is(smtp.messages.length, 0, 'no email was sent');
});

test('makes an account nobody can sign in to, and mails a link to choose its password; the answer carries no code', async () => {
  const invited = await invite({ email: 'Ada@Example.com', username: 'ada' });
  assert.is(invited.status, 201, invited.text);
  assert.equal(Object.keys(invited.body).sort(), USER_KEYS);
  assert.equal([invited.body.username, invited.body.email, invited.body.provider, invited.body.confirmed, invited.body.blocked, invited.body.role.type], ['ada', 'ada@example.com', 'local', false, false, 'authenticated']);
  assert.not.match(invited.text, SECRETS);

  const mail = await smtp.next('ada@example.com');
  assert.match(mail.raw, /Subject: Your account: choose a password/);
  assert.match(mail.text, /https:\/\/site\.example\/set-password\?code=[0-9a-f]{128}/);
  assert.match(mail.text, /username ada, email ada@example\.com/);
  const code = codeIn(mail.text, 'code')!;
  assert.not.ok(invited.text.includes(code), 'the code is only in the email');
  const stored = api().project.tables.users.rows().find((row) => row.id === invited.body.id)!;
  assert.equal([stored.password, stored.resetPasswordToken === code], [null, false], 'no password, and only a hash of the code');
  for (const password of ['', 'anything-at-all']) assert.is((await api().post('/api/auth/local', { identifier: 'ada', password })).status, 400);
  const listed = await api().get('/api/users', server.admin);
  assert.not.match(listed.text, SECRETS);
});

test('the code chooses the password once, and confirms the account; signing in works from then on', async () => {
  await invite({ email: 'grace@example.com' });
  const code = codeIn((await smtp.next('grace@example.com')).text, 'code')!;
  const chosen = await setPassword(code, 'a-long-chosen-password');
  assert.is(chosen.status, 200, chosen.text);
  assert.equal([chosen.body.user.username, chosen.body.user.confirmed], ['grace@example.com', true], 'the username defaults to the address');
  assert.is((await api().get('/api/users/me', bearer(chosen.body.jwt))).status, 200, 'its token works (email confirmation is on)');
  assert.is((await api().post('/api/auth/local', { identifier: 'grace@example.com', password: 'a-long-chosen-password' })).status, 200);
  const again = await setPassword(code, 'another-long-password');
  assert.equal([again.status, again.body.error.message], [400, authMessages.incorrectCode], 'a code works once');
});

test('the code expires as a reset code does; "Forgot password" then sends a new one', async () => {
  const { body } = await invite({ email: 'lin@example.com' });
  const code = codeIn((await smtp.next('lin@example.com')).text, 'code')!;
  const expiry = api().project.tables.users.rows().find((row) => row.id === body.id)!.resetPasswordTokenExpiresAt as string;
  const lifetime = Date.parse(expiry) - Date.parse(body.createdAt);
  assert.ok(lifetime > 59 * 60 * 1000 && lifetime <= 60 * 60 * 1000, `an hour, as a reset code (${lifetime} ms)`);
  await api().project.tables.users.update((data) => {
    data.rows.find((row) => row.id === body.id)!.resetPasswordTokenExpiresAt = new Date(Date.now() - 1000).toISOString();
  });
  assert.is((await setPassword(code, 'too-late-password')).body.error.message, authMessages.incorrectCode);
  await api().post('/api/auth/forgot-password', { email: 'lin@example.com' });
  const fresh = codeIn((await smtp.next('lin@example.com')).text, 'code')!;
  assert.is((await setPassword(fresh, 'in-time-password')).status, 200);
});

test('role names the account\'s role, as on POST /api/users; every bad field is 400 naming it, and writes nothing', async () => {
  const administrator = api().project.roles.resolveRole('administrator');
  const withRole = await invite({ email: 'owner2@example.com', role: administrator.id });
  assert.equal([withRole.status, withRole.body.role.type], [201, 'administrator']);
  await smtp.next('owner2@example.com');
  const before = api().project.tables.users.rows().length;
  const cases: Array<[unknown, string | undefined, string]> = [
    [{ username: 'nobody' }, 'email', authMessages.required('email')],
    [{ email: 'not-an-address' }, 'email', authMessages.invalidEmail('email')],
    [{ email: 'x@example.com', username: 5 }, 'username', authMessages.notString('username', 5)],
    [{ email: 'x@example.com', password: 'chosen-by-admin' }, '', authMessages.unknownKeys(['password'])],
    [{ email: 'x@example.com', role: 999 }, 'role', 'role: no related entry with id 999'],
    [{ email: 'owner@example.com' }, undefined, userMessages.emailTaken],
    [{ email: 'x@example.com', username: 'eddie' }, undefined, userMessages.usernameTaken],
  ];
  for (const [body, field, message] of cases) {
    const refused = await invite(body);
    assert.equal([refused.status, refused.body.error.message, fieldOf(refused.body)], [400, message, field], JSON.stringify(body));
  }
  assert.is(api().project.tables.users.rows().length, before, 'no refused body made an account');
  assert.is(smtp.messages.length, 0, 'nor sent an email');
});

test('an invitation whose email cannot be sent makes no account', async () => {
  const closed = await settingsServer({ config: { email: emailConfigFor(await freePort()), 'users-permissions': usersPermissions() } });
  try {
    const refused = await closed.api.post('/api/users/invite', { email: 'ada@example.com' }, closed.admin);
    assert.equal([refused.status, refused.body.error.message], [400, authMessages.invitationEmailFailed]);
    assert.is(closed.api.project.users.findByIdOrEmail('ada@example.com'), undefined);
  } finally {
    await closed.close();
  }
});

test('without advanced.emailResetPasswordUrl the link leads to the editors\' page; with transport outbox the email is in data/outbox/', async () => {
  const local = await settingsServer({ config: { 'users-permissions': usersPermissions({ emailResetPasswordUrl: '' }) } });
  try {
    assert.is((await local.api.post('/api/users/invite', { email: 'ada@example.com' }, local.admin)).status, 201);
    const files = await readdir(join(local.api.dir, 'data/outbox'));
    assert.is(files.length, 1);
    const eml = (await readFile(join(local.api.dir, 'data/outbox', files[0]!), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    assert.match(eml, /To: ada@example\.com/);
    assert.ok(eml.includes(`${local.api.url}/admin/#/reset-password?code=`), eml);
  } finally {
    await local.close();
  }
});

test('the invitation template uses only known placeholders, each where escaping keeps it safe', () => {
  checkTemplate(INVITATION_TEMPLATE, 'src/email/invitation.ts', 'INVITATION_TEMPLATE');
});

test.run();
