/**
 * The content service: find, findOne, create, update and delete documents of collection and single
 * types, locale-aware, with draft & publish (docs/api/content.md). It takes parsed queries and raw
 * payloads and answers presented documents; it never sees `ctx`.
 *
 * A thin door over one shared context (context.ts) and one file per operation (operations/): this
 * file checks each write's action against its actor (a single type's PUT is `update`, also when it
 * creates the document; the CLI's system actor holds them all) and finds a single type's document.
 */
import { NotFoundError } from '../errors.js';
import { messages } from '../messages.js';
import { assertCan, contentAction, lookupFor, type Actor, type DraftAction } from '../permissions/index.js';
import type { ModelLookup, PopulateTree } from '../model/index.js';
import type { ContentType } from '../schema/index.js';
import { createContentContext, type ContentServiceDeps } from './context.js';
import type { DocumentResult, DraftActionOptions, RemoveOptions, WriteOptions } from './options.js';
import { createCreate } from './operations/create.js';
import { createDiskSync } from './operations/disk-sync.js';
import { createDraftActions } from './operations/draft-actions.js';
import { createFind } from './operations/find.js';
import { createLinkFiles } from './operations/link-files.js';
import { createRemove } from './operations/remove.js';
import { createUnlinkFile } from './operations/unlink-file.js';
import { createUpdate } from './operations/update.js';
import { createHistoryReads, type HistoryReadOptions } from './operations/history.js';
import { createRestore } from './operations/restore.js';

export type { ContentServiceDeps } from './context.js';
export type { HistoryPage, HistoryReadOptions } from './operations/history.js';
export type { DocumentResult, DraftActionOptions, MediaLinkRequest, MediaTarget, RemoveOptions, WriteOptions } from './options.js';

export type ContentService = ReturnType<typeof createContentService>;

/**
 * @example const content = createContentService({ schemas, lookup: createModelLookup(schemas), store, users, roles, files, i18n: () => project.config.i18n });
 */
export function createContentService(deps: ContentServiceDeps) {
  const context = createContentContext(deps);
  const { findJson, findOneJson, findSingleJson, stateTag } = createFind(context);
  const createDocument = createCreate(context);
  const updateDocument = createUpdate(context);
  const removeDocument = createRemove(context);
  const draftActionOn = createDraftActions(context);
  const { noteChangedOnDisk, syncFromDisk, syncTypeFromDisk } = createDiskSync(context);
  const unlinkFile = createUnlinkFile(context);

  /** The document of a single type, for an action on it: a 404 when it has none. */
  function singleDocument(type: ContentType): string {
    const documentId = context.singleDocumentId(type);
    if (!documentId) throw new NotFoundError(messages.notFound);
    return documentId;
  }

  async function create(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'create'));
    return createDocument(type, data, options);
  }

  async function update(type: ContentType, documentId: string, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    return updateDocument(type, documentId, data, options);
  }

  async function updateSingle(type: ContentType, data: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'update'));
    const documentId = context.singleDocumentId(type);
    return documentId ? updateDocument(type, documentId, data, options) : createDocument(type, data, options);
  }

  async function remove(type: ContentType, documentId: string, options: RemoveOptions): Promise<void> {
    assertCan(options.actor, contentAction(type.singularName, 'delete'));
    await removeDocument(type, documentId, options);
  }

  async function removeSingle(type: ContentType, options: RemoveOptions): Promise<void> {
    assertCan(options.actor, contentAction(type.singularName, 'delete'));
    context.localeOf(type, options.locale, true); // an unknown locale is a 400 even when nothing exists
    await removeDocument(type, singleDocument(type), options);
  }

  /**
   * `publish`, `unpublish` or `discardDraft` in one locale (see operations/draft-actions.ts).
   * @example await content.draftAction('publish', articleType, 'abc123', { locale: 'fr', actor });
   */
  async function draftAction(action: DraftAction, type: ContentType, documentId: string, options: DraftActionOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, action));
    return draftActionOn(action, type, documentId, options);
  }

  async function draftActionSingle(action: DraftAction, type: ContentType, options: DraftActionOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, action));
    return draftActionOn(action, type, singleDocument(type), options);
  }

  const { mediaTarget, linkFiles } = createLinkFiles(context, update);
  const reads = createHistoryReads(context, deps.history);
  const restoreVersion = createRestore(context, deps.history, updateDocument);

  /** A document's history in one locale (`history`), newest first. */
  async function history(type: ContentType, documentId: string, options: HistoryReadOptions & { actor: Actor }) {
    assertCan(options.actor, contentAction(type.singularName, 'history'));
    return reads.history(type, documentId, options);
  }

  /** One version of a document as the Content API answered it then (`history`). */
  async function historyVersion(type: ContentType, documentId: string, version: string, options: { locale: unknown; actor: Actor; populate?: PopulateTree; fields?: string[] }) {
    assertCan(options.actor, contentAction(type.singularName, 'history'));
    return reads.version(type, documentId, version, options);
  }

  /** Puts a version's attributes into the current draft, as an update named `restore` (`restore`). */
  async function restore(type: ContentType, documentId: string, version: unknown, options: WriteOptions): Promise<DocumentResult> {
    assertCan(options.actor, contentAction(type.singularName, 'restore'));
    return restoreVersion(type, documentId, version, options);
  }

  /** The models as `actor` may read them: what a request's query is parsed against. */
  const modelsFor = (actor: Actor): ModelLookup => lookupFor(deps.lookup, actor);

  return {
    modelsFor,
    findJson,
    findOneJson,
    findSingleJson,
    stateTag,
    create,
    update,
    updateSingle,
    remove,
    removeSingle,
    draftAction,
    draftActionSingle,
    noteChangedOnDisk,
    syncFromDisk,
    syncTypeFromDisk,
    unlinkFile,
    mediaTarget,
    linkFiles,
    history,
    historyVersion,
    restore,
    /** The document of a single type, for history: a 404 when it has none. */
    singleDocument,
  };
}
