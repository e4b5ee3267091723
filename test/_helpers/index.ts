/**
 * Shared test helpers: temporary directories and projects, the real `folio` binary, HTTP clients,
 * local listeners, and the expect-error helpers. Nothing here loads the application (only the
 * error classes of `src/errors.ts`): the server harness (`apiServer`, `serve`, `testProject`) is in
 * `./server.ts` and the users fixture in `./users.ts`, so a spec that only runs the CLI binary
 * does not import the rest of `src/`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, cp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export { expectError, expectSuccess, type ErrorClass, type ExpectedError } from './errors.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const folioBin = join(repoRoot, 'bin', 'folio.js');

/** A fresh directory under the OS temp dir, named `<prefix>XXXXXX`. Remove it with `removeTempDir`. */
export function makeTempDir(prefix = 'folio-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export function removeTempDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** `makeTempDir` with its `cleanup()`. */
export async function tempDir(prefix = 'folio-test-'): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await makeTempDir(prefix);
  return { path, cleanup: () => removeTempDir(path) };
}

/** Runs `fn` with os.tmpdir() pointing at a folder of its own (a server in this process makes its temporary files there). */
export async function withOwnTmpdir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-test-tmp-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    await fn(dir);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes `files` (path relative to `dir` → text) under `dir`, creating folders as needed. */
export async function writeFiles(dir: string, files: Record<string, string> = {}): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
}

export interface FolioResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Environment for spawned commands: no variables from the developer's shell that change config. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['HOST', 'PORT', 'PUBLIC_URL', 'JWT_SECRET', 'API_TOKEN_SALT', 'FOLIO_DATA_DIR', 'FOLIO_DEBUG', 'DATABASE_URL', 'REDIS_URL']) delete env[key];
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

/** The variables of a project's `.env` (where `folio init` writes JWT_SECRET and API_TOKEN_SALT). */
export async function readEnvFile(dir: string): Promise<Record<string, string>> {
  return parseEnv(await readFile(join(dir, '.env'), 'utf8')) as Record<string, string>;
}

/** A copy of the repository's sample project (config and content types, empty data). */
export async function copySampleProject(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const tmp = await tempDir();
  const dir = join(tmp.path, 'sample');
  await cp(join(repoRoot, 'config'), join(dir, 'config'), { recursive: true });
  await cp(join(repoRoot, 'content-types'), join(dir, 'content-types'), { recursive: true });
  return { dir, cleanup: tmp.cleanup };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The `Authorization` header for a bearer token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
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
  return { status: response.status, headers: response.headers, body: parseJson(text) as T, text };
}

/**
 * One request with node:http, so any bytes can be sent (fetch refuses some URLs and re-encodes
 * others). Resolves with the status and the body as text, parsed when it is JSON.
 */
export function rawRequest<T = any>(url: string, method: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const outgoing: Record<string, string> = { ...headers };
    if (bytes) {
      outgoing['content-type'] ??= 'application/json';
      outgoing['content-length'] = String(bytes.length);
    }
    // The path is sent as given: `url` may hold bytes a URL parser would normalise.
    const path = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const req = httpRequest({ host: target.hostname, port: target.port, method, path, headers: outgoing }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: res.statusCode ?? 0, headers: responseHeaders, body: parseJson(text) as T, text });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Listens on 127.0.0.1 on a port the system picks, and answers that port. */
export async function listenLocal(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: bound once, then released. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenLocal(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
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
