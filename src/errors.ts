/**
 * Typed errors with Strapi's names. Domain code throws these; it never knows HTTP statuses.
 * The class → status table lives in `server/errors.ts`, the CLI turns them into one-line messages.
 * @module
 */

export type ErrorDetails = Record<string, unknown>;

/** Base of every error a user can cause. Its message is safe to show. */
export class ApplicationError extends Error {
  override name = 'ApplicationError';
  details: ErrorDetails;

  constructor(message = 'An application error occurred', details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
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
  override name = 'PaginationError';
  constructor(message = 'Invalid pagination', details?: ErrorDetails) {
    super(message, details);
  }
}

export class NotFoundError extends ApplicationError {
  override name = 'NotFoundError';
  constructor(message = 'Entity not found', details?: ErrorDetails) {
    super(message, details);
  }
}

export class ForbiddenError extends ApplicationError {
  override name = 'ForbiddenError';
  constructor(message = 'Forbidden access', details?: ErrorDetails) {
    super(message, details);
  }
}

export class UnauthorizedError extends ApplicationError {
  override name = 'UnauthorizedError';
  constructor(message = 'Unauthorized', details?: ErrorDetails) {
    super(message, details);
  }
}

export class PayloadTooLargeError extends ApplicationError {
  override name = 'PayloadTooLargeError';
  constructor(message = 'Entity too large', details?: ErrorDetails) {
    super(message, details);
  }
}

export class RateLimitError extends ApplicationError {
  override name = 'RateLimitError';
  constructor(message = 'Too many requests, please try again later.', details?: ErrorDetails) {
    super(message, details);
  }
}

export class PolicyError extends ForbiddenError {
  override name = 'PolicyError';
  constructor(message = 'Policy Failed', details?: ErrorDetails) {
    super(message, details);
  }
}

export class NotImplementedError extends ApplicationError {
  override name = 'NotImplementedError';
  constructor(message = 'This feature is not implemented yet', details?: ErrorDetails) {
    super(message, details);
  }
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
