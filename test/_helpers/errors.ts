/**
 * Asserting that a call fails, or that it does not. uvu 0.5 cannot print an error whose `details`
 * is an object (it calls `details.split`), so an ApplicationError must never escape a test: these
 * helpers turn every unexpected outcome into an Assertion or a plain Error that uvu can show.
 */
import * as assert from 'uvu/assert';
import { ApplicationError } from '../../src/errors.js';

/** An error class, abstract or not (`ApplicationError`, `ValidationError`, `Error`…). */
export type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

export interface ExpectedError<E extends Error> {
  /** The class the error is an instance of; default `ApplicationError`. */
  type?: ErrorClass<E>;
  /** Its message exactly, or a pattern the message matches. */
  message?: string | RegExp;
  /** Its `details`, deeply equal. */
  details?: Record<string, unknown>;
}

type Work = Promise<unknown> | (() => unknown);

/**
 * Runs `run` (or awaits it, when it is or returns a promise) and answers the error it fails with,
 * after checking it against `expected`: a class, or `{ type, message, details }`. Synchronous work
 * answers synchronously, so `expectError(() => parse('x')).message` needs no `await`.
 *
 * @example
 * const error = await expectError(users.create({ email: 'x' }), ValidationError);
 * expectError(() => parseAttributeSpec('title'), { type: ValidationError, message: /name:type/ });
 */
export function expectError<E extends Error = ApplicationError>(run: Promise<unknown> | (() => Promise<unknown>), expected?: ErrorClass<E> | ExpectedError<E>): Promise<E>;
export function expectError<E extends Error = ApplicationError>(run: () => unknown, expected?: ErrorClass<E> | ExpectedError<E>): E;
export function expectError<E extends Error>(run: Work, expected: ErrorClass<E> | ExpectedError<E> = {}): E | Promise<E> {
  const spec: ExpectedError<E> = typeof expected === 'function' ? { type: expected } : expected;
  let result: unknown;
  try {
    result = typeof run === 'function' ? run() : run;
  } catch (error) {
    return check(error, spec);
  }
  if (isThenable(result)) {
    return Promise.resolve(result).then(
      () => succeeded(spec),
      (error: unknown) => check(error, spec),
    );
  }
  return succeeded(spec);
}

/**
 * Runs `run` (or awaits it) and answers its result; an ApplicationError it fails with becomes a
 * plain Error naming its details, which uvu can print. Other errors pass unchanged.
 */
export function expectSuccess<T>(run: Promise<T> | (() => Promise<T>)): Promise<T>;
export function expectSuccess<T>(run: () => T): T;
export function expectSuccess<T>(run: Promise<T> | (() => T)): T | Promise<T> {
  let result: T | Promise<T>;
  try {
    result = typeof run === 'function' ? run() : run;
  } catch (error) {
    throw printable(error);
  }
  if (isThenable(result)) {
    return Promise.resolve(result).catch((error: unknown) => {
      throw printable(error);
    });
  }
  return result;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

function typeOf<E extends Error>(spec: ExpectedError<E>): ErrorClass<E> {
  return spec.type ?? (ApplicationError as unknown as ErrorClass<E>);
}

function succeeded<E extends Error>(spec: ExpectedError<E>): never {
  throw new assert.Assertion({ message: `expected ${named(typeOf(spec))}, but nothing was thrown`, operator: 'throws', expects: typeOf(spec).name, actual: 'nothing' });
}

function check<E extends Error>(error: unknown, spec: ExpectedError<E>): E {
  const type = typeOf(spec);
  if (!(error instanceof type)) {
    throw new assert.Assertion({ message: `expected ${named(type)}, got ${describe(error)}`, operator: 'instance', expects: type.name, actual: describe(error) });
  }
  if (typeof spec.message === 'string') assert.is(error.message, spec.message);
  else if (spec.message) assert.match(error.message, spec.message);
  if (spec.details) assert.equal((error as Error & { details?: unknown }).details, spec.details);
  return error;
}

/** `an ApplicationError`, `a ValidationError`. */
function named(type: ErrorClass<Error>): string {
  return `${/^[AEIOU]/.test(type.name) ? 'an' : 'a'} ${type.name}`;
}

function describe(error: unknown): string {
  if (error instanceof ApplicationError) return `${error.name}: ${error.message} ${JSON.stringify(error.details)}`;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

function printable(error: unknown): unknown {
  return error instanceof ApplicationError ? new Error(describe(error)) : error;
}
