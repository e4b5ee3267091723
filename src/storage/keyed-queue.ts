/**
 * Runs tasks one at a time per key, in the order they were queued; tasks of different keys run
 * in parallel. A failed task does not stop the ones queued after it.
 *
 * @example
 * const inOrder = createKeyedQueue();
 * await inOrder('article/abc', () => writeBothVersions());
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function queued<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
