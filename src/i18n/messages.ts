import { messages } from '../messages.js';

/** Every message of the locales' rules, the CLI's and the routes'; tests import them. */
export const localeMessages = {
  invalidKey: messages.invalidKey,
  notACode: (code: string) => `"${code}" is not a locale code; use a code like "en", "fr" or "pt-BR"`,
  notAdded: (code: string, codes: readonly string[], suggestion: string) => `Locale "${code}" has not been added to this project (locales: ${codes.join(', ')})${suggestion}`,
  exists: (code: string) => `Locale "${code}" already exists`,
  unknown: (code: string, codes: readonly string[], suggestion: string) => `Locale "${code}" does not exist (locales: ${codes.join(', ')})${suggestion}`,
  defaultNotRemovable: (code: string) => `Locale "${code}" is the default locale and cannot be removed; make another locale the default first`,
  defaultStays: (code: string) => `Locale "${code}" is the default locale: make another locale the default instead (PUT it with { "isDefault": true })`,
  codeFixed: (code: string) => `The code of a locale cannot be changed (it is "${code}"): add a locale with the new code instead`,
  notFound: 'Locale not found',
  bodyNotObject: 'The request body must be a JSON object',
  required: (field: string) => `${field} is a required field`,
  notAString: (field: string) => `${field} must be a string`,
  notABoolean: (field: string) => `${field} must be a boolean`,
  /** What a removal answers about the documents it stops serving. */
  hides: (code: string, documents: number) =>
    `${documents} document${documents === 1 ? ' has versions' : 's have versions'} in ${code}: they stay stored but are no longer served; add ${code} again to serve them`,
} as const;
