/**
 * Shared by the reliability specs: a sample project opened to anonymous writers, a scan of data/
 * (every JSON file parsed, temporary files listed), a seeded random source, and an HTTP call that
 * never throws (a request cut off by a killed server is an outcome, not an error).
 */
import { readFile } from 'node:fs/promises';
import { entriesUnder, folio, request } from '../_helpers/index.js';
import { NO_RATE_LIMIT, testProject } from '../_helpers/server.js';

/** What the specs grant Public: read and write articles (registration is a Strapi default). */
export const ARTICLE_WRITERS = [
  'api::article.article.find',
  'api::article.article.findOne',
  'api::article.article.create',
  'api::article.article.update',
  'plugin::users-permissions.auth.register',
  'plugin::users-permissions.auth.callback',
];

/**
 * A copy of the sample project whose Public role holds `publicActions` from the first start
 * (`bootstrapPermissions.public`), with the auth rate limits off.
 */
export function reliabilityProject(publicActions: string[] = ARTICLE_WRITERS): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  return testProject({ publicActions, config: { 'users-permissions': NO_RATE_LIMIT } });
}

export interface DataScan {
  /** Every `*.json` file under data/, parsed, by path relative to data/ (`content/article/<id>/published.en.json`). */
  json: Map<string, unknown>;
  /** `*.json` files that did not parse, with the start of their text. */
  unparsable: string[];
  /**
   * Temporary files and folders (`*.tmp`; a new document is written into a temp folder renamed
   * into place), relative to data/. What is inside a temp folder is not data: it is not read.
   */
  temps: string[];
}

/** Reads every file under `dataDir`. Never throws on a bad file: it is listed instead. */
export async function scanData(dataDir: string): Promise<DataScan> {
  const scan: DataScan = { json: new Map(), unparsable: [], temps: [] };
  const isTemp = ({ name }: { name: string }) => name.endsWith('.tmp');
  for (const entry of await entriesUnder(dataDir, (folder) => !isTemp(folder))) {
    if (isTemp(entry)) scan.temps.push(entry.name);
    else if (!entry.directory && entry.name.endsWith('.json')) {
      let text: string;
      try {
        text = await readFile(entry.path, 'utf8');
      } catch (error) {
        // A file listed a moment ago may be gone (a temp renamed over it is not listed as .json).
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      try {
        scan.json.set(entry.name, JSON.parse(text));
      } catch {
        scan.unparsable.push(`${entry.name}: ${JSON.stringify(text.slice(0, 120))}`);
      }
    }
  }
  return scan;
}

/** A small seeded PRNG (mulberry32): the same seed drives the same choices and delays. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A positive integer from the environment, or `fallback`. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return value;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export type Outcome = { answered: true; status: number; body: any; text: string } | { answered: false; error: string };

/** One HTTP request; a connection that fails or is cut (the server was killed) is `answered: false`. */
export async function attempt(url: string, init: { method?: string; body?: unknown } = {}): Promise<Outcome> {
  try {
    const { status, body, text } = await request(url, init);
    return { answered: true, status, body, text };
  } catch (error) {
    return { answered: false, error: String((error as Error)?.cause ?? error) };
  }
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function eachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** `folio ... --json` that must succeed: its parsed stdout, or a thrown Error naming the command. */
export async function folioJson(args: string[]): Promise<any> {
  const result = await folio([...args, '--json']);
  if (result.code !== 0) throw new Error(`folio ${args.join(' ')} exited ${result.code}: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout);
}
