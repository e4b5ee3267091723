/**
 * The security tests' server: `apiServer` from test/_helpers/api.ts, plus a log that keeps every
 * line (to look for secrets in it), a snapshot of `data/` (to prove bad input changed nothing)
 * and a raw HTTP client for bytes `fetch` will not send.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { dirname, join, relative } from 'node:path';
import { parse, stringify } from 'yaml';
import { createLogger } from '../../src/log.js';
import { openProject, type Project } from '../../src/project/index.js';
import { startServer } from '../../src/server/index.js';
import { loadSchemas } from '../../src/schema/index.js';
import { COLLECTION_TYPE_ACTIONS, SINGLE_TYPE_ACTIONS, contentAction } from '../../src/permissions/index.js';
import { copySampleProject, request, type JsonResponse } from '../_helpers/index.js';
import type { ApiServerOptions } from '../_helpers/api.js';

export interface SecurityServer {
  url: string;
  dir: string;
  project: Project;
  /** Every line the server logged so far. */
  log: string[];
  get<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  post<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  put<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  del<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  /** Any method, any body (a Buffer is sent as its bytes). */
  send<T = any>(method: string, path: string, body?: string | Buffer, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  close(): Promise<void>;
}

export const USER_ACTIONS = ['find', 'findOne', 'count', 'create', 'update', 'destroy', 'me'].map((a) => `plugin::users-permissions.user.${a}`);
export const ROLE_ACTIONS = ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'].map((a) => `plugin::users-permissions.role.${a}`);
export const PERMISSIONS_ACTION = 'plugin::users-permissions.permissions.getPermissions';

/** The sample project on port 0 (see apiServer), with a recording log. */
export async function securityServer(options: ApiServerOptions = {}): Promise<SecurityServer> {
  const sample = await copySampleProject();
  try {
    for (const [file, text] of Object.entries(options.files ?? {})) {
      await mkdir(dirname(join(sample.dir, file)), { recursive: true });
      await writeFile(join(sample.dir, file), text);
    }
    const upFile = join(sample.dir, 'config/users-permissions.yaml');
    const up = parse(await readFile(upFile, 'utf8')) ?? {};
    let actions = options.publicActions;
    if (!actions) {
      const { contentTypes } = await loadSchemas(sample.dir);
      actions = contentTypes.flatMap((type) =>
        (type.kind === 'singleType' ? SINGLE_TYPE_ACTIONS : COLLECTION_TYPE_ACTIONS).map((action) => contentAction(type.singularName, action)),
      );
    }
    up.bootstrapPermissions = { public: actions, authenticated: options.authenticatedActions ?? [] };
    await writeFile(upFile, stringify(up));
    for (const [name, values] of Object.entries(options.config ?? {})) {
      const file = join(sample.dir, 'config', `${name}.yaml`);
      const current = parse(await readFile(file, 'utf8').catch(() => '')) ?? {};
      await writeFile(file, stringify({ ...current, ...values }));
    }
    const log: string[] = [];
    const project = await openProject(sample.dir, { overrides: { port: 0 }, log: createLogger((line) => log.push(line)) });
    const running = await startServer(project);
    const send = (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) =>
      rawRequest(`${running.url}${path}`, method, body, headers);
    const call = (method: string) => (path: string, body?: unknown, headers?: Record<string, string>) =>
      request(`${running.url}${path}`, { method, body, headers });
    return {
      url: running.url,
      dir: sample.dir,
      project,
      log,
      get: (path, headers) => request(`${running.url}${path}`, { headers }),
      post: call('POST'),
      put: call('PUT'),
      del: (path, headers) => request(`${running.url}${path}`, { method: 'DELETE', headers }),
      send,
      close: async () => {
        try {
          await running.stop();
        } finally {
          await sample.cleanup();
        }
      },
    };
  } catch (error) {
    await sample.cleanup();
    throw error;
  }
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
        let parsed: unknown;
        try {
          parsed = text === '' ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: res.statusCode ?? 0, headers: responseHeaders, body: parsed as T, text });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Files under data/ (relative path → contents), without the lock files and the generated JWT secret. */
export async function snapshotData(dir: string): Promise<Map<string, string>> {
  const root = join(dir, 'data');
  const out = new Map<string, string>();
  async function walk(folder: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = join(folder, entry.name);
      const name = relative(root, full);
      if (entry.isDirectory()) await walk(full);
      else if (!/\.lock$|(^|\/)\.jwt-secret$|\.tmp/.test(name)) out.set(name, await readFile(full, 'utf8'));
    }
  }
  await walk(root);
  return out;
}

/** The names of the files that differ between two snapshots (added, removed or changed). */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** Error envelope check: returns a problem description, or undefined when `response` is a 4xx in the envelope. */
export function envelopeProblem(response: JsonResponse): string | undefined {
  if (response.status < 400 || response.status >= 500) return `status ${response.status}: ${response.text.slice(0, 300)}`;
  const body = response.body as { data?: unknown; error?: Record<string, unknown> } | undefined;
  if (!body || typeof body !== 'object') return `status ${response.status} without a JSON body: ${JSON.stringify(response.text.slice(0, 200))}`;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'data,error' || body.data !== null) return `status ${response.status}, not the envelope: ${response.text.slice(0, 300)}`;
  const error = body.error;
  if (!error || typeof error !== 'object') return `status ${response.status}, error is not an object`;
  if (error.status !== response.status) return `error.status ${String(error.status)} ≠ HTTP ${response.status}`;
  if (typeof error.name !== 'string' || typeof error.message !== 'string') return `status ${response.status}, error without name/message: ${response.text.slice(0, 300)}`;
  if (typeof error.details !== 'object' || error.details === null) return `status ${response.status}, error.details is not an object`;
  return undefined;
}
