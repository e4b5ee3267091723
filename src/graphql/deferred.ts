/**
 * A document's list read on its own: the same relation or repeatable component selected twice on
 * a document with different arguments (`latest: articles(sort: "date:desc")` beside
 * `popular: articles(sort: "views:desc")`). The document's read carries the first; each other is
 * read again for its document, with its own arguments, through the document service as the caller.
 * One read per document for such a field: the price of asking for one list two ways.
 */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { FindParams } from '../content/index.js';
import type { Model } from '../model/index.js';
import { documentsOf, type RequestContext } from './context.js';
import type { ObjectTypes } from './objects.js';
import { populateOf } from './select.js';

type Row = Record<string, unknown>;

/**
 * @example context.readDeferred = (owner, name, parent, info) => readDeferred(objects, context, owner, name, parent, info)
 */
export async function readDeferred(objects: ObjectTypes, context: RequestContext, owner: Model, name: string, parent: Row, info: GraphQLResolveInfo): Promise<unknown> {
  const type = context.deps.schemas().byUid(owner.uid);
  if (!type || typeof parent.documentId !== 'string') return [];
  const field = info.fieldNodes[0]!;
  const alone: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [field] };
  const populate = populateOf(owner, [alone], { info, objects, lookup: context.deps.lookup(), settings: context.deps.settings() });
  const params: FindParams = {
    filters: { documentId: { $eq: parent.documentId } },
    status: type.draftAndPublish && (parent.publishedAt === null || parent.publishedAt === undefined) ? 'draft' : 'published',
    populate,
    fields: ['documentId'],
  };
  if (type.localized && typeof parent.locale === 'string') params.locale = parent.locale;
  const document = await documentsOf(context, type.uid).findFirst(params);
  return document?.[name] ?? [];
}
