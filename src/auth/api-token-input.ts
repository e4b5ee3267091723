/**
 * What a caller gives to make or change an API token, and how its fields are named to them: the
 * CLI's options (`--type`, `--grant`, `--duration` in days) or the body of
 * `/api/admin/api-tokens` in Strapi 5's admin shape (`type`, `permissions`, `lifespan` in
 * milliseconds). Both reach the same service calls; only the names in the messages differ.
 */
import { ValidationError } from '../errors.js';
import { messages } from '../messages.js';
import { isPlainObject } from '../objects.js';

export const API_TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type ApiTokenType = (typeof API_TOKEN_TYPES)[number];
/** Lifespans a token may be given, in days (`unlimited`: it never expires), as Strapi's admin offers. */
export const API_TOKEN_DURATIONS = ['7', '30', '90', 'unlimited'] as const;
export type ApiTokenDuration = (typeof API_TOKEN_DURATIONS)[number];

export const DAY_MS = 24 * 60 * 60 * 1000;
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 256;

/** Every message of the API tokens, the CLI's and the routes'; tests import them. */
export const apiTokenMessages = {
  expired: 'Token expired',
  nameRequired: 'name is required: give the token a name (e.g. site-build)',
  nameTooLong: `name must be at most ${NAME_MAX} characters`,
  descriptionTooLong: `description must be at most ${DESCRIPTION_MAX} characters`,
  nameTaken: (name: string) => `A token named "${name}" already exists`,
  notFound: (name: string) => `No token named "${name}"; \`folio token list\` shows them`,
  idNotFound: (id: number | string) => `No API token with id ${id}`,
  unknownType: (type: string) => `Unknown token type "${type}": use ${API_TOKEN_TYPES.join(', ')}`,
  unknownDuration: (duration: string) => `Unknown duration "${duration}": use ${API_TOKEN_DURATIONS.join(', ')} (days)`,
  grantNeedsCustom: (field: string, type: string) => `${field} is for custom tokens; a ${type} token's rights are fixed by its type`,
  customNeedsGrant: (oneGrant: string) => `A custom token needs at least one ${oneGrant}, e.g. api::article.article.find`,
  notContentAction: (action: string) => `${action} is not a content-type action: a custom token may hold api::… actions only; the users and roles endpoints need a full-access token`,
  settingsAction: (action: string) => `${action} is a settings action: no API token may hold it, only a person's role`,
  durationFixed: (field: string) => `${field} cannot be changed: create a new token, or regenerate this one (its expiry starts again)`,
  bodyNotObject: 'The request body must be a JSON object',
  notAString: (field: string) => `${field} must be a string`,
  notActionList: 'permissions must be a list of action ids',
  badLifespan: 'lifespan must be null (unlimited) or 7, 30 or 90 days in milliseconds: 604800000, 2592000000 or 7776000000',
  invalidKey: messages.invalidKey,
};

export interface CreateApiTokenInput {
  name: unknown;
  type?: unknown;
  grant?: readonly unknown[];
  duration?: unknown;
  description?: unknown;
}

/** A change of a token: only what is given changes; `duration` may only repeat the token's own. */
export type UpdateApiTokenInput = Partial<CreateApiTokenInput>;

/** How the caller names each field, for the messages and the `path` of a field's error. */
export interface ApiTokenFieldNames {
  name: string;
  description: string;
  type: string;
  grant: string;
  duration: string;
  /** How a message asks for one grant: `--grant <action>`, `action in permissions`. */
  oneGrant: string;
}

export const CLI_FIELDS: ApiTokenFieldNames = { name: 'name', description: '--description', type: '--type', grant: '--grant', duration: '--duration', oneGrant: '--grant <action>' };
export const BODY_FIELDS: ApiTokenFieldNames = { name: 'name', description: 'description', type: 'type', grant: 'permissions', duration: 'lifespan', oneGrant: 'action in permissions' };

const LIFESPANS = new Map<number | null, ApiTokenDuration>([
  [null, 'unlimited'],
  [7 * DAY_MS, '7'],
  [30 * DAY_MS, '30'],
  [90 * DAY_MS, '90'],
]);

/** Keys a body may carry besides the writable ones: what a token read answers, echoed back. */
const ECHOED_KEYS = new Set(['id', 'documentId', 'lastUsedAt', 'expiresAt', 'createdAt', 'updatedAt']);
const BODY_KEYS = new Set(['name', 'description', 'type', 'permissions', 'lifespan']);

/** A ValidationError naming the field it is about, as Strapi's validators answer: `details.errors[].path`. */
export function fieldError(field: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}


/**
 * A body of `POST` or `PUT /api/admin/api-tokens…` as the service's input: its shape checked
 * (400 naming the field), `permissions` as the grants, `lifespan` as the duration in days.
 * @example apiTokenBody({ name: 'ci', type: 'custom', permissions: ['api::article.article.find'], lifespan: null })
 * // { name: 'ci', type: 'custom', grant: ['api::article.article.find'], duration: 'unlimited' }
 */
export function apiTokenBody(body: unknown): UpdateApiTokenInput {
  if (!isPlainObject(body)) throw new ValidationError(apiTokenMessages.bodyNotObject);
  for (const key of Object.keys(body)) {
    if (!BODY_KEYS.has(key) && !ECHOED_KEYS.has(key)) throw new ValidationError(apiTokenMessages.invalidKey(key), { key, path: key, source: 'body' });
  }
  const input: UpdateApiTokenInput = {};
  for (const field of ['name', 'description', 'type'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    // A description may be cleared with null; the others are strings.
    if (field === 'description' && value === null) input.description = '';
    else if (typeof value !== 'string') throw fieldError(field, apiTokenMessages.notAString(field));
    else input[field] = value;
  }
  if (body.permissions !== undefined) {
    const { permissions } = body;
    if (!Array.isArray(permissions) || permissions.some((action) => typeof action !== 'string')) throw fieldError('permissions', apiTokenMessages.notActionList);
    input.grant = permissions;
  }
  if (body.lifespan !== undefined) {
    const duration = LIFESPANS.get(body.lifespan as number | null);
    if (duration === undefined) throw fieldError('lifespan', apiTokenMessages.badLifespan);
    input.duration = duration;
  }
  return input;
}
