/**
 * The entry point of a write: the body's `data`, checked against a content type.
 */
import { ValidationError } from '../../errors.js';
import type { Model } from '../types.js';
import type { Context } from './context.js';
import { isPlainObject } from '../../objects.js';
import { Issues } from './issues.js';
import { validationMessages as m } from './messages.js';
import type { ValidatedInput, ValidateOptions } from './types.js';
import { validateObject } from './walk.js';

/**
 * The `data` object of a create or update body. Anything else (no body, no `data`, `data` not an
 * object) is Strapi's 400 `Missing "data" payload in the request body`.
 *
 * @example
 * const data = requireDataPayload(ctx.request.body); // { title: 'Hello' } from { data: { title: 'Hello' } }
 */
export function requireDataPayload(body: unknown): Record<string, unknown> {
  const data = isPlainObject(body) ? body.data : undefined;
  if (!isPlainObject(data)) throw new ValidationError(m.missingData);
  return data;
}

/**
 * Checks a write payload against a content type (or the User) and returns it normalized: only the
 * attributes given, plus defaults on create; times as `HH:mm:ss.SSS`, date-times as ISO UTC, big
 * integers as decimal strings, relations as `RelationInput`. A bad key throws `Invalid key <key>` at
 * once; bad values are all collected into one `ValidationError` whose `details.errors` lists them.
 *
 * @example
 * const input = validateDocumentInput({ title: 'Hello', category: 'k3x9' }, article, {
 *   lookup,
 *   mode: 'create',
 *   isUnique: (attribute, value) => !store.exists(attribute, value),
 * });
 * // { title: 'Hello', category: RelationInput { set: [{ documentId: 'k3x9' }], … } }
 */
export function validateDocumentInput(data: unknown, model: Model, options: ValidateOptions): ValidatedInput {
  if (!isPlainObject(data)) throw new ValidationError(m.missingData);
  const ctx: Context = {
    lookup: options.lookup,
    draft: options.draft ?? false,
    issues: new Issues(),
    isUnique: options.isUnique,
    seenUnique: new Map(),
  };
  const result = validateObject(data, model.attributes, { path: [], scope: '' }, ctx, {
    mode: options.mode,
    document: { model, localizedOnly: options.localizedOnly ?? false },
  });
  ctx.issues.throwIfAny();
  return result;
}
