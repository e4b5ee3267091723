/**
 * The document service a script gets from `openFolio({ dir })`, on the store the run names (files
 * or PostgreSQL): Strapi 5's methods, arguments and shapes, the REST API's validation, uniqueness,
 * webhooks and history, the project's document middlewares, a server serving what a script wrote,
 * and no lock left behind by `close()`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openFolio, type OpenedFolio } from '../../src/index.js';
import { ValidationError, ForbiddenError } from '../../src/errors.js';
import { eventually, folio as folioCommand } from '../_helpers/index.js';
import { expectError } from '../_helpers/errors.js';
import { serveProject, testProject, type ApiServer } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const HOMEPAGE = 'api::homepage.homepage';

/** A middleware in plain JavaScript: the `.mjs` entry, and a refusal that a script sees too. */
const EXTENSION = `import { errors } from 'foliocms';
export default {
  register(folio) {
    folio.documents.use(async (context, next) => {
      if (context.uid === '${CATEGORY}' && context.action === 'create' && context.params.data?.name === 'Nope') {
        throw new errors.ValidationError('No category may be called Nope');
      }
      if (context.uid === '${CATEGORY}' && context.action === 'create' && typeof context.params.data?.name === 'string') {
        context.params.data.name = context.params.data.name.trim();
      }
      return next();
    });
  },
  async bootstrap(folio) {
    if ((await folio.documents('${CATEGORY}').count()) === 0) await folio.documents('${CATEGORY}').create({ data: { name: 'Seeded by bootstrap' } });
  },
};
`;

let project: { dir: string; cleanup: () => Promise<void> };
let folio: OpenedFolio;
/** A user of the Authenticated role (which holds no content action here), made with the CLI. */
let reader: number;

const documents = suite('the document service of openFolio');
documents.before(async () => {
  project = await testProject({ files: { 'extensions/index.mjs': EXTENSION } });
  const made = await folioCommand(['--dir', project.dir, '--json', 'user', 'create', '--username', 'reader', '--email', 'reader@example.com', '--password', 'a-long-password-1']);
  if (made.code !== 0) throw new Error(made.stderr);
  reader = (JSON.parse(made.stdout) as { id: number }).id;
  folio = await openFolio({ dir: project.dir });
});
documents.after(async () => {
  await folio.close();
  await project.cleanup();
});

documents('bootstrap ran once the documents were served: it could read and write them', async () => {
  assert.equal((await folio.documents(CATEGORY).findMany()).map((category) => category.name), ['Seeded by bootstrap']);
});

documents("create, findOne, findMany, findFirst and count take Strapi 5's arguments and answer its shapes", async () => {
  const articles = folio.documents(ARTICLE);
  const created = await articles.create({ data: { title: 'Hello', slug: 'hello', views: 3 } });
  assert.is(typeof created.documentId, 'string');
  assert.is(created.title, 'Hello');
  assert.is(created.locale, 'en');
  assert.is(created.publishedAt, null, 'a draft unless asked');
  assert.is((await articles.findOne({ documentId: created.documentId }))!.title, 'Hello', 'reads are of drafts, as Strapi reads');
  assert.is(await articles.findOne({ documentId: created.documentId, status: 'published' }), null, 'null, not an error, when there is none');
  assert.is(await articles.findOne({ documentId: 'missing' }), null);
  const published = await articles.create({ data: { title: 'Live', slug: 'live', views: 10 }, status: 'published' });
  assert.ok(published.publishedAt);
  assert.equal((await articles.findMany({ status: 'published' })).map((article) => article.title), ['Live']);
  assert.equal((await articles.findMany({ filters: { views: { $gt: 5 } } })).map((article) => article.title), ['Live']);
  assert.equal((await articles.findMany({ sort: 'views:desc', fields: ['title'] })).map((article) => Object.keys(article).sort()), [['documentId', 'id', 'title'], ['documentId', 'id', 'title']]);
  assert.is((await articles.findFirst({ sort: ['views:asc'] }))!.title, 'Hello');
  assert.is(await articles.findFirst({ filters: { title: 'none' } }), null);
  assert.is(await articles.count(), 2);
  assert.is(await articles.count({ filters: { title: { $startsWith: 'H' } } }), 1);
  const withCategory = await articles.create({ data: { title: 'Filed', slug: 'filed', category: (await folio.documents(CATEGORY).findFirst())!.documentId } });
  assert.is((await articles.findOne({ documentId: withCategory.documentId, populate: ['category'] }))!.category && true, true);
  assert.is((await articles.findOne({ documentId: withCategory.documentId }))!.category, undefined, 'relations only when populated');
});

documents('no page unless asked: every document, or the page of start and limit', async () => {
  const categories = folio.documents(CATEGORY);
  for (let n = 0; n < 30; n++) await categories.create({ data: { name: `Category ${String(n).padStart(2, '0')}` } });
  assert.is((await categories.findMany()).length, 31, 'the REST API would answer 25');
  assert.equal((await categories.findMany({ sort: 'name', start: 2, limit: 2 })).map((category) => category.name), ['Category 02', 'Category 03']);
  assert.equal((await categories.findMany({ sort: 'name', pagination: { page: 2, pageSize: 3 } })).map((category) => category.name), ['Category 03', 'Category 04', 'Category 05']);
});

documents('update, publish, unpublish, discardDraft and delete, in a locale, answer as Strapi 5 does', async () => {
  const articles = folio.documents(ARTICLE);
  const { documentId } = await articles.create({ data: { title: 'Draft one', slug: 'draft-one' } });
  const french = await articles.update({ documentId, locale: 'fr', data: { title: 'Brouillon' } });
  assert.is(french.locale, 'fr');
  const publishedEn = await articles.publish({ documentId });
  assert.is(publishedEn.documentId, documentId);
  assert.equal(publishedEn.entries.map((entry) => [entry.locale, entry.title]), [['en', 'Draft one']]);
  await articles.update({ documentId, data: { title: 'Edited' } });
  await articles.discardDraft({ documentId });
  assert.is((await articles.findOne({ documentId }))!.title, 'Draft one', 'the draft is the published version again');
  await articles.unpublish({ documentId });
  assert.is(await articles.findOne({ documentId, status: 'published' }), null);
  const removed = await articles.delete({ documentId, locale: 'fr' });
  assert.equal(removed.entries.map((entry) => entry.locale), ['fr']);
  assert.is(await articles.findOne({ documentId, locale: 'fr' }), null);
  assert.ok(await articles.findOne({ documentId }), 'the English version stays');
  await articles.delete({ documentId, locale: '*' });
  assert.is(await articles.findOne({ documentId }), null);
});

documents("a single type's document needs no documentId", async () => {
  const homepage = folio.documents(HOMEPAGE);
  const written = await homepage.update({ data: { title: 'Welcome' } });
  assert.is(written.title, 'Welcome');
  assert.is((await homepage.findFirst())!.title, 'Welcome');
  assert.equal((await homepage.publish({})).entries.map((entry) => entry.title), ['Welcome']);
});

documents("the REST API's validation and uniqueness, with Strapi's errors", async () => {
  const articles = folio.documents(ARTICLE);
  const missing = await expectError(articles.create({ data: { slug: 'no-title' }, status: 'published' }), ValidationError);
  assert.match(missing.message, /title/);
  await articles.create({ data: { title: 'Unique', slug: 'unique' } });
  const duplicate = await expectError(articles.create({ data: { title: 'Again', slug: 'unique' } }), ValidationError);
  assert.is(duplicate.message, 'This attribute must be unique');
  await expectError(articles.findMany({ filters: { nope: 1 } }), ValidationError);
  await expectError(articles.update({ data: { title: 'x' } } as never), { type: ValidationError, message: /documentId/ });
  await expectError(articles.create({ data: { title: 'x' }, status: 'live' as never }), { type: ValidationError, message: /status/ });
  await expectError(async () => folio.documents('api::nothing.nothing').findMany(), { type: ValidationError, message: /api::nothing\.nothing/ });
});

documents("the project's document middlewares run for a script's writes: rewriting and refusing", async () => {
  const categories = folio.documents(CATEGORY);
  assert.is((await categories.create({ data: { name: '  Padded  ' } })).name, 'Padded');
  await expectError(categories.create({ data: { name: 'Nope' } }), { type: ValidationError, message: 'No category may be called Nope' });
  assert.is(await categories.count({ filters: { name: 'Nope' } }), 0);
});

documents("as a user, the user's role decides; as the system, nothing is refused", async () => {
  const refused = await expectError(folio.documents(ARTICLE, { user: reader }).create({ data: { title: 'By reader', slug: 'by-reader' } }), ForbiddenError);
  assert.is(refused.message, 'Forbidden');
  await expectError(async () => folio.documents(ARTICLE, { user: 999999 }), { type: ValidationError, message: /no user with id 999999/ });
  await expectError(folio.documents(ARTICLE, { user: { id: reader } }).count(), ForbiddenError);
});

documents.run();

const shared = suite('a script and a server on one project');
let server: ApiServer;
let script: OpenedFolio;
let target: { dir: string; cleanup: () => Promise<void> };
shared.before(async () => {
  target = await testProject({ authenticatedActions: ['api::article.article.history', 'api::article.article.find', 'api::article.article.findOne'] });
  server = await serveProject(target.dir, target.cleanup);
  await server.project.webhooks.create(SYSTEM_ACTOR, { name: 'site', url: 'https://hooks.example.com/folio', events: 'entry.create' });
  script = await openFolio({ dir: target.dir });
});
shared.after(async () => {
  await script.close();
  await server.close();
});

shared('the server serves what the script wrote, with its webhook recorded and its history by the system', async () => {
  const written = await script.documents(ARTICLE).create({ data: { title: 'From a script', slug: 'from-a-script' }, status: 'published' });
  await eventually(async () => (await server.get(`/api/articles/${written.documentId}`)).status === 200, 'the server serves the document the script wrote');
  assert.is((await server.get(`/api/articles/${written.documentId}`)).body.data.title, 'From a script');
  // The server finds the deliveries other processes recorded at its next look.
  await eventually(async () => (await server.project.webhooks.deliveries(SYSTEM_ACTOR, 'site')).some((delivery) => delivery.event === 'entry.create'), 'the write recorded its webhook delivery');
  await script.close();
  const history = await server.project.content.history(server.project.schemas.byUid(ARTICLE)!, written.documentId, { locale: undefined, actor: { kind: 'system' } });
  assert.equal(history.data.map((entry) => entry.action), ['create'], 'the write is in the history, as the system (git\'s own user) made it');
});

shared('close() leaves no lock behind', async () => {
  const locks: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (entry.name.endsWith('.lock')) locks.push(join(dir, entry.name));
    }
  };
  await walk(join(target.dir, 'data'));
  assert.equal(locks, []);
});

shared.run();
