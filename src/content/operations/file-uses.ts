/**
 * The entries that use a file of the media library (Strapi's `related` of an upload file): every
 * document version that shows it, in any media attribute, also inside components and dynamic
 * zones. Only versions of types the caller may read are named; the others are counted.
 */
import { can, readAction, SYSTEM_ACTOR, type Actor } from '../../permissions/index.js';
import { holdsMedia, showsFile } from '../media-links.js';
import type { ContentContext } from '../context.js';

/** The versions that show a file: those `actor` may read, as the Content API answers them, and how many others. */
export interface FileUses {
  /** Each with `__type`, its type's uid, as Strapi answers a morph relation's entries. */
  related: Record<string, unknown>[];
  /** Versions of types the caller may not read (`find`): counted, never named. */
  hidden: number;
}

/**
 * @example
 * const fileUses = createFileUses(context);
 * fileUses(12, actor) // { related: [{ __type: 'api::article.article', documentId: '…', … }], hidden: 0 }
 */
export function createFileUses(context: ContentContext) {
  const { schemas, store } = context;

  return function fileUses(fileId: number, actor: Actor = SYSTEM_ACTOR): FileUses {
    const uses: FileUses = { related: [], hidden: 0 };
    for (const type of schemas.contentTypes) {
      if (!holdsMedia(schemas, type.attributes)) continue;
      const readable = can(actor, readAction(type.uid));
      for (const documentId of store.documentIds(type)) {
        for (const { status, row } of store.versions(type, documentId)) {
          if (!showsFile(schemas, type.attributes, row, fileId)) continue;
          if (readable) uses.related.push({ __type: type.uid, ...context.answer(type, row, status, {}) });
          else uses.hidden++;
        }
      }
    }
    return uses;
  };
}
