/**
 * Collecting validation failures. Value problems are gathered, all of them, and thrown together at
 * the end (Strapi runs yup with `abortEarly: false`); a bad key is thrown at once, as Strapi's
 * input check runs before value validation and stops at the first key.
 */
import { ValidationError } from '../../errors.js';
import { validationMessages } from './messages.js';
import type { ValidationIssue } from './types.js';

/** Keys that would reach an object's prototype if a later merge assigned them. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

/** yup's spelling of a path, used inside messages: `sections[0].heading`. */
export function formatPath(path: readonly string[]): string {
  let out = '';
  for (const segment of path) out += isIndex(segment) ? `[${segment}]` : out ? `.${segment}` : segment;
  return out;
}

/** A plain object (from JSON.parse or a literal), not an array, class instance or null. */

/** Own-property lookup, so `attributes.toString` or `attributes.constructor` never resolve to Object's. */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * `Invalid key <key> at <parent>` with Strapi's details; `path` is dotted with indices, e.g.
 * `sections.0.x`, and the message leaves the indices out (`Invalid key x at sections`).
 */
export function invalidKey(path: readonly string[]): ValidationError {
  const key = path[path.length - 1] ?? '';
  return new ValidationError(validationMessages.invalidKey(key, path.slice(0, -1)), { key, path: path.join('.'), source: 'body' });
}

const MAX_ECHOED = 200;

function isSmall(value: unknown): boolean {
  try {
    return (JSON.stringify(value) ?? '').length <= MAX_ECHOED;
  } catch {
    return false;
  }
}

export class Issues {
  readonly list: ValidationIssue[] = [];

  /** Records a failure. `value` is left out when nothing was given (a missing attribute). */
  add(path: readonly string[], message: string, ...value: [] | [unknown]): void {
    const issue: ValidationIssue = { path: [...path], message, name: 'ValidationError' };
    // Only small values are echoed back: a nested or huge one would make the error answer many
    // times larger than the request.
    if (value.length > 0 && isSmall(value[0])) issue.value = value[0];
    this.list.push(issue);
  }

  get count(): number {
    return this.list.length;
  }

  /** Throws the collected failures: with one its own message, with several `N errors occurred`. */
  throwIfAny(): void {
    const [first] = this.list;
    if (!first) return;
    const message = this.list.length === 1 ? first.message : validationMessages.manyErrors(this.list.length);
    throw new ValidationError(message, { errors: this.list });
  }
}
