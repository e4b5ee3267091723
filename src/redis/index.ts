/**
 * @module redis — the connection to Redis (`server.redis.url` or `REDIS_URL`), where several
 * processes keep what they must share beyond the database: rate-limit counters and provider
 * sign-ins in progress.
 */
import type { Redis } from 'ioredis';
import { ApplicationError, ServiceUnavailableError } from '../errors.js';

export type { Redis } from 'ioredis';

/**
 * The URL as messages may show it: never a password.
 * @example shownRedis('redis://:secret@cache.internal:6379/0') // 'redis://cache.internal:6379/0'
 */
export function shownRedis(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'the Redis of server.redis.url';
  }
}

/**
 * Connects, checking at once that Redis answers: a server that cannot reach it does not start,
 * and says so in one line. While running, a lost connection is retried in the background, and
 * each command meanwhile fails at once (see {@link redisUnavailable}) rather than waiting.
 * @example const redis = await connectRedis(config.server.redis.url);
 */
export async function connectRedis(url: string): Promise<Redis> {
  // Loaded here, by the projects that use Redis: it adds about 40 ms to every other start.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Each failed command says it, and the connection is retried; the last cause names a failed start.
  let cause: Error | undefined;
  redis.on('error', (error: Error) => (cause = error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new ApplicationError(`cannot connect to Redis ${shownRedis(url)} (server.redis.url or REDIS_URL): ${(cause ?? (error as Error)).message}`);
  }
  return redis;
}

/**
 * The 503 of a request that needed Redis while it could not be reached.
 * @example catch (error) { throw redisUnavailable(error, url); }
 */
export function redisUnavailable(error: unknown, url: string): ServiceUnavailableError {
  return new ServiceUnavailableError(`Redis cannot be reached (${shownRedis(url)})`, undefined, { cause: error });
}
