/**
 * Every user-facing message that the spec or Strapi fixes, verbatim, in one place.
 * Tests import these rather than repeating the strings.
 * @module
 */
export const messages = {
  // HTTP skeleton
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  internal: 'Internal Server Error',
  malformedJson: 'Invalid JSON in the request body',
  payloadTooLarge: (limit: string) => `Request body is larger than the limit of ${limit}`,
  badEncoding: 'The request body does not match its Content-Encoding',
  badUtf8: 'The request body is not valid UTF-8',
  tooDeep: (depth: number) => `The request body is nested more than ${depth} levels deep`,
  badRequest: 'Bad Request',
  headersTooLarge: 'Request headers or URL too large',
} as const;
