/**
 * The first middleware: every error becomes Strapi's envelope
 * `{ data: null, error: { status, name, message, details } }`. The class → status table is here
 * and only here; unknown errors answer a generic 500 and their cause goes to the log only.
 */
import type { Context, Next } from 'koa';
import {
  ApplicationError, ForbiddenError, InsufficientStorageError, NotFoundError, NotImplementedError, PayloadTooLargeError, PreconditionFailedError, RateLimitError, ServiceUnavailableError, UnauthorizedError,
  type ErrorDetails,
} from '../errors.js';
import { messages } from '../messages.js';

/** Strapi's `formatApplicationError`: these classes have their own status, every other ApplicationError is 400. */
const STATUS_BY_CLASS: ReadonlyArray<readonly [abstract new (...args: never[]) => ApplicationError, number]> = [
  [UnauthorizedError, 401],
  [ForbiddenError, 403], // PolicyError extends ForbiddenError
  [NotFoundError, 404],
  [PreconditionFailedError, 412],
  [PayloadTooLargeError, 413],
  [RateLimitError, 429],
  [NotImplementedError, 501],
  [ServiceUnavailableError, 503],
  [InsufficientStorageError, 507],
];

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: ErrorDetails };
}

/** An error thrown by Koa, a router or a body parser (http-errors): it carries its own status. */
interface HttpError extends Error {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
}

function fromHttpError(error: HttpError): ErrorBody['error'] | undefined {
  const status = error.status ?? error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  // co-body marks a JSON syntax error (and a non-object body under `strict`) as a 400 SyntaxError.
  if (error.type === 'entity.parse.failed' || (error.name === 'SyntaxError' && status === 400)) return { status: 400, name: 'BadRequestError', message: messages.malformedJson, details: {} };
  if (error.type === 'entity.too.large') {
    const limit = (error as HttpError & { limit?: number }).limit;
    return { status: 413, name: 'PayloadTooLargeError', message: messages.payloadTooLarge(limit ? `${limit} bytes` : 'the server'), details: {} };
  }
  // Other 4xx from http-errors are exposed by design (their messages are Koa's reason phrases or ours).
  return { status, name: error.name === 'Error' ? 'BadRequestError' : error.name, message: error.expose === false ? 'Bad Request' : error.message, details: {} };
}

/**
 * Maps any thrown value to the status, name, message and details a client may see.
 * @example toErrorBody(new NotFoundError()).error.status // 404
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof ApplicationError) {
    const status = STATUS_BY_CLASS.find(([type]) => error instanceof type)?.[1] ?? 400;
    return { data: null, error: { status, name: error.name, message: error.message, details: error.details } };
  }
  const http = error instanceof Error ? fromHttpError(error as HttpError) : undefined;
  if (http) return { data: null, error: http };
  return { data: null, error: { status: 500, name: 'InternalServerError', message: messages.internal, details: {} } };
}

/**
 * What the router leaves without a body becomes an error in the envelope: no route (404), or a
 * route that takes other methods (405, with the `Allow` header the router has set, RFC 9110
 * §15.5.6). A method no route knows (`PURGE`) is the router's 501; it is the caller's mistake like
 * any other method the path does not take, so it is a 405 too, never a 5xx.
 */
function throwRouterAnswer(ctx: Context, status: number, notFoundDetails: NotFoundDetails): void {
  if (status === 404) throw new NotFoundError(messages.notFound, notFoundDetails(ctx));
  if (status === 405 || status === 501) throw Object.assign(new Error(messages.methodNotAllowed), { name: 'MethodNotAllowedError', status: 405 });
}

/** The `details` of the 404 for a path no route takes (Strapi's are empty: `{}`). */
export type NotFoundDetails = (ctx: Context) => ErrorDetails;

/**
 * Renders every error below it in the envelope; `notFoundDetails` fills the `details` of the 404
 * for a path no route takes (a suggestion of the route meant), which are `{}` otherwise.
 * @example app.use(errorMiddleware({ notFoundDetails: (ctx) => ({ suggestion: '/api/articles' }) }))
 */
export function errorMiddleware(options: { notFoundDetails?: NotFoundDetails } = {}) {
  const notFoundDetails = options.notFoundDetails ?? (() => ({}));
  return async function renderErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.body === undefined) throwRouterAnswer(ctx, ctx.status, notFoundDetails);
    } catch (error) {
      const body = toErrorBody(error);
      // Logged once, with the request's line (see request-log.ts). A 507 or 503 is not a bug: the
      // store logs its cause itself, once a minute, not once a request.
      if (body.error.status >= 500 && !(error instanceof ApplicationError)) ctx.state.serverError = error;
      ctx.status = body.error.status;
      ctx.body = body;
      // Headers set before the failure (e.g. a half-built response) must not leak into the error.
      ctx.remove('Content-Disposition');
    }
  };
}
