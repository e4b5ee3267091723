/**
 * What the editors' page stands on, over real HTTP: its files served at `server.admin.path`, in
 * their folders (and not when turned off), the schemas from `/api/content-type-builder/…` in
 * Strapi's shape, and `/api/users/me/permissions`, each behind its own permission.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { folio, rawRequest } from '../_helpers/index.js';
import { apiServer, testProject, type ApiServer } from '../_helpers/server.js';

const READ_SCHEMAS = ['plugin::content-type-builder.content-types.getContentTypes', 'plugin::content-type-builder.components.getComponents'];

const test = suite('the editors\' page and what it reads');
let site: ApiServer;
test.before(async () => {
  site = await apiServer({ publicActions: ['api::article.article.find', ...READ_SCHEMAS], authenticatedActions: ['api::article.article.find', 'api::article.article.publish'] });
});
test.after(() => site.close());

test('the page is served at /admin/ with its UI library, never a file outside admin/', async () => {
  const bare = await fetch(`${site.url}/admin`, { redirect: 'manual' });
  assert.is(bare.status, 301);
  assert.is(new URL(bare.headers.get('location')!, site.url).pathname, '/admin/');
  const page = await fetch(`${site.url}/admin/`);
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  assert.is(page.headers.get('cache-control'), 'no-store');
  assert.match(page.headers.get('content-security-policy')!, /default-src 'self'/);
  assert.match(await page.text(), /<script type="module" src="(\.\/)?app\.js" nonce="[A-Za-z0-9+/=]+"><\/script>/);
  const library = await fetch(`${site.url}/admin/vendor/preact-htm.js`);
  assert.is(library.status, 200);
  assert.match(library.headers.get('content-type')!, /javascript/);
  assert.match(await library.text(), /export\s*\{[^}]*\bhtml\b/, 'Preact with htm, one ES module');
  // Compressed like any answer, and not sent again while it has not changed.
  const compressed = await fetch(`${site.url}/admin/vendor/preact-htm.js`, { headers: { 'accept-encoding': 'br' } });
  assert.is(compressed.headers.get('content-encoding'), 'br');
  // (node:http: fetch asks past caches, so a server never answers it 304)
  const again = await rawRequest(`${site.url}/admin/vendor/preact-htm.js`, 'GET', undefined, { 'if-none-match': compressed.headers.get('etag')! });
  assert.is(again.status, 304);
  for (const path of ['/admin/../package.json', '/admin/%2e%2e/package.json', '/admin/.env', '/admin/nothing-here.js', '/admin/vendor/../../README.md']) {
    const refused = await fetch(`${site.url}${path}`);
    assert.is(refused.status, 404, path);
    assert.is(((await refused.json()) as { error: { name: string } }).error.name, 'NotFoundError', path);
  }
});

test('the page\'s files in its folders are served like those at its top, and no path out of admin/ however it is spelled', async () => {
  for (const path of ['/admin/screens/content/entry-view.js', '/admin/lib/strings.js', '/admin/ui/dialog.js']) {
    const file = await fetch(`${site.url}${path}`);
    assert.is(file.status, 200, path);
    assert.match(file.headers.get('content-type')!, /javascript/, path);
    assert.match(file.headers.get('content-security-policy')!, /script-src 'none'/, path);
    await file.arrayBuffer();
  }
  // Sent as written (fetch would resolve the dots before asking).
  const outside = [
    '/admin/lib/../../package.json', '/admin/screens/content/../../../README.md', '/admin/lib/%2e%2e/%2e%2e/package.json',
    '/admin/lib//api.js', '/admin/lib/.env', '/admin/screens/./content/entry-view.js', '/admin/screens/content/nothing-here.js',
  ];
  for (const path of outside) {
    const refused = await rawRequest(`${site.url}${path}`, 'GET');
    assert.is(refused.status, 404, path);
    assert.is((refused.body as { error: { name: string } }).error.name, 'NotFoundError', path);
  }
});

test('the page runs only the scripts it names, with a nonce of each answer: never one under /uploads/, nor one named by injected markup', async () => {
  const nonces = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const page = await fetch(`${site.url}/admin/`);
    const policy = page.headers.get('content-security-policy')!;
    const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? [];
    const nonce = /nonce="([^"]+)"/.exec(await page.text())?.[1];
    assert.equal(scripts, [`'nonce-${nonce}'`], policy);
    nonces.add(nonce!);
  }
  assert.is(nonces.size, 2, 'a new nonce for every answer');
  // The page's other files are no documents that run anything.
  assert.match((await fetch(`${site.url}/admin/app.js`)).headers.get('content-security-policy')!, /script-src 'none'/);
});

test('server.admin.enabled: false leaves /admin to the rest of the server (a 404); a path under /api is refused at start', async () => {
  const project = await testProject({ config: { server: { admin: { enabled: false, path: '/admin' } } } });
  const off = await apiServer({ config: { server: { admin: { enabled: false, path: '/admin' } } } });
  try {
    assert.is((await fetch(`${off.url}/admin/`)).status, 404);
  } finally {
    await off.close();
  }
  try {
    const set = await folio(['config', 'set', 'server.admin.path', '/api/admin', '--dir', project.dir]);
    assert.is(set.code, 1);
    assert.match(set.stderr, /config\/server\.yaml: admin\.path must not be under \/api/);
  } finally {
    await project.cleanup();
  }
});

test('the content types and components come as Strapi\'s content-type builder answers them, media attributes as media', async () => {
  const types = await site.get('/api/content-type-builder/content-types');
  assert.is(types.status, 200);
  const article = types.body.data.find((type: { uid: string }) => type.uid === 'api::article.article');
  assert.equal(Object.keys(article), ['uid', 'apiID', 'schema']);
  assert.is(article.apiID, 'article');
  assert.equal(
    [article.schema.kind, article.schema.singularName, article.schema.pluralName, article.schema.displayName, article.schema.draftAndPublish, article.schema.pluginOptions],
    ['collectionType', 'article', 'articles', 'Article', true, { i18n: { localized: true } }],
  );
  assert.equal(article.schema.attributes.title, { type: 'string', required: true, pluginOptions: { i18n: { localized: true } } });
  assert.equal(article.schema.attributes.slug, { type: 'uid', targetField: 'title' });
  assert.is(article.schema.attributes.cover.type, 'media', 'a media attribute is shown as media, not as the relation it is served as');
  assert.is(article.schema.attributes.category.type, 'relation');
  assert.is(article.schema.attributes.category.target, 'api::category.category');
  const singles = await site.get('/api/content-type-builder/content-types?kind=singleType');
  assert.equal(singles.body.data.map((type: { uid: string }) => type.uid), ['api::homepage.homepage']);
  const components = await site.get('/api/content-type-builder/components');
  assert.ok(components.body.data.some((component: { uid: string; category: string }) => component.uid === 'shared.section' && component.category === 'shared'));
  // One of each needs its own action: Public holds the lists only.
  assert.is((await site.get('/api/content-type-builder/content-types/api::article.article')).status, 403);
  assert.is((await site.get('/api/content-type-builder/components/shared.section')).status, 403);
});

test('/api/users/me/permissions answers the signed-in user\'s actions, and 401 without a user', async () => {
  const registered = await site.post('/api/auth/local/register', { username: 'edith', email: 'edith@example.com', password: 'correct-horse-2' });
  assert.is(registered.status, 200, registered.text);
  const mine = await site.get('/api/users/me/permissions', { authorization: `Bearer ${registered.body.jwt}` });
  assert.is(mine.status, 200);
  assert.ok(mine.body.data.includes('api::article.article.publish'));
  assert.ok(mine.body.data.includes('plugin::users-permissions.user.me'));
  assert.not.ok(mine.body.data.includes('api::article.article.delete'));
  assert.equal(mine.body.data, [...mine.body.data].sort());
  assert.is((await site.get('/api/users/me/permissions')).status, 403, 'Public does not hold users/me');
});

test.run();
