/**
 * Restoring a version from a document's history into its current draft, as an update would write
 * it (validation, shared values copied to the other locales, webhooks, a new history entry named
 * `restore`): the version's attributes that the content type still has, relations and media to
 * what still exists, components as new entries, passwords left as they are now.
 */
import { NotFoundError, ValidationError } from '../../errors.js';
import type { HistoryBook, StoredVersion } from '../../history/index.js';
import { FILE_UID, type ContentType } from '../../schema/index.js';
import type { ContentContext } from '../context.js';
import type { DocumentResult, WriteOptions } from '../options.js';

/** The service's update, with its permission check: a restore is written as one. */
type Update = (type: ContentType, documentId: string, data: unknown, options: WriteOptions) => Promise<DocumentResult>;

/** A component's stored value without its ids: the restore makes new entries. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  const { id: _id, ...rest } = value as Record<string, unknown>;
  return rest;
}

/**
 * The payload that writes `row`'s attributes into the draft: what the type still has, each in the
 * form an update takes, pointing only at documents and files that still exist.
 */
function payloadOf(context: ContentContext, type: ContentType, row: StoredVersion['row']): Record<string, unknown> {
  const { schemas, store, deps } = context;
  const exists = (target: string, id: unknown): boolean => {
    if (target === FILE_UID) return deps.files.rows().some((file) => file.id === id);
    const users = target === 'plugin::users-permissions.user' ? deps.users : target === 'plugin::users-permissions.role' ? deps.roles : undefined;
    if (users) return users.rows().some((user) => user.id === id);
    const targetType = schemas.byUid(target);
    return targetType !== undefined && typeof id === 'string' && store.versions(targetType, id).length > 0;
  };
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (!(name in row) || attribute.type === 'password') continue;
    const value = row[name];
    if (attribute.type === 'relation') {
      const ids = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).filter((id) => exists(attribute.target, id));
      if (attribute.media) data[name] = Array.isArray(value) ? ids : ids[0] ?? null;
      else data[name] = { set: ids };
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      data[name] = withoutIds(value);
    } else {
      data[name] = value;
    }
  }
  return data;
}

/**
 * @example const restore = createRestore(context, history, update); await restore(article, 'abc123', '3f2a…', { locale: 'fr', status: 'draft', actor });
 */
export function createRestore(context: ContentContext, history: HistoryBook | undefined, update: Update) {
  return async function restore(type: ContentType, documentId: string, version: unknown, options: WriteOptions): Promise<DocumentResult> {
    if (typeof version !== 'string' || version.trim() === '') {
      throw new ValidationError('version is required: the version to restore, as the document\'s history lists it', {
        errors: [{ path: ['version'], message: 'version is required', name: 'ValidationError' }],
      });
    }
    const locale = context.localeOf(type, options.locale, false) as string | null;
    // Before its past is read: a document that is gone has no draft to restore into.
    if (context.store.versions(type, documentId).length === 0) throw new NotFoundError(`${type.singularName} ${documentId} no longer exists: a deleted document cannot be restored into a draft`);
    const found = history ? await history.version({ type, documentId, locale }, version.trim()) : undefined;
    if (!found?.row) throw new NotFoundError(`${type.singularName} ${documentId} has no version ${version.trim()}${locale === null ? '' : ` in ${locale}`}`);
    return update(type, documentId, payloadOf(context, type, found.row), { ...options, status: 'draft', action: 'restore' });
  };
}
