/** Identifiers that users see: Strapi-style document ids. */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A 24-character lowercase alphanumeric id, like Strapi 5's `documentId`; stable across the
 * locale versions and statuses of one document.
 * @example newDocumentId() // 'k3v9q0x2m1c8l7b6n5z4a3s2'
 */
export function newDocumentId(): string {
  const bytes = randomBytes(24);
  let id = ALPHABET[bytes[0]! % 26]!; // starts with a letter, so it never looks like a numeric id
  for (let i = 1; i < 24; i++) id += ALPHABET[bytes[i]! % ALPHABET.length];
  return id;
}

/** ISO 8601 UTC timestamp with milliseconds, as Strapi returns them. */
export function now(): string {
  return new Date().toISOString();
}
