/**
 * What the checks of stored versions report and what they are told: a problem with the path of the
 * value it is about, the context of one stored version (its folder, status and locale, the project's
 * locales, whether relation targets exist), and how messages spell a path and quote a value.
 */
import type { Schemas } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';

/** One problem of a stored version; `path` is where in its JSON (keys and array indices), when it is about a value. */
export interface StoredProblem {
  message: string;
  path?: string[];
}

export interface StoredDocumentContext {
  schemas: Schemas;
  /** The document's folder name. */
  documentId: string;
  /** The status and locale its file name gives (`NO_LOCALE` for a non-localized type). */
  status: DocumentStatus;
  locale: string;
  /** The project's locale codes (config/i18n.yaml); omitted: locales are not checked. */
  locales?: readonly string[];
  /**
   * Whether a relation target exists: a documentId of a content type (`api::…`), or the numeric id
   * of a user or role. Omitted, or answering undefined: not checked.
   */
  exists?: (target: string, ref: string | number) => boolean | undefined;
  /**
   * A file written by hand may leave out what the server fills in itself (`id`, `createdAt`,
   * `updatedAt`, `publishedAt`, component ids): true for every file read from disk (`folio check`,
   * the server taking in a changed file), since which of them a person wrote is not for the files
   * to say. Default false: a version the server writes has them all.
   */
  handWritten?: boolean;
}

/** yup's spelling of a path, as the API's messages use it: `sections[0].heading`. */
export function formatPath(path: readonly string[]): string {
  let out = '';
  for (const segment of path) out += /^\d+$/.test(segment) ? `[${segment}]` : out ? `.${segment}` : segment;
  return out;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
