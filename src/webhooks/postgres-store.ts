/**
 * PostgreSQL's deliveries: rows of `folio_deliveries` (schema version 3) that every process shares.
 * A process claims due ones with `FOR UPDATE SKIP LOCKED`, so each delivery is sent by one process,
 * and recording, claiming and settling each touch only their own rows, however many wait.
 */
import type { PostgresDatabase } from '../storage/index.js';
import { deliveryKey, KEPT_DELIVERIES, type DeliveryStore } from './store.js';
import type { DeliveryRow } from './types.js';

interface SqlDelivery {
  key: string;
  webhook: number;
  event: DeliveryRow['event'];
  subject: string;
  body: string;
  status: DeliveryRow['status'];
  attempts: number;
  next_attempt_at: string;
  claimed_until: string;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

const COLUMNS = 'key, webhook, event, subject, body, status, attempts, next_attempt_at, claimed_until, last_status, last_error, created_at, finished_at';

const toRow = (row: SqlDelivery): DeliveryRow => ({
  id: 0,
  documentId: row.key,
  webhook: row.webhook,
  event: row.event,
  subject: row.subject,
  body: row.body,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: Number(row.next_attempt_at),
  claimedUntil: Number(row.claimed_until),
  lastStatus: row.last_status,
  lastError: row.last_error,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/** The columns of `rows` as arrays, for one INSERT … SELECT FROM unnest(…). */
function columnsOf(rows: readonly DeliveryRow[]): unknown[] {
  return [
    rows.map((row) => row.documentId),
    rows.map((row) => row.webhook),
    rows.map((row) => row.event),
    rows.map((row) => row.subject),
    rows.map((row) => row.body),
    rows.map((row) => row.status),
    rows.map((row) => row.attempts),
    rows.map((row) => row.nextAttemptAt),
    rows.map((row) => row.claimedUntil),
    rows.map((row) => row.lastStatus),
    rows.map((row) => row.lastError),
    rows.map((row) => row.createdAt),
    rows.map((row) => row.finishedAt),
  ];
}

/**
 * @example const store = postgresDeliveries(db);
 */
export function postgresDeliveries(db: PostgresDatabase): DeliveryStore {
  async function insert(rows: readonly DeliveryRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO folio_deliveries (${COLUMNS})
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], $10::int[], $11::text[], $12::text[], $13::text[])
       ON CONFLICT (key) DO NOTHING`,
      columnsOf(rows),
    );
  }

  return {
    async add(rows) {
      const at = Date.now();
      await insert(rows.map((row) => ({ ...row, id: 0, documentId: deliveryKey(at) })));
    },

    refresh: async () => {}, // every claim asks the table

    async claim(limit, at, until) {
      // Due, not claimed, and the oldest waiting one of its webhook and document: a later one waits
      // for it, also while another process holds it (it is still pending then).
      const { rows } = await db.query<SqlDelivery>(
        `WITH ready AS (
           SELECT d.key FROM folio_deliveries d
           WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND d.claimed_until <= $1
             AND NOT EXISTS (SELECT 1 FROM folio_deliveries e WHERE e.status = 'pending' AND e.webhook = d.webhook AND e.subject = d.subject AND e.key < d.key)
           ORDER BY d.key
           LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE folio_deliveries SET claimed_until = $3 FROM ready WHERE folio_deliveries.key = ready.key
         RETURNING ${COLUMNS.split(', ').map((column) => `folio_deliveries.${column}`).join(', ')}`,
        [at, limit, until],
      );
      return rows.map(toRow).sort((a, b) => (a.documentId < b.documentId ? -1 : 1));
    },

    async settle(outcomes) {
      if (outcomes.length === 0) return;
      await db.transaction(async (client) => {
        await client.query(
          `UPDATE folio_deliveries d SET
             attempts = o.attempts, last_status = o.last_status, last_error = o.last_error, status = o.status,
             next_attempt_at = o.next_attempt_at, finished_at = o.finished_at, claimed_until = 0,
             body = CASE WHEN o.status = 'pending' THEN d.body ELSE '' END
           FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::bigint[], $7::text[])
             AS o (key, attempts, last_status, last_error, status, next_attempt_at, finished_at)
           WHERE d.key = o.key`,
          [
            outcomes.map((outcome) => outcome.documentId),
            outcomes.map((outcome) => outcome.change.attempts),
            outcomes.map((outcome) => outcome.change.lastStatus),
            outcomes.map((outcome) => outcome.change.lastError),
            outcomes.map((outcome) => outcome.change.status),
            outcomes.map((outcome) => outcome.change.nextAttemptAt),
            outcomes.map((outcome) => outcome.change.finishedAt),
          ],
        );
        // The last KEPT_DELIVERIES finished ones of each webhook stay, for `folio webhook deliveries`.
        await client.query(
          `DELETE FROM folio_deliveries WHERE key IN (
             SELECT key FROM (
               SELECT key, row_number() OVER (PARTITION BY webhook ORDER BY key DESC) AS newer
               FROM folio_deliveries WHERE status <> 'pending' AND webhook IN (SELECT webhook FROM folio_deliveries WHERE key = ANY($1::text[]))
             ) finished WHERE newer > $2)`,
          [outcomes.map((outcome) => outcome.documentId), KEPT_DELIVERIES],
        );
      });
    },

    async of(webhook) {
      const { rows } = await db.query<SqlDelivery>(
        `(SELECT ${COLUMNS} FROM folio_deliveries WHERE webhook = $1 AND status = 'pending')
         UNION ALL
         (SELECT ${COLUMNS} FROM folio_deliveries WHERE webhook = $1 AND status <> 'pending' ORDER BY key DESC LIMIT $2)`,
        [webhook, KEPT_DELIVERIES],
      );
      return rows.map(toRow).sort((a, b) => (a.documentId < b.documentId ? 1 : -1));
    },

    async removeWebhook(webhook) {
      await db.query('DELETE FROM folio_deliveries WHERE webhook = $1', [webhook]);
    },

    async all() {
      const { rows } = await db.query<SqlDelivery>(`SELECT ${COLUMNS} FROM folio_deliveries ORDER BY key`);
      return rows.map(toRow);
    },

    restore: (rows) => insert(rows.map((row) => ({ ...row, claimedUntil: 0 }))),
  };
}
