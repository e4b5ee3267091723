/**
 * Attacks on reset codes and confirmation tokens (the "Attacks on accounts" part): codes
 * of the wrong type or near misses, used twice, crosswise or racing, expired, and a stored hash
 * used as a token.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NO_RATE_LIMIT, apiServer, type ApiServer } from '../../_helpers/server.js';
import { codeIn, emailConfigFor, mailCatcher, type MailCatcher } from '../../_helpers/smtp.js';
import { envelopeProblem } from '../_helpers.js';

let api: ApiServer;

const oneTime = suite('reset codes and confirmation tokens');
let smtp: MailCatcher;

oneTime.before(async () => {
  smtp = await mailCatcher();
  api = await apiServer({
    config: {
      email: emailConfigFor(smtp.port),
      'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true, emailResetPasswordUrl: 'https://site.example/reset', emailConfirmationRedirection: 'https://site.example/welcome' } },
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
