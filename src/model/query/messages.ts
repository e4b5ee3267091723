/**
 * Messages of the query parsers. The Strapi ones keep Strapi 5's wording exactly; the others
 * name the parameter and the bad value, because Strapi answers those with a 500.
 * They live here because this folder owns them; they may move to `src/messages.ts` unchanged.
 */
import { messages } from '../../messages.js';

/** Quotes a user value for a message, cut short so a huge value cannot bloat the response. */
export function show(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (value === undefined) text = 'undefined';
  else if (typeof value === 'bigint') text = `${value}`;
  else text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export const queryMessages = {
  invalidKey: messages.invalidKey,
  invalidOrder: 'Invalid order. order can only be one of asc|desc|ASC|DESC',
  mixedPagination: 'Cannot use both page & offset pagination in the same query',
  invalidWithCount: 'Invalid withCount parameter. Expected "t","1","true","false","0","f"',
  invalidStatus: (received: string) => `Invalid parameter at 'status'. Expected 'published' or 'draft', received: ${received}`,
  invalidLocale: "Invalid parameter at 'locale'. Expected a string",
  invalidLookup: "Invalid params: 'lookup'",
  invalidNestedPopulate: (attribute: string) => `Invalid nested populate for ${attribute}`,
  fragmentsNotPermitted: (attribute: string, uid: string) =>
    `Using fragments is not permitted to populate "${attribute}" in "${uid}"`,
  /** Users endpoints (Strapi's convert-query-params wording). */
  invalidStart: 'Invalid start parameter. Expected a positive integer',
  invalidLimit: 'Invalid limit parameter. Expected a positive integer',

  queryTooLong: (bytes: number) => `Query string is too long: the limit is ${bytes} bytes`,
  queryTooDeep: (depth: number) => `Query string is nested too deeply: the limit is ${depth} levels`,
  nestedTooDeep: (param: string, depth: number) => `Invalid ${param}: nested more than ${depth} levels deep`,
  invalidParameter: (param: string, expected: string, received: unknown) =>
    `Invalid parameter at '${param}'. Expected ${expected}, received: ${show(received)}`,
  invalidFilterValue: (path: string, expected: string, received: unknown) =>
    `Invalid filter value at '${path}': expected ${expected}, received ${show(received)}`,
  operatorNotSupported: (operator: string, path: string, type: string) =>
    `Operator ${operator} cannot be used on '${path}' (${type}); only $null and $notNull can`,
  invalidPopulateValue: (path: string, received: unknown) =>
    `Invalid populate value at '${path}': expected true, false, "*" or an object, received ${show(received)}`,
  invalidPaginationValue: (name: string, received: unknown) =>
    `Invalid pagination parameter '${name}': expected an integer, received ${show(received)}`,
  paginationBelowMinimum: (name: string, minimum: number, received: number) =>
    `Invalid pagination parameter '${name}': must be at least ${minimum}, received ${received}`,
} as const;
