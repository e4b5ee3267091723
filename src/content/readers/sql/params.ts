/**
 * The values a statement carries: every one of them goes as a `$n` placeholder, never into the
 * statement's text. Names of attributes do go into the text (as JSON keys), each one checked first.
 */

/** What PostgreSQL reads a placeholder as. */
export type SqlType = 'text' | 'json' | 'bigint';

/** The placeholders of one statement, in order, and their values. */
export interface SqlParams {
  /** The placeholder of `value`, cast to `type`: `$3::text`. */
  add(value: unknown, type: SqlType): string;
  /** The values, as the driver takes them. */
  readonly values: unknown[];
}

/**
 * A new list of placeholders; the same value given twice gets one placeholder.
 * @example const params = createParams(); `r.type = ${params.add('article', 'text')}` // r.type = $1::text
 */
export function createParams(): SqlParams {
  const values: unknown[] = [];
  const known = new Map<string, string>();
  return {
    values,
    add(value, type) {
      const key = `${type}:${typeof value}:${JSON.stringify(value)}`;
      let placeholder = known.get(key);
      if (placeholder === undefined) {
        values.push(value);
        placeholder = `$${values.length}::${type}`;
        known.set(key, placeholder);
      }
      return placeholder;
    },
  };
}

/** Attribute and system field names: what schema names may be (letters, digits and `_`). */
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A JSON key as a SQL string literal, for `data -> 'title'`: a literal (not a placeholder) so that
 * an index over `data -> 'id'` serves the statement; only a name of letters, digits and `_` passes.
 * @example jsonKey('title') // "'title'"
 */
export function jsonKey(name: string): string {
  if (!KEY.test(name)) throw new Error(`sql reader: ${JSON.stringify(name)} cannot be a key in a statement`);
  return `'${name}'`;
}
