/**
 * Unlinking a deleted file of the media library from every document version that shows it, in any
 * media attribute, also inside components and dynamic zones; each document written as one.
 */
import { SYSTEM_ACTOR, type Actor } from '../../permissions/index.js';
import { holdsMedia, showsFile, withoutFile } from '../media-links.js';
import { recordedWrite } from '../recording.js';
import type { ContentContext } from '../context.js';
import type { DocumentRow } from '../types.js';

/**
 * @example const unlinkFile = createUnlinkFile(context); await unlinkFile(12) // 3 documents changed
 */
export function createUnlinkFile(context: ContentContext) {
  const { schemas, store } = context;

  /** `actor` deletes the file: history says they changed the documents that held it. */
  return async function unlinkFile(fileId: number, actor: Actor = SYSTEM_ACTOR): Promise<number> {
    let changed = 0;
    for (const type of schemas.contentTypes) {
      if (!holdsMedia(schemas, type.attributes)) continue;
      for (const documentId of store.documentIds(type)) {
        const touches = store.versions(type, documentId).some(({ row }) => showsFile(schemas, type.attributes, row, fileId));
        if (!touches) continue;
        await context.queued(type, documentId, async () => {
          await context.reread(type, documentId);
          const versions = store.versions(type, documentId)
            .map(({ status, row }) => ({ status, row: withoutFile(schemas, type.attributes, row, fileId) as DocumentRow, before: row }))
            .filter(({ row, before }) => row !== before)
            .map(({ status, row }) => ({ status, row }));
          if (versions.length === 0) return;
          await recordedWrite(context, type, documentId, [], { action: 'update', actor, locale: '*', put: versions }, (calls) => store.saveAll(type, versions, calls(0, 1)));
        });
        changed++;
      }
    }
    return changed;
  };
}
