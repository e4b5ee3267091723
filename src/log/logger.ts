/** The logger: levels, the text and JSON formats, and which stream each line goes to. */
import { batchedLines, type BatchedLines } from './lines.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'text' | 'json';

/** `server.logger` in config/server.yaml. */
export interface LogSettings {
  /** The least level written; `silent` writes nothing. */
  level: LogLevel;
  format: LogFormat;
  /** One line per answered request (server errors are logged either way). */
  requests: boolean;
}

/** One answered request, as the request log middleware saw it. Nothing in it may hold a secret. */
export interface RequestEntry {
  method: string;
  /** The path and its query, secrets already redacted. */
  path: string;
  status: number;
  durationMs: number;
  /** Bytes of the answer's body: its Content-Length, or the bytes streamed when it had none (0 for HEAD). */
  bytes: number;
  /** The caller's address (the proxy's client when `server.proxy` is on). */
  ip: string;
  /** The client went away before the answer was sent. */
  aborted?: boolean;
  /** When it was answered, as `performance.now()` read it (the line's time). */
  endedAt?: number;
  /** A server error's cause, logged once with its request's line. */
  cause?: unknown;
  /** Logged at `debug` rather than `info` (health checks: a balancer polls every few seconds). */
  quiet?: boolean;
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  /** `cause` is logged with its stack: the one place an unknown error's details go. */
  error(message: string, cause?: unknown): void;
  /** One line for an answered request, on stdout. */
  request(entry: RequestEntry): void;
}

export interface LoggerOptions {
  /**
   * Where lines go: events on stderr, request lines on stdout (in batches). Tests pass a function
   * that keeps every line, and get each at once.
   */
  write?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Read at each line, so that a logger made before the config is read follows it. Default: info, text, requests on. */
  settings?: () => LogSettings;
}

const DEFAULT_SETTINGS: LogSettings = Object.freeze({ level: 'info', format: 'text', requests: true });
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/** The stack of an Error (its message if it has none), or nothing for anything else: never an object's fields. */
function describe(cause: unknown): string | undefined {
  return cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : undefined;
}

/**
 * The time of a line, made once a millisecond (a busy server writes dozens of lines in each), from
 * the monotonic clock the request's duration is read from already (`at`: a reading of it).
 */
let stampedAt = -1;
let stamp = '';
function timestamp(at = performance.now()): string {
  const now = Math.floor(performance.timeOrigin + at);
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
}

/** `12.3ms` from a duration, with integers only: a double's conversion to text costs more than the rest of the line. */
function millis(durationMs: number): string {
  const tenths = Math.round(durationMs * 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10}ms`;
}

/**
 * The process's stdout or stderr, unless its reader went away (a log shipper stopped, `folio serve
 * | head`): a server keeps serving without its log rather than die of EPIPE at its next line.
 * Losing stdout is said once on stderr.
 */
const watchedStreams = new Set<NodeJS.WriteStream>();
const closedStreams = new Set<NodeJS.WriteStream>();
function open(stream: NodeJS.WriteStream): NodeJS.WriteStream | undefined {
  if (closedStreams.has(stream)) return undefined;
  if (!watchedStreams.has(stream)) {
    watchedStreams.add(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (closedStreams.has(stream)) return;
      closedStreams.add(stream);
      if (stream === process.stdout) open(process.stderr)?.write(`${timestamp()} warn stdout is closed (${error.code ?? error.message}): request lines are no longer written\n`);
    });
  }
  return stream;
}

let stdoutLines: BatchedLines | undefined;
function defaultWrite(line: string, stream: 'stdout' | 'stderr'): void {
  if (stream === 'stderr') open(process.stderr)?.write(line);
  else (stdoutLines ??= batchedLines((bytes, done) => open(process.stdout)?.write(bytes, done))).write(line);
}

/**
 * @example const log = createLogger({ settings: () => config.server.logger }); log.warn('disk almost full');
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? defaultWrite;
  const settings = options.settings ?? (() => DEFAULT_SETTINGS);
  const enabled = (level: LogLevel) => RANK[level] >= RANK[settings().level];

  function event(level: LogLevel, message: string, cause?: unknown): void {
    if (!enabled(level)) return;
    const time = timestamp();
    const error = describe(cause);
    if (settings().format === 'json') write(`${JSON.stringify({ time, level, message, ...(error !== undefined && { error }) })}\n`, 'stderr');
    else write(`${time} ${level} ${message}${error === undefined ? '' : `: ${error}`}\n`, 'stderr');
  }

  function request(entry: RequestEntry): void {
    const level: LogLevel = entry.status >= 500 ? 'error' : entry.quiet ? 'debug' : 'info';
    const { requests, format } = settings();
    if (!enabled(level) || (!requests && level !== 'error')) return;
    const time = timestamp(entry.endedAt);
    const error = describe(entry.cause);
    if (format === 'json') {
      const { method, path, status, bytes, ip, aborted } = entry;
      const durationMs = Math.round(entry.durationMs * 10) / 10;
      const line = { time, level, method, path, status, durationMs, bytes, ip, ...(aborted && { aborted }), ...(error !== undefined && { error }) };
      write(`${JSON.stringify(line)}\n`, 'stdout');
      return;
    }
    const aborted = entry.aborted ? ' aborted' : '';
    write(`${time} ${level} ${entry.method} ${entry.path} ${entry.status} ${millis(entry.durationMs)} ${entry.bytes}B ${entry.ip}${aborted}${error === undefined ? '' : `: ${error}`}\n`, 'stdout');
  }

  return {
    debug: (message) => event('debug', message),
    info: (message) => event('info', message),
    warn: (message) => event('warn', message),
    error: (message, cause) => event('error', message, cause),
    request,
  };
}

/** A logger that drops everything (tests that don't look at the log). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, request() {} };
