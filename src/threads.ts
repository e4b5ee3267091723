/**
 * Worker threads started from a module's own folder, the same way whether the code runs compiled
 * (`dist/`) or from its TypeScript sources (the tests, under tsx).
 */
import { Worker } from 'node:worker_threads';

/**
 * The URL of a thread's module beside `base` (a module's `import.meta.url`), with the extension
 * that module has.
 * @example const THREAD_URL = threadUrl('./document-reader-thread', import.meta.url);
 */
export function threadUrl(name: string, base: string): URL {
  return new URL(`${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

/**
 * Starts the thread at `url`. From the TypeScript sources the thread must register tsx itself:
 * Node 20 does not pass tsx's hooks on to worker threads.
 * @example const worker = startThread(THREAD_URL, { dirs, first: 0 });
 */
export function startThread(url: URL, workerData: unknown): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`, { eval: true, workerData });
}
