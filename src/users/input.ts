/**
 * The body of POST and PUT /api/users (and `folio user create`), checked: which keys are written,
 * ignored or refused, the credentials' presence with Strapi's controller messages, and every value
 * by its attribute type through the content validator, so the built-in fields and the custom ones
 * of `content-types/users-permissions/user.yaml` fail the same way.
 */
import { Buffer } from 'node:buffer';
import { ValidationError } from '../errors.js';
import { hasControlCharacter } from '../control-characters.js';
import type { Model, ModelLookup } from '../model/index.js';
import { isEmail, isPrototypeKey, validateDocumentInput, validationMessages, type ValidatedInput, type ValidationIssue } from '../model/index.js';
import { BUILT_IN_USER_FIELDS, type Attribute } from '../schema/index.js';
import { userMessages as m } from './messages.js';
import { isPlainObject } from '../objects.js';

/** The User's own fields; anything else in the model comes from `user.yaml` (one list, in schema/). */
export { BUILT_IN_USER_FIELDS };

/** Required on create; their presence and null are checked here, so the messages are Strapi's controller ones. */
const CREDENTIALS = ['username', 'email', 'password'] as const;

/** Built-in fields a body may set. `provider` and the two tokens are the server's business. */
const WRITABLE_BUILT_IN = ['username', 'email', 'password', 'confirmed', 'blocked', 'role'] as const;

/**
 * The User's one-time tokens. Strapi stores whatever a body gives them; here they are only ever
 * server-made and kept as hashes, so a value chosen by a client cannot be honoured: it is refused,
 * not silently dropped.
 */
const TOKEN_KEYS = new Set(['resetPasswordToken', 'confirmationToken']);

/** bcrypt's limit, which Strapi 5 keeps for every password whatever the hash. */
const MAX_PASSWORD_BYTES = 72;

/**
 * The User model as a write sees it: the writable built-in fields, with presence and uniqueness
 * of the credentials left to this module and the service (they have their own messages), and the
 * custom attributes as declared.
 */
export function writableUserModel(userModel: Model): Model {
  const attributes: Record<string, Attribute> = {};
  for (const [name, attribute] of Object.entries(userModel.attributes)) {
    if (!BUILT_IN_USER_FIELDS.includes(name)) attributes[name] = attribute;
    else if ((CREDENTIALS as readonly string[]).includes(name)) attributes[name] = { ...attribute, required: false, unique: false } as Attribute;
    // `required` makes null a type error on update; on create the default (false) fills an absent one.
    else if (name === 'confirmed' || name === 'blocked') attributes[name] = { ...attribute, required: true } as Attribute;
    else if ((WRITABLE_BUILT_IN as readonly string[]).includes(name)) attributes[name] = attribute;
  }
  return { ...userModel, attributes };
}

export interface UserInputOptions {
  mode: 'create' | 'update';
  /** From {@link writableUserModel}. */
  model: Model;
  lookup: ModelLookup;
  /** Uniqueness of custom `unique` attributes among the other users. */
  isUnique: (attribute: string, value: unknown, path: string[]) => boolean;
  /** false: a create without `password` is an invitation's account, which has none yet. Default true. */
  passwordRequired?: boolean;
}

/**
 * Checks a user body and answers it normalized (only the keys given, plus defaults on create).
 * Keys the User does not have, and those a client reads but cannot change (`id`, `documentId`,
 * `provider`, the timestamps), are ignored and never stored, as Strapi's Document Service drops
 * them; so a user read and sent back is accepted. The tokens and prototype keys throw
 * `Invalid key <key>` at once. Value problems are collected into one ValidationError whose
 * `details.errors` lists them. A password never appears in the details.
 *
 * @example
 * validateUserInput({ username: 'ada', email: 'ada@example.com', password: 'secret1' }, { mode: 'create', model, lookup, isUnique });
 * // → { username: 'ada', email: 'ada@example.com', password: 'secret1', confirmed: false, blocked: false }
 */
export function validateUserInput(input: unknown, options: UserInputOptions): ValidatedInput {
  if (!isPlainObject(input)) throw new ValidationError(m.bodyNotObject);
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (isPrototypeKey(key) || TOKEN_KEYS.has(key)) throw new ValidationError(m.invalidKey(key), { key, path: key, source: 'body' });
    const value = input[key];
    // `provider` is a User field, but this route never writes it: an account made here is `local`.
    if (value === undefined || !Object.hasOwn(options.model.attributes, key)) continue;
    data[key] = value;
  }
  // PUT with a password key set to '' or null: Strapi's own check, before anything else (§1.12).
  if (options.mode === 'update' && Object.hasOwn(data, 'password') && !data.password) {
    throw new ValidationError(m.passwordNotNull, { errors: [{ path: ['password'], message: m.passwordNotNull, name: 'ValidationError' }] });
  }

  const issues: ValidationIssue[] = [];
  const required: readonly string[] = options.passwordRequired === false ? CREDENTIALS.filter((field) => field !== 'password') : CREDENTIALS;
  for (const field of CREDENTIALS) {
    if (!Object.hasOwn(data, field)) {
      if (options.mode === 'create' && required.includes(field)) issues.push({ path: [field], message: m.requiredField(field), name: 'ValidationError' });
    } else if (data[field] === null) {
      issues.push({ path: [field], message: validationMessages.type(field, 'string', null), name: 'ValidationError', value: null });
      delete data[field];
    }
  }
  // Strapi's controller checks the email's form first and alone (`email().required()`): a malformed
  // address is that one error, not also a length error from the User's `minLength`.
  if (typeof data.email === 'string' && data.email !== '' && !isEmail(data.email)) {
    issues.push({ path: ['email'], message: validationMessages.email('email'), name: 'ValidationError', value: data.email });
    delete data.email;
  }
  // A username is printed in emails, logs, terminals and git's commit lines, where a control
  // character ends a line or drives the screen. Strapi takes them (docs/api/differences-from-strapi.md).
  if (typeof data.username === 'string' && hasControlCharacter(data.username)) {
    const message = m.usernameControlCharacter;
    issues.push({ path: ['username'], message, name: 'ValidationError', value: data.username });
    delete data.username;
  }
  if (typeof data.password === 'string' && Buffer.byteLength(data.password, 'utf8') > MAX_PASSWORD_BYTES) {
    issues.push({ path: ['password'], message: m.passwordTooLong, name: 'ValidationError' });
  }

  let values: ValidatedInput = {};
  try {
    values = validateDocumentInput(data, options.model, { lookup: options.lookup, mode: options.mode, isUnique: options.isUnique });
  } catch (error) {
    const found = error instanceof ValidationError ? error.details.errors : undefined;
    if (!Array.isArray(found)) throw error;
    issues.push(...(found as ValidationIssue[]));
  }
  if (issues.length > 0) {
    const errors = issues.map(withoutSecret);
    throw new ValidationError(errors.length === 1 ? errors[0]!.message : m.manyErrors(errors.length), { errors });
  }
  return values;
}

/** A failed password must not travel back in the error body (or into logs). */
function withoutSecret(issue: ValidationIssue): ValidationIssue {
  if (issue.path[0] !== 'password' || !('value' in issue)) return issue;
  const { value: _secret, ...rest } = issue;
  return rest;
}

