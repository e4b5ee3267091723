/**
 * The GraphQL schema a front end is written against, read over HTTP on the store the run names
 * (files or PostgreSQL): the names Strapi 5's GraphQL plugin gives types, queries, mutations,
 * filters, inputs, enums and dynamic zones; scalars per attribute type; private attributes and
 * passwords left out; the schema following content types changed on disk without a restart; and
 * the limits and refusals of the endpoint (depth, aliases, size, fragments, nesting, amount, time,
 * maxLimit, methods, the `graphql` config, production, the landing page).
 */
import { suite } from 'uvu';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import * as assert from 'uvu/assert';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  buildClientSchema, getIntrospectionQuery, isEnumType, isInputObjectType, isObjectType, isUnionType, printSchema,
  type GraphQLSchema, type IntrospectionQuery,
} from 'graphql';
import { graphqlMessages } from '../../src/graphql/index.js';
import { MAX_NESTING } from '../../src/graphql/limits.js';
import { openProject } from '../../src/project/index.js';
import { startServer } from '../../src/server/index.js';
import { eventually, request, type JsonResponse } from '../_helpers/index.js';
import { apiServer, testProject, type ApiServer, type ProjectOptions } from '../_helpers/server.js';

// ---------------------------------------------------------------------------------------------
// The project: every attribute kind a schema maps, on a localized collection type with draft &
// publish; a single type with a dynamic zone; components; relations; media; extra User attributes.

const ARTICLE_YAML = `kind: collectionType
info: { singularName: article, pluralName: articles, displayName: Article }
options: { draftAndPublish: true }
pluginOptions: { i18n: { localized: true } }
attributes:
  title:        { type: string, required: true, pluginOptions: { i18n: { localized: true } } }
  summary:      { type: text }
  content:      { type: richtext }
  body:         { type: blocks }
  slug:         { type: uid, targetField: title }
  contact:      { type: email }
  kind:         { type: enumeration, enum: [big news, Small] }
  views:        { type: integer }
  bigViews:     { type: biginteger }
  rating:       { type: float }
  price:        { type: decimal }
  featured:     { type: boolean }
  day:          { type: date }
  startsAt:     { type: time }
  releasedAt:   { type: datetime }
  meta:         { type: json }
  internalNote: { type: string, private: true }
  secret:       { type: password }
  sections:     { type: component, repeatable: true, component: shared.section }
  seo:          { type: component, repeatable: false, component: shared.seo }
  category:     { type: relation, relation: manyToOne, target: api::category.category, inversedBy: articles }
  tags:         { type: relation, relation: manyToMany, target: api::tag.tag, inversedBy: articles }
  author:       { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
  cover:        { type: media, allowedTypes: [images] }
  gallery:      { type: media, multiple: true }
`;

const TAG_YAML = `kind: collectionType
info: { singularName: tag, pluralName: tags, displayName: Tag }
options: { draftAndPublish: false }
attributes:
  name:     { type: string, required: true }
  articles: { type: relation, relation: manyToMany, target: api::article.article, mappedBy: tags }
`;

const SEO_YAML = `info: { displayName: Seo }
attributes:
  metaTitle: { type: string, required: true }
  robots:    { type: enumeration, enum: [index, noindex] }
`;

const USER_YAML = `attributes:
  nickname:   { type: string }
  secretNote: { type: string, private: true }
`;

/** A type nothing refers to, so it can be removed from disk while serving. */
const NOTE_YAML = `kind: collectionType
info: { singularName: note, pluralName: notes, displayName: Note }
attributes:
  text: { type: string, required: true }
`;

const FILES = {
  'content-types/article.yaml': ARTICLE_YAML,
  'content-types/tag.yaml': TAG_YAML,
  'content-types/components/shared/seo.yaml': SEO_YAML,
  'content-types/users-permissions/user.yaml': USER_YAML,
};

// ---------------------------------------------------------------------------------------------
// Helpers

interface GraphQLError {
  message: string;
  extensions?: { code?: string; error?: { name: string; message: string } };
}
type Answer = JsonResponse<{ data?: any; errors?: GraphQLError[] }>;

const post = (server: { post: ApiServer['post'] }, query: string, variables?: Record<string, unknown>, path = '/graphql'): Promise<Answer> =>
  server.post(path, { query, ...(variables ? { variables } : {}) });
const getQuery = (server: ApiServer, query: string, path = '/graphql'): Promise<Answer> => server.get(`${path}?query=${encodeURIComponent(query)}`);
const codeOf = (answer: Answer) => answer.body?.errors?.[0]?.extensions?.code;
const messageOf = (answer: Answer) => answer.body?.errors?.[0]?.message ?? '';

/** The data of an answer that must be a success. */
function dataOf(answer: Answer): any {
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.body.errors, undefined, answer.text);
  return answer.body.data;
}

/** An answer refused before anything ran: the status, and the code of its errors. */
function refused(answer: Answer, status: number, code: string): void {
  assert.is(answer.status, status, answer.text);
  assert.ok((answer.body.errors?.length ?? 0) >= 1, answer.text);
  assert.equal([...new Set(answer.body.errors!.map((error) => error.extensions?.code))], [code], answer.text);
  assert.is(answer.body.data, undefined, 'nothing ran');
}

/** The schema served, as a client tool reads it: by introspection. */
async function introspect(server: ApiServer): Promise<GraphQLSchema> {
  return buildClientSchema(dataOf(await post(server, getIntrospectionQuery())) as IntrospectionQuery);
}

/**
 * The fields of one type or input in the printed schema, name → its SDL line (arguments and
 * defaults as a client reads them), e.g. `articles(filters: ArticleFiltersInput, …): [Article]!`.
 */
function fieldsOf(printed: string, kind: 'type' | 'input', name: string): Record<string, string> {
  const sdl = `\n${printed}`;
  const start = sdl.indexOf(`\n${kind} ${name} {\n`);
  assert.ok(start >= 0, `${kind} ${name} is in the schema`);
  const body = sdl.slice(start + `\n${kind} ${name} {\n`.length, sdl.indexOf('\n}', start));
  return Object.fromEntries(body.split('\n').map((line) => line.trim()).map((line) => [/^[A-Za-z_][A-Za-z0-9_]*/.exec(line)![0], line]));
}

/** The names of an enum's members and the values they stand for, as introspection shows them. */
const enumMembers = (schema: GraphQLSchema, name: string) => {
  const type = schema.getType(name);
  assert.ok(type && isEnumType(type), `${name} is an enum`);
  return type.getValues().map((value) => value.name);
};

/** Options of a project whose `graphql` config is `graphql`. */
const withGraphQL = (graphql: Record<string, unknown>, options: ProjectOptions = {}): ProjectOptions => ({ ...options, config: { ...options.config, graphql } });

// ---------------------------------------------------------------------------------------------
// 1. The schema's names

let api: ApiServer;
let schema: GraphQLSchema;
let sdl: string;

const names = suite("the schema, named as Strapi's GraphQL plugin names it");
names.before(async () => {
  api = await apiServer({ files: FILES });
  schema = await introspect(api);
  sdl = printSchema(schema);
});
names.after(() => api.close());

names('content types, components, media, the User and the shared types carry the names Strapi gives them', () => {
  for (const name of [
    'Article', 'Category', 'Tag', 'Homepage', 'ComponentSharedSection', 'ComponentSharedQuote', 'ComponentSharedSeo',
    'UploadFile', 'UsersPermissionsUser', 'UsersPermissionsRole', 'UsersPermissionsMe', 'UsersPermissionsLoginPayload', 'I18NLocale',
    'ArticleEntityResponseCollection', 'CategoryEntityResponseCollection', 'TagEntityResponseCollection',
    'ArticleRelationResponseCollection', 'TagRelationResponseCollection', 'UploadFileRelationResponseCollection',
    'Pagination', 'DeleteMutationResponse', 'Error',
  ]) {
    const type = schema.getType(name);
    assert.ok(type && isObjectType(type), `${name} is an object type`);
  }
  assert.equal(Object.keys((schema.getType('Pagination') as any).getFields()), ['total', 'page', 'pageSize', 'pageCount']);
  assert.equal(fieldsOf(sdl, 'type', 'DeleteMutationResponse'), { documentId: 'documentId: ID!' });
  assert.equal(fieldsOf(sdl, 'type', 'ArticleEntityResponseCollection'), { nodes: 'nodes: [Article!]!', pageInfo: 'pageInfo: Pagination!' });
  assert.equal(fieldsOf(sdl, 'type', 'TagRelationResponseCollection'), { nodes: 'nodes: [Tag!]!' });
  assert.equal(enumMembers(schema, 'PublicationStatus'), ['DRAFT', 'PUBLISHED']);
  for (const name of ['JSON', 'Long', 'Date', 'Time', 'DateTime', 'I18NLocaleCode']) assert.ok(schema.getType(name), `scalar ${name}`);
  // A component no content type uses yet is declared too.
  assert.equal(fieldsOf(sdl, 'type', 'ComponentSharedQuote'), { id: 'id: ID', text: 'text: String!', author: 'author: String' });
});

names('an enumeration is ENUM_<TYPE>_<ATTRIBUTE>, its members named from its values (words joined by _, case kept)', () => {
  assert.equal(enumMembers(schema, 'ENUM_ARTICLE_KIND'), ['big_news', 'Small']);
  assert.equal(enumMembers(schema, 'ENUM_COMPONENTSHAREDSEO_ROBOTS'), ['index', 'noindex']);
  assert.is(fieldsOf(sdl, 'type', 'Article').kind, 'kind: ENUM_ARTICLE_KIND');
  assert.is(fieldsOf(sdl, 'input', 'ArticleInput').kind, 'kind: ENUM_ARTICLE_KIND');
});

names('a dynamic zone is the union <Type><Attribute>DynamicZone of its components and Error, written through …DynamicZoneInput', () => {
  const zone = schema.getType('HomepageBlocksDynamicZone');
  assert.ok(zone && isUnionType(zone));
  assert.equal(zone.getTypes().map((type) => type.name), ['ComponentSharedSection', 'ComponentSharedQuote', 'Error']);
  assert.is(fieldsOf(sdl, 'type', 'Homepage').blocks, 'blocks: [HomepageBlocksDynamicZone]');
  assert.ok(schema.getType('HomepageBlocksDynamicZoneInput'), 'the input of the zone');
  assert.is(fieldsOf(sdl, 'input', 'HomepageInput').blocks, 'blocks: [HomepageBlocksDynamicZoneInput!]');
});

names('queries: one, many and _connection per collection type, with their arguments and defaults; the single type without documentId', () => {
  const query = fieldsOf(sdl, 'type', 'Query');
  assert.is(query.article, 'article(documentId: ID!, status: PublicationStatus = PUBLISHED, locale: I18NLocaleCode): Article');
  assert.is(query.articles, 'articles(filters: ArticleFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], status: PublicationStatus = PUBLISHED, locale: I18NLocaleCode): [Article]!');
  assert.is(query.articles_connection, 'articles_connection(filters: ArticleFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], status: PublicationStatus = PUBLISHED, locale: I18NLocaleCode): ArticleEntityResponseCollection');
  // Not localized: no locale argument.
  assert.is(query.categories, 'categories(filters: CategoryFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], status: PublicationStatus = PUBLISHED): [Category]!');
  assert.is(query.tag, 'tag(documentId: ID!, status: PublicationStatus = PUBLISHED): Tag');
  assert.is(query.homepage, 'homepage(status: PublicationStatus = PUBLISHED, locale: I18NLocaleCode): Homepage');
  assert.not.ok('homepages' in query || 'homepages_connection' in query, 'a single type has no list');
  assert.is(query.me, 'me: UsersPermissionsMe');
  assert.is(query.i18NLocales, 'i18NLocales: [I18NLocale]!');
  assert.equal(Object.keys(fieldsOf(sdl, 'input', 'PaginationArg')), ['page', 'pageSize', 'start', 'limit']);
});

names('mutations: create, update and delete per collection type, update and delete for the single type, and the account mutations', () => {
  const mutation = fieldsOf(sdl, 'type', 'Mutation');
  assert.is(mutation.createArticle, 'createArticle(status: PublicationStatus = PUBLISHED, data: ArticleInput!, locale: I18NLocaleCode): Article');
  assert.match(mutation.updateArticle ?? '', /^updateArticle\(documentId: ID!, status: PublicationStatus( = PUBLISHED)?, data: ArticleInput!, locale: I18NLocaleCode\): Article$/);
  assert.is(mutation.deleteArticle, 'deleteArticle(documentId: ID!, locale: I18NLocaleCode): DeleteMutationResponse');
  assert.match(mutation.updateHomepage ?? '', /^updateHomepage\(status: PublicationStatus( = PUBLISHED)?, data: HomepageInput!, locale: I18NLocaleCode\): Homepage$/);
  assert.is(mutation.deleteHomepage, 'deleteHomepage(locale: I18NLocaleCode): DeleteMutationResponse');
  assert.not.ok('createHomepage' in mutation, 'a single type is created by its update');
  assert.is(mutation.login, 'login(input: UsersPermissionsLoginInput!): UsersPermissionsLoginPayload!');
  assert.is(mutation.register, 'register(input: UsersPermissionsRegisterInput!): UsersPermissionsLoginPayload!');
  assert.is(mutation.forgotPassword, 'forgotPassword(email: String!): UsersPermissionsPasswordPayload');
  assert.is(mutation.resetPassword, 'resetPassword(password: String!, passwordConfirmation: String!, code: String!): UsersPermissionsLoginPayload');
  assert.is(mutation.changePassword, 'changePassword(currentPassword: String!, password: String!, passwordConfirmation: String!): UsersPermissionsLoginPayload');
  assert.is(mutation.emailConfirmation, 'emailConfirmation(confirmation: String!): UsersPermissionsLoginPayload');
  assert.equal(fieldsOf(sdl, 'input', 'UsersPermissionsLoginInput'), { identifier: 'identifier: String!', password: 'password: String!', provider: 'provider: String! = "local"' });
});

// Strapi's plugin gives every update mutation's status the default PUBLISHED, as on create and
// the queries: generated clients and tools read the same signature.
names("an update mutation's status defaults to PUBLISHED, as on create", () => {
  const mutation = fieldsOf(sdl, 'type', 'Mutation');
  assert.is(mutation.updateArticle, 'updateArticle(documentId: ID!, status: PublicationStatus = PUBLISHED, data: ArticleInput!, locale: I18NLocaleCode): Article');
  assert.is(mutation.updateHomepage, 'updateHomepage(status: PublicationStatus = PUBLISHED, data: HomepageInput!, locale: I18NLocaleCode): Homepage');
});

names('each attribute type has the scalar Strapi maps it to, and a required attribute is non-null', () => {
  const article = fieldsOf(sdl, 'type', 'Article');
  const expected: Record<string, string> = {
    documentId: 'ID!', title: 'String!', summary: 'String', content: 'String', body: 'JSON', slug: 'String', contact: 'String',
    views: 'Int', bigViews: 'Long', rating: 'Float', price: 'Float', featured: 'Boolean', day: 'Date', startsAt: 'Time',
    releasedAt: 'DateTime', meta: 'JSON', seo: 'ComponentSharedSeo', category: 'Category', author: 'UsersPermissionsUser', cover: 'UploadFile',
    createdAt: 'DateTime', updatedAt: 'DateTime', publishedAt: 'DateTime', locale: 'String',
  };
  for (const [field, type] of Object.entries(expected)) assert.is(article[field], `${field}: ${type}`, field);
  assert.is(fieldsOf(sdl, 'type', 'ComponentSharedSeo').metaTitle, 'metaTitle: String!', 'required in a component too');
  // Inputs never require: a partial update is a valid write.
  assert.is(fieldsOf(sdl, 'input', 'ArticleInput').title, 'title: String');
});

names('lists in a document: a repeatable component, a to-many relation and its _connection, multiple media, localizations', () => {
  const article = fieldsOf(sdl, 'type', 'Article');
  const listArgs = (filters: string) => `(filters: ${filters}, pagination: PaginationArg = {}, sort: [String] = [])`;
  assert.is(article.sections, `sections${listArgs('ComponentSharedSectionFiltersInput')}: [ComponentSharedSection]`);
  assert.is(article.tags, `tags${listArgs('TagFiltersInput')}: [Tag]!`);
  assert.is(article.tags_connection, `tags_connection${listArgs('TagFiltersInput')}: TagRelationResponseCollection`);
  assert.is(article.gallery, `gallery${listArgs('UploadFileFiltersInput')}: [UploadFile]!`);
  assert.is(article.gallery_connection, `gallery_connection${listArgs('UploadFileFiltersInput')}: UploadFileRelationResponseCollection`);
  assert.is(article.localizations, `localizations${listArgs('ArticleFiltersInput')}: [Article]!`);
  assert.is(article.localizations_connection, `localizations_connection${listArgs('ArticleFiltersInput')}: ArticleRelationResponseCollection`);
  assert.is(fieldsOf(sdl, 'type', 'Category').articles_connection, `articles_connection${listArgs('ArticleFiltersInput')}: ArticleRelationResponseCollection`);
  assert.not.ok('category_connection' in article, 'a to-one relation has no _connection');
});

names('inputs: relations and media by ID, components by their own input, enums by their enum', () => {
  const input = fieldsOf(sdl, 'input', 'ArticleInput');
  assert.is(input.category, 'category: ID');
  assert.is(input.tags, 'tags: [ID]');
  assert.is(input.author, 'author: ID');
  assert.is(input.cover, 'cover: ID');
  assert.is(input.gallery, 'gallery: [ID]');
  assert.is(input.sections, 'sections: [ComponentSharedSectionInput]');
  assert.is(input.seo, 'seo: ComponentSharedSeoInput');
  assert.is(input.bigViews, 'bigViews: Long');
  assert.is(input.body, 'body: JSON');
  assert.equal(fieldsOf(sdl, 'input', 'ComponentSharedSectionInput'), { id: 'id: ID', heading: 'heading: String', body: 'body: String' });
});

names('filters: documentId, every filterable attribute by its scalar filter, relations and components into their own filters, and/or/not; no media', () => {
  const filters = fieldsOf(sdl, 'input', 'ArticleFiltersInput');
  const expected: Record<string, string> = {
    documentId: 'IDFilterInput', title: 'StringFilterInput', summary: 'StringFilterInput', body: 'JSONFilterInput', kind: 'StringFilterInput',
    views: 'IntFilterInput', bigViews: 'LongFilterInput', price: 'FloatFilterInput', featured: 'BooleanFilterInput', day: 'DateFilterInput',
    startsAt: 'TimeFilterInput', releasedAt: 'DateTimeFilterInput', meta: 'JSONFilterInput', sections: 'ComponentSharedSectionFiltersInput',
    category: 'CategoryFiltersInput', tags: 'TagFiltersInput', author: 'UsersPermissionsUserFiltersInput',
    createdAt: 'DateTimeFilterInput', publishedAt: 'DateTimeFilterInput', locale: 'StringFilterInput', localizations: 'ArticleFiltersInput',
    and: '[ArticleFiltersInput]', or: '[ArticleFiltersInput]', not: 'ArticleFiltersInput',
  };
  for (const [field, type] of Object.entries(expected)) assert.is(filters[field], `${field}: ${type}`, field);
  assert.not.ok('cover' in filters || 'gallery' in filters, 'media are not filterable');
  assert.equal(Object.keys(fieldsOf(sdl, 'input', 'StringFilterInput')), [
    'and', 'or', 'not', 'eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi',
    'gt', 'gte', 'lt', 'lte', 'null', 'notNull', 'in', 'notIn', 'between',
  ]);
  const string = fieldsOf(sdl, 'input', 'StringFilterInput');
  assert.is(string.in, 'in: [String]');
  assert.is(string.null, 'null: Boolean');
  assert.is(string.not, 'not: StringFilterInput');
  assert.is(fieldsOf(sdl, 'input', 'CategoryFiltersInput').articles, 'articles: ArticleFiltersInput', 'a to-many relation filters through its target');
  assert.not.ok('locale' in fieldsOf(sdl, 'input', 'CategoryFiltersInput'), 'no locale on a type that is not localized');
  assert.not.ok('documentId' in fieldsOf(sdl, 'input', 'ComponentSharedSectionFiltersInput'), 'a component has no documentId');
});

names('private attributes and passwords are in no type, input or filter; the User shows its extra attributes but not its secrets', () => {
  for (const [kind, name] of [['type', 'Article'], ['input', 'ArticleInput'], ['input', 'ArticleFiltersInput']] as const) {
    const fields = fieldsOf(sdl, kind, name);
    assert.not.ok('internalNote' in fields, `${name} has no private attribute`);
    assert.not.ok('secret' in fields, `${name} has no password`);
  }
  const user = fieldsOf(sdl, 'type', 'UsersPermissionsUser');
  assert.is(user.nickname, 'nickname: String', 'an extra attribute of the User');
  assert.is(user.username, 'username: String!');
  assert.is(user.role, 'role: UsersPermissionsRole');
  for (const secret of ['secretNote', 'password', 'resetPasswordToken', 'confirmationToken']) {
    assert.not.ok(secret in user, `the User type has no ${secret}`);
    assert.not.ok(secret in fieldsOf(sdl, 'input', 'UsersPermissionsUserFiltersInput'), `the User filters have no ${secret}`);
  }
  assert.not.ok(/\binternalNote\b|\bsecretNote\b|\bresetPasswordToken\b|\bconfirmationToken\b/.test(sdl), 'nowhere in the schema');
  const role = schema.getType('UsersPermissionsRole');
  assert.ok(role && isObjectType(role) && !('users' in role.getFields()), "a role's users are not shown");
  assert.ok(isInputObjectType(schema.getType('UsersPermissionsUserFiltersInput')));
});

names('the schema answers queries by the names it declares', async () => {
  const answer = dataOf(await post(api, '{ articles { documentId } articles_connection { pageInfo { total page pageSize pageCount } } homepage { documentId } i18NLocales { code } }'));
  assert.equal(answer.articles, []);
  assert.equal(answer.articles_connection.pageInfo, { total: 0, page: 1, pageSize: 10, pageCount: 0 });
  assert.is(answer.homepage, null);
  assert.equal(answer.i18NLocales.map((locale: { code: string }) => locale.code).sort(), ['en', 'fr']);
});

names('every kind of attribute is answered as stored: enums by name, a User by its public fields, components and relations populated', async () => {
  await api.project.roles.grant(SYSTEM_ACTOR, 'public', ['plugin::users-permissions.user.find']);
  const user = await api.project.users.create(SYSTEM_ACTOR, { username: 'writer', email: 'writer@example.com', password: 'a-long-password-1', nickname: 'W', secretNote: 'never shown' });
  const tag = (await api.post('/api/tags', { data: { name: 'Blue' } })).body.data;
  const created = await api.post('/api/articles', {
    data: {
      title: 'Every kind', kind: 'big news', bigViews: '9007199254740993', price: 2.5, day: '2026-11-27', startsAt: '12:30:00.000', meta: { a: [1] },
      seo: { metaTitle: 'Seo', robots: 'noindex' }, tags: [tag.documentId], author: user.id, internalNote: 'hidden', sections: [{ heading: 'One' }],
    },
  });
  assert.is(created.status, 200, JSON.stringify(created.body));
  const article = dataOf(await post(api, `{ article(documentId: "${created.body.data.documentId}") {
    title kind bigViews price day startsAt meta seo { metaTitle robots } sections { heading }
    tags { name } tags_connection { nodes { name } } author { username email nickname role { name } }
  } }`)).article;
  assert.equal(article, {
    title: 'Every kind', kind: 'big_news', bigViews: '9007199254740993', price: 2.5, day: '2026-11-27', startsAt: '12:30:00.000', meta: { a: [1] },
    seo: { metaTitle: 'Seo', robots: 'noindex' }, sections: [{ heading: 'One' }],
    tags: [{ name: 'Blue' }], tags_connection: { nodes: [{ name: 'Blue' }] }, author: { username: 'writer', email: 'writer@example.com', nickname: 'W', role: null },
  });
  const filtered = dataOf(await post(api, '{ articles(filters: { kind: { eq: "big news" }, author: { nickname: { eq: "W" } } }) { title } }')).articles;
  assert.equal(filtered, [{ title: 'Every kind' }]);
});

// ---------------------------------------------------------------------------------------------
// 2. The schema follows content types changed on disk

let live: ApiServer;
const following = suite('the schema follows the content types on disk');
following.before(async () => {
  live = await apiServer({ files: { 'content-types/note.yaml': NOTE_YAML } });
});
following.after(() => live.close());

following('an attribute added to a content type file is queryable without a restart', async () => {
  const before = await post(live, '{ categories { name motto } }');
  refused(before, 400, 'GRAPHQL_VALIDATION_FAILED');
  assert.match(messageOf(before), 'Cannot query field "motto" on type "Category"');
  const file = join(live.dir, 'content-types', 'category.yaml');
  await writeFile(file, `${(await readFile(file, 'utf8')).trimEnd()}\n  motto:    { type: string }\n`);
  await eventually(async () => (await post(live, '{ categories { name motto } }')).status === 200, 'Category.motto queryable');
  const created = await live.post('/api/categories', { data: { name: 'News', motto: 'All of it' } });
  assert.is(created.status, 200, created.text);
  assert.equal(dataOf(await post(live, '{ categories { name motto } }')).categories, [{ name: 'News', motto: 'All of it' }]);
  assert.is(fieldsOf(printSchema(await introspect(live)), 'input', 'CategoryFiltersInput').motto, 'motto: StringFilterInput', 'its filter too');
});

following('a content type removed from disk takes its queries and mutations with it', async () => {
  assert.equal(dataOf(await post(live, '{ notes { text } }')).notes, []);
  await rm(join(live.dir, 'content-types', 'note.yaml'));
  await eventually(async () => (await post(live, '{ notes { text } }')).status === 400, 'the notes query gone');
  const gone = await post(live, '{ notes { text } }');
  refused(gone, 400, 'GRAPHQL_VALIDATION_FAILED');
  assert.match(messageOf(gone), 'Cannot query field "notes" on type "Query"');
  refused(await post(live, 'mutation { createNote(data: { text: "x" }) { documentId } }'), 400, 'GRAPHQL_VALIDATION_FAILED');
  const schemaNow = await introspect(live);
  assert.is(schemaNow.getType('Note'), undefined, 'the type is gone');
  assert.is(schemaNow.getType('NoteFiltersInput'), undefined);
  assert.ok(Array.isArray(dataOf(await post(live, '{ categories { name } }')).categories), 'the other types are still served');
});

// ---------------------------------------------------------------------------------------------
// 3. Limits and refusals

/** `{ articles { category { articles { … } } } }`, `levels` selections deep, each list of one entry. */
function nested(levels: number): string {
  let inner = '';
  for (let level = levels; level >= 1; level--) {
    inner = level % 2 === 1 ? `articles(pagination: { limit: 1 }) { title ${inner}}` : `category { name ${inner}}`;
  }
  return `{ ${inner}}`;
}

let limits: ApiServer;
const bounded = suite('limits and refusals of the endpoint');
bounded.before(async () => {
  limits = await apiServer(withGraphQL({ depthLimit: 3, aliasLimit: 2, sizeLimit: 300, nodeLimit: 1000, landingPage: true }));
});
bounded.after(() => limits.close());

bounded('a query deeper than depthLimit is refused before it runs, with the depth-limit message; one at the limit is answered', async () => {
  dataOf(await post(limits, '{ categories { articles { category { name } } } }'));
  const deep = await post(limits, 'query Deep { categories { articles { category { articles { title } } } } }');
  refused(deep, 400, 'GRAPHQL_VALIDATION_FAILED');
  assert.is(messageOf(deep), "'Deep' exceeds maximum operation depth of 3");
  // Fragments count where they are spread.
  const throughFragment = await post(limits, 'query Deep { categories { ...C } } fragment C on Category { articles { category { articles { title } } } }');
  refused(throughFragment, 400, 'GRAPHQL_VALIDATION_FAILED');
});

bounded('the default depthLimit is 10', async () => {
  // The sample project, without config/graphql.yaml.
  const plain = await apiServer();
  try {
    dataOf(await post(plain, nested(10)));
    const deep = await post(plain, nested(11));
    refused(deep, 400, 'GRAPHQL_VALIDATION_FAILED');
    assert.is(messageOf(deep), "'' exceeds maximum operation depth of 10");
  } finally {
    await plain.close();
  }
});

bounded('more aliases than aliasLimit are refused; as many are answered', async () => {
  dataOf(await post(limits, '{ a: articles { title } b: articles { title } }'));
  const many = await post(limits, '{ a: articles { title } b: articles { title } c: articles { title } }');
  refused(many, 400, 'GRAPHQL_VALIDATION_FAILED');
  assert.match(messageOf(many), 'aliases');
});

bounded('a query longer than sizeLimit is refused before it is parsed', async () => {
  const long = `{ articles { title } }${' '.repeat(300)}`;
  const answer = await post(limits, long);
  refused(answer, 400, 'GRAPHQL_VALIDATION_FAILED');
  assert.match(messageOf(answer), `${long.length} characters`);
  // Even when it would not parse: the size is checked first.
  refused(await post(limits, `{ ${'x'.repeat(400)}`), 400, 'GRAPHQL_VALIDATION_FAILED');
});

bounded('a query whose lists multiply past nodeLimit is refused; smaller pages are answered', async () => {
  const big = await post(limits, '{ categories(pagination: { limit: 100 }) { articles(pagination: { limit: 100 }) { title } } }');
  refused(big, 400, 'GRAPHQL_VALIDATION_FAILED');
  assert.match(messageOf(big), '10100');
  assert.match(messageOf(big), '1000');
  dataOf(await post(limits, '{ categories(pagination: { limit: 10 }) { articles(pagination: { limit: 10 }) { title } } }'));
  // Page sizes given as variables count as well.
  const byVariables = await post(limits, 'query ($n: Int) { categories(pagination: { limit: $n }) { articles(pagination: { limit: $n }) { title } } }', { n: 100 });
  refused(byVariables, 400, 'GRAPHQL_VALIDATION_FAILED');
});

/** `levels` fragments, each spreading the next twice: written out, the query doubles with each one. */
function doubling(levels: number): string {
  let query = '{ articles { ...F1 } }';
  for (let level = 1; level < levels; level++) query += ` fragment F${level} on Article { ...F${level + 1} ...F${level + 1} }`;
  return `${query} fragment F${levels} on Article { title }`;
}

bounded('fragments that expand past fieldLimit are refused before they are validated, while /_health answers; a fragment spread often is answered', async () => {
  const plain = await apiServer();
  try {
    const health = plain.get('/_health');
    const answer = await post(plain, doubling(40));
    refused(answer, 400, 'GRAPHQL_VALIDATION_FAILED');
    assert.is(messageOf(answer), graphqlMessages.tooManyFields(2 ** 39 + 1, 10_000));
    assert.is((await health).status, 204);
    assert.is((await plain.get('/_health')).status, 204);
    // The same fragment in every alias: counted where it is spread, far under the limit.
    const aliases = Array.from({ length: 30 }, (_, index) => `a${index}: articles { ...Card }`).join(' ');
    const answered = dataOf(await post(plain, `{ ${aliases} } fragment Card on Article { title category { name } }`));
    assert.equal(answered.a29, []);
  } finally {
    await plain.close();
  }
});

bounded('with fieldLimit out of the way the doubling fragments are answered: every walk over the query measures a fragment once', async () => {
  const unbounded = await apiServer(withGraphQL({ fieldLimit: Number.MAX_SAFE_INTEGER }));
  try {
    assert.is((await unbounded.post('/api/articles', { data: { title: 'Hello' } })).status, 200);
    assert.equal(dataOf(await post(unbounded, doubling(40))).articles, [{ title: 'Hello' }]);
  } finally {
    await unbounded.close();
  }
});

bounded('fieldLimit counts the fields of a query with its fragments written out', async () => {
  const small = await apiServer(withGraphQL({ fieldLimit: 6 }));
  try {
    const twice = (names: string) => `{ a: articles { ...T } b: articles { ...T } } fragment T on Article { ${names} }`;
    assert.equal(dataOf(await post(small, twice('title documentId'))), { a: [], b: [] }, '2 + 2 × 2 = 6 fields');
    const more = await post(small, twice('title documentId slug'));
    refused(more, 400, 'GRAPHQL_VALIDATION_FAILED');
    assert.is(messageOf(more), graphqlMessages.tooManyFields(8, 6));
  } finally {
    await small.close();
  }
});

bounded('a query nested thousands of levels deep is 400 GRAPHQL_PARSE_FAILED naming the limit, and no error is logged', async () => {
  const plain = await apiServer();
  try {
    const deep = `${'{ a '.repeat(4000)}${'}'.repeat(4000)}`;
    assert.ok(deep.length <= 20_000, 'within the default sizeLimit');
    const answer = await post(plain, deep);
    refused(answer, 400, 'GRAPHQL_PARSE_FAILED');
    assert.is(messageOf(answer), graphqlMessages.tooNested(4000, MAX_NESTING));
    assert.not.ok(plain.log.some((line) => /RangeError|\n\s+at /.test(line)), plain.log.join('\n'));
    // Braces in strings and comments are not nesting.
    const braces = '{'.repeat(500);
    dataOf(await post(plain, `# ${braces}\n{ articles(filters: { title: { eq: "${braces}" } }) { title } }`));
  } finally {
    await plain.close();
  }
});

/** A project middleware that takes 300 ms to read the categories whose name starts with "Slow": longer than a small timeLimit. */
const SLOW_READS = `export default {
  register(folio) {
    folio.documents.use(async (context, next) => {
      if (context.action === 'findMany' && context.params.filters?.name?.$startsWith === 'Slow') await new Promise((resolve) => setTimeout(resolve, 300));
      return next();
    });
  },
};
`;

bounded('a query that runs past timeLimit ends at its next field: 503 with one error naming the limit', async () => {
  const slow = await apiServer(withGraphQL({ timeLimit: 50 }, { files: { 'extensions/index.mjs': SLOW_READS } }));
  try {
    for (let index = 1; index <= 3; index++) assert.is((await slow.post('/api/categories', { data: { name: `Slow ${index}` } })).status, 200);
    const answer = await post(slow, '{ categories(filters: { name: { startsWith: "Slow" } }) { name documentId } }');
    assert.is(answer.status, 503, answer.text);
    assert.is(answer.body.errors?.length, 1, 'told once, not once per field it stopped');
    assert.is(messageOf(answer), graphqlMessages.tooSlow(50));
    assert.is(codeOf(answer), 'STRAPI_SERVICE_UNAVAILABLE_ERROR');
    assert.is((await slow.get('/_health')).status, 204);
  } finally {
    await slow.close();
  }
});

bounded('page and limit together are STRAPI_PAGINATION_ERROR', async () => {
  const answer = await post(limits, '{ articles(pagination: { page: 1, limit: 2 }) { title } }');
  assert.is(answer.status, 200, answer.text);
  assert.is(codeOf(answer), 'STRAPI_PAGINATION_ERROR', answer.text);
  assert.is(messageOf(answer), 'Cannot use both page & offset pagination in the same query');
  const nested = await post(limits, '{ categories { articles(pagination: { pageSize: 2, start: 1 }) { title } } }');
  assert.is(codeOf(nested), 'STRAPI_PAGINATION_ERROR', nested.text);
});

bounded('a syntax error is 400 GRAPHQL_PARSE_FAILED', async () => {
  const answer = await post(limits, '{ articles { title }');
  refused(answer, 400, 'GRAPHQL_PARSE_FAILED');
  assert.match(messageOf(answer), 'Syntax Error');
});

bounded('variables of the wrong type are 400 BAD_USER_INPUT', async () => {
  const answer = await post(limits, 'query ($n: Int) { articles(pagination: { limit: $n }) { title } }', { n: 'many' });
  refused(answer, 400, 'BAD_USER_INPUT');
  assert.match(messageOf(answer), '$n');
  refused(await post(limits, 'query ($id: ID!) { article(documentId: $id) { title } }', {}), 400, 'BAD_USER_INPUT');
  const notObject = await limits.post('/graphql', { query: '{ articles { title } }', variables: [1] });
  refused(notObject as Answer, 400, 'BAD_REQUEST');
});

bounded('a query sent with GET is answered; a mutation sent with GET is 405 and nothing is written', async () => {
  assert.equal(dataOf(await getQuery(limits, '{ categories { name } }')).categories, []);
  const answer = await getQuery(limits, 'mutation { createCategory(data: { name: "By GET" }) { documentId } }');
  refused(answer, 405, 'BAD_REQUEST');
  assert.is(answer.headers.get('allow'), 'POST');
  assert.equal(dataOf(await post(limits, '{ categories { name } }')).categories, [], 'nothing written');
});

bounded('other methods are 405 with Allow: GET, POST', async () => {
  const put = (await limits.put('/graphql', { query: '{ articles { title } }' })) as Answer;
  refused(put, 405, 'BAD_REQUEST');
  assert.is(put.headers.get('allow'), 'GET, POST');
  const del = (await limits.del('/graphql')) as Answer;
  assert.is(del.status, 405);
  assert.is(del.headers.get('allow'), 'GET, POST');
});

bounded('a request without a query is 400', async () => {
  refused((await limits.post('/graphql', {})) as Answer, 400, 'BAD_REQUEST');
  refused((await limits.post('/graphql', { query: '   ' })) as Answer, 400, 'BAD_REQUEST');
  refused((await limits.get('/graphql')) as Answer, 400, 'BAD_REQUEST');
});

bounded('with landingPage on, a browser asking for the endpoint gets the form; a client asking for JSON gets the 400', async () => {
  const page = await limits.get('/graphql', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', 'text/html');
  assert.match(page.text, '<form method="get" action="/graphql">');
  assert.match(page.text, 'name="query"');
  const json = (await limits.get('/graphql', { accept: 'application/json' })) as Answer;
  refused(json, 400, 'BAD_REQUEST');
  // A browser sending the form gets the JSON answer of its query.
  const sent = await limits.get(`/graphql?query=${encodeURIComponent('{ categories { name } }')}`, { accept: 'text/html' });
  assert.is(sent.status, 200);
  assert.equal(sent.body, { data: { categories: [] } });
});

bounded('without landingPage (the default), a browser asking for the endpoint gets the 400 JSON', async () => {
  const plain = await apiServer();
  try {
    const answer = (await plain.get('/graphql', { accept: 'text/html' })) as Answer;
    refused(answer, 400, 'BAD_REQUEST');
    assert.match(answer.headers.get('content-type') ?? '', 'application/json');
    assert.not.match(answer.text, '<form');
  } finally {
    await plain.close();
  }
});

// ---------------------------------------------------------------------------------------------
// maxLimit: a page and a nested list larger than it are cut to it

let paged: ApiServer;
const cut = suite('maxLimit cuts pages and nested lists');
cut.before(async () => {
  paged = await apiServer(withGraphQL({ maxLimit: 3 }));
  const category = await paged.post('/api/categories', { data: { name: 'News' } });
  assert.is(category.status, 200, category.text);
  for (let index = 1; index <= 5; index++) {
    const article = await paged.post('/api/articles', { data: { title: `Article ${index}`, category: category.body.data.documentId } });
    assert.is(article.status, 200, article.text);
  }
});
cut.after(() => paged.close());

cut('pageSize 10000 answers maxLimit rows, and pageInfo says the page is maxLimit long', async () => {
  assert.is(dataOf(await post(paged, '{ articles(pagination: { pageSize: 10000 }) { title } }')).articles.length, 3);
  assert.is(dataOf(await post(paged, '{ articles(pagination: { limit: 10000 }) { title } }')).articles.length, 3);
  assert.is(dataOf(await post(paged, '{ articles(pagination: { limit: -1 }) { title } }')).articles.length, 3, '-1 is maxLimit');
  const connection = dataOf(await post(paged, '{ articles_connection(pagination: { pageSize: 10000 }) { nodes { title } pageInfo { total pageSize pageCount } } }')).articles_connection;
  assert.is(connection.nodes.length, 3);
  assert.equal(connection.pageInfo, { total: 5, pageSize: 3, pageCount: 2 });
  // The rest is reachable page by page.
  assert.is(dataOf(await post(paged, '{ articles(pagination: { page: 2, pageSize: 10000 }) { title } }')).articles.length, 2);
});

cut('a to-many relation with more related documents than maxLimit is cut to maxLimit', async () => {
  const [category] = dataOf(await post(paged, '{ categories { name articles(pagination: { limit: 100 }) { title } } }')).categories;
  assert.is(category.articles.length, 3);
  const [again] = dataOf(await post(paged, '{ categories { articles_connection(pagination: { pageSize: 100 }) { nodes { title } } } }')).categories;
  assert.is(again.articles_connection.nodes.length, 3);
  const [plain] = dataOf(await post(paged, '{ categories { articles { title } } }')).categories;
  assert.is(plain.articles.length, 3, 'the default page of 10 is cut too');
});

// ---------------------------------------------------------------------------------------------
// The `graphql` config and the environment

const config = suite('the graphql config and NODE_ENV');

config('enabled: false answers 404 at /graphql; the REST API is still served', async () => {
  const server = await apiServer(withGraphQL({ enabled: false }));
  try {
    assert.is((await post(server, '{ articles { title } }')).status, 404);
    assert.is((await getQuery(server, '{ articles { title } }')).status, 404);
    assert.is((await server.get('/api/articles')).status, 200);
  } finally {
    await server.close();
  }
});

config('path: /gql moves the endpoint there, and /graphql is 404', async () => {
  const server = await apiServer(withGraphQL({ path: '/gql', landingPage: true }));
  try {
    assert.equal(dataOf(await post(server, '{ articles { title } }', undefined, '/gql')).articles, []);
    assert.equal(dataOf(await getQuery(server, '{ articles { title } }', '/gql')).articles, []);
    assert.is((await post(server, '{ articles { title } }')).status, 404);
    const page = await server.get('/gql', { accept: 'text/html' });
    assert.match(page.text, 'action="/gql"', 'the landing page sends its queries there');
  } finally {
    await server.close();
  }
});

config('introspection is answered by default and refused when the project is opened with NODE_ENV=production', async () => {
  const project = await testProject();
  const opened = await openProject(project.dir, { env: { NODE_ENV: 'production' }, overrides: { port: 0 }, logLines: () => undefined });
  const running = await startServer(opened);
  try {
    const ask = (query: string) => request(`${running.url}/graphql`, { method: 'POST', body: { query } }) as Promise<Answer>;
    const schemaQuery = await ask('{ __schema { types { name } } }');
    refused(schemaQuery, 400, 'GRAPHQL_VALIDATION_FAILED');
    assert.match(messageOf(schemaQuery), 'introspection');
    refused(await ask('{ __type(name: "Article") { name } }'), 400, 'GRAPHQL_VALIDATION_FAILED');
    refused(await ask(getIntrospectionQuery()), 400, 'GRAPHQL_VALIDATION_FAILED');
    // Queries still run, __typename included.
    assert.equal(dataOf(await ask('{ articles { __typename title } }')).articles, []);
  } finally {
    await running.stop();
    await project.cleanup();
  }
  // The same project files served without NODE_ENV=production answer it.
  const server = await apiServer();
  try {
    const types = dataOf(await post(server, '{ __schema { types { name } } }')).__schema.types.map((type: { name: string }) => type.name);
    assert.ok(types.includes('Article'));
  } finally {
    await server.close();
  }
});

names.run();
following.run();
bounded.run();
cut.run();
config('content types whose GraphQL names clash answer 503 naming the clash, logged once, while REST serves them', async () => {
  const clash = 'kind: collectionType\ninfo: { singularName: pagination, pluralName: paginations, displayName: Pagination }\noptions: { draftAndPublish: false }\nattributes:\n  label: { type: string }\n';
  const server = await apiServer({ files: { 'content-types/pagination.yaml': clash } });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await post(server, '{ articles { title } }');
      assert.is(answer.status, 503);
      assert.match(answer.body.errors![0]!.message, /GraphQL cannot serve the project's content types: .*"Pagination"/);
    }
    assert.is(server.log.filter((line) => line.includes('GraphQL cannot serve')).length, 1, 'logged once');
    assert.is((await server.get('/api/paginations')).status, 200);
  } finally {
    await server.close();
  }
});

config.run();
