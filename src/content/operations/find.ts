/**
 * Reading documents through the reader (see reader.ts): a page of a list (`find`, as the JSON bytes
 * of its answer, with the list cache), one document by documentId, and the state an answer's
 * `ETag` names. Rows are replaced, never changed, on a write, so the text of a row in the default
 * shape is made once and reused by every answer that shows it.
 */
import { NotFoundError } from '../../errors.js';
import { messages } from '../../messages.js';
import type { ContentType, RelationAttribute } from '../../schema/index.js';
import type { DocumentStatus } from '../../storage/index.js';
import { contentTypeModel, relationTargets, type ContentQuery, type Model, type ModelLookup } from '../../model/index.js';
import { createAnswerCache } from '../answer-cache.js';
import { leftOut, present, rowText, withPopulated, type PresentContext, type RowText } from '../present.js';
import type { ContentContext } from '../context.js';
import { whenRead, type Awaitable, type ReadQuery, type ReadScope } from '../reader.js';
import type { DocumentRow } from '../types.js';

/** Room for the texts of cached list answers, and the largest one kept. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
const ANSWER_CACHE_ENTRY_BYTES = 1024 * 1024;

/** A relation a query populates in its default shape: its name, attribute and target model. */
type PlainRelation = [string, RelationAttribute, Model];

/**
 * @example const reads = createFind(context); ctx.body = reads.findJson(type, ctx.querystring, models, parse);
 */
export function createFind(context: ContentContext) {
  const { reader, lookup, deps } = context;
  const targets = relationTargets(context.schemas);

  /** A list query as the reader takes it: its locale as stored. */
  const readQuery = (type: ContentType, query: ContentQuery): ReadQuery => ({
    status: query.status,
    locale: context.localeOf(type, query.locale, true),
    filters: query.filters,
    q: query.q,
    sort: query.sort,
  });

  /** The rows of one page of a list query, and its meta. */
  const selectPage = (type: ContentType, query: ContentQuery) => reader.select(type, readQuery(type, query), query.pagination);

  /** How many documents a list query matches, all pages together (the document service's `count`). */
  const count = (type: ContentType, query: ContentQuery): Awaitable<number> => reader.count(type, readQuery(type, query));

  function find(type: ContentType, query: ContentQuery) {
    const model = contentTypeModel(type);
    return whenRead(selectPage(type, query), ({ rows, meta }) =>
      whenRead(reader.shape(query.status, (presentContext) => rows.map((row) => present(model, row, { populate: query.populate, fields: query.fields }, presentContext))), (data) => ({ data, meta })));
  }

  /** The JSON of a row in the default shape (no populate, no fields), kept with the row. */
  const serialized = new WeakMap<Record<string, unknown>, RowText>();
  function textOfRow(model: Model, row: Record<string, unknown>, status: DocumentStatus): RowText {
    let text = serialized.get(row);
    if (text === undefined) serialized.set(row, (text = rowText(model, row, context.contexts(status).present)));
    return text;
  }

  /**
   * The relations a query populates, when that is all it asks beyond the default shape: every
   * field, and each populated attribute a visible relation whose rows come in their own default
   * shape (no nested populate, fields, filters, sort or count). Each row's text is then its kept
   * text with its related rows' kept texts put in place. Undefined for any other query.
   */
  function plainRelations(model: Model, query: ContentQuery): PlainRelation[] | undefined {
    if (query.fields !== undefined) return undefined;
    const relations: PlainRelation[] = [];
    for (const name of leftOut(model)) {
      const node = query.populate[name];
      if (node === undefined) continue;
      const attribute = model.attributes[name];
      const target = attribute?.type === 'relation' ? lookup.model(attribute.target) : undefined;
      if (!target || target.isComponent || Object.values(node).some((value) => value !== undefined)) return undefined;
      relations.push([name, attribute as RelationAttribute, target]);
    }
    return Object.keys(query.populate).length === relations.length ? relations : undefined;
  }

  /** The text of one row with `relations` (from plainRelations) populated, as present and JSON.stringify give it. */
  function populatedJson(model: Model, row: DocumentRow, relations: readonly PlainRelation[], presentContext: PresentContext): string {
    const parts = relations.map(([name, attribute, target]): [string, string] => {
      const texts = presentContext.related(model, name, row).map((entry) => textOfRow(target, entry, presentContext.status).json);
      const many = attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
      return [name, many ? `[${texts.join(',')}]` : (texts[0] ?? 'null')];
    });
    return withPopulated(model, textOfRow(model, row, presentContext.status), parts);
  }

  /**
   * Which relation targets a caller may read, as a key: callers who read the same types get the
   * same list answers, and a role that cannot read categories never gets one with categories in it.
   */
  const audience = (models: ModelLookup) => targets.map((uid) => (models.mayRead(uid) ? '1' : '0')).join('');

  const answers = createAnswerCache<ReadScope>({ maxBytes: ANSWER_CACHE_BYTES, maxEntryBytes: ANSWER_CACHE_ENTRY_BYTES });
  /**
   * The dependencies of a scope as they are now: what the reader says of the documents it reads,
   * and the locales (which resolve `locale`); for everything, also the users, roles and media
   * files tables (relations and media point at them; their rows are replaced, never changed, on a
   * write or reload).
   */
  const answerDependencies = (scope: ReadScope): readonly unknown[] =>
    scope === 'everything'
      ? [reader.stateOf(scope), deps.users.rows(), deps.roles.rows(), deps.files.rows(), deps.i18n()]
      : [reader.stateOf(scope), deps.i18n()];

  /** The narrowest scope `query` reads (see ReadScope). */
  function scopeOf(type: ContentType, query: ContentQuery): ReadScope {
    const locale = context.localeOf(type, query.locale, true);
    const ownRowsOnly = locale !== '*' && !query.filters && Object.keys(query.populate).length === 0
      && query.sort.every((key) => key.path.length === 1 && type.attributes[key.path[0]!]?.type !== 'relation');
    return ownRowsOnly ? { type, status: context.statusOf(type, query.status), locale } : 'everything';
  }

  /**
   * `find` as the JSON bytes of `{ data, meta }`: the hot path of the REST API. `querystring` and
   * the types `models` may read name the answer: asked again before anything it read changed, it
   * is answered from the cache without even being parsed (a query string that parsed once for
   * those readers parses the same way: the REST settings are fixed while the server runs). Only
   * answers are cached; a query that fails fails every time.
   * @example ctx.body = content.findJson(type, ctx.querystring, models, () => parseContentQuery(…, models, …))
   */
  function findJson(type: ContentType, querystring: string, models: ModelLookup, parse: () => ContentQuery): Awaitable<Buffer> {
    const key = `${type.uid}#${audience(models)}?${querystring}`;
    const cached = answers.get(key, answerDependencies);
    if (cached !== undefined) return cached;
    const query = parse();
    const scope = scopeOf(type, query);
    // Taken before the read: a change while it is on its way makes its answer stale at once.
    const dependencies = answerDependencies(scope);
    const model = contentTypeModel(type);
    const relations = plainRelations(model, query);
    const keep = (json: string) => {
      const bytes = Buffer.from(json);
      answers.set(key, scope, dependencies, bytes);
      return bytes;
    };
    if (!relations) return whenRead(find(type, query), (found) => keep(JSON.stringify(found)));
    return whenRead(selectPage(type, query), ({ rows, meta }) => {
      const texts = relations.length === 0
        ? rows.map((row) => textOfRow(model, row, query.status).json)
        : reader.shape(query.status, (presentContext) => rows.map((row) => populatedJson(model, row, relations, presentContext)));
      return whenRead(texts, (parts) => keep(`{"data":[${parts.join(',')}],"meta":${JSON.stringify(meta)}}`));
    });
  }

  function findVersion(type: ContentType, documentId: string, query: ContentQuery): Awaitable<DocumentRow> {
    const locale = context.localeOf(type, query.locale, false) as string | null;
    return whenRead(reader.get(type, documentId, context.statusOf(type, query.status), locale), (row) => {
      if (!row) throw new NotFoundError(messages.notFound);
      return row;
    });
  }

  /**
   * One document as the JSON text of its `data`, for GET by documentId: in the default shape, the
   * same text lists reuse.
   */
  function findOneJson(type: ContentType, documentId: string, query: ContentQuery): Awaitable<string> {
    return whenRead(findVersion(type, documentId, query), (row) => {
      const model = contentTypeModel(type);
      const relations = plainRelations(model, query);
      if (relations?.length === 0) return textOfRow(model, row, query.status).json;
      return reader.shape(query.status, (presentContext) =>
        relations ? populatedJson(model, row, relations, presentContext) : JSON.stringify(present(model, row, { populate: query.populate, fields: query.fields }, presentContext)));
    });
  }

  /** One document as an object in the query's shape (the document service's `findOne`). */
  function findOne(type: ContentType, documentId: string, query: ContentQuery): Awaitable<Record<string, unknown>> {
    return whenRead(findVersion(type, documentId, query), (row) =>
      reader.shape(query.status, (presentContext) => present(contentTypeModel(type), row, { populate: query.populate, fields: query.fields }, presentContext)));
  }

  /**
   * The state a one-document answer names in its `ETag`: of the document `documentId` (a single
   * type's own when undefined) in the locale asked (the default when none). Keyed with the
   * service's `stateKey`, it tells nothing of the private attributes the stored rows hold.
   * @example content.stateTag(article, 'abc123', 'fr') // 'q3F0…'
   */
  function stateTag(type: ContentType, documentId: string | undefined, rawLocale: unknown): string | undefined {
    const id = documentId ?? context.singleDocumentId(type);
    return id === undefined ? undefined : context.versions.stateOf(type, id, context.localeOf(type, rawLocale, true));
  }

  /**
   * What every answer depends on, as it is now (any document, the users and roles, the locales):
   * an answer computed from the same values is the same answer, so a transport may keep it.
   */
  const contentState = (): readonly unknown[] => answerDependencies('everything');

  return { find, findJson, findOne, findOneJson, count, stateTag, contentState };
}
