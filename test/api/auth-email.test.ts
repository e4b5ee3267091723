/**
 * Forgot/reset password, change password and email confirmation, with a real SMTP server on
 * 127.0.0.1 receiving the emails; the tests read the `code` and `confirmation` out of them.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { authMessages } from '../../src/auth/index.js';
import { storedTable } from '../_helpers/at-rest.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { codeIn, emailConfigFor, mailCatcher, within, type MailCatcher } from '../_helpers/smtp.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

let api: ApiServer;
let smtp: MailCatcher;

const smtpConfig = (port: number, extra: Record<string, unknown> = {}) => ({
  email: emailConfigFor(port),
  'users-permissions': { ratelimit: { enabled: false }, advanced: { emailResetPasswordUrl: 'https://site.example/reset', emailConfirmationRedirection: 'https://site.example/welcome', ...extra } },
});

const reset = suite('forgot and reset password');
reset.before(async () => {
  smtp = await mailCatcher();
  api = await apiServer({ config: smtpConfig(smtp.port) });
  await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'old-password' });
});
reset.after(async () => {
  await api.close();
  await smtp.close();
});

reset('forgot-password answers { ok: true } for any address, and mails a reset code only to an account', async () => {
  assert.equal((await api.post('/api/auth/forgot-password', { email: 'nobody@example.com' })).body, { ok: true });
  assert.equal((await api.post('/api/auth/forgot-password', { email: 'ADA@example.com' })).body, { ok: true });
  const mail = await smtp.next('ada@example.com');
  assert.match(mail.raw, /Subject: Reset password/);
  assert.match(mail.text, /https:\/\/site\.example\/reset\?code=[0-9a-f]{128}/);
  assert.is(smtp.messages.length, 0, 'nothing was sent for the unknown address');
  const stored = (await storedTable(api.dir, 'users')).rows[0]!;
  assert.is.not(stored.resetPasswordToken, codeIn(mail.text, 'code'), 'only a hash of the code is stored');
});

reset('reset-password checks its fields, then resets once with the emailed code', async () => {
  await api.post('/api/auth/forgot-password', { email: 'ada@example.com' });
  const code = codeIn((await smtp.next('ada@example.com')).text, 'code')!;
  assert.is((await api.post('/api/auth/reset-password', { code, password: 'new-password' })).body.error.message, authMessages.passwordConfirmationRequired);
  assert.is((await api.post('/api/auth/reset-password', { code, password: 'new-password', passwordConfirmation: 'other' })).body.error.message, authMessages.passwordsDoNotMatch);
  assert.is((await api.post('/api/auth/reset-password', { code: 'f'.repeat(128), password: 'new-password', passwordConfirmation: 'new-password' })).body.error.message, authMessages.incorrectCode);
  assert.is((await api.post('/api/auth/reset-password', { code: { $ne: null }, password: 'new-password', passwordConfirmation: 'new-password' })).status, 400, 'a code given as an object');
  const done = await api.post('/api/auth/reset-password', { code, password: 'new-password', passwordConfirmation: 'new-password' });
  assert.is(done.status, 200);
  assert.equal(Object.keys(done.body), ['jwt', 'user']);
  assert.is((await api.post('/api/auth/local', { identifier: 'ada', password: 'new-password' })).status, 200);
  assert.is((await api.post('/api/auth/local', { identifier: 'ada', password: 'old-password' })).status, 400);
  const again = await api.post('/api/auth/reset-password', { code, password: 'third-password', passwordConfirmation: 'third-password' });
  assert.is(again.body.error.message, authMessages.incorrectCode, 'a code works once');
});

reset('without advanced.emailResetPasswordUrl, the reset email links to the editors\' page\'s screen for a new password', async () => {
  const local = await apiServer({ config: smtpConfig(smtp.port, { emailResetPasswordUrl: '' }) });
  try {
    await local.post('/api/auth/local/register', { username: 'lin', email: 'lin@example.com', password: 'old-password' });
    assert.equal((await local.post('/api/auth/forgot-password', { email: 'lin@example.com' })).body, { ok: true });
    const mail = await smtp.next('lin@example.com');
    assert.ok(mail.text.includes(`${local.url}/admin/#/reset-password?code=${codeIn(mail.text, 'code')}`), mail.text);
  } finally {
    await local.close();
  }
});

reset('forgot-password refuses unknown keys and bad emails', async () => {
  assert.is((await api.post('/api/auth/forgot-password', { email: 'ada@example.com', role: 1 })).body.error.message, 'this field has unspecified keys: role');
  assert.is((await api.post('/api/auth/forgot-password', { email: 'nope' })).body.error.message, 'email must be a valid email');
});

reset('over GraphQL: forgotPassword mails a code, resetPassword resets with it once and signs in', async () => {
  const gql = async (query: string) => (await api.post('/graphql', { query })).body;
  assert.equal((await gql('mutation { forgotPassword(email: "ada@example.com") { ok } }')).data, { forgotPassword: { ok: true } });
  const code = codeIn((await smtp.next('ada@example.com')).text, 'code')!;
  const reset = (password: string) => gql(`mutation { resetPassword(code: "${code}", password: "${password}", passwordConfirmation: "${password}") { jwt user { username } } }`);
  const done = await reset('graphql-password');
  assert.is(done.errors, undefined, JSON.stringify(done.errors));
  assert.is(done.data.resetPassword.user.username, 'ada');
  assert.type(done.data.resetPassword.jwt, 'string');
  assert.is((await api.post('/api/auth/local', { identifier: 'ada', password: 'graphql-password' })).status, 200);
  const again = await reset('another-password');
  assert.equal([again.errors[0].message, again.errors[0].extensions.code], [authMessages.incorrectCode, 'BAD_USER_INPUT'], 'a code works once');
});

reset('a server stopped while a reset and a confirmation email are still being sent stops only once both are sent', async () => {
  const config = smtpConfig(smtp.port, { emailConfirmation: true });
  const local = await apiServer({ config });
  try {
    await local.project.users.create(SYSTEM_ACTOR, { username: 'ria', email: 'ria@example.com', password: 'a-long-password', confirmed: true });
    await local.project.users.create(SYSTEM_ACTOR, { username: 'sol', email: 'sol@example.com', password: 'a-long-password', confirmed: false });
    smtp.hold();
    assert.equal((await local.post('/api/auth/forgot-password', { email: 'ria@example.com' })).body, { ok: true });
    assert.is((await local.post('/api/auth/send-email-confirmation', { email: 'sol@example.com' })).status, 200);
    await Promise.all([smtp.arrived('ria@example.com'), smtp.arrived('sol@example.com')]);
    const stopped = local.stop().then(() => 'stopped');
    assert.is(await within(stopped, 1000), undefined, 'the server stopped with emails still unsent');
    smtp.release();
    await stopped;
    await smtp.next('ria@example.com');
    await smtp.next('sol@example.com');
  } finally {
    smtp.release();
    await local.close();
  }
});

reset.run();

const change = suite('POST /api/auth/change-password');
change.before(async () => {
  smtp = await mailCatcher();
  api = await apiServer({ config: smtpConfig(smtp.port) });
});
change.after(async () => {
  await api.close();
  await smtp.close();
});

change('needs a signed-in user (Public lacks it: 403), then refuses each wrong input with Strapi\'s message', async () => {
  assert.is((await api.post('/api/auth/change-password', { currentPassword: 'a', password: 'b', passwordConfirmation: 'b' })).status, 403);
  const { body } = await api.post('/api/auth/local/register', { username: 'grace', email: 'grace@example.com', password: 'first-password' });
  const auth = { authorization: `Bearer ${body.jwt}` };
  const post = (data: unknown) => api.post('/api/auth/change-password', data, auth);
  assert.is((await post({ currentPassword: 'first-password', password: 'second-password' })).body.error.message, authMessages.passwordConfirmationRequired);
  assert.is((await post({ currentPassword: 'first-password', password: 'second-password', passwordConfirmation: 'x' })).body.error.message, authMessages.passwordsDoNotMatch);
  assert.is((await post({ currentPassword: 'wrong', password: 'second-password', passwordConfirmation: 'second-password' })).body.error.message, authMessages.currentPasswordInvalid);
  assert.is((await post({ currentPassword: 'first-password', password: 'first-password', passwordConfirmation: 'first-password' })).body.error.message, authMessages.samePassword);
  const ok = await post({ currentPassword: 'first-password', password: 'second-password', passwordConfirmation: 'second-password' });
  assert.is(ok.status, 200);
  assert.ok(ok.body.jwt);
  assert.is((await api.post('/api/auth/local', { identifier: 'grace', password: 'second-password' })).status, 200);
});

change.run();

const confirm = suite('email confirmation');
confirm.before(async () => {
  smtp = await mailCatcher();
  api = await apiServer({ config: smtpConfig(smtp.port, { emailConfirmation: true }) });
});
confirm.after(async () => {
  await api.close();
  await smtp.close();
});

confirm('registration mails a confirmation link; following it confirms once and redirects', async () => {
  await api.post('/api/auth/local/register', { username: 'linus', email: 'linus@example.com', password: 'penguin-pass' });
  const mail = await smtp.next('linus@example.com');
  assert.match(mail.raw, /Subject: Account confirmation/);
  const confirmation = codeIn(mail.text, 'confirmation')!;
  assert.match(mail.text, new RegExp(`${api.url}/api/auth/email-confirmation\\?confirmation=${confirmation}`));
  const followed = await fetch(`${api.url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' });
  assert.is(followed.status, 302);
  assert.is(followed.headers.get('location'), 'https://site.example/welcome');
  assert.is((await api.post('/api/auth/local', { identifier: 'linus', password: 'penguin-pass' })).status, 200);
  assert.is((await api.get(`/api/auth/email-confirmation?confirmation=${confirmation}`)).body.error.message, authMessages.invalidToken, 'single use');
  assert.is((await api.get('/api/auth/email-confirmation')).body.error.message, authMessages.confirmationRequired);
});

confirm('over GraphQL: register answers no jwt until the address is confirmed; emailConfirmation confirms once and signs in', async () => {
  const gql = async (query: string) => (await api.post('/graphql', { query })).body;
  const registered = await gql('mutation { register(input: { username: "grace", email: "grace@example.com", password: "a-long-password-1" }) { jwt user { username confirmed } } }');
  assert.equal(registered.data.register, { jwt: null, user: { username: 'grace', confirmed: false } });
  const confirmation = codeIn((await smtp.next('grace@example.com')).text, 'confirmation')!;
  const confirmed = await gql(`mutation { emailConfirmation(confirmation: "${confirmation}") { jwt user { username confirmed } } }`);
  assert.is(confirmed.errors, undefined, JSON.stringify(confirmed.errors));
  assert.equal(confirmed.data.emailConfirmation.user, { username: 'grace', confirmed: true });
  assert.type(confirmed.data.emailConfirmation.jwt, 'string');
  const again = await gql(`mutation { emailConfirmation(confirmation: "${confirmation}") { jwt } }`);
  assert.is(again.errors[0].message, authMessages.invalidToken, 'single use');
});

confirm('send-email-confirmation: a new token for the unconfirmed, Strapi\'s errors otherwise', async () => {
  await api.post('/api/auth/local/register', { username: 'margaret', email: 'margaret@example.com', password: 'apollo-pass' });
  const first = codeIn((await smtp.next('margaret@example.com')).text, 'confirmation')!;
  const echoed = await api.post('/api/auth/send-email-confirmation', { email: 'Margaret@EXAMPLE.com' });
  assert.equal(echoed.body, { email: 'margaret@example.com', sent: true }, "the account's stored address is echoed, as Strapi does");
  const second = codeIn((await smtp.next('margaret@example.com')).text, 'confirmation')!;
  assert.is((await api.get(`/api/auth/email-confirmation?confirmation=${first}`)).body.error.message, authMessages.invalidToken, 'the old token is stale');
  assert.is((await fetch(`${api.url}/api/auth/email-confirmation?confirmation=${second}`, { redirect: 'manual' })).status, 302);
  assert.is((await api.post('/api/auth/send-email-confirmation', { email: 'margaret@example.com' })).body.error.message, authMessages.alreadyConfirmed);
  assert.equal((await api.post('/api/auth/send-email-confirmation', { email: 'ghost@example.com' })).body, { email: 'ghost@example.com', sent: true });
  await api.post('/api/auth/local/register', { username: 'blocked', email: 'blocked@example.com', password: 'apollo-pass' });
  await smtp.next('blocked@example.com');
  await api.project.users.setBlocked(SYSTEM_ACTOR, api.project.users.findByIdOrEmail('blocked@example.com')!.id, true);
  assert.is((await api.post('/api/auth/send-email-confirmation', { email: 'blocked@example.com' })).body.error.message, authMessages.userBlocked);
});

confirm("send-email-confirmation echoes an account's stored address and an unknown one as sent, and ignores other keys", async () => {
  assert.equal((await api.post('/api/auth/send-email-confirmation', { email: 'Ghost@Example.test' })).body, { email: 'Ghost@Example.test', sent: true }, 'an unknown address');
  await api.post('/api/auth/local/register', { username: 'katherine', email: 'katherine@example.com', password: 'orbit-pass' });
  await smtp.next('katherine@example.com');
  const pending = await api.post('/api/auth/send-email-confirmation', { email: 'Katherine@Example.COM', foo: 'bar' });
  assert.is(pending.status, 200, pending.text);
  assert.equal(pending.body, { email: 'katherine@example.com', sent: true }, 'an unconfirmed account (stored, lower-cased), with a key the schema does not list');
  assert.ok(codeIn((await smtp.next('katherine@example.com')).text, 'confirmation'), 'the email goes to the stored address');
  assert.is((await api.post('/api/auth/send-email-confirmation', { email: 'MARGARET@example.com' })).body.error.message, authMessages.alreadyConfirmed, 'any case finds the account');
  assert.is((await api.post('/api/auth/send-email-confirmation', { email: 'ghost@example.test', foo: 'bar' })).status, 200);
});

confirm('a username full of markup arrives inert in the email', async () => {
  await api.post('/api/auth/local/register', { username: '<img src=x onerror=alert(1)>', email: 'xss@example.com', password: 'apollo-pass' });
  const mail = await smtp.next('xss@example.com');
  assert.not.match(mail.text, /<img src=x/);
});

confirm.run();

const outbox = suite('transport: outbox');

outbox('emails are written to data/outbox/ as .eml files', async () => {
  const local = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: false }, advanced: { emailConfirmation: true } } } });
  try {
    await local.post('/api/auth/local/register', { username: 'otto', email: 'otto@example.com', password: 'outbox-pass' });
    const files = await readdir(join(local.dir, 'data/outbox'));
    assert.is(files.length, 1);
    assert.match(files[0]!, /\.eml$/);
    const eml = await readFile(join(local.dir, 'data/outbox', files[0]!), 'utf8');
    assert.match(eml, /To: otto@example\.com/);
    const decoded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    assert.match(decoded, /confirmation=[0-9a-f]{40}/);
  } finally {
    await local.close();
  }
});

outbox.run();
