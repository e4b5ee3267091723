import { ApplicationError } from '../errors.js';
import type { Row, TableData } from './types.js';

export function emptyTableData<R extends Row>(): TableData<R> {
  return { nextId: 1, rows: [] };
}

/** Checks the `{ nextId, rows }` shape; `source` names the file (or table) in the error. */
export function assertTableData<R extends Row>(value: unknown, source: string): asserts value is TableData<R> {
  const data = value as Partial<TableData> | null;
  const ok =
    typeof data === 'object' &&
    data !== null &&
    Number.isSafeInteger(data.nextId) &&
    Array.isArray(data.rows) &&
    data.rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row));
  if (!ok) throw new ApplicationError(`${source}: expected a table { "nextId": <integer>, "rows": [<object>, …] }`, { file: source });
}

/**
 * Deep-freezes the in-memory table, so code that mutates `rows()` outside `update` fails loudly
 * instead of changing memory without ever reaching disk.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
