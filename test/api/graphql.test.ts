/**
 * GraphQL at /graphql on the store the run names (files or PostgreSQL): queries answer the REST
 * API's documents, locales, drafts, filters and pages; mutations write as REST writes (validation,
 * uniqueness, webhooks, history, the project's document middlewares); the sign-in mutations and
 * `me`; permissions and API tokens as over REST; and Strapi's error codes.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, NO_RATE_LIMIT, type ApiServer } from '../_helpers/server.js';
import { eventually } from '../_helpers/index.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const ARTICLE = ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'history', 'createLocalization'].map((action) => `api::article.article.${action}`);
const CATEGORY = ['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::category.category.${action}`);
const HOMEPAGE = ['find', 'update', 'delete', 'publish', 'createLocalization'].map((action) => `api::homepage.homepage.${action}`);

/** A project middleware: a refusal and a crash that GraphQL's writes and reads meet as REST's do. */
const EXTENSION = `import { errors } from 'foliocms';
export default {
  register(folio) {
    folio.documents.use(async (context, next) => {
      if (context.uid === 'api::article.article' && context.action === 'create' && context.params.data?.title === 'Nope') {
        throw new errors.ValidationError('No article may be called Nope', { field: 'title' });
      }
      if (context.uid === 'api::category.category' && context.action === 'findMany' && context.params.filters?.name?.$eq === 'boom') {
        throw new Error('a secret detail of the crash');
      }
      return next();
    });
  },
};
`;

interface Answer {
  status: number;
  body: { data?: any; errors?: Array<{ message: string; path?: string[]; extensions: { code: string; error?: { name: string; details: Record<string, unknown> } } }> };
}

let api: ApiServer;
let alice: Record<string, string>;
let readOnly: Record<string, string>;
let articlesOnly: Record<string, string>;

const gql = async (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>): Promise<Answer> => {
  const answer = await api.post('/graphql', { query, ...(variables ? { variables } : {}) }, headers);
  return { status: answer.status, body: answer.body };
};
/** The data of an answer that must have no errors. */
const data = async (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) => {
  const answer = await gql(query, headers, variables);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  assert.is(answer.body.errors, undefined, JSON.stringify(answer.body.errors));
  return answer.body.data;
};
const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions.code;

const graphql = suite('GraphQL over HTTP');
graphql.before(async () => {
  api = await apiServer({
    publicActions: ['api::article.article.find', 'api::article.article.findOne', 'api::category.category.find', 'api::homepage.homepage.find', 'plugin::users-permissions.auth.callback', 'plugin::users-permissions.auth.register', 'plugin::users-permissions.auth.forgotPassword'],
    authenticatedActions: [...ARTICLE, ...CATEGORY, ...HOMEPAGE],
    files: { 'extensions/index.mjs': EXTENSION },
    config: { 'users-permissions': NO_RATE_LIMIT },
  });
  const registered = await api.post('/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'a-long-password-1' });
  alice = { Authorization: `Bearer ${registered.body.jwt}` };
  readOnly = { Authorization: `Bearer ${(await api.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'read-only' })).accessKey}` };
  articlesOnly = { Authorization: `Bearer ${(await api.project.apiTokens.create(SYSTEM_ACTOR, { name: 'articles-only', type: 'custom', grant: ['api::article.article.find'] })).accessKey}` };
  // Content written through REST: what GraphQL must then answer alike.
  const category = async (name: string) => (await api.post('/api/categories', { data: { name } }, alice)).body.data.documentId as string;
  const news = await category('News');
  const guides = await category('Guides');
  const articles: Array<[string, string, string]> = [
    ['Hello, foliocms', 'Bonjour, foliocms', news],
    ['Keep your content in git', 'Gardez votre contenu dans git', guides],
    ['Who may read what', 'Qui peut lire quoi', guides],
  ];
  for (const [title, titre, categoryId] of articles) {
    const { documentId } = (await api.post('/api/articles', { data: { title, category: categoryId, sections: [{ heading: 'Why', body: title }] } }, alice)).body.data;
    assert.is((await api.put(`/api/articles/${documentId}?locale=fr`, { data: { title: titre } }, alice)).status, 200);
  }
  const blocks = (text: string) => [{ __component: 'shared.section', heading: text }, { __component: 'shared.quote', text: `${text}!` }];
  const home = await api.put('/api/homepage', { data: { title: 'Welcome', blocks: blocks('Welcome') } }, alice);
  assert.is(home.status, 200, JSON.stringify(home.body));
  // The homepage's blocks are shared by its locales: the French version gives its own title only.
  assert.is((await api.put('/api/homepage?locale=fr', { data: { title: 'Bienvenue' } }, alice)).status, 200);
});
graphql.after(() => api.close());

graphql('articles answers the documents, order and relations the REST list answers', async () => {
  const rest = (await api.get('/api/articles?sort=title:asc&populate=category')).body.data as Array<{ documentId: string; title: string; category: { name: string } | null }>;
  const answered = (await data('{ articles(sort: "title:asc") { documentId title category { name } } }')).articles;
  assert.equal(answered, rest.map((article) => ({ documentId: article.documentId, title: article.title, category: article.category && { name: article.category.name } })));
  assert.ok(rest.length >= 3);
});

graphql('a document by documentId, null when there is none; drafts only with status: DRAFT', async () => {
  const [first] = (await api.get('/api/articles?sort=title:asc')).body.data;
  assert.equal((await data(`{ article(documentId: "${first.documentId}") { title } }`)).article, { title: first.title });
  assert.is((await data('{ article(documentId: "nosuchdocument") { title } }')).article, null);
  const draft = (await api.post('/api/articles?status=draft', { data: { title: 'Only a draft' } }, alice)).body.data;
  assert.is((await data(`{ article(documentId: "${draft.documentId}") { title } }`)).article, null);
  assert.equal((await data(`{ article(documentId: "${draft.documentId}", status: DRAFT) { title publishedAt } }`)).article, { title: 'Only a draft', publishedAt: null });
  const titles = (await data('{ articles(status: DRAFT, pagination: { limit: -1 }) { title } }')).articles.map((article: { title: string }) => article.title);
  assert.ok(titles.includes('Only a draft'));
  assert.not.ok((await data('{ articles(pagination: { limit: -1 }) { title } }')).articles.some((article: { title: string }) => article.title === 'Only a draft'));
});

graphql('locales: a list and a single type in French, its dynamic zone as a union, localizations, and an unknown locale refused', async () => {
  const rest = (await api.get('/api/articles?locale=fr&sort=title:asc')).body.data.map((article: { title: string }) => article.title);
  assert.equal((await data('{ articles(locale: "fr", sort: "title:asc") { title } }')).articles.map((article: { title: string }) => article.title), rest);
  const homepage = (await data('{ homepage(locale: "fr") { title locale blocks { __typename ... on ComponentSharedQuote { text } ... on ComponentSharedSection { heading } } localizations { locale } } }')).homepage;
  const restHomepage = (await api.get('/api/homepage?locale=fr&populate=*')).body.data;
  assert.is(homepage.title, restHomepage.title);
  assert.is(homepage.locale, 'fr');
  assert.equal(homepage.blocks.map((block: { __typename: string }) => block.__typename), restHomepage.blocks.map((block: { __component: string }) => (block.__component === 'shared.quote' ? 'ComponentSharedQuote' : 'ComponentSharedSection')));
  assert.equal(homepage.blocks.find((block: { text?: string }) => block.text), { __typename: 'ComponentSharedQuote', text: restHomepage.blocks.find((block: { text?: string }) => block.text).text });
  assert.equal(homepage.localizations, [{ locale: 'en' }]);
  const unknown = await gql('{ articles(locale: "de") { title } }');
  assert.is(unknown.status, 200);
  assert.is(codeOf(unknown), 'BAD_USER_INPUT');
});

graphql('filters: on attributes, through a relation, with or and not, as REST filters', async () => {
  const rest = (await api.get('/api/articles?filters[category][name][$eq]=Guides&sort=title:asc')).body.data.map((article: { title: string }) => article.title);
  assert.ok(rest.length > 0);
  assert.equal((await data('{ articles(filters: { category: { name: { eq: "Guides" } } }, sort: "title:asc") { title } }')).articles.map((article: { title: string }) => article.title), rest);
  const either = (await data('{ articles(filters: { or: [{ title: { containsi: "GIT" } }, { title: { startsWith: "Hello" } }] }, sort: "title:asc") { title } }')).articles;
  assert.equal(either.map((article: { title: string }) => article.title), ['Hello, foliocms', 'Keep your content in git']);
  const not = (await data('{ articles(filters: { not: { title: { containsi: "git" } } }, pagination: { limit: -1 }) { title } }')).articles;
  assert.not.ok(not.some((article: { title: string }) => /git/i.test(article.title)));
  const bad = await gql('{ articles(filters: { views: { eq: "many" } }) { title } }');
  assert.is(bad.status, 400);
  assert.is(codeOf(bad), 'GRAPHQL_VALIDATION_FAILED');
});

graphql('pages: the default page of 10, page and pageSize, and pageInfo counting as REST meta counts', async () => {
  for (let index = 0; index < 12; index++) assert.is((await api.post('/api/categories', { data: { name: `Topic ${String(index).padStart(2, '0')}` } }, alice)).status, 200);
  const total = (await api.get('/api/categories')).body.meta.pagination.total;
  assert.is((await data('{ categories { name } }')).categories.length, 10);
  const page = (await data('{ categories_connection(sort: "name:asc", pagination: { page: 2, pageSize: 5 }) { nodes { name } pageInfo { total page pageSize pageCount } } }')).categories_connection;
  const restPage = (await api.get('/api/categories?sort=name:asc&pagination[page]=2&pagination[pageSize]=5')).body;
  assert.equal(page.nodes.map((node: { name: string }) => node.name), restPage.data.map((category: { name: string }) => category.name));
  assert.equal(page.pageInfo, { total, page: 2, pageSize: 5, pageCount: Math.ceil(total / 5) });
  const offset = (await data('{ categories(sort: "name:asc", pagination: { start: 3, limit: 2 }) { name } }')).categories;
  assert.equal(offset.map((category: { name: string }) => category.name), (await api.get('/api/categories?sort=name:asc&pagination[start]=3&pagination[limit]=2')).body.data.map((category: { name: string }) => category.name));
  const both = await gql('{ categories(pagination: { page: 1, limit: 2 }) { name } }');
  assert.is(codeOf(both), 'STRAPI_PAGINATION_ERROR');
});

graphql('a nested list takes its own filters, sort and page', async () => {
  const rest = (await api.get('/api/categories?filters[name][$eq]=Guides&populate[articles][sort]=title:desc')).body.data[0].articles.map((article: { title: string }) => article.title);
  assert.is(rest.length, 2);
  const first = (await data('{ categories(filters: { name: { eq: "Guides" } }) { articles(sort: "title:desc", pagination: { limit: 1 }) { title } } }')).categories[0];
  assert.equal(first.articles.map((article: { title: string }) => article.title), rest.slice(0, 1));
  const filtered = (await data('{ categories(filters: { name: { eq: "Guides" } }) { articles_connection(filters: { title: { startsWith: "Keep" } }) { nodes { title } } } }')).categories[0];
  assert.equal(filtered.articles_connection.nodes, [{ title: 'Keep your content in git' }]);
  const both = (await data('{ categories(filters: { name: { eq: "Guides" } }) { articles { title } articles_connection { nodes { documentId } } } }')).categories[0];
  assert.is(both.articles.length, both.articles_connection.nodes.length);
});

graphql('a repeatable component takes filters, sort and a page too', async () => {
  const sections = ['c', 'a', 'd', 'b'].map((heading) => ({ heading, body: `Section ${heading}` }));
  const { documentId } = (await api.post('/api/articles', { data: { title: 'Four sections', sections } }, alice)).body.data;
  const sectionsOf = async (args: string) => (await data(`{ article(documentId: "${documentId}") { sections${args} { heading } } }`)).article.sections;
  assert.equal(await sectionsOf('(sort: "heading:asc", pagination: { start: 1, limit: 2 })'), [{ heading: 'b' }, { heading: 'c' }]);
  assert.equal(await sectionsOf(''), sections.map(({ heading }) => ({ heading })));
  assert.equal(await sectionsOf('(filters: { heading: { in: ["a", "d"] } })'), [{ heading: 'a' }, { heading: 'd' }]);
});

graphql('the same list of a document asked twice with different arguments answers each as asked', async () => {
  const guides = (await data('{ categories(filters: { name: { eq: "Guides" } }) { name up: articles(sort: "title:asc") { title } down: articles(sort: "title:desc") { title } first: articles_connection(sort: "title:asc", pagination: { limit: 1 }) { nodes { title } } } }')).categories[0];
  const titles = (await api.get('/api/articles?filters[category][name][$eq]=Guides&sort=title:asc')).body.data.map((article: { title: string }) => article.title);
  assert.equal(guides.up.map((article: { title: string }) => article.title), titles);
  assert.equal(guides.down.map((article: { title: string }) => article.title), [...titles].reverse());
  assert.equal(guides.first.nodes, [{ title: titles[0] }]);
  const { documentId } = (await api.get('/api/articles?filters[title][$eq]=Four sections')).body.data[0];
  const article = (await data(`{ article(documentId: "${documentId}") { all: sections { heading } two: sections(sort: "heading:asc", pagination: { limit: 2 }) { heading } } }`)).article;
  assert.equal([article.all.length, article.two], [4, [{ heading: 'a' }, { heading: 'b' }]]);
  // Read again in the document's own status and locale: a French draft.
  const draft = (await api.post('/api/articles?status=draft&locale=fr', { data: { title: 'Brouillon', sections: [{ heading: 'z' }, { heading: 'y' }] } }, alice)).body.data;
  const french = (await data(`{ article(documentId: "${draft.documentId}", status: DRAFT, locale: "fr") { all: sections { heading } last: sections(sort: "heading:desc", pagination: { limit: 1 }) { heading } } }`)).article;
  assert.equal(french, { all: [{ heading: 'z' }, { heading: 'y' }], last: [{ heading: 'z' }] });
  // Below a relation selected twice, one read holds both selections: their lists must agree.
  const nested = await gql('{ articles { x: category { articles(sort: "title:asc") { title } } y: category { articles(sort: "title:desc") { title } } } }');
  assert.is(codeOf(nested), 'BAD_USER_INPUT');
  assert.match(nested.body.errors![0]!.message, /"articles" is asked for twice with different arguments/);
});

graphql('a type the caller may not find is FORBIDDEN; a relation to it is answered as REST leaves it out, and filtering through it is refused', async () => {
  const forbidden = await gql('{ categories { name } }', articlesOnly);
  assert.is(forbidden.status, 200);
  assert.is(codeOf(forbidden), 'FORBIDDEN');
  assert.is(forbidden.body.data, null);
  const articles = (await data('{ articles { title category { name } } }', articlesOnly)).articles;
  assert.ok(articles.length > 0);
  assert.ok(articles.every((article: { category: unknown }) => article.category === null));
  assert.is(codeOf(await gql('{ articles(filters: { category: { name: { eq: "Guides" } } }) { title } }', articlesOnly)), 'BAD_USER_INPUT');
});

graphql('mutations write as REST does: create publishes by default, with relations and components, and answers what was asked', async () => {
  const guides = (await api.get('/api/categories?filters[name][$eq]=Guides')).body.data[0];
  const created = (await data(
    `mutation { createArticle(data: { title: "Written with GraphQL", views: 3, category: "${guides.documentId}", sections: [{ heading: "One", body: "First" }] }) { documentId title views category { name } sections { heading } publishedAt } }`,
    alice,
  )).createArticle;
  assert.is(created.title, 'Written with GraphQL');
  assert.equal(created.category, { name: 'Guides' });
  assert.equal(created.sections, [{ heading: 'One' }]);
  assert.type(created.publishedAt, 'string');
  const rest = (await api.get(`/api/articles/${created.documentId}?populate=category`)).body.data;
  assert.is(rest.title, 'Written with GraphQL');
  assert.is(rest.category.name, 'Guides');

  const draft = (await data(`mutation { updateArticle(documentId: "${created.documentId}", status: DRAFT, data: { title: "Edited in the draft" }) { title } }`, alice)).updateArticle;
  assert.is(draft.title, 'Edited in the draft');
  assert.is((await api.get(`/api/articles/${created.documentId}`)).body.data.title, 'Written with GraphQL');
  assert.is((await api.get(`/api/articles/${created.documentId}?status=draft`)).body.data.title, 'Edited in the draft');

  const french = (await data(`mutation { updateArticle(documentId: "${created.documentId}", locale: "fr", data: { title: "Écrit avec GraphQL" }) { title locale } }`, alice)).updateArticle;
  assert.equal(french, { title: 'Écrit avec GraphQL', locale: 'fr' });

  const deleted = (await data(`mutation { deleteArticle(documentId: "${created.documentId}", locale: "*") { documentId } }`, alice)).deleteArticle;
  assert.equal(deleted, { documentId: created.documentId });
  assert.is((await api.get(`/api/articles/${created.documentId}`)).status, 404);
});

graphql('a write that does not validate is BAD_USER_INPUT with its details, and nothing is written', async () => {
  const before = (await api.get('/api/articles?status=draft')).body.meta.pagination.total;
  const missing = await gql('mutation { createArticle(data: { views: 1 }) { documentId } }', alice);
  assert.is(missing.status, 200);
  assert.is(codeOf(missing), 'BAD_USER_INPUT');
  assert.is(missing.body.errors![0]!.extensions.error!.name, 'ValidationError');
  const taken = await gql('mutation { createCategory(data: { name: "Guides" }) { documentId } }', alice);
  assert.is(codeOf(taken), 'BAD_USER_INPUT');
  const refused = await gql('mutation { createArticle(data: { title: "Nope" }) { documentId } }', alice);
  assert.is(refused.body.errors![0]!.message, 'No article may be called Nope');
  assert.equal(refused.body.errors![0]!.extensions.error!.details, { field: 'title' });
  assert.is((await api.get('/api/articles?status=draft')).body.meta.pagination.total, before);
});

graphql('a single type: update creates or changes its document, delete removes it, and a second delete is STRAPI_NOT_FOUND_ERROR', async () => {
  const updated = (await data('mutation { updateHomepage(locale: "fr", data: { title: "Accueil" }) { title locale } }', alice)).updateHomepage;
  assert.equal(updated, { title: 'Accueil', locale: 'fr' });
  assert.is((await api.get('/api/homepage?locale=fr')).body.data.title, 'Accueil');
  assert.ok((await data('mutation { deleteHomepage(locale: "*") { documentId } }', alice)).deleteHomepage.documentId);
  assert.is((await data('{ homepage { title } }')).homepage, null);
  assert.is(codeOf(await gql('mutation { deleteHomepage { documentId } }', alice)), 'STRAPI_NOT_FOUND_ERROR');
});

graphql('a GraphQL write sends its webhook and is in the document history under its author', async () => {
  await api.project.webhooks.create(SYSTEM_ACTOR, { name: 'site', url: 'https://hooks.example.com/folio', events: 'entry.create' });
  const created = (await data('mutation { createArticle(data: { title: "Told to the webhook" }) { documentId } }', alice)).createArticle;
  await eventually(async () => (await api.project.webhooks.deliveries(SYSTEM_ACTOR, 'site')).some((delivery) => delivery.event === 'entry.create'), 'the GraphQL create recorded its webhook delivery');
  const history = (await api.get(`/api/articles/${created.documentId}/history`, alice)).body.data;
  assert.is(history[0].action, 'create');
  assert.equal(history[0].author, { username: 'alice', email: 'alice@example.com' });
});

graphql('API tokens hold as over REST: a read-only token reads and may not write', async () => {
  assert.ok((await data('{ articles { title } }', readOnly)).articles.length > 0);
  const write = await gql('mutation { createArticle(data: { title: "From a read-only token" }) { documentId } }', readOnly);
  assert.is(codeOf(write), 'FORBIDDEN');
  assert.is(write.body.data?.createArticle, null);
  const unknown = await api.post('/graphql', { query: '{ articles { title } }' }, { Authorization: `Bearer ${'0'.repeat(256)}` });
  assert.is(unknown.status, 401);
});

graphql('sign-in mutations: register, login, me with its role, changePassword; a wrong password is BAD_USER_INPUT', async () => {
  const registered = (await data('mutation { register(input: { username: "bob", email: "bob@example.com", password: "a-long-password-2" }) { jwt user { username email role { type } } } }')).register;
  assert.type(registered.jwt, 'string');
  assert.equal(registered.user, { username: 'bob', email: 'bob@example.com', role: { type: 'authenticated' } });
  const login = (await data('mutation { login(input: { identifier: "bob", password: "a-long-password-2" }) { jwt user { id username confirmed blocked } } }')).login;
  assert.is(login.user.username, 'bob');
  const bob = { Authorization: `Bearer ${login.jwt}` };
  assert.equal((await data('{ me { username email role { name type } } }', bob)).me, { username: 'bob', email: 'bob@example.com', role: { name: 'Authenticated', type: 'authenticated' } });
  const changed = (await data('mutation { changePassword(currentPassword: "a-long-password-2", password: "a-new-password-3", passwordConfirmation: "a-new-password-3") { jwt } }', bob)).changePassword;
  assert.type(changed.jwt, 'string');
  const wrong = await gql('mutation { login(input: { identifier: "bob", password: "a-long-password-2" }) { jwt } }');
  assert.is(codeOf(wrong), 'BAD_USER_INPUT');
  assert.is(wrong.body.errors![0]!.message, 'Invalid identifier or password');
  assert.equal((await data('mutation { forgotPassword(email: "bob@example.com") { ok } }')).forgotPassword, { ok: true });
  assert.is(codeOf(await gql('{ me { username } }')), 'FORBIDDEN');
  const answers = JSON.stringify(registered) + JSON.stringify(login);
  assert.not.match(answers, /password|Token/);
});

graphql('i18NLocales lists the project locales, i18NLocale finds one by documentId', async () => {
  const locales = (await data('{ i18NLocales { documentId code name } }')).i18NLocales;
  assert.equal(locales.map(({ code, name }: { code: string; name: string }) => ({ code, name })), [{ code: 'en', name: 'English (en)' }, { code: 'fr', name: 'French (fr)' }]);
  assert.equal((await data(`{ i18NLocale(documentId: "${locales[1].documentId}") { code } }`)).i18NLocale, { code: 'fr' });
  assert.is((await data('{ i18NLocale(documentId: "nosuchlocale") { code } }')).i18NLocale, null);
});

graphql('an unexpected failure is Internal Server Error with nothing of it shown, logged, and the next query answered', async () => {
  const crashed = await gql('{ categories(filters: { name: { eq: "boom" } }) { name } }');
  assert.is(crashed.status, 200);
  assert.is(codeOf(crashed), 'INTERNAL_SERVER_ERROR');
  assert.is(crashed.body.errors![0]!.message, 'Internal Server Error');
  assert.not.match(JSON.stringify(crashed.body), /secret detail|at .*\.(ts|js|mjs):/);
  assert.ok(api.log.some((line) => line.includes('a secret detail of the crash')));
  assert.ok((await data('{ categories { name } }')).categories.length > 0);
});

graphql.run();

/** A project without document middlewares: whole answers are kept between requests. */
const kept = suite('GraphQL answers kept between requests');
let plain: ApiServer;
kept.before(async () => {
  plain = await apiServer({ publicActions: ['api::category.category.find', 'api::category.category.create'] });
});
kept.after(() => plain.close());

kept('a kept answer is answered again only while nothing it read changed: not after a write, nor after a change of rights', async () => {
  const query = { query: '{ categories(sort: "name:asc", pagination: { limit: -1 }) { name } }' };
  const names = async () => {
    const answer = await plain.post('/graphql', query);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    assert.is(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    return answer.body.data.categories.map((category: { name: string }) => category.name);
  };
  assert.is((await plain.post('/api/categories', { data: { name: 'First' } })).status, 200);
  assert.equal(await names(), ['First']);
  assert.equal(await names(), ['First'], 'asked again');
  assert.is((await plain.post('/graphql', { query: 'mutation { createCategory(data: { name: "Second" }) { name } }' })).status, 200);
  assert.equal(await names(), ['First', 'Second'], 'a write through GraphQL');
  assert.is((await plain.post('/api/categories', { data: { name: 'Third' } })).status, 200);
  assert.equal(await names(), ['First', 'Second', 'Third'], 'a write through REST');
  await plain.project.roles.revoke(SYSTEM_ACTOR, 'public', ['api::category.category.find']);
  const refused = await plain.post('/graphql', query);
  assert.is(refused.body.errors[0].extensions.code, 'FORBIDDEN', 'rights taken away');
  await plain.project.roles.grant(SYSTEM_ACTOR, 'public', ['api::category.category.find']);
  assert.equal(await names(), ['First', 'Second', 'Third']);
});

kept('me is never kept: each caller gets their own account', async () => {
  await plain.project.roles.grant(SYSTEM_ACTOR, 'authenticated', ['plugin::users-permissions.user.me']);
  const jwtOf = async (username: string) => (await plain.post('/api/auth/local/register', { username, email: `${username}@example.com`, password: 'a-long-password-1' })).body.jwt as string;
  const me = async (jwt: string) => (await plain.post('/graphql', { query: '{ me { username } }' }, { Authorization: `Bearer ${jwt}` })).body.data.me.username;
  const [ann, ben] = [await jwtOf('ann'), await jwtOf('ben')];
  assert.equal([await me(ann), await me(ben), await me(ann)], ['ann', 'ben', 'ann']);
});

kept.run();
