/**
 * Reading a document's past: its history in one locale, newest first, a page at a time, and one
 * version as the Content API answered it then (presented with the content type of then, relations
 * read as they are now). Neither shows more than a read would today: an attribute that is private
 * or a password in the type of then or in today's is never answered, nor named as changed.
 */
import { NotFoundError, ValidationError } from '../../errors.js';
import type { HistoryBook, HistoryEntry } from '../../history/index.js';
import { pageCount, type PopulateTree } from '../../model/index.js';
import type { ContentType } from '../../schema/index.js';
import type { ContentContext } from '../context.js';
import { isHidden } from '../present.js';
import type { DocumentRow } from '../types.js';

/** An entry as the API lists it: the document is the one asked about. */
export type ListedEntry = Omit<HistoryEntry, 'documentId'>;

export interface HistoryPage {
  data: ListedEntry[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

export interface HistoryReadOptions {
  /** The `locale` query parameter as given (the default locale when none). */
  locale: unknown;
  /** `pagination[page]` and `pagination[pageSize]` as given. */
  page?: unknown;
  pageSize?: unknown;
}

const MAX_PAGE_SIZE = 100;

/** Whether today's `type` hides the attribute `name` (an attribute it no longer has hides nothing). */
const hiddenToday = (type: ContentType, name: string): boolean =>
  Object.hasOwn(type.attributes, name) && isHidden(type.attributes[name]!);

/**
 * The type of then as a version is presented: each attribute today's type hides is hidden too (an
 * attribute made private since, or turned into a password, never comes back in an old version).
 */
function presentedType(then: ContentType, today: ContentType): ContentType {
  if (then === today) return then;
  const attributes = Object.fromEntries(Object.entries(then.attributes).map(([name, attribute]) =>
    [name, !isHidden(attribute) && hiddenToday(today, name) ? { ...attribute, private: true } : attribute]));
  return { ...then, attributes };
}

function positive(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ValidationError(`Invalid parameter at 'pagination[${name}]'. Expected a positive integer.`, { errors: [{ path: ['pagination', name], message: 'must be a positive integer', name: 'ValidationError' }] });
  }
  return value;
}

/**
 * @example const { history, version } = createHistoryReads(context, book); await history(article, 'abc123', { locale: 'fr' });
 */
export function createHistoryReads(context: ContentContext, book: HistoryBook | undefined) {
  function bookOf(): HistoryBook {
    if (!book) throw new NotFoundError('This project keeps no history');
    return book;
  }

  async function history(type: ContentType, documentId: string, options: HistoryReadOptions): Promise<HistoryPage> {
    const locale = context.localeOf(type, options.locale, false) as string | null;
    const page = positive(options.page, 'page', 1);
    const pageSize = Math.min(positive(options.pageSize, 'pageSize', 25), MAX_PAGE_SIZE);
    const entries = await bookOf().list({ type, documentId, locale });
    if (entries.length === 0 && context.store.versions(type, documentId).length === 0) throw new NotFoundError('Not Found');
    const total = entries.length;
    return {
      data: entries.slice((page - 1) * pageSize, page * pageSize).map(({ documentId: _documentId, ...entry }): ListedEntry => ({
        ...entry,
        // The store's book left out what the type of then hid; today's may hide more.
        changed: entry.changed.filter((name) => !hiddenToday(type, name)),
      })),
      meta: { pagination: { page, pageSize, pageCount: pageCount(total, pageSize), total } },
    };
  }

  /**
   * `populate` and `fields` as the request gave them for today's type, kept to what the type of
   * then has (an attribute added since is not asked of an old version).
   */
  function shapeFor(then: ContentType, shape: { populate?: PopulateTree; fields?: string[] }) {
    const populate = shape.populate && Object.fromEntries(Object.entries(shape.populate).filter(([name]) => name in then.attributes));
    const fields = shape.fields?.filter((name) => name in then.attributes || name === 'documentId' || name === 'locale');
    return { ...(populate && { populate }), ...(fields && { fields }) };
  }

  async function version(type: ContentType, documentId: string, versionId: string, options: { locale: unknown; populate?: PopulateTree; fields?: string[] }) {
    const locale = context.localeOf(type, options.locale, false) as string | null;
    const found = await bookOf().version({ type, documentId, locale }, versionId);
    if (!found?.row) throw new NotFoundError(`${type.singularName} ${documentId} has no version ${versionId}${locale === null ? '' : ` in ${locale}`}`);
    const { status } = found.entry;
    const row = { publishedAt: null, ...found.row, locale: found.row.locale ?? locale } as DocumentRow;
    const data = context.answer(presentedType(found.type, type), row, status, shapeFor(found.type, options));
    return { data, meta: { version: found.entry.version, createdAt: found.entry.createdAt, author: found.entry.author } };
  }

  return { history, version };
}
