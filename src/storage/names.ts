import { ValidationError } from '../errors.js';
import { isPlainName } from '../safe-path.js';
import type { DocumentKey, StoredDocument } from './types.js';

/** A type, document id or locale is a plain name (see safe-path.ts), and a short one. */
const MAX_NAME_LENGTH = 128;

/** Throws a ValidationError unless `value` can safely be one file or directory name under `data/`. */
export function assertSafeName(value: unknown, field: string): asserts value is string {
  if (isPlainName(value) && value.length <= MAX_NAME_LENGTH) return;
  throw new ValidationError(`Invalid ${field} ${JSON.stringify(value)}: expected letters, digits, ".", "_" or "-"`, {
    field,
    value: typeof value === 'string' ? value : String(value),
  });
}

/** Throws a ValidationError unless every part of `key` is safe, so a key can never escape the data directory. */
export function assertDocumentKey(key: DocumentKey): void {
  assertSafeName(key.type, 'type');
  assertSafeName(key.documentId, 'documentId');
  assertSafeName(key.locale, 'locale');
  if (key.status !== 'draft' && key.status !== 'published') {
    throw new ValidationError(`Invalid status ${JSON.stringify(key.status)}: expected "draft" or "published"`, {
      field: 'status',
      value: String(key.status),
    });
  }
}

/** Throws a ValidationError unless every key is safe and all name versions of one document. */
export function assertOneDocument(versions: readonly StoredDocument[]): void {
  const [first] = versions;
  for (const { key } of versions) {
    assertDocumentKey(key);
    if (key.type !== first!.key.type || key.documentId !== first!.key.documentId) {
      throw new ValidationError(`putAll takes versions of one document; got ${first!.key.type}/${first!.key.documentId} and ${key.type}/${key.documentId}`, {
        field: 'documentId',
        value: key.documentId,
      });
    }
  }
}
