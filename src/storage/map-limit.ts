/**
 * `Promise.all(items.map(fn))` with at most `limit` calls in flight, so listing 100k files neither
 * opens 100k descriptors at once (EMFILE) nor reads them one by one. Results keep the input order.
 */
export async function mapLimit<T, U>(items: readonly T[], limit: number, fn: (item: T) => Promise<U>): Promise<U[]> {
  const results = new Array<U>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true; // stop the other workers from starting more work
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
