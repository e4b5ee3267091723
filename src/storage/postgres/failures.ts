/**
 * Connection failures: whether an error means the database cannot be reached, why a connection
 * failed in words without a secret, the 503 a lost database becomes, and the loss of a connection
 * heard so that it does not end the process.
 */
import type pg from 'pg';
import { ServiceUnavailableError } from '../../errors.js';
import { shownDatabase, type PostgresSettings } from './settings.js';

/** Connection failures: the database is down or unreachable, not the caller's fault. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006',
]);

/**
 * Why a connection failed, for a message: the error's message and code, and no secret, even one an
 * error repeats (the password, or the connection string that holds it).
 * @example describeFailure(error, settings) // 'terminating connection due to administrator command, 57P01'
 */
export function describeFailure(error: unknown, settings: PostgresSettings): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const said = typeof message === 'string' ? message.trim() : '';
  const coded = typeof code === 'string' && !said.includes(code) ? code : '';
  let text = [said, coded].filter(Boolean).join(', ') || 'no answer';
  const { connectionString, password } = settings.connection;
  if (connectionString) text = text.split(connectionString).join(shownDatabase(settings));
  const secrets = [password];
  try {
    const inUrl = connectionString ? new URL(connectionString).password : '';
    secrets.push(inUrl);
    secrets.push(decodeURIComponent(inUrl));
  } catch {
    // not a URL, or an escape that does not decode: the whole string was hidden above
  }
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]');
  return text;
}

/** Whether an error means the database cannot be reached (rather than a query it refused). */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return typeof message === 'string'
    && /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(message);
}

/** A lost database becomes a 503 that names the cause; anything else is thrown as it is. */
export function unavailable(error: unknown, shown: string): unknown {
  if (!isUnreachable(error)) return error;
  return new ServiceUnavailableError(`The database cannot be reached (${shown}); the write was not made`, undefined, { cause: error });
}

/**
 * A connection of a pool hears of its loss here too. pg-pool listens only to the idle ones: one
 * the database ends while it is checked out (a transaction or a lock between two queries) would
 * otherwise emit an 'error' no one listens to, which ends the process. Its next query fails, as
 * unreachable, and its caller answers 503.
 */
export function ignoreLoss(client: pg.Client): void {
  client.on('error', () => undefined);
}
