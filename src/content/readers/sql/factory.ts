/**
 * The reader a PostgreSQL store serves its documents with: lists, counts and versions asked of
 * the database (reader.ts), a page's related rows gathered from it in batched rounds
 * (../gather.ts, gathered.ts), and the state kept answers depend on as the store's own.
 */
import type { ReaderFactory } from '../../reader.js';
import { gather } from '../gather.js';
import { createMemoryReader } from '../memory.js';
import { sqlGatherFetch, type RunQuery } from './gathered.js';
import { createSqlReader } from './reader.js';

/**
 * @example const served = { documents, reader: sqlReader(async (text, values) => (await db.query(text, values)).rows) };
 */
export function sqlReader(query: RunQuery): ReaderFactory {
  const fetch = sqlGatherFetch(query);
  return (parts) => {
    // Every change of a version reaches the store (this process's writes, the others' notices):
    // its state is what answers kept from the database depend on.
    const { stateOf } = createMemoryReader(parts);
    return createSqlReader({
      query,
      schemas: parts.schemas,
      lookup: parts.lookup,
      defaultLocale: parts.defaultLocale,
      stateOf,
      shape: (status, work) => gather((source) => work(parts.contexts(status, source).present), fetch),
    });
  };
}
