/**
 * Versions written by hand (in an editor, or brought by git) that leave out what the server writes:
 * the id such a version is given, from a hash of what names it, and the timestamps its file's
 * times give it.
 */
import { createHash } from 'node:crypto';
import type { DocumentAdapter, DocumentKey, DocumentStatus } from '../../storage/index.js';
import type { ContentType } from '../../schema/index.js';
import type { DocumentRow } from '../types.js';

/**
 * The lowest id {@link handWrittenId} gives. The ids the server hands out count up from 1 and
 * never reach it, and an id at or above it never raises the next one the server hands out.
 */
export const HAND_WRITTEN_IDS = 2 ** 52;

/**
 * The id of a version written by hand without one: from a hash of what names it (type, documentId,
 * status and the locale of its file name, `default` for a type that is not localized), so it is the
 * same at every edit of the file, at every start, and whatever other files appear, and nothing has
 * to be written for it. It lies from {@link HAND_WRITTEN_IDS} to below Number.MAX_SAFE_INTEGER; it
 * is checked against the other ids like any id (two of them meet once in about 4.5 × 10^15 pairs).
 * @example handWrittenId('category', 'byhand1', 'published', 'default') // 4503599627370496 ≤ id < 9007199254740991
 */
export function handWrittenId(type: string, documentId: string, status: DocumentStatus, locale: string): number {
  const digest = createHash('sha256').update(JSON.stringify([type, documentId, status, locale])).digest();
  // 52 bits of the hash (6.5 bytes), kept below 2^52 - 1 so that the id stays below MAX_SAFE_INTEGER.
  const bits = digest.readUIntBE(0, 6) * 16 + (digest[6]! >> 4);
  return HAND_WRITTEN_IDS + (bits % (HAND_WRITTEN_IDS - 1));
}

/**
 * Fills in what a version written by hand leaves out (see syncDocument): its `id`, and its
 * timestamps from its file's (read through `documents`). Answers whether the id was filled in.
 */
export async function completeHandWritten(
  documents: DocumentAdapter,
  type: ContentType,
  key: DocumentKey,
  row: DocumentRow,
  current: DocumentRow | undefined,
): Promise<boolean> {
  const withoutId = row.id === undefined;
  if (withoutId) row.id = handWrittenId(type.singularName, key.documentId, key.status, key.locale);
  const published = key.status === 'published';
  if (!published && row.publishedAt === undefined) row.publishedAt = null;
  if (row.createdAt !== undefined && row.updatedAt !== undefined && row.publishedAt !== undefined) return withoutId;
  const times = await documents.fileTimes?.(key);
  if (!times) return withoutId; // a store of no files, or the file went meanwhile (its removal is news to come)
  const modified = new Date(times.modifiedMs).toISOString();
  row.updatedAt ??= modified;
  if (published) row.publishedAt ??= modified;
  // A file's birth time is when it was made, so the same at every start while it is edited in place;
  // an editor or a checkout that replaces the file makes a new one. Never after the modification.
  row.createdAt ??= current?.createdAt ?? new Date(Math.min(times.bornMs ?? times.modifiedMs, times.modifiedMs)).toISOString();
  return withoutId;
}
