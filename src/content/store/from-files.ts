/**
 * The stored versions taken into memory: every document of the schemas' types at load, and one
 * document again when its files changed (`syncDocument`). Each version is checked on the way (its
 * documentId is its folder's, its id a positive integer that no other version holds), a version
 * written by hand is completed first, and what is refused is told, never served.
 */
import { stableStringify, type DocumentAdapter, type DocumentStatus, type Json, type StoredDocument } from '../../storage/index.js';
import type { Schemas, ContentType } from '../../schema/index.js';
import type { DocumentRow } from '../types.js';
import type { SyncReport } from './contract.js';
import { completeHandWritten } from './hand-written.js';
import { bucketKey, type DocumentIndex } from './memory.js';

/** A stored version's id for ordering: one without a valid id sorts last (and is refused). */
const idOf = (value: Record<string, Json>) => (typeof value.id === 'number' ? value.id : Number.MAX_SAFE_INTEGER);

/** Reads every document of the schemas' types into `index` (see ContentStore.load). */
export async function loadDocuments(
  documents: DocumentAdapter,
  schemas: Schemas,
  index: DocumentIndex,
  refused: (file: string, problems: string[]) => void,
): Promise<void> {
  for (const type of schemas.contentTypes) {
    const owners = new Map<number, string>(); // id → documentId, across every version of the type
    const stored = await documents.list(type.singularName);
    // Versions written by hand get what they leave out first (their timestamps from their files).
    const given = new Set<StoredDocument>();
    const incomplete = stored.filter(
      ({ value }) =>
        value.id === undefined || value.createdAt === undefined || value.updatedAt === undefined || value.publishedAt === undefined,
    );
    await Promise.all(
      incomplete.map(async (version) => {
        if (await completeHandWritten(documents, type, version.key, version.value as DocumentRow, undefined)) given.add(version);
      }),
    );
    // In id order, the order they were created in: a list without `sort` answers in it, as
    // Strapi's does, however the store happens to list them (a folder listing, by name). An id
    // a file holds comes before the same id given to a file without one, so it keeps it.
    stored.sort((a, b) => idOf(a.value) - idOf(b.value) || Number(given.has(a)) - Number(given.has(b)));
    for (const version of stored) {
      const { key, value } = version;
      // The file's name says the locale. The value is ours (freshly read), so no copy of it.
      const row = value as DocumentRow;
      row.locale = type.localized ? key.locale : null;
      const file = `${type.singularName}/${key.documentId}/${key.status}.${key.locale}.json`;
      if (row.documentId !== undefined && row.documentId !== key.documentId) {
        refused(file, [`documentId must be "${key.documentId}", the name of its folder`]);
        continue;
      }
      row.documentId = key.documentId;
      if (!Number.isSafeInteger(row.id) || row.id < 1) {
        refused(file, ['id must be a positive integer']);
        continue;
      }
      const owner = owners.get(row.id);
      if (owner !== undefined) {
        const id = given.has(version) ? `the id it is given, having none, ${row.id},` : `id ${row.id}`;
        const whose = owner === key.documentId ? 'also the id of another version of this document' : `the id of document ${owner}`;
        refused(file, [`${id} is ${whose}`]);
        continue;
      }
      owners.set(row.id, key.documentId);
      index.remember(type, key.status, row);
    }
  }
}

/** Brings one document's versions in `index` in line with its files (see ContentStore.syncDocument). */
export async function syncDocument(
  documents: DocumentAdapter,
  index: DocumentIndex,
  type: ContentType,
  documentId: string,
  accept: (status: DocumentStatus, row: DocumentRow) => string[],
): Promise<SyncReport> {
  const report: SyncReport = { changed: 0, removed: 0, refused: [] };
  const { versions, broken } = await documents.readDocument(type.singularName, documentId);
  const onDisk = new Set<string>();
  const fileOf = (status: DocumentStatus, locale: string) => `${type.singularName}/${documentId}/${status}.${locale}.json`;
  const inMemory = (status: DocumentStatus, locale: string | null) =>
    index.typeDocuments(type).get(documentId)?.get(bucketKey(status, locale));
  for (const { key, path, reason } of broken) {
    const locale = type.localized ? key.locale : null;
    onDisk.add(bucketKey(key.status, locale));
    // The reason names the file by its full path; the report names it already.
    const problem = reason.startsWith(`${path}: `) ? reason.slice(path.length + 2) : reason;
    const kept = inMemory(key.status, locale) !== undefined;
    report.refused.push({ file: fileOf(key.status, key.locale), problems: [problem], kept });
  }
  for (const { key, value } of versions) {
    const row = value as DocumentRow;
    const locale = type.localized ? key.locale : null;
    onDisk.add(bucketKey(key.status, locale));
    const current = inMemory(key.status, locale);
    row.locale = locale;
    const problems: string[] = [];
    if (row.documentId !== undefined && row.documentId !== documentId) {
      problems.push(`documentId must be "${documentId}", the name of its folder`);
    }
    row.documentId = documentId;
    const givenId = await completeHandWritten(documents, type, key, row, current);
    if (problems.length === 0 && current && stableStringify(current) === stableStringify(row)) continue; // our own write, or no change
    if (!Number.isSafeInteger(row.id) || row.id < 1) problems.push('id must be a positive integer');
    else problems.push(...idProblems(index, type, documentId, bucketKey(key.status, locale), row, givenId));
    problems.push(...accept(key.status, row));
    if (problems.length > 0) {
      report.refused.push({ file: fileOf(key.status, key.locale), problems, kept: current !== undefined });
      continue;
    }
    index.remember(type, key.status, row);
    report.changed++;
  }
  for (const [bucket, row] of [...(index.typeDocuments(type).get(documentId) ?? new Map<string, DocumentRow>())]) {
    if (onDisk.has(bucket)) continue;
    index.forget(type, bucket.slice(0, bucket.indexOf(':')) as DocumentStatus, documentId, row.locale);
    report.removed++;
  }
  return report;
}

/**
 * Why a version's id (`givenId`: the one a version written by hand is given) cannot be its own:
 * it is another document's, or another version's of its own document.
 */
function idProblems(
  index: DocumentIndex,
  type: ContentType,
  documentId: string,
  ownBucket: string,
  row: DocumentRow,
  givenId: boolean,
): string[] {
  const problems: string[] = [];
  const owner = index.idOwner(type, row.id);
  if (owner !== undefined && owner !== documentId) {
    problems.push(
      givenId
        ? `the id it is given, having none, ${row.id}, is the id of document ${owner}: give it an id of its own`
        : `id ${row.id} is the id of document ${owner}`,
    );
  }
  const versions = index.typeDocuments(type).get(documentId);
  const sibling = [...(versions?.entries() ?? [])].find(([bucket, other]) => bucket !== ownBucket && other.id === row.id);
  // Each version of a document has an id of its own (the draft and the published copy differ).
  if (sibling) {
    const [bucket, other] = sibling;
    const inLocale = other.locale ? ` in ${other.locale}` : '';
    problems.push(`id ${row.id} is also the id of this document's ${bucket.split(':')[0]} version${inLocale}`);
  }
  return problems;
}
