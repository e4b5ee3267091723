/**
 * Typed errors with Strapi's names. Domain code throws these; it never knows HTTP statuses.
 * The class → status table lives in `server/errors.ts`, the CLI turns them into one-line messages.
 * @module
 */

export type ErrorDetails = Record<string, unknown>;

/**
 * Base of every error a user can cause, and of the few that are nobody's fault (a full disk): its
 * message is safe to show. A subclass names itself and,
 * where Strapi has one, its default message; nothing else differs between them.
 */
export class ApplicationError extends Error {
  static defaultMessage = 'An application error occurred';
  override name = 'ApplicationError';
  details: ErrorDetails;

  constructor(message?: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message ?? (new.target as typeof ApplicationError).defaultMessage, options);
    this.details = details;
  }
}

export class ValidationError extends ApplicationError {
  override name = 'ValidationError';
}

/** Strapi's `ctx.badRequest()`: a 400 named `BadRequestError`. */
export class BadRequestError extends ApplicationError {
  override name = 'BadRequestError';
}

export class PaginationError extends ApplicationError {
  static override defaultMessage = 'Invalid pagination';
  override name = 'PaginationError';
}

export class NotFoundError extends ApplicationError {
  static override defaultMessage = 'Entity not found';
  override name = 'NotFoundError';
}

export class ForbiddenError extends ApplicationError {
  static override defaultMessage = 'Forbidden access';
  override name = 'ForbiddenError';
}

export class UnauthorizedError extends ApplicationError {
  static override defaultMessage = 'Unauthorized';
  override name = 'UnauthorizedError';
}

export class PayloadTooLargeError extends ApplicationError {
  static override defaultMessage = 'Entity too large';
  override name = 'PayloadTooLargeError';
}

export class RateLimitError extends ApplicationError {
  static override defaultMessage = 'Too many requests, please try again later.';
  override name = 'RateLimitError';
}

export class PolicyError extends ForbiddenError {
  static override defaultMessage = 'Policy Failed';
  override name = 'PolicyError';
}

/**
 * A write made on a condition (`If-Match`: the version the caller read) that no longer holds: the
 * document changed since it was read, by someone else, another process, the CLI or the disk.
 */
export class PreconditionFailedError extends ApplicationError {
  static override defaultMessage = 'This entry was changed since it was read: read it again, and apply your change to what it is now';
  override name = 'PreconditionFailedError';
}

export class NotImplementedError extends ApplicationError {
  static override defaultMessage = 'This feature is not implemented yet';
  override name = 'NotImplementedError';
}

/**
 * The store cannot take a write: its disk is full, over quota, read-only or failing. Not the
 * caller's fault, and nothing was written; writes resume once the storage can take them.
 */
export class InsufficientStorageError extends ApplicationError {
  static override defaultMessage = 'The storage is full: nothing was saved';
  override name = 'InsufficientStorageError';
}

/** The server cannot answer now (it is shutting down, or its store cannot be written). */
export class ServiceUnavailableError extends ApplicationError {
  static override defaultMessage = 'Service Unavailable';
  override name = 'ServiceUnavailableError';
}

/**
 * A project file (config or content type) is wrong. The message names the file and the key,
 * e.g. `config/server.yaml: port must be an integer from 0 to 65535, got "abc"`.
 */
export class ProjectFileError extends ApplicationError {
  override name = 'ProjectFileError';
  constructor(
    readonly file: string,
    readonly key: string | undefined,
    problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${key ? `${key} ` : ''}${problem}`, { file, ...(key ? { key } : {}) }, options);
  }
}
