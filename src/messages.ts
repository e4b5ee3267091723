/**
 * Every user-facing message that the spec or Strapi fixes, verbatim, in one place.
 * Tests import these rather than repeating the strings.
 * @module
 */
const isIndex = (segment: string) => /^\d+$/.test(segment);

export const messages = {
  /**
   * Strapi's `Invalid key <key>`, followed by ` at <parent>` when the key sits below an attribute:
   * the dotted path of its parent, list indices left out (`Invalid key bogus at sections`).
   */
  invalidKey: (key: string, parent: readonly string[] = []) => {
    const at = parent.filter((segment) => !isIndex(segment)).join('.');
    return at === '' ? `Invalid key ${key}` : `Invalid key ${key} at ${at}`;
  },
  // HTTP skeleton
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  internal: 'Internal Server Error',
  malformedJson: 'Invalid JSON in the request body',
  payloadTooLarge: (limit: string) => `Request body is larger than the limit of ${limit}`,
  badEncoding: 'The request body does not match its Content-Encoding',
  badUtf8: 'The request body is not valid UTF-8',
  /** A body sent with a content type the server does not read as JSON (`contentType` is '' when none was sent). */
  notJson: (contentType: string) => {
    const given = contentType === '' ? 'missing' : JSON.stringify(contentType);
    return `The request body is not JSON: its Content-Type is ${given}; send it as application/json`;
  },
  tooDeep: (depth: number) => `The request body is nested more than ${depth} levels deep`,
  badRequest: 'Bad Request',
  headersTooLarge: 'Request headers or URL too large',
  // Project files
  /** A YAML syntax error found after a `{`, `[` or quote that is never closed; `reason` is the parser's. */
  yamlNotClosed: (opening: string, column: number, reason: string) =>
    `the ${opening} at column ${column} is never closed (${reason})`,
  // Operations: what a write or a health check answers when the storage cannot take writes
  storageFull: 'The storage is full: nothing was saved. Writes resume once space is freed',
  storageOverQuota: 'The storage quota is used up: nothing was saved. Writes resume once space is freed',
  storageReadOnly: 'The storage is read-only: nothing was saved. Writes resume once it is writable again',
  storageFailing: 'The storage failed to write (I/O error): nothing was saved',
  shuttingDown: 'The server is shutting down',
} as const;
