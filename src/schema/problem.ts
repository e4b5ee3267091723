/**
 * Checks throw a `SchemaProblem` (a key and what is wrong with it) and know nothing about files.
 * The loader turns it into a `ProjectFileError` naming the file; `buildContentType` into a
 * `ValidationError`. One set of rules thus serves both the YAML files and the CLI.
 */
import { isPlainObject } from '../objects.js';


export class SchemaProblem extends Error {
  override name = 'SchemaProblem';
  constructor(
    readonly key: string | undefined,
    readonly problem: string,
  ) {
    super(key ? `${key} ${problem}` : problem);
  }
}

export function fail(key: string | undefined, problem: string): never {
  throw new SchemaProblem(key, problem);
}

/** A YAML mapping: what a content-type file's `attributes` and the like must be. */
export const isMapping = isPlainObject;

/** How a value reads in a message: strings quoted, lists and mappings by kind, so output stays one line. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

/** Joins a dotted key path, e.g. `join('attributes', 'title')` → `attributes.title`. */
export function join(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('.');
}
