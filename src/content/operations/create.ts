/**
 * Creating a document: a new documentId, its first version in the locale asked, validated against
 * its type (unique values claimed until stored), written as the draft, and published at once when
 * the write asks for the published status.
 */
import { newDocumentId, now } from '../../ids.js';
import { lookupFor } from '../../permissions/index.js';
import { contentTypeModel, validateDocumentInput } from '../../model/index.js';
import type { ContentType } from '../../schema/index.js';
import type { ContentContext } from '../context.js';
import type { DocumentResult, WriteOptions } from '../options.js';
import type { DocumentRow } from '../types.js';
import { merge, savingClaimed, workingStatus, writeDraft } from '../writing.js';

/**
 * The create of `context`, without its permission check (the service makes it: a single type's
 * first write is an `update`).
 * @example const createDocument = createCreate(context); await createDocument(article, { title: 'Hello' }, { status: 'draft', locale: 'en', actor });
 */
export function createCreate(context: ContentContext) {
  const { store, lookup, versions, unique } = context;

  return async function createDocument(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    const locale = context.localeOf(type, options.locale, false) as string | null;
    versions.assertPrecondition(type, undefined, locale, options.ifMatch);
    const documentId = newDocumentId();
    return unique.turn(type, data, () => context.queued(type, documentId, async () => {
      await store.prepareIds(type, data);
      const status = workingStatus(type);
      const input = validateDocumentInput(data, contentTypeModel(type), {
        lookup: lookupFor(lookup, options.actor),
        mode: 'create',
        isUnique: unique.isUniqueIn(type, documentId, status, locale),
      });
      const release = unique.claim(type, documentId, status, locale, input);
      const stamp = now();
      const base: DocumentRow = { id: store.nextRowId(type), documentId, locale, createdAt: stamp, updatedAt: stamp, publishedAt: type.draftAndPublish ? null : stamp };
      const saved = await savingClaimed(type, input, release, () => writeDraft(context, type, merge(context, type, base, input), options, 'entry.create'));
      return { data: context.answer(type, saved, options.status, options) };
    }));
  };
}
