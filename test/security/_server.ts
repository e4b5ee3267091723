/**
 * The security tests' server: `apiServer` from test/_helpers/api.ts, plus a log that keeps every
 * line (to look for secrets in it), a snapshot of `data/` (to prove bad input changed nothing)
 * and a raw HTTP client for bytes `fetch` will not send.
 */
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createLogger } from '../../src/log.js';
import type { Project } from '../../src/project/index.js';
import { entriesUnder, type JsonResponse } from '../_helpers/index.js';
import { apiServer, type ApiServerOptions } from '../_helpers/api.js';

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

/** The sample project on port 0 (see apiServer), with a recording log and a raw client. */
export async function securityServer(options: ApiServerOptions = {}): Promise<SecurityServer> {
  const log: string[] = [];
  const api = await apiServer({ ...options, log: createLogger((line) => log.push(line)) });
  return {
    ...api,
    log,
    send: (method, path, body, headers = {}) => rawRequest(`${api.url}${path}`, method, body, headers),
  };
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
  const out = new Map<string, string>();
  for (const { path, name, directory } of await entriesUnder(join(dir, 'data'))) {
    if (!directory && !/\.lock$|(^|\/)\.jwt-secret$|\.tmp/.test(name)) out.set(name, await readFile(path, 'utf8'));
  }
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
