/** The server's log: one line per event on stderr, never a secret (callers pass messages, not objects). */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** `cause` is logged with its stack: the one place an unknown error's details go. */
  error(message: string, cause?: unknown): void;
}

export function createLogger(write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const line = (level: string, message: string) => write(`${new Date().toISOString()} ${level} ${message}\n`);
  return {
    info: (message) => line('info', message),
    warn: (message) => line('warn', message),
    error: (message, cause) => line('error', cause instanceof Error ? `${message}: ${cause.stack ?? cause.message}` : message),
  };
}

/** A logger that drops everything (tests that don't look at the log). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
