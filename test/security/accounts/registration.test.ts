/**
 * Attacks on accounts through registration (the issue's "Attacks on accounts" part): a body that
 * tries to choose its role, confirmation or ids, and usernames full of template syntax, markup or
 * line breaks that end up in the emails it triggers.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../../src/auth/index.js';
import { userMessages } from '../../../src/users/index.js';
import { NO_RATE_LIMIT, USER_ACTIONS, apiServer } from '../../_helpers/server.js';
import { addUserRow } from '../../_helpers/users.js';
import { codeIn, emailConfigFor, mailCatcher } from '../../_helpers/smtp.js';

/** The text/html part of a (quoted-printable decoded) message. */
function htmlPart(text: string): string {
  const part = text.split(/\r?\n--[^\r\n]+/).find((chunk) => /content-type:\s*text\/html/i.test(chunk));
  return part ? part.split(/\r?\n\r?\n/).slice(1).join('\n') : '';
}

const register = suite('registration cannot choose its privileges');

register('even when register.allowedFields lists them, role, confirmed, blocked, provider, token and id fields are the server\'s', async () => {
  const dangerous = ['role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken', 'id', 'documentId'];
  const local = await apiServer({
    config: { 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true }, register: { allowedFields: dangerous } } },
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

register('a username with a control character is refused, 400 naming it, at registration, creation and update', async () => {
  const local = await apiServer({ config: { 'users-permissions': NO_RATE_LIMIT }, authenticatedActions: USER_ACTIONS });
  try {
    const admin = { authorization: `Bearer ${issueToken(local.project.tokens, await addUserRow(local.project))}` };
    const usernames = ['eve\nSubject: x', 'eve\r', 'eve\u001b[31m', 'eve\u0000', 'eve\ttab', 'eve\u007f', 'eve\u009b', 'eve\u2028'];
    for (const [index, username] of usernames.entries()) {
      const body = { username, email: `control${index}@example.com`, password: 'correct-horse' };
      const refusals = [
        await local.post('/api/auth/local/register', body),
        await local.post('/api/users', body, admin),
        await local.put(`/api/users/${await addUserRow(local.project)}`, { username }, admin),
      ];
      for (const refused of refusals) {
        assert.is(refused.status, 400, `${JSON.stringify(username)}: ${JSON.stringify(refused.body.error)}`);
        assert.is(refused.body.data, null);
        assert.is(refused.body.error.name, 'ValidationError');
        assert.is(refused.body.error.message, userMessages.usernameControlCharacter);
        assert.equal(refused.body.error.details.errors.map((issue: { path: string[] }) => issue.path), [['username']]);
      }
      assert.is(local.project.users.findByIdOrEmail(body.email), undefined, 'nobody was created');
    }
    assert.ok(local.project.tables.users.rows().every((row) => !/[\u0000-\u001f]/.test(row.username)), 'no update went through');
    const spaced = await local.post('/api/auth/local/register', { username: 'eve ok', email: 'eve@example.com', password: 'correct-horse' });
    assert.is(spaced.status, 200, 'a space is fine');
  } finally {
    await local.close();
  }
});

register.run();

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
  const local = await apiServer({ config: { email: { ...emailConfigFor(catcher.port), templates: greeting }, 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true } } } });
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
  const local = await apiServer({ config: { email: { ...emailConfigFor(catcher.port), templates: greeting }, 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true } } } });
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
