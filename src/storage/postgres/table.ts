/**
 * A table (users, roles, permissions, sessions, tokens) kept in PostgreSQL and served from memory,
 * like the file tables: `update` locks the table's row, catches up with what other processes wrote,
 * applies the change to a copy, writes the rows that changed, and swaps memory once committed.
 */
import { stableStringify } from '../stable-json.js';
import { assertSafeName } from '../names.js';
import { assertTableData, deepFreeze, emptyTableData } from '../table-data.js';
import type { Row, Table, TableData } from '../types.js';
import type pg from 'pg';
import type { PostgresDatabase } from './database.js';

/** A PostgreSQL table, with what the project needs to keep it current. */
export interface PostgresTable<R extends Row = Row> extends Table<R> {
  /** Reads the table again when another process has written a version newer than the one served. */
  catchUp(version?: string): Promise<boolean>;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

async function readRows<R extends Row>(client: Queryable, name: string): Promise<R[]> {
  const { rows } = await client.query<{ data: R }>('SELECT data FROM folio_rows WHERE table_name = $1 ORDER BY id', [name]);
  return rows.map((row) => row.data);
}

/**
 * Opens the table `name`, creating it empty when the database has none.
 * @example const users = await openPostgresTable<UserRow>(db, 'users');
 */
export async function openPostgresTable<R extends Row>(db: PostgresDatabase, name: string): Promise<PostgresTable<R>> {
  assertSafeName(name, 'table name');
  await db.query('INSERT INTO folio_tables (name, next_id, version) VALUES ($1, 1, 0) ON CONFLICT (name) DO NOTHING', [name]);
  let data: TableData<R> = deepFreeze(emptyTableData<R>());
  let version = '';
  /** Updates and catch-ups of this process, one at a time, so memory moves forward only. */
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  async function load(client: Queryable): Promise<void> {
    const head = await client.query<{ next_id: number; version: string }>('SELECT next_id, version FROM folio_tables WHERE name = $1', [name]);
    const rows = await readRows<R>(client, name);
    data = deepFreeze({ nextId: head.rows[0]!.next_id, rows });
    version = head.rows[0]!.version;
  }
  await db.transaction((client) => load(client));

  async function applyChange<T>(change: (draft: TableData<R>) => T): Promise<T> {
    const outcome = await db.transaction(async (client, notify) => {
      const head = await client.query<{ version: string }>('SELECT version FROM folio_tables WHERE name = $1 FOR UPDATE', [name]);
      if (head.rows[0]!.version !== version) await load(client);
      const draft = structuredClone(data) as TableData<R>;
      const result = await change(draft);
      assertTableData<R>(draft, `table ${name} (after update)`);
      const before = new Map(data.rows.map((row) => [row.id, stableStringify(row)]));
      const written = draft.rows.filter((row) => before.get(row.id) !== stableStringify(row));
      const kept = new Set(draft.rows.map((row) => row.id));
      const removed = [...before.keys()].filter((id) => !kept.has(id));
      if (removed.length > 0) await client.query('DELETE FROM folio_rows WHERE table_name = $1 AND id = ANY($2::int[])', [name, removed]);
      if (written.length > 0) {
        await client.query(
          `INSERT INTO folio_rows (table_name, id, data) SELECT $1, id, data::json FROM unnest($2::int[], $3::text[]) AS given (id, data)
           ON CONFLICT (table_name, id) DO UPDATE SET data = EXCLUDED.data`,
          [name, written.map((row) => row.id), written.map((row) => JSON.stringify(row))],
        );
      }
      const next = await client.query<{ version: string }>('UPDATE folio_tables SET next_id = $2, version = version + 1 WHERE name = $1 RETURNING version', [name, draft.nextId]);
      notify({ kind: 'table', name, version: next.rows[0]!.version });
      return { result, draft, version: next.rows[0]!.version };
    });
    // Swapped only once committed: other requests never see rows that are not durable yet.
    data = deepFreeze(outcome.draft);
    version = outcome.version;
    return outcome.result;
  }

  return {
    name,
    rows: () => data.rows,
    nextId: () => data.nextId,
    update: (change) => inTurn(() => applyChange(change)),
    // Other processes' writes arrive as notifications (catchUp), not through a file to stat.
    refresh: () => false,
    catchUp: (seen) =>
      inTurn(async () => {
        if (seen !== undefined && BigInt(seen) <= BigInt(version || '0')) return false;
        const before = version;
        await db.transaction((client) => load(client));
        return version !== before;
      }),
  };
}
