/** A real SMTP server on 127.0.0.1 that keeps every message it receives, for email tests. */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for finding links. */
  text: string;
}

export interface MailCatcher {
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` received (now or later). */
  next(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function mailCatcher(): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: decodeQuotedPrintable(raw) };
        messages.push(mail);
        for (const waiter of waiting.splice(0)) {
          if (mail.to.includes(waiter.address.toLowerCase())) waiter.resolve(mail);
          else waiting.push(waiter);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    messages,
    next(address) {
      const index = messages.findIndex((mail) => mail.to.includes(address.toLowerCase()));
      if (index >= 0) return Promise.resolve(messages.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.push({ address, resolve: (mail) => {
        messages.splice(messages.indexOf(mail), 1);
        resolve(mail);
      } }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
