/**
 * The schema foliocms keeps in PostgreSQL, as numbered migrations. Each runs once, in order, in
 * its own transaction, recorded in `folio_migrations`; a later release adds migrations, never edits
 * one that shipped. Several processes starting at once take turns (an advisory lock).
 */
import type { PostgresDatabase } from './database.js';
import { READING_SQL } from './reading-sql.js';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'documents and tables',
    sql: `
      -- Users, roles, permissions, sessions and tokens: a table's rows, and its next id and version.
      CREATE TABLE folio_tables (
        name text PRIMARY KEY,
        next_id integer NOT NULL,
        version bigint NOT NULL
      );
      CREATE TABLE folio_rows (
        table_name text NOT NULL REFERENCES folio_tables (name),
        id integer NOT NULL,
        data json NOT NULL,
        PRIMARY KEY (table_name, id)
      );
      -- One row per document, status and locale, as one file is in data/content/ (json keeps the
      -- keys in the order they were written, as the files do).
      CREATE TABLE folio_documents (
        type text NOT NULL,
        document_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('draft', 'published')),
        locale text NOT NULL,
        data json NOT NULL,
        PRIMARY KEY (type, document_id, status, locale)
      );`,
  },
  {
    version: 2,
    name: 'id sequences',
    sql: `
      -- The numeric ids of documents (one sequence per type) and of components, handed out to the
      -- processes in blocks so that two of them never give the same id.
      CREATE TABLE folio_sequences (
        name text PRIMARY KEY,
        next_id bigint NOT NULL
      );`,
  },
  {
    version: 3,
    name: 'webhook deliveries',
    sql: `
      -- One row per delivery of an event to a webhook: the waiting ones with their body, the last
      -- finished ones of each webhook without it. A process claims waiting ones with
      -- FOR UPDATE SKIP LOCKED, so each is sent by one process. Recording one costs the same
      -- however many wait (a receiver down for an hour while writes go on).
      CREATE TABLE folio_deliveries (
        key text PRIMARY KEY,
        webhook integer NOT NULL,
        event text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL,
        next_attempt_at bigint NOT NULL,
        claimed_until bigint NOT NULL,
        last_status integer,
        last_error text,
        created_at text NOT NULL,
        finished_at text
      );
      -- The waiting ones, by webhook and document, in the order they were recorded.
      CREATE INDEX folio_deliveries_waiting ON folio_deliveries (webhook, subject, key) WHERE status = 'pending';
      CREATE INDEX folio_deliveries_of_webhook ON folio_deliveries (webhook, key);
      -- Deliveries kept as a table's rows before this version: carried over.
      INSERT INTO folio_deliveries
        SELECT r.data->>'documentId', (r.data->>'webhook')::integer, r.data->>'event', r.data->>'subject', r.data->>'body',
               r.data->>'status', (r.data->>'attempts')::integer, (r.data->>'nextAttemptAt')::bigint, 0,
               (r.data->>'lastStatus')::integer, r.data->>'lastError', r.data->>'createdAt', r.data->>'finishedAt'
        FROM folio_rows r WHERE r.table_name = 'deliveries'
        ON CONFLICT (key) DO NOTHING;
      DELETE FROM folio_rows WHERE table_name = 'deliveries';`,
  },
  {
    version: 4,
    name: 'document history',
    sql: `
      -- One row per locale a write changed: who made it, what it did, the
      -- version as the write left it (as it was before, for a delete) and the hash of the content
      -- type's schema then. The version id is the bigserial.
      CREATE TABLE folio_history (
        version bigserial PRIMARY KEY,
        type text NOT NULL,
        document_id text NOT NULL,
        locale text,
        status text NOT NULL CHECK (status IN ('draft', 'published')),
        action text NOT NULL,
        author json NOT NULL,
        changed json NOT NULL,
        "row" json,
        schema_hash text NOT NULL,
        created_at text NOT NULL
      );
      CREATE INDEX folio_history_of_document ON folio_history (type, document_id, version DESC);
      -- Each content type's schema once, under the hash of its stable JSON.
      CREATE TABLE folio_history_schemas (
        hash text PRIMARY KEY,
        schema json NOT NULL
      );`,
  },
  {
    version: 5,
    name: 'reading documents in SQL',
    sql: READING_SQL,
  },
];

/** A number all foliocms processes agree on, for the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 0x666f6c69; // "foli"

/**
 * Creates the schema when missing and applies the migrations it lacks. Answers the versions it
 * applied (none when the database was up to date).
 * @example const applied = await migrate(db); // [1] in an empty database
 */
export async function migrate(db: PostgresDatabase): Promise<number[]> {
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${db.schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS folio_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM folio_migrations')).rows.map((row) => row.version));
    const newest = Math.max(0, ...done);
    const latest = MIGRATIONS.at(-1)!.version;
    if (newest > latest) {
      throw new Error(`the database ${db.shown} has schema version ${newest}, newer than this foliocms knows (${latest}): upgrade foliocms`);
    }
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO folio_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return applied;
  });
}
