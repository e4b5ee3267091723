/**
 * How a stored value reads in SQL, kind by kind, as the memory reader's normalizers read it
 * (model/query/values.ts): through the functions of the PostgreSQL migration that made them
 * (`folio_number`, `folio_instant`, …), each NULL where the normalizer answers null. A filter's value
 * goes through the same function (as a json placeholder), so both sides are read alike.
 */
import type { ValueKind } from '../../../model/index.js';
import type { Attribute } from '../../../schema/index.js';

/** The function that reads a json value of each kind into its comparable. */
const READERS: Record<Exclude<ValueKind, 'json'>, string> = {
  string: 'folio_text',
  number: 'folio_number',
  biginteger: 'folio_bigint',
  boolean: 'folio_boolean',
  date: 'folio_date',
  datetime: 'folio_instant',
  time: 'folio_time',
};

/**
 * Whether a json value is missing or null: the memory reader's `isNil`.
 * @example isNil("r.data -> 'title'") // "coalesce(json_typeof(r.data -> 'title'), 'null') = 'null'"
 */
export function isNil(json: string): string {
  return `coalesce(json_typeof(${json}), 'null') = 'null'`;
}

/**
 * The comparable of a json value of `kind`, for equality: NULL where the normalizer gives null.
 * A json field only is or is not (its comparable is 1).
 * @example comparable('number', "r.data -> 'views'") // "folio_number(r.data -> 'views')"
 */
export function comparable(kind: ValueKind, json: string): string {
  if (kind === 'json') return `CASE WHEN ${isNil(json)} THEN NULL ELSE 1 END`;
  return `${READERS[kind]}(${json})`;
}

/**
 * The comparable of a json value of `kind`, for order: texts compared as JavaScript compares them
 * (UTF-16 code units: the bytes of `folio_text_key`, under COLLATE "C").
 * @example orderable('string', "r.data -> 'title'") // `folio_text_key(folio_text(r.data -> 'title')) COLLATE "C"`
 */
export function orderable(kind: ValueKind, json: string): string {
  switch (kind) {
    case 'string':
    case 'datetime':
      return `folio_text_key(${comparable(kind, json)}) COLLATE "C"`;
    case 'date':
    case 'time':
      // Their comparables are ASCII: byte order is code unit order.
      return `${comparable(kind, json)} COLLATE "C"`;
    default:
      return comparable(kind, json);
  }
}

/** The kinds compared as texts (string, and the canonical texts of dates, date-times and times). */
export function comparesAsText(kind: ValueKind): boolean {
  return kind === 'string' || kind === 'date' || kind === 'datetime' || kind === 'time';
}

/** The kind of each scalar attribute type (model/query/model.ts `valueKindOf`, which model/ keeps to itself). */
const KINDS: Partial<Record<Attribute['type'], ValueKind>> = {
  string: 'string',
  text: 'string',
  richtext: 'string',
  email: 'string',
  password: 'string',
  uid: 'string',
  enumeration: 'string',
  integer: 'number',
  decimal: 'number',
  float: 'number',
  biginteger: 'biginteger',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  json: 'json',
  blocks: 'json',
};

/**
 * How values of a scalar attribute compare; undefined for relations, components and dynamic zones.
 * @example kindOf({ type: 'integer' }) // 'number'
 */
export function kindOf(attribute: Attribute): ValueKind | undefined {
  return KINDS[attribute.type];
}
