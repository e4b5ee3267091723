/**
 * At most `limit` tasks at once; the others wait their turn, first come first served.
 *
 * @example
 * const oneAtATime = createLimiter(1);
 * await oneAtATime(() => hash(password));
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((wake) => waiting.push(wake)); // the finishing task hands over its place
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
