/**
 * Every message a write payload can fail with. The wording follows Strapi 5, whose entity
 * validator speaks yup's messages, so clients matching on Strapi's text keep
 * working; `path` is yup's spelling, e.g. `sections[0].heading`.
 */
import { messages } from '../../messages.js';

/** A value as yup prints it inside a message: strings quoted, objects as indented JSON. */
export function printValue(value: unknown): string {
  const printed = printWhole(value);
  // An error must never be much larger than the request that caused it.
  return printed.length > MAX_PRINTED ? `${printed.slice(0, MAX_PRINTED)}…` : printed;
}

const MAX_PRINTED = 200;

function printWhole(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // Cycles and the like: still say something rather than fail while reporting a failure.
    return Object.prototype.toString.call(value);
  }
}

const list = (values: readonly unknown[]): string => values.map(String).join(', ');

export const validationMessages = {
  missingData: 'Missing "data" payload in the request body',
  invalidKey: messages.invalidKey,
  notLocalized: (field: string) => `${field} is not localized and cannot be set when creating a localization`,
  manyErrors: (count: number) => `${count} errors occurred`,

  // Any type
  type: (path: string, type: string, value: unknown) =>
    `${path} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`.`,
  /** yup's message for a string it could not cast: `views must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`"ten"\`).` */
  cast: (path: string, type: string, final: string, value: unknown) =>
    `${path} must be a \`${type}\` type, but the final value was: \`${final}\` (cast from the value \`${printValue(value)}\`).`,
  required: (path: string) => `${path} must be defined.`,
  oneOf: (path: string, values: readonly unknown[]) => `${path} must be one of the following values: ${list(values)}`,
  unique: 'This attribute must be unique',

  // Strings
  minLength: (path: string, min: number) => `${path} must be at least ${min} characters`,
  maxLength: (path: string, max: number) => `${path} must be at most ${max} characters`,
  matches: (path: string, regex: RegExp) => `${path} must match the following: "${regex}"`,
  email: (path: string) => `${path} must be a valid email`,
  emptyEmail: (path: string) => `${path} cannot be empty`,

  // Numbers
  integer: (path: string) => `${path} must be an integer`,
  safeInteger: (path: string) =>
    `${path} must be a safe integer (beyond 2^53, send a biginteger as a string of digits)`,
  min: (path: string, min: number | string) => `${path} must be greater than or equal to ${min}`,
  max: (path: string, max: number | string) => `${path} must be less than or equal to ${max}`,

  // Dates
  date: (path: string, value: unknown) => `${path} must be a valid date in the format YYYY-MM-DD, but the final value was: \`${printValue(value)}\`.`,
  time: (path: string, value: unknown) => `${path} must be a valid time in the format HH:mm:ss.SSS, but the final value was: \`${printValue(value)}\`.`,
  datetime: (path: string, value: unknown) =>
    `${path} must be a valid ISO 8601 date and time, such as 2024-01-31T09:30:00.000Z, but the final value was: \`${printValue(value)}\`.`,

  // JSON
  json: (path: string) => `${path} must be a JSON value (null, a boolean, a finite number, a string, an array or a plain object)`,

  // Repeatable components and dynamic zones
  minItems: (path: string, min: number) => `${path} field must have at least ${min} items`,
  maxItems: (path: string, max: number) => `${path} field must have less than or equal to ${max} items`,
  requiredField: (path: string) => `${path} is a required field`,

  // Relations
  relationValue: (path: string) =>
    `${path} must be an id, a documentId, an array of them, an object with id or documentId, or { connect, disconnect, set }`,
  relationRef: (path: string) => `${path} must be an id (a positive integer), a documentId (a non-empty string), { id } or { documentId }`,
  relationSetWithConnect: (path: string) => `${path} cannot combine set with connect or disconnect`,
  relationToOne: (path: string, relation: string) => `${path} accepts at most one target, as it is a ${relation} relation`,

  // Blocks (rich text)
  blockKey: (path: string, key: string, nodeType: string) => `${path}.${key} is not a known field of a ${nodeType} node`,
  blockChildren: (path: string) => `${path} must have at least one node`,
  blockLink: (path: string) => `${path} must be a valid link (an absolute URL or a path starting with /, not javascript:, vbscript: or data:)`,
} as const;
