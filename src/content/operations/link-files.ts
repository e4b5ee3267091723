/**
 * Linking uploaded files to an entry's media attribute (`POST /api/upload` with `ref`, `refId` and
 * `field`): where the files go is checked before any file is stored (mediaTarget), and the stored
 * files are then written into the entry's draft as an update would write them (linkFiles).
 */
import { NotFoundError, PreconditionFailedError, ValidationError } from '../../errors.js';
import { didYouMean } from '../../suggest.js';
import { assertCan, contentAction, type Actor } from '../../permissions/index.js';
import { isSafeName } from '../../storage/index.js';
import type { ContentType } from '../../schema/index.js';
import { mediaKind } from '../relations.js';
import type { ContentContext } from '../context.js';
import type { ActionRequest, DocumentResult, MediaLinkRequest, MediaTarget, WriteOptions } from '../options.js';
import type { DocumentRow } from '../types.js';

/** The service's update, with its permission check: a link is written as one. */
type Update = (type: ContentType, documentId: string, data: unknown, options: WriteOptions) => Promise<DocumentResult>;
/** The project's policies on that update, asked before a file is stored. */
type UpdatePolicies = (type: ContentType, documentId: string, data: unknown, options: WriteOptions) => Promise<void> | undefined;

/** A 400 naming the form field `field` of an upload that links files. */
function linkError(field: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}

/**
 * @example const { mediaTarget, linkFiles } = createLinkFiles(context, update);
 */
export function createLinkFiles(context: ContentContext, update: Update, updatePolicies: UpdatePolicies) {
  const { schemas, store } = context;

  /** The version a numeric id names (a row id, as answers show it), in any status and locale. */
  function versionWithId(type: ContentType, id: number): DocumentRow | undefined {
    for (const documentId of store.documentIds(type)) {
      const found = store.versions(type, documentId).find(({ row }) => row.id === id);
      if (found) return found.row;
    }
    return undefined;
  }

  /** The content type `ref` names, and what its media attribute `field` takes; a 400 naming the wrong one. */
  function mediaAttribute(request: MediaLinkRequest) {
    const type = schemas.byUid(request.ref);
    if (!type) {
      const uids = schemas.contentTypes.map((each) => each.uid);
      throw linkError('ref', `ref "${request.ref}" names no content type (${uids.join(', ')})${didYouMean(request.ref, uids)}`);
    }
    const attribute = type.attributes[request.field];
    if (!attribute) {
      const names = Object.keys(type.attributes);
      throw linkError('field', `field "${request.field}" is not an attribute of ${type.singularName}${didYouMean(request.field, names)}`);
    }
    if (attribute.type !== 'relation' || !attribute.media) {
      const media = Object.entries(type.attributes).filter(([, each]) => each.type === 'relation' && each.media).map(([name]) => name);
      throw linkError('field', `field "${request.field}" of ${type.singularName} is not a media attribute (media attributes: ${media.join(', ') || 'none'})`);
    }
    return { type, multiple: attribute.relation === 'manyToMany', allowed: attribute.media.allowedTypes };
  }

  /**
   * The entry `refId` names, in the locale asked. A documentId means the version in `locale` (the
   * default when none); a numeric id, as Strapi 5 takes it, means the version with that id, in its
   * own locale. A 400 naming `refId` or `locale` when there is none.
   */
  async function entryOf(type: ContentType, request: MediaLinkRequest): Promise<{ documentId: string; locale: string | null }> {
    const byId = /^\d{1,15}$/.test(request.refId) ? versionWithId(type, Number(request.refId)) : undefined;
    if (byId) {
      const locale = type.localized ? byId.locale : null;
      if (type.localized && request.locale !== undefined && request.locale !== locale) {
        throw linkError('locale', `refId ${request.refId} is the ${String(locale)} version of ${type.singularName} ${byId.documentId}, not the ${request.locale} one: send its documentId with locale ${request.locale}`);
      }
      return { documentId: byId.documentId, locale };
    }
    let locale: string | null;
    try {
      locale = context.localeOf(type, request.locale, false) as string | null;
    } catch (error) {
      if (error instanceof ValidationError) throw linkError('locale', error.message);
      throw error;
    }
    const found = () => store.get(type, request.refId, 'draft', locale) ?? store.get(type, request.refId, 'published', locale);
    // Written a moment ago by another process, or on disk, and not seen yet: read it before saying it is not there.
    if (!found() && isSafeName(request.refId)) await context.queued(type, request.refId, () => context.reread(type, request.refId));
    if (found()) return { documentId: request.refId, locale };
    const where = type.localized ? ` in locale ${String(locale)}` : '';
    throw linkError('refId', `refId "${request.refId}" names no ${type.singularName}${where} (a documentId, or the numeric id of one of its versions)`);
  }

  /**
   * Checks, before any file is stored, where `POST /api/upload` with `ref`, `refId` and `field` will
   * link its files: the content type, the media attribute, the caller's right to update the entry
   * (403 otherwise), the entry itself in the locale asked (each wrong value a 400 naming it), and
   * the project's policies on that update, told of the upload's request `via` and of the field
   * (its files, not stored yet, as `null`).
   * @example const target = await content.mediaTarget({ ref: 'api::article.article', refId: 'abc123', field: 'cover' }, actor);
   */
  async function mediaTarget(request: MediaLinkRequest, actor: Actor, via?: ActionRequest): Promise<MediaTarget> {
    const { type, multiple, allowed } = mediaAttribute(request);
    assertCan(actor, contentAction(type.singularName, 'update'));
    const { documentId, locale } = await entryOf(type, request);
    const field = request.field;
    await updatePolicies(type, documentId, { [field]: null }, { status: 'draft', locale: locale ?? undefined, actor, request: via });
    return {
      type,
      documentId,
      locale,
      field,
      multiple,
      check: (files) => {
        if (!multiple && files.length > 1) throw linkError('field', `${field} takes one file: ${files.length} were sent`);
        for (const file of files) {
          const kind = mediaKind(file.mime);
          if (allowed && !allowed.includes(kind)) throw linkError('field', `${field} takes ${allowed.join(', ')}: ${file.name} is ${kind} (${file.mime})`);
        }
      },
    };
  }

  /**
   * Links stored files to the entry `target` names, as `PUT ?status=draft` with the field would:
   * a single media gets the first file in place of what it held, a multiple one gets them after
   * its own. The draft of that locale is written (the only version of a type without draft &
   * publish), with the same validation, webhooks and copies of shared attributes to the other
   * locales' drafts as any update, and needs the same `update` action (its policies let it on
   * in mediaTarget).
   * @example await content.linkFiles(target, [12], actor);
   */
  async function linkFiles(target: MediaTarget, fileIds: readonly number[], actor: Actor): Promise<DocumentResult> {
    const data = { [target.field]: target.multiple ? { connect: [...fileIds] } : (fileIds[0] ?? null) };
    try {
      // If-Match `*`: the version must still be there; a write never makes a new locale version here.
      return await update(target.type, target.documentId, data, { status: 'draft', locale: target.locale ?? undefined, actor, ifMatch: ['*'] });
    } catch (error) {
      if (error instanceof PreconditionFailedError || error instanceof NotFoundError) {
        const where = target.locale === null ? '' : ` in locale ${target.locale}`;
        throw linkError('refId', `refId names no ${target.type.singularName}${where}: it was deleted while the files were stored`);
      }
      throw error;
    }
  }

  return { mediaTarget, linkFiles };
}
