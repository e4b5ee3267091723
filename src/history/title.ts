/**
 * What a person calls a document in a commit's subject: the value of its first text attribute
 * (`string`), as the editors' page titles an entry and `folio diff` names it.
 */
import type { ContentType } from '../schema/index.js';

/** The document's name (its first line, at most 60 characters), or undefined when it has none. */
export function documentTitle(type: Pick<ContentType, 'attributes'>, row: Record<string, unknown>): string | undefined {
  const name = Object.entries(type.attributes).find(([, attribute]) => attribute.type === 'string' && !attribute.private)?.[0];
  const value = name === undefined ? undefined : row[name];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const line = value.trim().split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
