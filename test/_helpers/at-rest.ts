/**
 * What a served project holds at rest, read from its store as a process starting now would read
 * it: the files of `data/`, or its PostgreSQL database under the harness's store switch
 * (`FOLIO_TEST_DATABASE`, see server.ts). Never the server's memory: a test that asks "is it
 * stored?" must not be answered by what the server merely holds.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import pg from 'pg';
import type { DocumentStatus, Row } from '../../src/storage/index.js';
import type { Project } from '../../src/project/index.js';

interface Served {
  dir: string;
  project: Project;
}

/**
 * One stored version of a document (null when there is none).
 * @example const draft = await storedVersion(api, 'article', documentId, 'draft', 'en');
 */
export async function storedVersion(api: Served, type: string, documentId: string, status: DocumentStatus, locale: string): Promise<any> {
  return api.project.documents.get({ type, documentId, status, locale });
}

/**
 * The stored versions of a document, as `status.locale`, sorted.
 * @example assert.equal(await storedVersionNames(api, 'article', documentId), ['draft.en', 'published.en']);
 */
export async function storedVersionNames(api: Served, type: string, documentId: string): Promise<string[]> {
  const { versions } = await api.project.documents.readDocument(type, documentId);
  return versions.map(({ key }) => `${key.status}.${key.locale}`).sort();
}

/** The project's DATABASE_URL when the store switch put its data in PostgreSQL. */
async function databaseOf(dir: string): Promise<string | undefined> {
  const env = parseEnv(await readFile(join(dir, '.env'), 'utf8').catch(() => ''));
  return env.DATABASE_URL;
}

/**
 * The stored rows of a table (users, sessions, tokens, …), and its text as stored.
 * @example const [user] = (await storedTable(api.dir, 'users')).rows;
 */
export async function storedTable(dir: string, name: string): Promise<{ rows: Row[]; text: string }> {
  const url = await databaseOf(dir);
  if (!url) {
    const text = await readFile(join(dir, 'data', `${name}.json`), 'utf8');
    return { rows: JSON.parse(text).rows, text };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ data: string }>('SELECT data::text AS data FROM folio_rows WHERE table_name = $1 ORDER BY id', [name]);
    return { rows: rows.map((row) => JSON.parse(row.data) as Row), text: rows.map((row) => row.data).join('\n') };
  } finally {
    await client.end();
  }
}
