/**
 * What the security specs share: a provider to aim at, a snapshot of `data/` (to prove bad input
 * changed nothing) and the shape of Strapi's error envelope. Their server is `apiServer` from
 * test/_helpers/server.ts, whose `log` keeps every line and whose `send` sends any bytes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { entriesUnder, type JsonResponse } from '../_helpers/index.js';

/** An OAuth provider whose URLs lead nowhere: enough to test connect and its callback rules. */
export const ACME_PROVIDER = { enabled: true, clientId: 'cid', clientSecret: 'provider-secret', authorizeUrl: 'https://idp.example/authorize', tokenUrl: 'https://idp.example/token', profileUrl: 'https://idp.example/userinfo', callback: 'https://app.example/signed-in' };

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
