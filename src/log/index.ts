/**
 * The server's log: events (a start, a warning, a failure) on stderr, one line per answered request
 * on stdout, as readable text or as JSON lines, filtered by level. Never a secret: callers pass
 * messages and fields, not objects.
 * @module
 */
export { createLogger, silentLogger, LOG_LEVELS } from './logger.js';
export type { Logger, LoggerOptions, LogFormat, LogLevel, LogSettings, RequestEntry } from './logger.js';
