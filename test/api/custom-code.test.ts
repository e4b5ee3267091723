/**
 * A project's own code over real HTTP, on the store the run names (files or PostgreSQL): a
 * TypeScript extension whose document middlewares rewrite and refuse from every door, its routes
 * (granted, refused, public, scoped), policies on its routes and on generated ones, and the
 * failures a team must be able to count on being contained.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { apiServer, type ApiServer } from '../_helpers/server.js';

/** The extension under test: TypeScript, typed against the package, importing its errors. */
const EXTENSION = `import { errors, type Folio, type DocumentContext } from 'foliocms';

interface Seen { uid: string; action: string }
export const seen: Seen[] = [];

export default {
  register(folio: Folio) {
    folio.documents.use(async (context: DocumentContext, next) => {
      if (context.uid === 'api::category.category') seen.push({ uid: context.uid, action: context.action });
      return next();
    });
    folio.documents.use(async (context, next) => {
      if (context.uid !== 'api::article.article') return next();
      const data = context.params.data as Record<string, unknown> | undefined;
      if (data && typeof data.title === 'string') {
        if (data.title.includes('forbidden')) throw new errors.ForbiddenError('Articles about that are not allowed');
        if (data.title.includes('spam')) throw new errors.ValidationError('This looks like spam', { errors: [{ path: ['title'], message: 'spam', name: 'ValidationError' }] });
        if (data.title === 'crash') throw new Error('the middleware broke');
        if (!data.slug) data.slug = data.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      }
      const result = await next();
      if (context.action === 'findOne' && result && typeof result === 'object' && context.params.stamp !== undefined) {
        return { ...(result as object), stamped: true };
      }
      return result;
    });
    folio.documents.use(async (context, next) => {
      // Only featured categories, when the request asks for them: a changed params.
      if (context.uid === 'api::category.category' && context.action === 'findMany' && context.params.featured === 'yes') {
        context.params = { ...context.params, filters: { name: { $eq: 'News' } } };
      }
      return next();
    });

    folio.policies.add('has-header', (ctx) => ctx.get('x-let-me-in') === 'yes');
    folio.policies.add('no-friday', (_ctx, config) => {
      if ((config as { closed?: boolean } | undefined)?.closed) throw new errors.ForbiddenError('Closed today');
      return true;
    });

    folio.routes.add({
      method: 'POST',
      path: '/articles/:documentId/like',
      async handler(ctx) {
        const articles = folio.documents('api::article.article');
        const article = await articles.findOne({ documentId: ctx.params.documentId ?? '' });
        if (!article) throw new errors.NotFoundError('Article not found');
        const likes = (typeof article.likes === 'number' ? article.likes : 0) + 1;
        await articles.update({ documentId: article.documentId, data: { likes } });
        return { data: { likes, by: ctx.state.user?.username ?? null } };
      },
    });
    folio.routes.add({ method: 'GET', path: '/hello', handler: async function hello(ctx) { ctx.body = { hello: 'world' }; }, config: { auth: false } });
    folio.routes.add({ method: 'POST', path: '/echo', handler: (ctx) => ({ got: ctx.request.body }), config: { auth: false } });
    folio.routes.add({ method: 'GET', path: '/stats', handler: () => ({ ok: true }), config: { auth: { scope: ['api::category.category.find', 'api::article.article.find'] } } });
    folio.routes.add({ method: 'GET', path: '/late', handler: () => folio.routes.add({ method: 'GET', path: '/later', handler: () => 'too late' }), config: { auth: false } });
    folio.routes.add({ method: 'GET', path: '/report', handler: () => ({ ok: true }), config: { auth: { scope: ['api::homepage.homepage.update'] } } });
    folio.routes.add({ method: 'GET', path: '/guarded', handler: () => ({ in: true }), config: { auth: false, policies: ['has-header'] } });
    folio.routes.add({ method: 'GET', path: '/closed', handler: () => ({ in: true }), config: { auth: false, policies: [{ name: 'no-friday', config: { closed: true } }] } });
    folio.routes.add({ method: 'GET', path: '/boom', handler: () => { throw new Error('secret internals at /srv/app'); }, config: { auth: false } });
    folio.routes.add({ method: 'GET', path: '/silent', handler: () => undefined, config: { auth: false } });
    folio.routes.add({ method: 'GET', path: '/seen', handler: () => ({ seen: seen.splice(0) }), config: { auth: false } });
    folio.routes.configure('api::category.category', 'update', { policies: ['has-header'] });
  },
};
`;

const ARTICLE = ['find', 'findOne', 'create', 'update', 'delete', 'publish'].map((action) => `api::article.article.${action}`);
const PERMISSIONS = 'plugin::users-permissions.permissions.getPermissions';
const CATEGORY = ['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::category.category.${action}`);

let api: ApiServer;
let alice: Record<string, string>;

const custom = suite('custom code over HTTP');
custom.before(async () => {
  api = await apiServer({ files: { 'extensions/index.ts': EXTENSION }, publicActions: [...CATEGORY, 'api::homepage.homepage.find'], authenticatedActions: [...ARTICLE, ...CATEGORY, PERMISSIONS] });
  const registered = await api.post('/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'a-long-password-1' });
  alice = { Authorization: `Bearer ${registered.body.jwt}` };
});
custom.after(() => api.close());

/** The article documents on disk or in the database, as the API lists them (drafts too). */
const articleCount = async () => (await api.get('/api/articles?status=draft&pagination[pageSize]=100', alice)).body.meta.pagination.total as number;

custom('a document middleware rewrites what a REST write stores', async () => {
  const created = await api.post('/api/articles', { data: { title: 'Hello Koa' } }, alice);
  assert.is(created.status, 200, JSON.stringify(created.body));
  assert.is(created.body.data.slug, 'hello-koa');
  const read = await api.get(`/api/articles/${created.body.data.documentId}?status=draft`, alice);
  assert.is(read.body.data.slug, 'hello-koa', 'stored, not only answered');
  const updated = await api.put(`/api/articles/${created.body.data.documentId}`, { data: { title: 'Hello Again', slug: 'kept' } }, alice);
  assert.is(updated.body.data.slug, 'kept', 'a given slug stays');
});

custom('a middleware refuses with foliocms errors: 400 with its message and details, 403; nothing is written', async () => {
  const before = await articleCount();
  const spam = await api.post('/api/articles', { data: { title: 'Buy spam now' } }, alice);
  assert.is(spam.status, 400);
  assert.equal(spam.body, { data: null, error: { status: 400, name: 'ValidationError', message: 'This looks like spam', details: { errors: [{ path: ['title'], message: 'spam', name: 'ValidationError' }] } } });
  const forbidden = await api.post('/api/articles', { data: { title: 'A forbidden topic' } }, alice);
  assert.is(forbidden.status, 403);
  assert.is(forbidden.body.error.message, 'Articles about that are not allowed');
  assert.is(await articleCount(), before, 'no article was stored');
});

custom('a middleware that throws unexpectedly is a 500 without stack or path, logged; nothing half-written; the server goes on', async () => {
  const created = (await api.post('/api/articles', { data: { title: 'Steady' } }, alice)).body.data;
  const crashed = await api.put(`/api/articles/${created.documentId}`, { data: { title: 'crash' } }, alice);
  assert.is(crashed.status, 500);
  assert.equal(crashed.body, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
  assert.not.match(crashed.text, /middleware broke|extensions|\.ts|at /);
  assert.ok(api.log.some((line) => line.includes('the middleware broke') && /extensions\/index\.ts:\d+/.test(line)), 'the log has the error with its TypeScript line');
  assert.is((await api.get(`/api/articles/${created.documentId}?status=draft`, alice)).body.data.title, 'Steady', 'the document is as it was');
  assert.is((await api.get('/api/categories')).status, 200, 'the next request is answered');
});

custom('middlewares see every REST action by its document service name, and may change params and results', async () => {
  await api.get('/api/seen');
  const news = (await api.post('/api/categories', { data: { name: 'News' } })).body.data;
  await api.get(`/api/categories/${news.documentId}`);
  await api.put(`/api/categories/${news.documentId}`, { data: { name: 'News' } }, { 'x-let-me-in': 'yes' });
  await api.get('/api/categories?filters[name]=News');
  const sport = (await api.post('/api/categories', { data: { name: 'Sport' } })).body.data;
  assert.is((await api.del(`/api/categories/${sport.documentId}`)).status, 204);
  assert.equal((await api.get('/api/seen')).body.seen.map((entry: { action: string }) => entry.action), ['create', 'findOne', 'update', 'findMany', 'create', 'delete']);
  await api.post('/api/categories', { data: { name: 'Sport' } });
  const all = await api.get('/api/categories');
  assert.ok(all.body.data.length >= 2);
  const featured = await api.get('/api/categories?featured=yes');
  assert.equal(featured.body.data.map((category: { name: string }) => category.name), ['News'], 'the middleware changed the filters');
  const stamped = await api.get(`/api/articles/${(await api.post('/api/articles', { data: { title: 'Stamp me' } }, alice)).body.data.documentId}?status=draft&stamp=1`, alice);
  assert.is(stamped.body.data.stamped, true, 'the middleware changed the result of findOne');
  assert.is((await api.get(`/api/categories/${news.documentId}`)).body.data.name, 'News');
});

custom('the cached list answer is the same bytes through a middleware that only passes through', async () => {
  const first = await api.get('/api/categories?sort=name');
  const second = await api.get('/api/categories?sort=name');
  assert.is(second.text, first.text);
  assert.is(second.headers.get('etag'), first.headers.get('etag'));
});

custom('a custom route has its own action: refused until granted, then answered; the permission tree shows it', async () => {
  const article = (await api.post('/api/articles', { data: { title: 'Likeable' } }, alice)).body.data;
  const refused = await api.post(`/api/articles/${article.documentId}/like`, {}, alice);
  assert.is(refused.status, 403);
  const anonymous = await api.post(`/api/articles/${article.documentId}/like`, {});
  assert.is(anonymous.status, 403, 'Public holds permissions, so 403 as for any route');
  const tree = await api.get('/api/users-permissions/permissions', alice);
  assert.equal(tree.body.permissions['api::article'].controllers.article.like, { enabled: false, policy: '' });
  await api.project.roles.grant({ kind: 'system' }, 'authenticated', ['api::article.article.like']);
  const liked = await api.post(`/api/articles/${article.documentId}/like`, {}, alice);
  assert.is(liked.status, 200, JSON.stringify(liked.body));
  assert.equal(liked.body, { data: { likes: 1, by: 'alice' } });
  assert.is((await api.post(`/api/articles/${article.documentId}/like`, {}, alice)).body.data.likes, 2);
  const missing = await api.post('/api/articles/nope/like', {}, alice);
  assert.is(missing.status, 404);
  assert.is(missing.body.error.message, 'Article not found');
});

custom('public and scoped routes; a body is parsed and refused as on every route', async () => {
  assert.equal((await api.get('/api/hello')).body, { hello: 'world' });
  assert.equal((await api.post('/api/echo', { a: 1 })).body, { got: { a: 1 } });
  const badJson = await api.send('POST', '/api/echo', '{"a":', { 'content-type': 'application/json' });
  assert.is(badJson.status, 400);
  assert.is(badJson.body.error.name, 'BadRequestError');
  const tooLarge = await api.send('POST', '/api/echo', JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }), { 'content-type': 'application/json' });
  assert.is(tooLarge.status, 413);
  assert.is((await api.get('/api/stats')).status, 200, 'Public holds category find, one of the scope');
  assert.is((await api.get('/api/report')).status, 403, 'Public holds none of the scope');
  const tree = (await api.get('/api/users-permissions/permissions', alice)).body.permissions;
  assert.is(tree['api::stats'], undefined, 'a scoped route has no action of its own');
  assert.is(tree['api::report'], undefined);
  assert.is((await api.get('/api/nothing-here')).status, 404);
  const silent = await api.get('/api/silent');
  assert.is(silent.status, 404, 'a handler that answers nothing is a 404, as in Strapi');
});

custom("a policy's false is 403 Policy Failed; a thrown foliocms error is its own status; policies on generated routes", async () => {
  const refused = await api.get('/api/guarded');
  assert.equal(refused.body, { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
  assert.equal((await api.get('/api/guarded', { 'x-let-me-in': 'yes' })).body, { in: true });
  const closed = await api.get('/api/closed');
  assert.is(closed.status, 403);
  assert.is(closed.body.error.message, 'Closed today');
  const category = (await api.post('/api/categories', { data: { name: 'Policy' } })).body.data;
  const blocked = await api.put(`/api/categories/${category.documentId}`, { data: { name: 'Changed' } });
  assert.is(blocked.status, 403);
  assert.is(blocked.body.error.name, 'PolicyError');
  assert.is((await api.get(`/api/categories/${category.documentId}`)).body.data.name, 'Policy', 'nothing written');
  const allowed = await api.put(`/api/categories/${category.documentId}`, { data: { name: 'Changed' } }, { 'x-let-me-in': 'yes' });
  assert.is(allowed.status, 200);
  assert.is(allowed.body.data.name, 'Changed');
});

custom('a handler that throws is a 500 with no stack or path; the log has it; the next request is fine', async () => {
  const boom = await api.get('/api/boom');
  assert.is(boom.status, 500);
  assert.equal(boom.body, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
  assert.not.match(boom.text, /secret internals|srv|\.ts/);
  assert.ok(api.log.some((line) => line.includes('secret internals at /srv/app') && /extensions\/index\.ts:\d+/.test(line)));
  assert.is((await api.get('/api/hello')).status, 200);
});

custom('a route added after register is refused, not silently ignored', async () => {
  assert.is((await api.get('/api/late')).status, 500);
  assert.ok(api.log.some((line) => line.includes('folio.routes.add works in register only')));
  assert.is((await api.get('/api/later')).status, 404);
});

custom('the extension left no built file behind', async () => {
  assert.equal((await readdir(join(api.dir, 'extensions'))).sort(), ['index.ts']);
});

custom.run();
