/**
 * User enumeration (the "Attacks on accounts" part): login, forgot-password and
 * send-email-confirmation answer alike, and without waiting for an email, whether the account
 * exists, is blocked, unconfirmed or a provider account.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonResponse } from '../../_helpers/index.js';
import { NO_RATE_LIMIT, apiServer, type ApiServer } from '../../_helpers/server.js';
import { addUserRow } from '../../_helpers/users.js';
import { emailConfigFor, mailCatcher, within, type MailCatcher } from '../../_helpers/smtp.js';
import { SYSTEM_ACTOR } from '../../../src/permissions/index.js';

const addUser = (api: ApiServer, values: Record<string, unknown>) => addUserRow(api.project, values);

/** The status and body, for comparing two answers that must look alike. */
const shape = (response: JsonResponse) => ({ status: response.status, body: response.body });

const enumeration = suite('user enumeration');
let enumApi: ApiServer;
let enumSmtp: MailCatcher;

enumeration.before(async () => {
  enumSmtp = await mailCatcher();
  enumApi = await apiServer({
    config: { email: emailConfigFor(enumSmtp.port), 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true, emailResetPasswordUrl: 'https://site.example/reset' } } },
  });
  await enumApi.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
  await enumApi.project.users.create(SYSTEM_ACTOR, { username: 'blocky', email: 'blocky@example.com', password: 'correct-horse', confirmed: true, blocked: true });
  await enumApi.project.users.create(SYSTEM_ACTOR, { username: 'pending', email: 'pending@example.com', password: 'correct-horse', confirmed: false });
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

enumeration('send-email-confirmation: an unknown address and an unconfirmed account answer alike but for the echo, as in Strapi', async () => {
  const unknown = await enumApi.post('/api/auth/send-email-confirmation', { email: 'Ghost@Example.com' });
  const pending = await enumApi.post('/api/auth/send-email-confirmation', { email: 'Pending@Example.com' });
  assert.is(unknown.status, pending.status);
  assert.equal(unknown.body, { email: 'Ghost@Example.com', sent: true }, 'an unknown address is echoed as sent, as Strapi does');
  assert.equal(pending.body, { email: 'pending@example.com', sent: true }, "an account's stored, lower-cased address, as Strapi does");
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
