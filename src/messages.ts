/**
 * Every user-facing message that the spec or Strapi fixes, verbatim, in one place.
 * Tests import these rather than repeating the strings.
 * @module
 */
export const messages = {
  // HTTP skeleton
  notFound: 'Not Found',
  internal: 'Internal Server Error',
  malformedJson: 'Invalid JSON in the request body',
  payloadTooLarge: (limit: string) => `Request body is larger than the limit of ${limit}`,
  unsupportedMediaType: 'Unsupported Media Type',
} as const;
