/**
 * The API's own validator run on the payload of a stored row, its failures reported as problems,
 * and the values it accepts but would have stored in another form.
 */
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../../objects.js';
import { validateDocumentInput } from '../../model/index.js';
import type { Attribute, ContentType } from '../../schema/index.js';
import { NOT_SHOWN } from './hidden.js';
import type { Walk } from './payload.js';
import { describeValue, formatPath, type StoredProblem } from './problems.js';

/** Attribute types whose stored value is the validator's normalized one. */
const NORMALIZED_TYPES = new Set([
  'string', 'text', 'richtext', 'email', 'uid', 'enumeration',
  'integer', 'biginteger', 'decimal', 'float', 'boolean', 'date', 'time', 'datetime',
]);

export function validate(type: ContentType, payload: Record<string, unknown>, walk: Walk): void {
  const model = walk.prepared.typeModel(type);
  const options = { lookup: walk.prepared.lookup, mode: 'create' as const, draft: walk.draft };
  let output: Record<string, unknown> | undefined;
  const failed = new Set<string>();
  try {
    output = validateDocumentInput(payload, model, options);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const issue of issuesOf(error)) {
      walk.problems.push(issue);
      if (issue.path?.[0] !== undefined) failed.add(issue.path[0]);
    }
  }
  if (!output) {
    // Once more without what failed, for the stored forms of the rest.
    const rest = Object.fromEntries(Object.entries(payload).filter(([name]) => !failed.has(name)));
    try {
      output = validateDocumentInput(rest, model, { ...options, mode: 'update' });
    } catch {
      return;
    }
  }
  compareStored(payload, output, model.attributes, [], walk);
}

/** A ValidationError as problems: each of `details.errors`, or the error itself (`Invalid key …`). */
function issuesOf(error: ValidationError): StoredProblem[] {
  const errors = error.details.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((issue: { message: string; path: string[] }) => ({ message: issue.message, path: issue.path }));
  }
  const path = typeof error.details.path === 'string' ? error.details.path.split('.') : undefined;
  return [{ message: error.message, ...(path ? { path } : {}) }];
}

/**
 * Values the API accepts but stores in another form (`"11"` for an integer, a time without seconds);
 * within a password or private attribute (`hidden`), without the values (see isHiddenAt).
 */
function compareStored(
  stored: Record<string, unknown>,
  normalized: Record<string, unknown>,
  attributes: Record<string, Attribute>,
  path: string[],
  walk: Walk,
  hidden = false,
): void {
  for (const [name, value] of Object.entries(stored)) {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    const result = normalized[name];
    if (!attribute || result === undefined || value === null) continue;
    const valuePath = [...path, name];
    const secret = hidden || attribute.type === 'password' || attribute.private === true;
    if (NORMALIZED_TYPES.has(attribute.type)) {
      if (result !== value) {
        const form = secret ? `in the form the API stores it; ${NOT_SHOWN}` : `as ${describeValue(result)}, not ${describeValue(value)}`;
        walk.problems.push({ message: `${formatPath(valuePath)} must be stored ${form}`, path: valuePath });
      }
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      const entries = Array.isArray(value) ? value : [value];
      const results = Array.isArray(result) ? result : [result];
      entries.forEach((entry, index) => {
        const uid = attribute.type === 'component' ? attribute.component : isPlainObject(entry) ? entry.__component : undefined;
        const component = typeof uid === 'string' ? walk.prepared.lookup.component(uid) : undefined;
        if (!component || !isPlainObject(entry) || !isPlainObject(results[index])) return;
        const entryPath = Array.isArray(value) ? [...valuePath, String(index)] : valuePath;
        compareStored(entry, results[index] as Record<string, unknown>, component.attributes, entryPath, walk, secret);
      });
    }
  }
}
