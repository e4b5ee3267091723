/**
 * What every validator receives: the options of the call, the failures collected so far, and
 * where in the payload it is.
 */
import type { ModelLookup } from '../types.js';
import { formatPath, type Issues } from './issues.js';
import { validationMessages } from './messages.js';
import type { ValidateOptions } from './types.js';

export interface Context {
  lookup: ModelLookup;
  draft: boolean;
  issues: Issues;
  isUnique: ValidateOptions['isUnique'];
  /** Unique values already met in this payload, per scope (see `At.scope`). */
  seenUnique: Map<string, Set<string>>;
}

/** Where a value sits. */
export interface At {
  /** Full path in the payload; its last segment is the attribute name. */
  path: string[];
  /**
   * The attribute's place with entry indices left out (`sections.heading`, `blocks[shared.quote].text`):
   * two entries of one repeatable component share it, so a unique value given twice is caught here
   * before the service (which sees only stored documents) is asked.
   */
  scope: string;
}

export function child(at: At, name: string): At {
  return { path: [...at.path, name], scope: at.scope ? `${at.scope}.${name}` : name };
}

export function entry(at: At, index: number, component?: string): At {
  return { path: [...at.path, String(index)], scope: component ? `${at.scope}[${component}]` : at.scope };
}

export function attributeName(at: At): string {
  return at.path[at.path.length - 1] ?? '';
}

export const where = (at: At): string => formatPath(at.path);

/** `This attribute must be unique`, when the value repeats one given earlier in the payload or the service says so. */
export function checkUnique(ctx: Context, at: At, value: string | number | boolean): void {
  const key = JSON.stringify(value);
  let seen = ctx.seenUnique.get(at.scope);
  if (!seen) ctx.seenUnique.set(at.scope, (seen = new Set()));
  if (seen.has(key) || (ctx.isUnique && !ctx.isUnique(attributeName(at), value, [...at.path]))) {
    ctx.issues.add(at.path, validationMessages.unique, value);
  }
  seen.add(key);
}
