import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SMTPServerOptions } from 'smtp-server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defaults, type EmailConfig } from '../../src/config/index.js';
import { createMailer, EmailError, renderTemplate, type MailMessage } from '../../src/email/index.js';
import { createFileStore } from '../../src/storage/index.js';
import { expectError, freePort, makeTempDir, removeTempDir } from '../_helpers/index.js';
import { mailCatcher, type MailCatcher } from '../_helpers/smtp.js';
import { findPart, parseMessage, recordingLogger } from './_helpers.js';

/** Writes the outbox files of every mailer here (a project passes its own store). */
const fileStore = createFileStore();

const CODE = 'f00d'.repeat(32); // 128 hex chars, like a reset code
const RESET_URL = 'https://site.example/reset-password';

function emailConfig(overrides: Partial<EmailConfig> = {}): EmailConfig {
  return { ...defaults.email, from: 'Folio <no-reply@folio.example>', ...overrides };
}

function resetEmail(to = 'ada@example.com'): MailMessage {
  return { to, ...renderTemplate(defaults.email.templates.resetPassword, { URL: RESET_URL, TOKEN: CODE, USER: { id: 1, username: 'ada', email: to } }) };
}

// ---------------------------------------------------------------------------------------------

const outbox = suite<{ dir: string }>('createMailer(options).send(message) with transport: outbox');
outbox.before.each(async (context) => {
  context.dir = await makeTempDir();
});
outbox.after.each(({ dir }) => removeTempDir(dir));

outbox('should write one .eml file under the outbox dir, creating the dir, and answer its path and Message-ID', async ({ dir }) => {
  const outboxDir = join(dir, 'data', 'outbox');
  const sent = await createMailer({ config: () => emailConfig(), outboxDir, files: fileStore }).send(resetEmail());
  const files = await readdir(outboxDir);
  assert.is(files.length, 1);
  assert.match(files[0]!, /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
  assert.is(sent.file, join(outboxDir, files[0]!));
  const message = parseMessage(await readFile(sent.file!, 'utf8'));
  assert.is(message.headers['message-id'], sent.messageId);
});

outbox('should write an RFC 822 message with From, To, Subject and the reset link in the text and html parts', async ({ dir }) => {
  const sent = await createMailer({ config: () => emailConfig(), outboxDir: dir, files: fileStore }).send(resetEmail());
  const raw = await readFile(sent.file!, 'utf8');
  assert.match(raw, /^[\x21-\x39\x3b-\x7e]+:/, 'starts with a header line');
  assert.not.match(raw, /[^\r]\n/, 'every line ends in CRLF');
  const message = parseMessage(raw);
  assert.is(message.headers.from, 'Folio <no-reply@folio.example>');
  assert.is(message.headers.to, 'ada@example.com');
  assert.is(message.headers.subject, 'Reset password');
  assert.ok(message.headers.date);
  assert.ok(findPart(message, 'text/plain')?.body.includes(`${RESET_URL}?code=${CODE}`), 'the text part carries the link');
  assert.ok(findPart(message, 'text/html')?.body.includes(`href="${RESET_URL}?code=${CODE}"`), 'the html part carries the link');
});

outbox('should write the file with mode 0o600', async ({ dir }) => {
  const sent = await createMailer({ config: () => emailConfig(), outboxDir: dir, files: fileStore }).send(resetEmail());
  assert.is((await stat(sent.file!)).mode & 0o777, 0o600);
});

outbox('when two emails are sent then each gets its own file', async ({ dir }) => {
  const mailer = createMailer({ config: () => emailConfig(), outboxDir: dir, files: fileStore });
  const [a, b] = await Promise.all([mailer.send(resetEmail('a@example.com')), mailer.send(resetEmail('b@example.com'))]);
  assert.is.not(a.file, b.file);
  assert.is((await readdir(dir)).length, 2);
});

outbox('when a subject holds a line break then no header is added', async ({ dir }) => {
  const sent = await createMailer({ config: () => emailConfig(), outboxDir: dir, files: fileStore }).send({ ...resetEmail(), subject: 'Hello\r\nBcc: victim@example.com' });
  const message = parseMessage(await readFile(sent.file!, 'utf8'));
  assert.is(message.headers.bcc, undefined);
  assert.is(message.headers.subject, 'Hello Bcc: victim@example.com');
});

outbox('when the recipient is a list or carries a display name then send rejects and writes nothing', async ({ dir }) => {
  const mailer = createMailer({ config: () => emailConfig(), outboxDir: dir, files: fileStore });
  for (const to of ['ada@example.com, eve@example.com', 'Eve <eve@example.com>', 'ada@example.com\r\nBcc: eve@example.com', 'not-an-address']) {
    const error = await expectError(mailer.send(resetEmail(to)), EmailError);
    assert.is(error.message, 'Invalid recipient address');
  }
  assert.equal(await readdir(dir), []);
});

outbox('when the outbox cannot be written then send rejects with EmailError, keeping the cause for the log', async ({ dir }) => {
  const blocked = join(dir, 'outbox');
  await writeFile(blocked, 'a file where the directory should be');
  const log = recordingLogger();
  const error = await expectError(createMailer({ config: () => emailConfig(), outboxDir: blocked, files: fileStore, log }).send(resetEmail()), EmailError);
  assert.is(error.message, 'Error sending email');
  assert.is(error.name, 'ApplicationError');
  assert.instance(error.cause, Error);
  assert.ok(log.lines.some((line) => line.startsWith('error Error sending email (transport outbox)')), log.lines.join('\n'));
});

outbox.run();

// ---------------------------------------------------------------------------------------------

interface SmtpContext {
  dir: string;
  catcher: MailCatcher;
}

function smtpConfig(port: number, auth: EmailConfig['smtp']['auth'] = null): EmailConfig {
  return emailConfig({ transport: 'smtp', smtp: { host: '127.0.0.1', port, secure: false, auth } });
}

/** The catcher's options for a server that requires a login and asks `onAuth` about it. */
function requiringLogin(onAuth: NonNullable<SMTPServerOptions['onAuth']>): SMTPServerOptions {
  return { disabledCommands: ['STARTTLS'], authOptional: false, allowInsecureAuth: true, onAuth };
}

const smtp = suite<SmtpContext>('createMailer(options).send(message) with transport: smtp');
smtp.before.each(async (context) => {
  context.dir = await makeTempDir();
  context.catcher = await mailCatcher();
});
smtp.after.each(async ({ dir, catcher }) => {
  await catcher.close();
  await removeTempDir(dir);
});

smtp('should hand the message to the SMTP server, with the envelope and the reset link', async ({ dir, catcher }) => {
  const sent = await createMailer({ config: () => smtpConfig(catcher.port), outboxDir: dir, files: fileStore }).send(resetEmail());
  assert.is(sent.file, undefined);
  assert.is(catcher.messages.length, 1);
  const [mail] = catcher.messages;
  assert.is(mail!.from, 'no-reply@folio.example');
  assert.equal(mail!.to, ['ada@example.com']);
  const message = parseMessage(mail!.raw);
  assert.is(message.headers['message-id'], sent.messageId);
  assert.is(message.headers.subject, 'Reset password');
  assert.ok(findPart(message, 'text/plain')?.body.includes(`${RESET_URL}?code=${CODE}`));
  assert.equal(await readdir(dir), [], 'nothing goes to the outbox');
});

smtp('should log in with the configured user and password', async ({ dir }) => {
  const logins: string[] = [];
  const catcher = await mailCatcher(
    requiringLogin((auth, _session, callback) => {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === 'folio' && auth.password === 's3cret-pass') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    }),
  );
  try {
    await createMailer({ config: () => smtpConfig(catcher.port, { user: 'folio', pass: 's3cret-pass' }), outboxDir: dir, files: fileStore }).send(resetEmail());
    assert.equal(logins, ['folio:s3cret-pass']);
    assert.is(catcher.messages.length, 1);
  } finally {
    await catcher.close();
  }
});

smtp('when the password is wrong then send rejects with EmailError whose message holds no credential', async ({ dir }) => {
  const catcher = await mailCatcher(requiringLogin((_auth, _session, callback) => callback(new Error('Invalid username or password'))));
  const log = recordingLogger();
  try {
    const error = await expectError(createMailer({ config: () => smtpConfig(catcher.port, { user: 'folio', pass: 'wrong-pass-123' }), outboxDir: dir, files: fileStore, log }).send(resetEmail()), EmailError);
    assert.is(error.message, 'Error sending email');
    assert.equal(error.details, {});
    assert.not.match(JSON.stringify({ message: error.message, details: error.details }), /wrong-pass-123|folio|127\.0\.0\.1/);
    assert.instance(error.cause, Error);
    assert.ok(log.lines.some((line) => line.startsWith('error Error sending email (transport smtp)')), log.lines.join('\n'));
    assert.is(catcher.messages.length, 0);
  } finally {
    await catcher.close();
  }
});

smtp('when nothing listens on the port then send rejects with EmailError, not a raw socket error', async ({ dir }) => {
  const port = await freePort();
  const error = await expectError(createMailer({ config: () => smtpConfig(port), outboxDir: dir, files: fileStore }).send(resetEmail()), EmailError);
  assert.is(error.message, 'Error sending email');
  assert.instance(error.cause, Error);
  assert.ok(/ECONNREFUSED|ESOCKET|ECONNECTION/.test(String((error.cause as { code?: string }).code)), String(error.cause));
});

smtp('should read the config at every send, so switching transports applies to the next email', async ({ dir, catcher }) => {
  let config = emailConfig();
  const mailer = createMailer({ config: () => config, outboxDir: dir, files: fileStore });
  await mailer.send(resetEmail('first@example.com'));
  config = smtpConfig(catcher.port);
  await mailer.send(resetEmail('second@example.com'));
  config = smtpConfig(await freePort());
  await expectError(mailer.send(resetEmail('third@example.com')), EmailError);
  assert.is((await readdir(dir)).length, 1);
  assert.equal(catcher.messages.map((mail) => mail.to), [['second@example.com']]);
});

smtp.run();
