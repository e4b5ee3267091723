/**
 * The examples of docs/graphql.md, sent as a reader sends them: every ```graphql block of the page
 * (with the ```json block right after it as its variables, and a token when its comment asks for
 * one) goes through the npm client `graphql-request` to a copy of the sample project, with its
 * documents and media library, on the store the run names (files or PostgreSQL). Each must answer
 * without errors and with what the page and the sample say. A block added to the page without its
 * expectation here, or an expectation whose block is gone, fails the check.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClientError, GraphQLClient, gql } from 'graphql-request';
import { createDatabase } from '../_helpers/databases.js';
import { folio, repoRoot, tempDir } from '../_helpers/index.js';
import { serveProject, type ApiServer } from '../_helpers/server.js';

const PAGE = 'docs/graphql.md';

interface Example {
  /** Where its fence opens, for messages: `docs/graphql.md:123`. */
  at: string;
  /** `query Name` or `mutation Name`: what the expectations below are keyed by. */
  operation: string;
  text: string;
  variables?: Record<string, unknown>;
  /** Its comment asks for `Authorization: Bearer $GRAPHQL_TOKEN`. */
  withToken: boolean;
}

/** The ```graphql blocks of the page, each with the ```json block that follows it (only blank lines between), if any. */
function examplesOf(markdown: string): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  const closing = (from: number, fence: string) => lines.findIndex((line, index) => index > from && line.startsWith(fence));
  for (let at = 0; at < lines.length; at += 1) {
    const fence = /^(`{3,})(\S*)\s*$/.exec(lines[at]!);
    if (!fence) continue;
    const end = closing(at, fence[1]!);
    if (fence[2] === 'graphql') {
      const where = `${PAGE}:${at + 1}`;
      const text = lines.slice(at + 1, end).join('\n');
      const name = /^\s*(query|mutation)\s+(\w+)/m.exec(text);
      assert.ok(name, `${where}: every example names its operation (query Name { … }), so its expectation can be found`);
      let next = end + 1;
      while (next < lines.length && lines[next]!.trim() === '') next += 1;
      let variables: Record<string, unknown> | undefined;
      const json = /^(`{3,})json\s*$/.exec(lines[next] ?? '');
      if (json) {
        const jsonEnd = closing(next, json[1]!);
        variables = JSON.parse(lines.slice(next + 1, jsonEnd).join('\n'));
        at = jsonEnd;
      } else {
        at = end;
      }
      examples.push({ at: where, operation: `${name[1]} ${name[2]}`, text, ...(variables ? { variables } : {}), withToken: /^\s*#.*Bearer \$GRAPHQL_TOKEN/m.test(text) });
      continue;
    }
    at = end;
  }
  return examples;
}

const examples = examplesOf(await readFile(join(repoRoot, PAGE), 'utf8'));

const SAMPLE_TITLES = ['Hello, foliocms', 'Keep your content in git', 'Who may read what'];
const GUIDES = 'wfowe18ixcdsawlys4oyrz5m';

/** What each example must answer, checked on its `data`, by operation. */
const EXPECTED: Record<string, (data: any) => void | Promise<void>> = {
  'query ArticlesWithCategoryAndCover': (data) => {
    assert.equal(data.articles.map((article: { title: string }) => article.title), SAMPLE_TITLES);
    assert.equal(data.articles.map((article: { category: { name: string } }) => article.category.name), ['News', 'Guides', 'Guides']);
    assert.equal(data.articles[0].documentId, 'a5g3jslndtrcd0fgec5g43pi');
    assert.is(data.articles[0].slug, 'hello-foliocms');
    for (const article of data.articles) {
      assert.match(article.cover.url, /^\/uploads\/\w+\.jpg$/);
      assert.is(article.cover.width, 1200);
      assert.is(article.cover.height, 630);
      assert.is(article.cover.alternativeText, `Cover of “${article.title}”`);
    }
  },
  'query ArticleByDocumentId': (data) => {
    assert.is(data.article.title, 'Hello, foliocms');
    assert.is(data.article.locale, 'en');
    assert.equal(data.article.sections.map((section: { heading: string }) => section.heading), ['Why files?', "Why Strapi's API?"]);
    assert.equal(data.article.localizations, [{ locale: 'fr', title: 'Bonjour, foliocms' }]);
  },
  'query ArticlesFirstPage': (data) => {
    assert.equal(data.articles_connection, {
      nodes: [{ title: 'Hello, foliocms' }, { title: 'Keep your content in git' }],
      pageInfo: { page: 1, pageSize: 2, pageCount: 2, total: 3 },
    });
  },
  'query FrenchHomepage': (data) => {
    assert.is(data.homepage.title, 'Un petit blog sur foliocms');
    assert.equal(data.homepage.blocks.map((block: { __typename: string }) => block.__typename), ['ComponentSharedSection', 'ComponentSharedQuote', 'ComponentSharedSection']);
    assert.equal(data.homepage.blocks[1], { __typename: 'ComponentSharedQuote', text: "Strapi's REST API, without Strapi's weight.", author: 'The foliocms README' });
    assert.is(data.homepage.blocks[0].heading, 'Welcome');
  },
  'query GuidesReadOften': (data) => {
    assert.equal(data.articles, [{ title: 'Keep your content in git', views: 64 }]);
  },
  'query CategoriesAndTheirArticles': (data) => {
    assert.equal(data.categories, [
      { name: 'Guides', articles: [{ title: 'Keep your content in git' }, { title: 'Who may read what' }] },
      { name: 'News', articles: [{ title: 'Hello, foliocms' }] },
    ]);
  },
  'mutation Login': (data) => {
    assert.match(data.login.jwt, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.equal(data.login.user, { username: 'editor', email: 'editor@example.com', role: { name: 'Editor' } });
  },
  'mutation CreateArticle': async (data) => {
    const created = data.createArticle;
    assert.is(created.title, 'Notes on GraphQL');
    assert.is(created.slug, 'notes-on-graphql', "the sample's document middleware fills the slug");
    assert.ok(created.publishedAt, 'a write without status publishes');
    assert.equal(created.category, { name: 'Guides' });
    // Published: anyone now reads it, in the list and by its documentId.
    const read = await anonymous.request<{ article: { title: string; category: { name: string } } }>(
      gql`query ($documentId: ID!) { article(documentId: $documentId) { title category { name } } }`,
      { documentId: created.documentId },
    );
    assert.equal(read.article, { title: 'Notes on GraphQL', category: { name: 'Guides' } });
    const guides = await anonymous.request<{ category: { articles: Array<{ title: string }> } }>(
      gql`query ($documentId: ID!) { category(documentId: $documentId) { articles(sort: "title:asc") { title } } }`,
      { documentId: GUIDES },
    );
    assert.ok(guides.category.articles.some((article) => article.title === 'Notes on GraphQL'));
  },
};

let api: ApiServer;
let anonymous: GraphQLClient;
let withToken: GraphQLClient;

const test = suite(`The examples of ${PAGE}, sent with graphql-request`);

/** Runs a `folio` command in the project, failing with its stderr. */
async function run(dir: string, args: string[]): Promise<string> {
  const result = await folio(['--dir', dir, ...args]);
  if (result.code !== 0) throw new Error(`folio ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

test.before(async () => {
  // The sample as the page serves it: its config, content types, code, documents and media library.
  const tmp = await tempDir('folio-graphql-client-');
  const dir = join(tmp.path, 'sample');
  for (const part of ['config', 'content-types', 'extensions', 'public', 'data/content']) await cp(join(repoRoot, part), join(dir, part), { recursive: true });
  for (const file of ['files.json', 'roles.json', 'permissions.json']) await cp(join(repoRoot, 'data', file), join(dir, 'data', file));
  // On PostgreSQL (FOLIO_TEST_DATABASE, see scripts/run-tests.mjs), the same data copied into a database of its own.
  const server = process.env.FOLIO_TEST_DATABASE;
  if (server) {
    const url = await createDatabase(server);
    await run(dir, ['db', 'copy', '--to', url]);
    await writeFile(join(dir, '.env'), `DATABASE_URL=${url}\n`, { mode: 0o600 });
  }
  // The account of docs/getting-started.md, which the login example signs in with, and the page's token.
  await run(dir, ['user', 'create', '--username', 'editor', '--email', 'editor@example.com', '--password', 'choose-a-long-one', '--role', 'editor']);
  const token = await run(dir, ['token', 'create', 'graphql-writer', '--type', 'full-access']);
  api = await serveProject(dir, tmp.cleanup);
  anonymous = new GraphQLClient(`${api.url}/graphql`);
  withToken = new GraphQLClient(`${api.url}/graphql`, { headers: { Authorization: `Bearer ${token}` } });
});
test.after(async () => {
  await api?.close();
});

test('the page holds the examples it promises, each with its expectation', () => {
  const operations = examples.map((example) => example.operation);
  assert.equal([...operations].sort(), Object.keys(EXPECTED).sort(), 'every ```graphql example has an expectation here, and every expectation an example');
  assert.is(new Set(operations).size, operations.length, 'operation names are unique on the page');
  assert.ok(examples.some((example) => example.variables), 'one example shows its variables in a ```json block');
  assert.equal(examples.filter((example) => example.withToken).map((example) => example.operation), ['mutation CreateArticle']);
});

for (const example of examples) {
  test(`${example.operation} (${example.at}) answers without errors`, async () => {
    const client = example.withToken ? withToken : anonymous;
    let data: unknown;
    try {
      data = await client.request(example.text, example.variables);
    } catch (error) {
      if (error instanceof ClientError) assert.unreachable(`${example.at}: ${example.operation} answered ${error.response.status}: ${JSON.stringify(error.response.errors ?? error.response)}`);
      throw error;
    }
    await EXPECTED[example.operation]!(data);
  });
}

test('without the token, the write example is refused as FORBIDDEN', async () => {
  const write = examples.find((example) => example.withToken)!;
  try {
    await anonymous.request(write.text, write.variables);
    assert.unreachable('Public may not create articles in the sample');
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    assert.is(error.response.status, 200);
    assert.is(error.response.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  }
});

test.run();
