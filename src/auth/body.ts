/**
 * Checking the small JSON bodies of the accounts endpoints the way Strapi's yup schemas do
 * (`strict`, every error collected): required strings, known keys only.
 */
import { ValidationError } from '../errors.js';
import { authMessages as m } from './messages.js';

type Issue = { path: string[]; message: string; name: 'ValidationError' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface BodyRules {
  /** Required string fields. */
  strings: readonly string[];
  /** Optional string fields. */
  optional?: readonly string[];
  /** Fields that must hold an email address. */
  emails?: readonly string[];
  /** Refuse keys not listed (yup `.noUnknown()`). */
  noUnknown?: boolean;
}

function fail(issues: Issue[]): never {
  throw new ValidationError(issues.length === 1 ? issues[0]!.message : m.manyErrors(issues.length), { errors: issues });
}

/**
 * The body as a record of strings, or a 400 naming every problem.
 * @example const { identifier, password } = checkBody(ctx.request.body, { strings: ['identifier', 'password'] });
 */
export function checkBody(body: unknown, rules: BodyRules): Record<string, string> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const issues: Issue[] = [];
  const known = new Set([...rules.strings, ...(rules.optional ?? [])]);
  if (rules.noUnknown) {
    const unknown = Object.keys(input).filter((key) => !known.has(key));
    if (unknown.length > 0) issues.push({ path: [], message: m.unknownKeys(unknown), name: 'ValidationError' });
  }
  const out: Record<string, string> = Object.create(null);
  for (const field of known) {
    const value = Object.hasOwn(input, field) ? input[field] : undefined;
    if (value === undefined || value === null || value === '') {
      if (rules.strings.includes(field)) issues.push({ path: [field], message: m.required(field), name: 'ValidationError' });
      continue;
    }
    if (typeof value !== 'string') {
      issues.push({ path: [field], message: m.notString(field, value), name: 'ValidationError' });
      continue;
    }
    if (rules.emails?.includes(field) && !EMAIL.test(value)) {
      issues.push({ path: [field], message: m.invalidEmail(field), name: 'ValidationError' });
      continue;
    }
    out[field] = value;
  }
  if (issues.length > 0) fail(issues);
  return out;
}

/** Strapi's bcrypt-era limit, kept: a password longer than 72 UTF-8 bytes is refused. */
export function checkPasswordLength(password: string, field = 'password'): void {
  if (Buffer.byteLength(password, 'utf8') > 72) fail([{ path: [field], message: m.passwordTooLong, name: 'ValidationError' }]);
}
