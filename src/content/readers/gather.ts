/**
 * Related rows for one answer from a store that does not hold every version in memory. Presenting
 * a page (populate, its filters and sorts, `localizations`) asks for related rows synchronously;
 * here it asks a RowSource that answers from the rows gathered so far and notes what it lacked.
 * The work then runs again once those are fetched, level by level, until nothing is lacking: a
 * populate three levels deep costs three rounds of batched queries, whatever the page's size.
 * The work must be pure (presenting is): a round whose answer lacked something is thrown away.
 */
import type { ContentType } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';
import type { RowSource } from '../relations.js';
import type { DocumentRow } from '../types.js';

/** What a store fetches for a round: whole documents, and the owners of relations to documents. */
export interface GatherFetch {
  /** Every stored version of these documents of `type`. */
  documents(type: ContentType, documentIds: readonly string[]): Promise<ReadonlyArray<{ status: DocumentStatus; row: DocumentRow }>>;
  /** The versions of `owner` in one status and locale whose relation `attribute` holds one of `documentIds`. */
  owners(owner: ContentType, status: DocumentStatus, locale: string | null, attribute: string, documentIds: readonly string[]): Promise<readonly DocumentRow[]>;
}

/** More rounds than any populate's depth can need: a work still lacking rows then is a fault. */
const MAX_ROUNDS = 32;

type Versions = Array<{ status: DocumentStatus; row: DocumentRow }>;

/**
 * Runs `work` with every related row it asks `source` for at hand.
 * @example const page = await gather((source) => rows.map((row) => present(model, row, shape, contexts(status, source).present)), fetch);
 */
export async function gather<T>(work: (source: RowSource) => T, fetch: GatherFetch): Promise<T> {
  const documents = new Map<string, Map<string, Versions>>(); // type → documentId → versions
  const owners = new Map<string, DocumentRow[]>(); // owner query key → rows
  let lackingDocuments = new Map<ContentType, Set<string>>();
  let lackingOwners = new Map<string, { owner: ContentType; status: DocumentStatus; locale: string | null; attribute: string; documentIds: Set<string> }>();

  const ownersKey = (owner: ContentType, status: DocumentStatus, locale: string | null, attribute: string) => `${owner.uid}|${status}|${locale ?? ''}|${attribute}`;
  const versionsOf = (type: ContentType, documentId: string): Versions | undefined => {
    const versions = documents.get(type.uid)?.get(documentId);
    if (versions === undefined) {
      let ids = lackingDocuments.get(type);
      if (!ids) lackingDocuments.set(type, (ids = new Set()));
      ids.add(documentId);
    }
    return versions;
  };

  const source: RowSource = {
    get: (type, documentId, status, locale) => versionsOf(type, documentId)?.find((version) => version.status === status && version.row.locale === locale)?.row,
    versions: (type, documentId) => versionsOf(type, documentId) ?? [],
    owners(owner, status, locale, attribute, documentId) {
      const key = ownersKey(owner, status, locale, attribute);
      const rows = owners.get(`${key}|${documentId}`);
      if (rows !== undefined) return rows;
      let lacking = lackingOwners.get(key);
      if (!lacking) lackingOwners.set(key, (lacking = { owner, status, locale, attribute, documentIds: new Set() }));
      lacking.documentIds.add(documentId);
      return [];
    },
  };

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = work(source);
    if (lackingDocuments.size === 0 && lackingOwners.size === 0) return result;
    const [wantedDocuments, wantedOwners] = [lackingDocuments, lackingOwners];
    lackingDocuments = new Map();
    lackingOwners = new Map();
    await Promise.all([
      ...[...wantedDocuments].map(async ([type, ids]) => {
        const byDocument = documents.get(type.uid) ?? new Map<string, Versions>();
        documents.set(type.uid, byDocument);
        for (const id of ids) byDocument.set(id, []);
        for (const version of await fetch.documents(type, [...ids])) byDocument.get(version.row.documentId)?.push(version);
      }),
      ...[...wantedOwners].map(async ([key, { owner, status, locale, attribute, documentIds }]) => {
        const rows = [...(await fetch.owners(owner, status, locale, attribute, [...documentIds]))].sort((a, b) => a.id - b.id);
        for (const documentId of documentIds) {
          owners.set(`${key}|${documentId}`, rows.filter((row) => {
            const value = row[attribute];
            return Array.isArray(value) ? value.includes(documentId) : value === documentId;
          }));
        }
      }),
    ]);
  }
  throw new Error(`related rows still lacking after ${MAX_ROUNDS} rounds`);
}
