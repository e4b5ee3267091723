/**
 * Updating a document in one locale: read again when it may have changed elsewhere, its condition
 * (`If-Match`) judged, the payload validated and merged into its draft (unique values claimed until
 * stored), required values checked, and the draft written, published at once when asked. A locale
 * the document has no version in yet gets a new one, with the document's shared values, which
 * needs `createLocalization`.
 */
import { NotFoundError } from '../../errors.js';
import { messages } from '../../messages.js';
import { now } from '../../ids.js';
import { assertCan, contentAction, lookupFor } from '../../permissions/index.js';
import { contentTypeModel, validateDocumentInput } from '../../model/index.js';
import type { ContentType } from '../../schema/index.js';
import type { ContentContext } from '../context.js';
import type { DocumentResult, WriteOptions } from '../options.js';
import type { DocumentRow } from '../types.js';
import { assertRequired, merge, savingClaimed, workingStatus, writeDraft } from '../writing.js';

/**
 * The update of `context`, without its permission check (the service makes it).
 * @example const updateDocument = createUpdate(context); await updateDocument(article, 'abc123', { title: 'Hi' }, { status: 'draft', locale: 'fr', actor });
 */
export function createUpdate(context: ContentContext) {
  const { store, lookup, versions, unique } = context;

  return async function updateDocument(type: ContentType, documentId: string, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    const locale = context.localeOf(type, options.locale, false) as string | null;
    return unique.turn(type, data, () => context.queued(type, documentId, async () => {
      await context.reread(type, documentId, options.ifMatch !== undefined);
      versions.assertPrecondition(type, documentId, locale, options.ifMatch);
      await store.prepareIds(type, data);
      const stored = store.versions(type, documentId);
      if (stored.length === 0) throw new NotFoundError(messages.notFound);
      const status = workingStatus(type);
      const validation = (localizedOnly: boolean) => ({
        lookup: lookupFor(lookup, options.actor),
        mode: 'update' as const,
        isUnique: unique.isUniqueIn(type, documentId, status, locale),
        ...(localizedOnly ? { localizedOnly } : {}),
      });
      // A published version without its draft (data written before drafts came first, or edited by
      // hand) is edited as if it were the draft, rather than taken for a missing locale version.
      const draft = store.get(type, documentId, status, locale);
      const orphan = !draft && type.draftAndPublish ? store.get(type, documentId, 'published', locale) : undefined;
      const current = draft ?? orphan;
      let base: DocumentRow;
      let input: Record<string, unknown>;
      if (current) {
        input = validateDocumentInput(data, contentTypeModel(type), validation(false));
        base = orphan ? { ...versions.renumbered(type, orphan), id: store.nextRowId(type), publishedAt: null, updatedAt: now() } : { ...current, updatedAt: now() };
      } else {
        // A new locale version of an existing document: the caller needs createLocalization, and
        // sends only localized attributes.
        assertCan(options.actor, contentAction(type.singularName, 'createLocalization'));
        input = validateDocumentInput(data, contentTypeModel(type), validation(true));
        // The shared values as they are now: a write reaches every draft first, publishing carries them on.
        const source = stored.find((version) => version.status === 'draft')?.row ?? stored[0]!.row;
        const stamp = now();
        base = { id: store.nextRowId(type), documentId, locale, createdAt: stamp, updatedAt: stamp, publishedAt: type.draftAndPublish ? null : stamp, ...versions.sharedValues(type, source) };
      }
      const release = unique.claim(type, documentId, status, locale, input);
      const saved = await savingClaimed(type, input, release, () => {
        const row = merge(context, type, base, input);
        assertRequired(type, row);
        return writeDraft(context, type, row, options, current ? 'entry.update' : 'entry.create');
      });
      return { data: context.answer(type, saved, options.status, options) };
    }));
  };
}
