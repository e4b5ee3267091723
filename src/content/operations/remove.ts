/**
 * Deleting a document in one locale, or in every locale (`*`): read again when it may have changed
 * elsewhere, its condition judged, and each version removed, with one `entry.delete` per locale
 * committed with the last removal.
 */
import { NotFoundError } from '../../errors.js';
import { messages } from '../../messages.js';
import type { ContentType } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';
import type { ContentContext, WrittenEvent } from '../context.js';
import type { RemoveOptions } from '../options.js';
import type { DocumentRow } from '../types.js';
import { recordedWrite } from '../recording.js';

/**
 * The delete of `context`, without its permission check (the service makes it).
 * @example const removeDocument = createRemove(context); await removeDocument(article, 'abc123', { locale: '*', actor });
 */
export function createRemove(context: ContentContext) {
  const { store, versions: book } = context;

  return async function removeDocument(type: ContentType, documentId: string, options: RemoveOptions): Promise<void> {
    const locale = context.localeOf(type, options.locale, true);
    await context.queued(type, documentId, async () => {
      await context.reread(type, documentId, options.ifMatch !== undefined);
      book.assertPrecondition(type, documentId, locale, options.ifMatch);
      const versions = store.versions(type, documentId).filter(({ row }) => locale === '*' || row.locale === locale);
      if (versions.length === 0) throw new NotFoundError(messages.notFound);
      // The entry each locale leaves, as last stored: its draft, where it had one.
      const removed = new Map<string | null, { status: DocumentStatus; row: DocumentRow }>();
      for (const version of versions) if (!removed.has(version.row.locale) || version.status === 'draft') removed.set(version.row.locale, version);
      const events = [...removed.values()].map(({ status, row }): WrittenEvent => ['entry.delete', row, status]);
      const gone = versions.map(({ status, row }) => ({ status, locale: row.locale }));
      await recordedWrite(context, type, documentId, events, { action: 'delete', actor: options.actor, locale, removed: gone }, async (calls) => {
        for (const [index, { status, locale: code }] of gone.entries()) await store.remove(type, status, documentId, code, calls(index, gone.length));
      });
    });
  };
}
