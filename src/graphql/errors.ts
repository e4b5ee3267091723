/**
 * Errors as Strapi's plugin formats them: a foliocms error keeps its message, with
 * `extensions.code` (`FORBIDDEN`, `BAD_USER_INPUT`, `STRAPI_NOT_FOUND_ERROR`, …) and
 * `extensions.error = { name, message, details }`; anything unexpected is `Internal Server Error`,
 * logged and never shown.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ApplicationError, ForbiddenError, InsufficientStorageError, ServiceUnavailableError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Logger } from '../log/index.js';
import { graphqlMessages } from './messages.js';

/** `NotFoundError` → `STRAPI_NOT_FOUND_ERROR`. */
const strapiCode = (name: string): string => `STRAPI_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

function codeOf(error: ApplicationError): string {
  if (error instanceof ForbiddenError || error instanceof UnauthorizedError) return 'FORBIDDEN';
  if (error instanceof ValidationError) return 'BAD_USER_INPUT';
  return strapiCode(error.name);
}

/**
 * One error of an answer, formatted.
 * @example formatError(new GraphQLError('x', { originalError: new NotFoundError() }), log).extensions?.code // 'STRAPI_NOT_FOUND_ERROR'
 */
export function formatError(error: GraphQLError, log: Logger): GraphQLFormattedError {
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) return error.toJSON();
  const at = { ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  if (original instanceof ApplicationError) {
    return { message: original.message, ...at, extensions: { code: codeOf(original), error: { name: original.name, message: original.message, details: original.details } } };
  }
  log.error('a GraphQL resolver failed', original);
  return { message: graphqlMessages.internal, ...at, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** A fault that is not the caller's (a full disk, a lost database) answers its own status, as over REST. */
export function faultStatus(errors: readonly GraphQLError[]): number | undefined {
  for (const error of errors) {
    if (error.originalError instanceof InsufficientStorageError) return 507;
    if (error.originalError instanceof ServiceUnavailableError) return 503;
  }
  return undefined;
}

/** An error before anything runs: the query cannot be parsed, is invalid or too large (HTTP 400), or there is no schema (503). */
export const requestError = (message: string, code: 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED' | 'BAD_USER_INPUT' | 'BAD_REQUEST' | 'INTERNAL_SERVER_ERROR'): GraphQLFormattedError => ({ message, extensions: { code } });
