/**
 * Checks of stored document versions as they are on disk, for `folio check` and for a server that
 * takes in a file changed by something else (git, an editor). Pure: the caller reads the files and
 * says what exists.
 *
 * One rule set: a stored row is turned into the payload the API would have been sent (system
 * fields and component ids set aside, relations as the documentIds they store) and run through
 * the API's own validator (`validateDocumentInput`), so a file passes exactly when the API would
 * have accepted its values, with the API's messages. What only a stored row has is checked here:
 * system fields, component ids, the stored form of relations and of values the API normalizes
 * (`"views": "11"` is accepted by the API but stored as `11`), and, across versions, numeric ids
 * and unique values. Each of these steps has its module in check/; this one puts them together.
 */
import { isPlainObject } from '../objects.js';
import type { ContentType, Schemas } from '../schema/index.js';
import type { ContentStore } from './store.js';
import { NO_LOCALE } from './types.js';
import { isHiddenAt, withoutValue } from './check/hidden.js';
import { prepare } from './check/models.js';
import { convertObject, type Walk } from './check/payload.js';
import { describeValue, type StoredDocumentContext, type StoredProblem } from './check/problems.js';
import { checkPlace, checkSystemFields } from './check/system-fields.js';
import { validate } from './check/validator.js';
import { checkStoredDocuments, type StoredVersion } from './check/versions.js';

export type { StoredDocumentContext, StoredProblem } from './check/problems.js';
export { checkStoredDocuments, type StoredVersion, type VersionProblem } from './check/versions.js';

/**
 * Every problem of one stored version of a document of `type`: where its file is (status, locale),
 * its system fields, its attribute values as the API would accept them, component ids, the stored
 * form of relations and whether their targets exist. Other versions are not looked at (see
 * {@link checkStoredDocuments}).
 * @example
 * checkStoredDocument(article, { id: 1, documentId: 'a1', title: 5, … }, { schemas, documentId: 'a1', status: 'draft', locale: 'en' })
 * // [{ message: 'title must be a `string` type, but the final value was: `5`.', path: ['title'] }]
 */
export function checkStoredDocument(type: ContentType, row: unknown, context: StoredDocumentContext): StoredProblem[] {
  const problems: StoredProblem[] = [];
  checkPlace(type, context, problems);
  if (!isPlainObject(row)) {
    const got = Array.isArray(row) ? 'an array' : describeValue(row);
    problems.push({ message: `must be a JSON object (one version of a ${type.singularName} document), got ${got}` });
    return problems;
  }
  const draft = type.draftAndPublish && context.status === 'draft';
  const walk: Walk = { context, problems, draft, componentIds: new Map(), prepared: prepare(context.schemas) };

  const payload: Record<string, unknown> = {};
  checkSystemFields(type, row, context, draft, payload, problems);
  convertObject(row, walk.prepared.typeModel(type).attributes, [], walk, { owner: type.singularName, entry: undefined }, payload);
  validate(type, payload, walk);
  return problems.map((problem) =>
    problem.path && isHiddenAt(type.attributes, row, problem.path, walk.prepared.lookup)
      ? { ...problem, message: withoutValue(problem.message) }
      : problem);
}

/**
 * Every problem of the versions a store holds, checked against its schemas as a server checks a
 * file written by hand (relation targets need not exist yet): whether content types changed on
 * disk can be served with the documents there. Each as `<type>/<documentId>/<status>.<locale>.json: message`.
 * @example checkStore(store, nextSchemas, ['en', 'fr']) // ['article/abc/draft.en.json: title must be defined']
 */
export function checkStore(store: ContentStore, schemas: Schemas, locales: readonly string[]): string[] {
  const problems: string[] = [];
  for (const type of schemas.contentTypes) {
    const versions: StoredVersion[] = [];
    for (const documentId of store.documentIds(type)) {
      for (const { status, row } of store.versions(type, documentId)) {
        const locale = type.localized ? (row.locale ?? '') : NO_LOCALE;
        const name = `${type.singularName}/${documentId}/${status}.${locale}.json`;
        const version: StoredVersion = { documentId, status, locale, row, name };
        versions.push(version);
        const context = { schemas, documentId, status, locale, locales, handWritten: true };
        for (const problem of checkStoredDocument(type, row, context)) problems.push(`${version.name}: ${problem.message}`);
      }
    }
    for (const problem of checkStoredDocuments(type, versions)) problems.push(`${problem.version.name}: ${problem.message}`);
  }
  return problems;
}
