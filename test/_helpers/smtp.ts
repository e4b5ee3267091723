/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, for email tests, and can
 * hold messages: while `hold` is on, a message's DATA is
 * received but not acknowledged, so the server that sends it waits. This tells, without measuring
 * time, whether an HTTP answer waits for an email. No STARTTLS: it would offer a self-signed
 * certificate.
 */
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { listenLocal } from './index.js';

export interface ReceivedMail {
  to: string[];
  from: string;
  raw: string;
  /** Quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface MailCatcher {
  port: number;
  /** Messages acknowledged so far. */
  messages: ReceivedMail[];
  /** Messages whose DATA arrived while held (not acknowledged yet). */
  held(): number;
  /** Hold every message from now on. */
  hold(): void;
  /** Acknowledge the held messages and stop holding. */
  release(): void;
  /** Resolves when a message whose DATA arrived (held or not) is addressed to `address`. */
  arrived(address: string): Promise<void>;
  /** Resolves with the first acknowledged message to `address` (now or later), removing it. */
  next(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * It offers no AUTH unless `options` say so: they go to smtp-server over the defaults (e.g.
 * `disabledCommands: ['STARTTLS']`, `authOptional: false` and `onAuth` to require a login).
 */
export async function mailCatcher(options: SMTPServerOptions = {}): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];
  const arrivals: Array<{ address: string; resolve: () => void }> = [];
  const arrivedTo: string[] = [];
  let holding = false;
  let heldCallbacks: Array<() => void> = [];

  const deliver = (mail: ReceivedMail) => {
    const waiter = waiting.find((w) => mail.to.includes(w.address));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(mail);
    } else messages.push(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          text: decodeQuotedPrintable(raw),
        };
        arrivedTo.push(...mail.to);
        for (const arrival of arrivals.splice(0)) {
          if (mail.to.includes(arrival.address)) arrival.resolve();
          else arrivals.push(arrival);
        }
        const acknowledge = () => {
          deliver(mail);
          callback();
        };
        if (holding) heldCallbacks.push(acknowledge);
        else acknowledge();
      });
    },
    ...options,
  });
  const port = await listenLocal(server.server);
  return {
    port,
    messages,
    held: () => heldCallbacks.length,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      const callbacks = heldCallbacks;
      heldCallbacks = [];
      for (const acknowledge of callbacks) acknowledge();
    },
    arrived(address) {
      const lower = address.toLowerCase();
      if (arrivedTo.includes(lower)) return Promise.resolve();
      return new Promise((resolve) => arrivals.push({ address: lower, resolve }));
    },
    next(address) {
      const lower = address.toLowerCase();
      const index = messages.findIndex((mail) => mail.to.includes(lower));
      if (index >= 0) return Promise.resolve(messages.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.push({ address: lower, resolve }));
    },
    close: () => {
      holding = false;
      for (const acknowledge of heldCallbacks.splice(0)) acknowledge();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `email` config that sends to a catcher on `port`; `smtp` adds to its `smtp` block (e.g. `auth`). */
export function emailConfigFor(port: number, smtp: Record<string, unknown> = {}) {
  return { transport: 'smtp', from: 'Site <no-reply@example.com>', smtp: { host: '127.0.0.1', port, secure: false, ...smtp } };
}

/** The hex value that follows `name=` in a mail's text: a reset `code`, a `confirmation` token. */
export function codeIn(text: string, name: string): string | undefined {
  return new RegExp(`${name}=([0-9a-f]+)`).exec(text)?.[1];
}

/** `promise`, or `undefined` after `ms` (for "did it answer while the mail was held"). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]).finally(() => clearTimeout(timer));
}
