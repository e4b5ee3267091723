/**
 * @module content — documents of collection and single types: the in-memory store over the
 * per-document files, the locale- and draft-aware service (a shared context and one file per
 * operation), and the checks of stored documents that `folio check` and the server share.
 */
export { createContentStore, handWrittenId, HAND_WRITTEN_IDS, type ContentStore, type SyncReport } from './store.js';
export { createContentService, type ContentService, type DocumentAction, type DocumentContext, type DocumentEntries, type DocumentMiddleware, type FolioDocument, type DocumentMiddlewares, type QuerySource, type DraftActionOptions, type MediaLinkRequest, type MediaTarget, type RemoveOptions, type WriteOptions } from './service.js';
export { createDocumentMiddlewares } from './middlewares.js';
export { HISTORY_POLICY_ACTIONS, type ActionPolicies, type ActionRequest, type PolicyCall } from './policies.js';
export { createAnswerCache, type AnswerCache } from './answer-cache.js';
export type { Awaitable, ContentReader, ReaderFactory, ReaderParts, ReadQuery, ReadScope } from './reader.js';
export { sqlReader } from './readers/sql/factory.js';
export { NO_LOCALE, type DocumentRow } from './types.js';
export {
  checkStoredDocument,
  checkStoredDocuments,
  checkStore,
  type StoredDocumentContext,
  type StoredProblem,
  type StoredVersion,
  type VersionProblem,
} from './check.js';
export { jsonPathLine, parseDocumentText, type TextProblem } from './json-source.js';
export { documentService, type DocumentIdParams, type DocumentService, type DocumentServiceDeps, type FindParams, type WriteParams } from './documents.js';
