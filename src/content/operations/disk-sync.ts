/**
 * Following documents whose files something else changed (git, an editor): the watcher notes a
 * change at once (the next write to that document reads it again first), then has the document, or
 * a type's whole folder, brought in line with its files. Valid versions are served at once; a file
 * that does not parse or validate is refused, and its last good version stays.
 */
import type { ContentType } from '../../schema/index.js';
import { isSafeName } from '../../storage/index.js';
import type { ContentContext } from '../context.js';
import type { SyncReport } from '../store.js';

/**
 * @example const disk = createDiskSync(context); disk.noteChangedOnDisk(article, 'abc123'); await disk.syncFromDisk(article, 'abc123');
 */
export function createDiskSync(context: ContentContext) {
  const { store, changedOnDisk } = context;

  /**
   * Called by the file watcher the moment someone else changed a document's files (no documentId:
   * a type's whole folder), so that the next write to it re-reads them first.
   * @example content.noteChangedOnDisk(articleType, 'abc123')
   */
  function noteChangedOnDisk(type: ContentType, documentId?: string): void {
    changedOnDisk.add(documentId === undefined ? type.uid : context.writeKey(type, documentId));
  }

  /**
   * Follows one document whose files changed on disk, queued with the writes of that document so it
   * never interleaves with one.
   * @example const report = await content.syncFromDisk(articleType, 'abc123'); // { changed: 1, removed: 0, refused: [] }
   */
  function syncFromDisk(type: ContentType, documentId: string): Promise<SyncReport> {
    if (!isSafeName(documentId)) return Promise.resolve({ changed: 0, removed: 0, refused: [] });
    return context.queued(type, documentId, () => {
      changedOnDisk.delete(context.writeKey(type, documentId));
      return store.syncDocument(type, documentId, context.storedProblems(type));
    });
  }

  /** Every document of a type, in memory or on disk, brought in line with its files (a type folder that changed as a whole). */
  async function syncTypeFromDisk(type: ContentType): Promise<SyncReport> {
    const ids = new Set([...store.documentIds(type), ...(await store.documentIdsOnDisk(type))]);
    const total: SyncReport = { changed: 0, removed: 0, refused: [] };
    changedOnDisk.delete(type.uid);
    for (const documentId of ids) {
      const report = await syncFromDisk(type, documentId);
      total.changed += report.changed;
      total.removed += report.removed;
      total.refused.push(...report.refused);
    }
    return total;
  }

  return { noteChangedOnDisk, syncFromDisk, syncTypeFromDisk };
}
