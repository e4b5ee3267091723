/**
 * `/api/upload…` (Strapi 5's upload plugin, Content API): files uploaded as multipart (and linked
 * to an entry's media attribute with `ref`, `refId` and `field`), listed with filters, sort and
 * `start`/`limit`, read and deleted by numeric id. Answers are bare file objects and arrays, as
 * Strapi's.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { ContentService, MediaLinkRequest } from '../../content/index.js';
import { presentFile, type FileInfo, type FileRow, type MediaService } from '../../media/index.js';
import { compareBy, compileFilter, fileModel, parseQueryString, parseUsersQuery, pickFields, type ModelLookup } from '../../model/index.js';
import { lookupFor, uploadAction, type Actor } from '../../permissions/index.js';
import { isPlainObject } from '../../objects.js';
import { requires } from '../authorize.js';
import { withMultipart, type MultipartLimits } from '../multipart.js';
import { actorOf } from '../state.js';

export interface UploadRoutesDeps {
  media: MediaService;
  /** Where uploaded files are linked to an entry (`ref`, `refId`, `field`), and the entries that use a file. */
  content: Pick<ContentService, 'mediaTarget' | 'linkFiles' | 'fileUses'>;
  /** Unlinks a deleted file from the documents that show it. */
  unlinkFile(id: number, actor: Actor): Promise<unknown>;
  lookup: ModelLookup;
  /** `upload.sizeLimit` and `upload.requestSizeLimit`, read at each upload. */
  limits(): MultipartLimits;
}

const FILE_INFO_KEYS = new Set(['name', 'alternativeText', 'caption']);

function badFileInfo(message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: ['fileInfo'], message, name: 'ValidationError' }] });
}

/** `fileInfo`: one JSON object per file (the field repeated), or one JSON array of them. */
function parseFileInfo(values: readonly string[] = []): FileInfo[] {
  const infos: unknown[] = [];
  for (const value of values) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badFileInfo('fileInfo must be JSON: an object with name, alternativeText and caption, or an array of them');
    }
    infos.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  }
  return infos.map((info, index) => {
    if (!isPlainObject(info)) throw badFileInfo(`fileInfo[${index}] must be an object`);
    for (const [key, value] of Object.entries(info)) {
      if (!FILE_INFO_KEYS.has(key)) throw badFileInfo(`fileInfo field has unspecified keys: ${key}`);
      if (value !== null && typeof value !== 'string') throw badFileInfo(`fileInfo.${key} must be a string`);
      if (key === 'name' && value === null) throw badFileInfo('fileInfo.name must be a string');
    }
    return info as FileInfo;
  });
}

/** Strapi's form fields that link an upload to an entry; `locale` (ours) may come with them. */
const LINK_FIELDS = ['ref', 'refId', 'field'] as const;

function badLinkField(field: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}

/**
 * `ref`, `refId` and `field` (with `locale`), when the upload links its files to an entry: all
 * three or none (Strapi quietly links nothing when one is missing; a link asked for is never
 * dropped here). Each is given once. `path` (a folder for providers that have them) is accepted
 * and has no use with the local folder.
 */
function parseLink(fields: Record<string, string[]>): MediaLinkRequest | undefined {
  const one = (name: string): string | undefined => {
    const values = fields[name] ?? [];
    if (values.length > 1) throw badLinkField(name, `${name} must be given once, got ${values.length} values`);
    return values[0] === '' ? undefined : values[0];
  };
  const [ref, refId, field] = LINK_FIELDS.map(one);
  const locale = one('locale');
  const given = LINK_FIELDS.filter((_, index) => [ref, refId, field][index] !== undefined);
  if (given.length === 0) {
    if (locale !== undefined) throw badLinkField('locale', 'locale names the version of the entry that ref, refId and field link the files to: give those three too');
    return undefined;
  }
  const missing = LINK_FIELDS.filter((name) => !given.includes(name));
  if (missing.length > 0) throw badLinkField(missing[0]!, `ref, refId and field link the files to an entry together: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`);
  return { ref: ref!, refId: refId!, field: field!, ...(locale !== undefined && { locale }) };
}

/** Files are addressed by their numeric id; anything else names no file. */
function fileId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError('file.notFound');
  return Number(raw);
}

/**
 * The values of `populate[related]` that ask for a file's entries (they come whole, as Strapi
 * answers a morph relation's), and those that do not.
 */
const ASKS = new Set<unknown>([true, 'true', '*']);
const DECLINES = new Set<unknown>([false, 'false']);

/**
 * A file's query split: whether `populate` asks for its `related` entries (`populate=related`,
 * `populate[0]=related`, `populate[related]=true`, or `*`), and the query without them, for the
 * file's own fields (a file has no other relation, so whatever else `populate` names stays a 400).
 */
function splitRelated(query: Record<string, unknown>): { related: boolean; rest: Record<string, unknown> } {
  const { populate, ...rest } = query;
  const keeping = (kept: unknown) => (kept === undefined ? rest : { ...rest, populate: kept });
  if (populate === '*') return { related: true, rest };
  if (typeof populate === 'string' || Array.isArray(populate)) {
    const names: unknown[] = typeof populate === 'string' ? populate.split(',').map((name) => name.trim()) : populate;
    const others = names.filter((name) => name !== 'related');
    return { related: others.length < names.length, rest: keeping(others.length > 0 ? others : undefined) };
  }
  if (!isPlainObject(populate) || !Object.hasOwn(populate, 'related')) return { related: false, rest: query };
  const { related, ...others } = populate;
  if (!ASKS.has(related) && !DECLINES.has(related)) {
    const message = 'populate[related] takes true or *: the related entries are answered whole, without options';
    throw new ValidationError(message, { key: 'populate', source: 'query', param: 'populate' });
  }
  return { related: ASKS.has(related), rest: keeping(Object.keys(others).length > 0 ? others : undefined) };
}

/**
 * @example uploadRoutes(api, { media, lookup, limits: () => ({ fileSize: 50e6, requestSize: 50e6 }), unlinkFile })
 */
export function uploadRoutes(router: Router, deps: UploadRoutesDeps): void {
  const { media } = deps;
  const evalContext = (ctx: Context) => ({ lookup: lookupFor(deps.lookup, actorOf(ctx)), related: () => [] });
  const queryOf = (ctx: Context) => parseUsersQuery(parseQueryString(ctx.querystring), fileModel, lookupFor(deps.lookup, actorOf(ctx)));
  const shape = (row: FileRow, fields?: string[]) => pickFields(presentFile(row), fields, ['id', 'documentId']);

  router.post('/upload', requires(uploadAction('upload')), async (ctx) => {
    // `?id=12`: the file's fileInfo changed, or its bytes replaced (Strapi's same action).
    const id = ctx.query.id === undefined ? undefined : fileId(String(ctx.query.id));
    await withMultipart(ctx, 'files', deps.limits(), async ({ files, fields }) => {
      const infos = parseFileInfo(fields.fileInfo);
      const link = parseLink(fields);
      if (id !== undefined) {
        if (link) throw badLinkField('ref', 'ref, refId and field link new uploads to an entry; POST /api/upload?id= changes a file, and links nothing');
        if (files.length > 1) throw new ValidationError('Cannot replace a file with multiple ones');
        ctx.body = shape(await media.update(id, infos[0] ?? {}, files[0], actorOf(ctx)));
        return;
      }
      const actor = actorOf(ctx);
      // Everything the link needs is checked before a byte is stored: a refused link stores nothing.
      const target = link && files.length > 0 ? await deps.content.mediaTarget(link, actor, { ctx, route: false }) : undefined;
      const rows = await media.upload(files, infos, { actor: actorOf(ctx), ...(target && { accept: target.check }) });
      if (target) {
        try {
          await deps.content.linkFiles(target, rows.map((row) => row.id), actor);
        } catch (error) {
          await media.discard(rows, actorOf(ctx));
          throw error;
        }
      }
      ctx.body = rows.map((row) => shape(row));
      ctx.status = 201;
    });
  });

  router.get('/upload/files', requires(uploadAction('find')), (ctx) => {
    const query = queryOf(ctx);
    const context = evalContext(ctx);
    const keep = compileFilter(query.filters, fileModel, context);
    const rows = media.list({
      filters: (row) => keep(row),
      ...(query.sort.length > 0 && { compare: compareBy(query.sort, fileModel, context) }),
      start: query.start,
      ...(query.limit !== undefined && { limit: query.limit }),
    });
    ctx.body = rows.map((row) => shape(row, query.fields));
  });

  // `populate=related`: the entries that use the file, as far as the caller may read them (docs/api/media.md).
  router.get('/upload/files/:id', requires(uploadAction('findOne')), (ctx) => {
    const row = media.find(fileId(ctx.params.id ?? ''));
    if (!row) throw new NotFoundError('file.notFound');
    const actor = actorOf(ctx);
    const { related, rest } = splitRelated(parseQueryString(ctx.querystring) as Record<string, unknown>);
    const file = shape(row, parseUsersQuery(rest, fileModel, lookupFor(deps.lookup, actor)).fields);
    if (!related) {
      ctx.body = file;
      return;
    }
    const uses = deps.content.fileUses(row.id, actor);
    ctx.body = { ...file, related: uses.related, relatedHidden: uses.hidden };
  });

  router.delete('/upload/files/:id', requires(uploadAction('destroy')), async (ctx) => {
    const removed = await media.remove(fileId(ctx.params.id ?? ''), actorOf(ctx));
    await deps.unlinkFile(removed.id, actorOf(ctx));
    ctx.body = shape(removed);
  });
}
