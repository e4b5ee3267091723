/**
 * Sends an email through the transport the config names at the moment of sending: `outbox`
 * writes the RFC 822 message nodemailer renders to one `.eml` file, `smtp` hands it to a server
 * (`config/email.yaml`, docs/configuration.md).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { EmailConfig } from '../config/index.js';
import { ApplicationError } from '../errors.js';
import { silentLogger, type Logger } from '../log/index.js';
import type { FileStore } from '../storage/index.js';

export interface MailMessage {
  /** One bare address (`ada@example.com`); lists and display names are refused. */
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file written (outbox transport only). */
  file?: string;
}

export interface Mailer {
  /** Resolves once the message is durable in the outbox or accepted by the SMTP server. */
  send(message: MailMessage): Promise<SentMail>;
}

export interface MailerOptions {
  /** Read at every send, so a config change (or a test's SMTP port) applies to the next email. */
  config: () => EmailConfig;
  /** `data/outbox/` of the project. */
  outboxDir: string;
  /** Writes the outbox files: the project's store, so its `flush()` waits for them. */
  files: FileStore;
  log?: Logger;
}

/**
 * A failed send. Its message is safe to show and never holds the SMTP host, user or password;
 * the transport's own error is its `cause`, and the mailer logs it. The name stays Strapi's
 * `ApplicationError` (Strapi has no email-specific class); callers can still test `instanceof`.
 */
export class EmailError extends ApplicationError {
  constructor(message = 'Error sending email', options?: { cause?: unknown }) {
    super(message, {}, options);
  }
}

/** Outbox files are mode 0o600: they hold reset codes and confirmation tokens. */
const OUTBOX_FILE_MODE = 0o600;
/** Nodemailer waits 2 minutes for a connection by default; an auth request should not hang that long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };
/** One address, no display name, no list separators: a stored email can never add a recipient. */
const BARE_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

/**
 * nodemailer, loaded at the first email: importing it took ~100 ms of every `folio serve` startup,
 * and many servers never send one.
 */
function nodemailer(): Promise<typeof import('nodemailer')> {
  return import('nodemailer');
}

/**
 * Creates the mailer. No connection is opened until the first SMTP send.
 *
 * @example
 * const mailer = createMailer({ config: () => project.config.email, outboxDir: 'data/outbox', files, log });
 * const { file } = await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' });
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? silentLogger;
  let renderer: Transporter | undefined;
  let smtp: { key: string; transporter: Transporter } | undefined;

  async function smtpTransporter(config: EmailConfig['smtp']): Promise<Transporter> {
    // Loaded before looking at `smtp`, so two first sends cannot both replace it.
    const { createTransport } = await nodemailer();
    const key = JSON.stringify(config);
    if (smtp?.key !== key) {
      smtp?.transporter.close();
      const { host, port, secure, auth } = config;
      smtp = {
        key,
        transporter: createTransport({ host, port, secure, ...(auth ? { auth } : {}), ...SMTP_TIMEOUTS, disableFileAccess: true, disableUrlAccess: true }),
      };
    }
    return smtp.transporter;
  }

  async function toOutbox(mail: Parameters<Transporter['sendMail']>[0]): Promise<SentMail> {
    // Message rendering only: buffer the RFC 822 bytes instead of sending them anywhere. `windows`
    // turns the bare LFs a text body keeps into CRLF, as RFC 5322 (and SMTP) has them.
    const { createTransport } = await nodemailer();
    renderer ??= createTransport({ streamTransport: true, buffer: true, newline: 'windows', disableFileAccess: true, disableUrlAccess: true });
    const info = await renderer.sendMail(mail);
    // `buffer: true` makes `message` a Buffer.
    const message = info.message as Buffer;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await options.files.writeFileAtomic(file, message, { mode: OUTBOX_FILE_MODE });
    log.info(`email written to ${file}`);
    return { messageId: info.messageId, file };
  }

  async function toSmtp(config: EmailConfig['smtp'], mail: Parameters<Transporter['sendMail']>[0]): Promise<SentMail> {
    const info = (await (await smtpTransporter(config)).sendMail(mail)) as { messageId: string };
    log.info(`email sent over SMTP to ${config.host}:${config.port}`);
    return { messageId: info.messageId };
  }

  return {
    async send(message) {
      if (!BARE_ADDRESS.test(message.to)) throw new EmailError('Invalid recipient address');
      const config = options.config();
      const mail = {
        from: config.from,
        to: message.to,
        // A subject is one header line; renderTemplate already folds breaks, this covers direct callers.
        subject: message.subject.replace(/[\r\n\u2028\u2029]+/g, ' '),
        text: message.text,
        html: message.html,
      };
      try {
        switch (config.transport) {
          case 'outbox':
            return await toOutbox(mail);
          case 'smtp':
            return await toSmtp(config.smtp, mail);
          default:
            return config.transport satisfies never;
        }
      } catch (error) {
        // The cause may name the host or carry the server's reply: the log may see it, a client may not.
        log.error(`Error sending email (transport ${config.transport})`, error);
        throw new EmailError(undefined, { cause: error });
      }
    },
  };
}
