// Shared by the storage specs: temp directories, fixture child processes, async assertions.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../../', import.meta.url));

export function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'folio-storage-'));
}

export function removeTempDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

export type Fixture = ChildProcessByStdio<null, Readable, Readable> & {
  /** Resolves with the first stdout line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Resolves with the exit code (or signal) once the process has closed its pipes. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  onLine(listener: (line: string) => void): void;
};

/** Runs `test/fixtures/storage/<script>.ts` in its own Node process. */
export function runFixture(script: string, args: string[]): Fixture {
  const child = spawn(process.execPath, ['--import', 'tsx', join('test/fixtures/storage', `${script}.ts`), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const listeners: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => listeners.forEach((listener) => listener(line)));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return Object.assign(child, {
    closed,
    onLine: (listener: (line: string) => void) => void listeners.push(listener),
    waitFor: (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        listeners.push((line) => pattern.test(line) && resolve(line));
        void closed.then(({ code, signal, stderr }) => reject(new Error(`${script} exited (${code ?? signal}) before ${pattern}: ${stderr}`)));
      }),
  });
}

/** The pid of a process that has already exited. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  assert.type(child.pid, 'number');
  return child.pid as number;
}

/**
 * Whether `promise` settles before the event loop's next turn (a `setImmediate`): "at once" without
 * any clock, so a promise still waiting on something answers false instead of timing the test out.
 */
export function settlesAtOnce(promise: Promise<unknown>): Promise<boolean> {
  const nextTurn = new Promise<false>((resolve) => setImmediate(() => resolve(false)));
  return Promise.race([promise.then(() => true, () => true), nextTurn]);
}

/** Asserts that `promise` rejects with an instance of `type`, and answers the error. */
export async function rejects<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, type);
    return error as E;
  }
  assert.unreachable(`expected a rejection with ${type.name}`);
  throw new Error('unreachable');
}
