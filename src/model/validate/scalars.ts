/**
 * Strings, enumerations, numbers and booleans. Each validator records its failures and returns the
 * normalized value, or undefined when the value failed.
 */
import type {
  BigIntegerAttribute,
  BooleanAttribute,
  EnumerationAttribute,
  NumberAttribute,
  StringAttribute,
  UidAttribute,
} from '../../schema/index.js';
import { checkUnique, where, type At, type Context } from './context.js';
import { validationMessages as m } from './messages.js';

/** Strapi's uid alphabet (URL-safe without escaping). */
const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;

/**
 * The WHATWG HTML `input type=email` rule, the one yup's `email()` follows: what browsers accept is
 * what the API accepts.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Whether `value` is an email address as the `email` type checks it (browsers' rule). */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function validateString(value: unknown, attribute: StringAttribute | UidAttribute, at: At, ctx: Context): string | undefined {
  const path = where(at);
  if (typeof value !== 'string') {
    ctx.issues.add(at.path, m.type(path, 'string', value), value);
    return undefined;
  }
  const before = ctx.issues.count;
  // Like Strapi, minLength waits for publication: a draft may be unfinished.
  if (attribute.minLength !== undefined && !ctx.draft && value.length < attribute.minLength) {
    ctx.issues.add(at.path, m.minLength(path, attribute.minLength), value);
  }
  if (attribute.maxLength !== undefined && value.length > attribute.maxLength) {
    ctx.issues.add(at.path, m.maxLength(path, attribute.maxLength), value);
  }
  // An empty optional string is "no value", so it need not match (yup's excludeEmptyString, as Strapi sets it).
  if (attribute.regex !== undefined && !(value === '' && !attribute.required)) {
    const regex = new RegExp(attribute.regex);
    if (!regex.test(value)) ctx.issues.add(at.path, m.matches(path, regex), value);
  }
  if (attribute.type === 'email') {
    if (value === '') ctx.issues.add(at.path, m.emptyEmail(path), value);
    else if (!EMAIL_PATTERN.test(value)) ctx.issues.add(at.path, m.email(path), value);
  }
  if (attribute.type === 'uid' && !UID_PATTERN.test(value)) ctx.issues.add(at.path, m.matches(path, UID_PATTERN), value);
  if (ctx.issues.count > before) return undefined;
  // A uid identifies a document in URLs, so it is unique whether or not the schema says so.
  if (attribute.type === 'uid' || attribute.unique) checkUnique(ctx, at, value);
  return value;
}

export function validateEnumeration(value: unknown, attribute: EnumerationAttribute, at: At, ctx: Context): string | undefined {
  const path = where(at);
  if (typeof value !== 'string') {
    ctx.issues.add(at.path, m.type(path, 'string', value), value);
    return undefined;
  }
  if (!attribute.enum.includes(value)) {
    ctx.issues.add(at.path, m.oneOf(path, attribute.enum), value);
    return undefined;
  }
  if (attribute.unique) checkUnique(ctx, at, value);
  return value;
}

/** A number written as text, as HTML forms and many clients send them: `"11"`, `" 2.5 "`, `"1e3"`. */
const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A number sent as a string, cast as Strapi's validator (yup, not strict) casts it: white space is
 * ignored and the rest must be a decimal number; undefined (with yup's `NaN` message) when not.
 */
function castNumber(value: string, at: At, ctx: Context): number | undefined {
  const text = value.replace(/\s/g, '');
  if (NUMERIC_TEXT.test(text)) return Number(text);
  ctx.issues.add(at.path, m.cast(where(at), 'number', 'NaN', value), value);
  return undefined;
}

export function validateNumber(given: unknown, attribute: NumberAttribute, at: At, ctx: Context): number | undefined {
  const path = where(at);
  const value = typeof given === 'string' ? castNumber(given, at, ctx) : given;
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    ctx.issues.add(at.path, m.type(path, 'number', value), value);
    return undefined;
  }
  const before = ctx.issues.count;
  if (attribute.type === 'integer') {
    if (!Number.isInteger(value)) ctx.issues.add(at.path, m.integer(path), value);
    // JSON numbers beyond 2^53 have already lost digits; storing them would store a different number.
    else if (!Number.isSafeInteger(value)) ctx.issues.add(at.path, m.safeInteger(path), value);
  }
  if (attribute.min !== undefined && value < attribute.min) ctx.issues.add(at.path, m.min(path, attribute.min), value);
  if (attribute.max !== undefined && value > attribute.max) ctx.issues.add(at.path, m.max(path, attribute.max), value);
  if (ctx.issues.count > before) return undefined;
  // -0 is stored and compared as 0.
  const normalized = value === 0 ? 0 : value;
  if (attribute.unique) checkUnique(ctx, at, normalized);
  return normalized;
}

/** Big integers travel as decimal strings (as Strapi returns them), so no digit is lost. */
export function validateBigInteger(value: unknown, attribute: BigIntegerAttribute, at: At, ctx: Context): string | undefined {
  const path = where(at);
  let parsed: bigint;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return fail(m.integer(path));
    if (!Number.isSafeInteger(value)) return fail(m.safeInteger(path));
    parsed = BigInt(value);
  } else if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value)) return fail(m.integer(path));
    parsed = BigInt(value);
  } else {
    return fail(m.type(path, 'string', value));
  }
  const before = ctx.issues.count;
  if (attribute.min !== undefined && parsed < BigInt(attribute.min)) ctx.issues.add(at.path, m.min(path, attribute.min), value);
  if (attribute.max !== undefined && parsed > BigInt(attribute.max)) ctx.issues.add(at.path, m.max(path, attribute.max), value);
  if (ctx.issues.count > before) return undefined;
  const normalized = parsed.toString();
  if (attribute.unique) checkUnique(ctx, at, normalized);
  return normalized;

  function fail(message: string): undefined {
    ctx.issues.add(at.path, message, value);
    return undefined;
  }
}

/**
 * Booleans take yup's casts too (Strapi's validator is not strict): `"true"` and `"1"` (any case)
 * and 1 mean true, `"false"`, `"0"` and 0 false, as HTML forms send checkboxes.
 */
export function validateBoolean(value: unknown, _attribute: BooleanAttribute, at: At, ctx: Context): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' || typeof value === 'number') {
    if (/^(true|1)$/i.test(String(value))) return true;
    if (/^(false|0)$/i.test(String(value))) return false;
  }
  ctx.issues.add(at.path, m.type(where(at), 'boolean', value), value);
  return undefined;
}
