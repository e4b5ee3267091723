/**
 * The shape the content store and service keep documents in.
 */
import type { Json } from '../storage/index.js';

/** Non-localized types keep their single version under this name on disk (it is no locale code). */
export { NO_LOCALE } from '../project-layout.js';

/**
 * One stored version of a document (one status, one locale) as the service keeps it in memory.
 * Components are stored inline with their status-local numeric `id`; dynamic-zone entries also carry
 * `__component`. Relations are stored as target documentIds (or numeric ids for users and roles).
 */
export interface DocumentRow {
  id: number;
  documentId: string;
  /** null on content types that are not localized. */
  locale: string | null;
  createdAt: string;
  updatedAt: string;
  /** null on a draft. */
  publishedAt: string | null;
  [attribute: string]: Json | undefined;
}
