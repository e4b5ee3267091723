/**
 * What no single version shows, over the stored versions of one content type: a numeric id used by
 * two versions, and a value of a unique attribute found in two documents.
 */
import type { ContentType } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';
import { handWrittenId } from '../store.js';
import { describeValue, type StoredProblem } from './problems.js';

/** One stored version, as {@link checkStoredDocuments} compares it with the others. */
export interface StoredVersion {
  documentId: string;
  status: DocumentStatus;
  /** As the file name gives it (`NO_LOCALE` for a non-localized type). */
  locale: string;
  row: Record<string, unknown>;
  /** How messages name it, e.g. its file's path. */
  name: string;
}

export interface VersionProblem extends StoredProblem {
  version: StoredVersion;
}

/**
 * What no single version shows, over the versions of one type: a numeric `id` used by two versions
 * (every stored version has its own; a document's draft and published version too), and a value of
 * a `unique` or `uid` attribute found in two documents in one status and locale. Each version
 * involved is reported, naming the others, since which one is at fault is not for the files to say.
 * @example
 * checkStoredDocuments(category, versions)
 * // [{ version, path: ['name'], message: 'name must be unique: "News" is also the name of …' }, …]
 */
export function checkStoredDocuments(type: ContentType, versions: readonly StoredVersion[]): VersionProblem[] {
  const ids = new Map<number, StoredVersion[]>();
  /** Versions written by hand without an id, and so given the one the server gives them. */
  const given = new Set<StoredVersion>();
  const values = new Map<string, StoredVersion[]>();
  const unique = Object.entries(type.attributes)
    .filter(([, attribute]) => attribute.type === 'uid' || ('unique' in attribute && attribute.unique === true));
  const add = <K>(groups: Map<K, StoredVersion[]>, key: K, version: StoredVersion) => {
    const group = groups.get(key);
    if (group) group.push(version);
    else groups.set(key, [version]);
  };
  for (const version of versions) {
    const { id } = version.row;
    if (typeof id === 'number' && Number.isSafeInteger(id)) add(ids, id, version);
    else if (id === undefined) {
      given.add(version);
      add(ids, handWrittenId(type.singularName, version.documentId, version.status, version.locale), version);
    }
    for (const [name] of unique) {
      const value = version.row[name];
      if (value === undefined || value === null || typeof value === 'object') continue;
      add(values, JSON.stringify([name, version.status, version.locale, value]), version);
    }
  }
  const problems: VersionProblem[] = [];
  for (const [id, group] of ids) {
    if (group.length < 2) continue;
    for (const version of group) {
      const others = group.filter((other) => other !== version);
      const own = others.every((other) => other.documentId === version.documentId) ? ' (the versions of one document too)' : '';
      // A version without an id has the one the server gives it (see handWrittenId).
      const named = given.has(version) ? `the id this file is given, having none, ${id},` : `id ${id}`;
      const message = `${named} is also the id of ${names(others)}; every stored version of ${type.singularName} needs its own id${own}`;
      problems.push({ version, path: ['id'], message });
    }
  }
  for (const [key, group] of values) {
    if (group.length < 2) continue;
    const [name, , , value] = JSON.parse(key) as [string, string, string, unknown];
    const attribute = type.attributes[name]!;
    const shown = attribute.type === 'password' || attribute.private === true ? 'its value' : describeValue(value);
    for (const version of group) {
      const others = group.filter((other) => other !== version);
      problems.push({ version, path: [name], message: `${name} must be unique: ${shown} is also the ${name} of ${names(others)}` });
    }
  }
  return problems;
}

/** How versions are named in a message: the first two, and how many more. */
function names(versions: readonly StoredVersion[]): string {
  const shown = versions.slice(0, 2).map((version) => version.name).join(' and ');
  return versions.length > 2 ? `${shown} and ${versions.length - 2} more` : shown;
}
