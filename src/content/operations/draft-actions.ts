/**
 * Draft & publish in one locale, Strapi's document service actions:
 * - `publish`: the draft becomes the published version (`entry.publish`);
 * - `unpublish`: the published version goes, the draft stays (`entry.unpublish`);
 * - `discardDraft`: the draft goes back to the published version (`entry.update`).
 * Each answers the version it leaves in front: the published one after `publish`, the draft after
 * the others. Shared attributes are copied to the other locales of the same status, as a write does.
 */
import { ApplicationError, NotFoundError, ValidationError } from '../../errors.js';
import { messages } from '../../messages.js';
import type { DraftAction } from '../../permissions/index.js';
import type { ContentType } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';
import type { ContentContext, WrittenEvent } from '../context.js';
import type { DocumentResult, DraftActionOptions, Version } from '../options.js';
import { recordedWrite } from '../recording.js';
import type { DocumentRow } from '../types.js';

/** What an action leaves in front. */
interface Acted {
  answer: DocumentRow;
  status: DocumentStatus;
}

/**
 * The draft actions of `context`, without their permission check (the service makes it).
 * @example const act = createDraftActions(context); await act('publish', article, 'abc123', { locale: 'fr', actor });
 */
export function createDraftActions(context: ContentContext) {
  const { store, versions: book } = context;

  /** Stores `put` then removes `removed`, as one recorded write of `action` (see recording.ts). */
  function write(type: ContentType, action: DraftAction, options: DraftActionOptions, at: [string, string | null], events: WrittenEvent[], put: Version[], removed: DocumentStatus[] = []): Promise<void> {
    const [documentId, locale] = at;
    const gone = removed.map((status) => ({ status, locale }));
    return recordedWrite(context, type, documentId, events, { action, actor: options.actor, locale, put, removed: gone }, async (calls) => {
      const count = (put.length > 0 ? 1 : 0) + gone.length;
      if (put.length > 0) await store.saveAll(type, put, calls(0, count));
      for (const [index, { status }] of gone.entries()) await store.remove(type, status, documentId, locale, calls(count - gone.length + index, count));
    });
  }

  async function publish(type: ContentType, options: DraftActionOptions, at: [string, string | null], draft: DocumentRow | undefined): Promise<Acted> {
    if (!draft) throw new ApplicationError('This entry has no draft to publish');
    const answer = book.publishedCopy(type, draft);
    context.assertValidVersion(type, 'published', answer);
    await write(type, 'publish', options, at, [['entry.publish', answer, 'published']], [{ status: 'published', row: answer }, ...book.sharedCopies(type, answer, 'published')]);
    return { answer, status: 'published' };
  }

  async function unpublish(type: ContentType, options: DraftActionOptions, at: [string, string | null], draft: DocumentRow | undefined, published: DocumentRow | undefined): Promise<Acted> {
    if (!published) throw new ApplicationError('This entry is not published');
    // A published version without its draft (written by hand) leaves its content as the draft,
    // never nothing: unpublishing is not deleting.
    const answer = draft ?? { ...book.renumbered(type, published), id: store.nextRowId(type), publishedAt: null };
    if (!draft) context.assertValidVersion(type, 'draft', answer);
    // entry.unpublish carries the version that went, as Strapi's does.
    await write(type, 'unpublish', options, at, [['entry.unpublish', published, 'published']], draft ? [] : [{ status: 'draft', row: answer }], ['published']);
    return { answer, status: 'draft' };
  }

  async function discardDraft(type: ContentType, options: DraftActionOptions, at: [string, string | null], draft: DocumentRow | undefined, published: DocumentRow | undefined): Promise<Acted> {
    if (!published) throw new ApplicationError('This entry has no published version to go back to');
    const answer: DocumentRow = {
      ...book.renumbered(type, published),
      id: draft?.id ?? store.nextRowId(type),
      createdAt: draft?.createdAt ?? published.createdAt,
      updatedAt: published.updatedAt,
      publishedAt: null,
    };
    context.assertValidVersion(type, 'draft', answer);
    await write(type, 'discardDraft', options, at, [['entry.update', answer, 'draft']], [{ status: 'draft', row: answer }, ...book.sharedCopies(type, answer, 'draft')]);
    return { answer, status: 'draft' };
  }

  return async function draftAction(action: DraftAction, type: ContentType, documentId: string, options: DraftActionOptions): Promise<DocumentResult> {
    if (!type.draftAndPublish) throw new ValidationError(`${type.singularName} has no draft & publish: its documents are published as they are written`);
    const locale = context.localeOf(type, options.locale, false) as string | null;
    return context.queued(type, documentId, async () => {
      await context.reread(type, documentId, options.ifMatch !== undefined);
      book.assertPrecondition(type, documentId, locale, options.ifMatch);
      const draft = store.get(type, documentId, 'draft', locale);
      const published = store.get(type, documentId, 'published', locale);
      if (!draft && !published) throw new NotFoundError(messages.notFound);
      // Each action makes a new version (new row and component ids): ids a shared store hands out.
      await store.prepareIds(type, draft ?? published);
      const at: [string, string | null] = [documentId, locale];
      const acted = action === 'publish' ? await publish(type, options, at, draft)
        : action === 'unpublish' ? await unpublish(type, options, at, draft, published)
        : await discardDraft(type, options, at, draft, published);
      return { data: context.answer(type, acted.answer, acted.status, options) };
    });
  };
}
