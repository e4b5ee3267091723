/**
 * A real Redis for tests: Debian's `redis-server` (found on PATH, see scripts/programs.mjs) on a
 * free port, nothing saved to disk, stopped after. The test runner installs it when missing (as
 * root), or skips the files that start it; see docs/architecture.md, Development.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { findProgram } from '../../scripts/programs.mjs';
import { freePort } from './index.js';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * @example const redis = await startRedis(); … await redis.stop();
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(findProgram('redis-server'), ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', (error) => reject(new Error(`redis-server could not be started: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
