/**
 * Names that come from content become file and folder names: content-type and component names,
 * document ids and locales, the stored names of uploaded files (`hash` + `ext`), the assets of an
 * imported archive, the keys of waiting webhook deliveries. Such a name may arrive from anyone who
 * can write content: a request, a row of the database, a file pulled with git, an archive. This is
 * the one place that decides whether it may name a file: one plain segment, which stays inside the
 * folder it is joined to whatever that folder is. Every path made from content is made here.
 */
import { join } from 'node:path';
import { ValidationError } from './errors.js';

/** Letters, digits, `.`, `_` and `-`, starting with a letter or a digit: no separator, no dot file. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** The longest name most file systems take. */
const MAX_NAME_LENGTH = 255;

/**
 * Whether `name` may be one file or folder name made from content.
 * @example isPlainName('cover_3f2a9c1b7d.jpg') // true; isPlainName('../.env') // false
 */
export function isPlainName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= MAX_NAME_LENGTH && PLAIN_NAME.test(name) && !name.includes('..');
}

/** A name made from content that would not stay one plain name inside its folder. */
export class UnsafePathError extends ValidationError {
  constructor(
    /** What the name is, in a user's words: `stored file name`, `type`. */
    readonly what: string,
    readonly value: unknown,
  ) {
    super(`${what} ${JSON.stringify(typeof value === 'string' ? value.slice(0, 120) : value) ?? String(value)} cannot name a file: ${PLAIN_NAME_RULE}`, { field: what, value: String(value).slice(0, 120) });
  }
}

/** The rule, as messages and `folio check` say it. */
export const PLAIN_NAME_RULE = 'a name made from content holds only letters, digits, ".", "_" and "-", starts with a letter or a digit, and never holds ".."';

/**
 * Throws an UnsafePathError unless `name` is a plain name.
 * @example assertPlainName(row.hash + row.ext, 'stored file name');
 */
export function assertPlainName(name: unknown, what: string): asserts name is string {
  if (!isPlainName(name)) throw new UnsafePathError(what, name);
}

/**
 * `folder/name[/name…]`, each name checked to be a plain name, so the path stays inside `folder`.
 * @example insideFolder(uploadsDir, 'stored file name', `${row.hash}${row.ext}`) // '/site/public/uploads/cover_3f2a9c1b7d.jpg'
 */
export function insideFolder(folder: string, what: string, ...names: string[]): string {
  for (const name of names) assertPlainName(name, what);
  return join(folder, ...names);
}
