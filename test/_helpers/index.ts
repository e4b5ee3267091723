/** Shared test helpers: temporary projects, the real `folio` binary, and an HTTP client. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const folioBin = join(repoRoot, 'bin', 'folio.js');

/** A fresh directory under the OS temp dir; `cleanup()` removes it. */
export async function tempDir(prefix = 'folio-test-'): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

export interface FolioResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Environment for spawned commands: no variables from the developer's shell that change config. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['HOST', 'PORT', 'PUBLIC_URL', 'JWT_SECRET', 'FOLIO_DATA_DIR', 'FOLIO_DEBUG']) delete env[key];
  return { ...env, ...extra };
}

/** Runs the real `folio` binary as a user would (stdin is not a TTY, so it never prompts). */
export function folio(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<FolioResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [folioBin, ...args], { cwd: options.cwd ?? repoRoot, env: cleanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Creates a project with `folio init` in a temp dir. */
export async function initProject(args: string[] = []): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const tmp = await tempDir();
  const dir = join(tmp.path, 'site');
  const result = await folio(['init', dir, '--yes', ...args]);
  if (result.code !== 0) throw new Error(`folio init failed: ${result.stderr}`);
  return { dir, cleanup: tmp.cleanup };
}

/** A copy of the repository's sample project (config and content types, empty data). */
export async function copySampleProject(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const tmp = await tempDir();
  const dir = join(tmp.path, 'sample');
  await cp(join(repoRoot, 'config'), join(dir, 'config'), { recursive: true });
  await cp(join(repoRoot, 'content-types'), join(dir, 'content-types'), { recursive: true });
  return { dir, cleanup: tmp.cleanup };
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `folio serve --port 0` as a child process and waits for the ready line. */
export function serve(dir: string, args: string[] = [], env: Record<string, string> = {}): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [folioBin, '--dir', dir, 'serve', '--port', '0', ...args], { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('exit', (code, signal) => done(code ?? (signal as unknown as number))));
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const match = /^foliocms listening on (http:\/\/\S+)$/.exec(line);
      if (!match) return reject(new Error(`unexpected first line: ${line}`));
      resolve({
        child,
        url: match[1]!,
        stderr: () => stderr,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    child.on('exit', (code) => reject(new Error(`folio serve exited with ${code} before it was ready: ${stderr}`)));
  });
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch + JSON parse; `body` may be an object (sent as JSON) or a raw string. */
export async function request<T = any>(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/**
 * Asks until `check` holds (20 times a second, 5 s at most): a running server follows other
 * processes' writes through a file watch, a moment after they land. Throws naming `what` if never.
 */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never seen: ${what}`);
}

export interface TreeEntry {
  /** Absolute path. */
  path: string;
  /** Path relative to the root walked. */
  name: string;
  directory: boolean;
}

/**
 * Every entry under `root`, depth first, folders included; a folder that is missing (or removed
 * while walking, by a server still writing) has none. `enter` says which folders to walk into.
 */
export async function entriesUnder(root: string, enter: (entry: TreeEntry) => boolean = () => true): Promise<TreeEntry[]> {
  const found: TreeEntry[] = [];
  const walk = async (folder: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const dirent of entries) {
      const path = join(folder, dirent.name);
      const entry = { path, name: relative(root, path), directory: dirent.isDirectory() };
      found.push(entry);
      if (entry.directory && enter(entry)) await walk(path);
    }
  };
  await walk(root);
  return found;
}
