/**
 * `/api/admin/api-tokens…` (docs/api/settings.md) over real HTTP: who may call them, the token's
 * value answered once, every field checked, the CLI and the routes agreeing; and the settings
 * actions in the permission tree and in `folio routes`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiTokenMessages } from '../../src/auth/index.js';
import { SETTINGS_ACTIONS, SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { listRoutes } from '../../src/server/index.js';
import { bearer, eventually } from '../_helpers/index.js';
import { fieldOf, settingsServer, type SettingsServer } from '../_helpers/settings.js';

const DAY = 24 * 60 * 60 * 1000;
const TOKEN_KEYS = ['createdAt', 'description', 'documentId', 'expiresAt', 'id', 'lastUsedAt', 'lifespan', 'name', 'permissions', 'type', 'updatedAt'];

let server: SettingsServer;
const test = suite('/api/admin/api-tokens');
test.before.each(async () => {
  server = await settingsServer();
});
test.after.each(() => server.close());

const api = () => server.api;
const create = (body: unknown, headers = server.admin) => api().post('/api/admin/api-tokens', body, headers);
/** The stored HMACs of every token: none may appear in an answer. */
const storedHashes = () => api().project.tables.tokens.rows().map((row) => row.accessKey);

test('every route refuses a caller without credentials (401), a role without its action and any API token (403)', async () => {
  const { accessKey } = await api().project.apiTokens.create(SYSTEM_ACTOR, { name: 'importer', type: 'full-access' });
  const routes: Array<[string, string]> = [
    ['GET', '/api/admin/api-tokens'], ['POST', '/api/admin/api-tokens'], ['GET', '/api/admin/api-tokens/1'],
    ['PUT', '/api/admin/api-tokens/1'], ['DELETE', '/api/admin/api-tokens/1'], ['POST', '/api/admin/api-tokens/1/regenerate'],
  ];
  for (const [method, path] of routes) {
    const anonymous = await api().send(method, path, '{}');
    assert.is(anonymous.status, 401, `${method} ${path} anonymous`);
    assert.equal(anonymous.body.error, { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} });
    assert.is((await api().send(method, path, '{}', server.editor)).status, 403, `${method} ${path} by a role without the action`);
    assert.is((await api().send(method, path, '{}', bearer(accessKey))).status, 403, `${method} ${path} with a full-access token`);
  }
  assert.equal(api().project.apiTokens.list(SYSTEM_ACTOR).map((token) => token.name), ['importer'], 'nothing was written');
});

test('a grant of a settings action to Public still leaves a caller without credentials at 401', async () => {
  await api().project.roles.grant(SYSTEM_ACTOR, 'public', ['admin::api-tokens.read']);
  assert.is((await api().get('/api/admin/api-tokens')).status, 401);
});

test('POST creates a token and answers its value once; the list and a read answer the token without it', async () => {
  const created = await create({ name: 'site-build', description: 'the nightly build', type: 'read-only', lifespan: 7 * DAY });
  assert.is(created.status, 201, created.text);
  const token = created.body.data;
  assert.equal(Object.keys(token).sort(), [...TOKEN_KEYS, 'accessKey'].sort());
  assert.match(token.accessKey, /^[0-9a-f]{256}$/);
  assert.equal([token.name, token.description, token.type, token.lifespan, token.permissions, token.lastUsedAt], ['site-build', 'the nightly build', 'read-only', 7 * DAY, [], null]);
  assert.is(Date.parse(token.expiresAt) - Date.parse(token.createdAt), 7 * DAY);
  assert.is((await api().get('/api/articles', bearer(token.accessKey))).status, 200, 'the value works');

  const list = await api().get('/api/admin/api-tokens', server.admin);
  const read = await api().get(`/api/admin/api-tokens/${token.id}`, server.admin);
  assert.is(list.status, 200);
  assert.equal(Object.keys(list.body.data[0]).sort(), TOKEN_KEYS);
  assert.equal(read.body.data, list.body.data[0]);
  for (const answer of [list, read]) {
    assert.not.ok(answer.text.includes(token.accessKey), 'never the value again');
    assert.not.ok(answer.text.includes('accessKey'));
    for (const hash of storedHashes()) assert.not.ok(answer.text.includes(hash), 'never the stored HMAC');
  }
});

test('a body that is not valid is 400 naming the field, and writes nothing', async () => {
  const cases: Array<[unknown, string | undefined, string | RegExp]> = [
    [{ description: 'no name' }, 'name', apiTokenMessages.nameRequired],
    [{ name: 7 }, 'name', apiTokenMessages.notAString('name')],
    [{ name: 'x', type: 'everything' }, 'type', apiTokenMessages.unknownType('everything')],
    [{ name: 'x', lifespan: 5 }, 'lifespan', apiTokenMessages.badLifespan],
    [{ name: 'x', type: 'custom' }, 'permissions', apiTokenMessages.customNeedsGrant('action in permissions')],
    [{ name: 'x', type: 'read-only', permissions: ['api::article.article.find'] }, 'permissions', apiTokenMessages.grantNeedsCustom('permissions', 'read-only')],
    [{ name: 'x', type: 'custom', permissions: ['admin::api-tokens.create'] }, 'permissions', apiTokenMessages.settingsAction('admin::api-tokens.create')],
    [{ name: 'x', type: 'custom', permissions: ['plugin::users-permissions.user.find'] }, 'permissions', apiTokenMessages.notContentAction('plugin::users-permissions.user.find')],
    [{ name: 'x', type: 'custom', permissions: 'api::article.article.find' }, 'permissions', apiTokenMessages.notActionList],
    [{ name: 'x', type: 'custom', permissions: ['api::article.article.fnd'] }, undefined, /^Unknown action "api::article\.article\.fnd"; did you mean "api::article\.article\.find"\?$/],
    [{ name: 'x', description: 'd'.repeat(257) }, 'description', apiTokenMessages.descriptionTooLong],
    [{ name: 'x', accessKey: 'mine' }, undefined, 'Invalid key accessKey'],
    [['name', 'x'], undefined, apiTokenMessages.bodyNotObject],
  ];
  for (const [body, field, message] of cases) {
    const refused = await create(body);
    assert.is(refused.status, 400, JSON.stringify(body));
    assert.is(refused.body.error.name, 'ValidationError');
    if (typeof message === 'string') assert.is(refused.body.error.message, message);
    else assert.match(refused.body.error.message, message);
    assert.is(fieldOf(refused.body), field, JSON.stringify(body));
  }
  assert.is((await create({ name: 'taken' })).status, 201);
  const taken = await create({ name: 'taken' });
  assert.equal([taken.status, taken.body.error.message, fieldOf(taken.body)], [400, apiTokenMessages.nameTaken('taken'), 'name']);
  assert.equal(api().project.apiTokens.list(SYSTEM_ACTOR).map((token) => token.name), ['taken'], 'no refused body wrote a token');
});

test('PUT changes the name, description, type and permissions; the value and the lifespan stay', async () => {
  const { body } = await create({ name: 'writer', type: 'custom', permissions: ['api::article.article.find'], lifespan: 30 * DAY });
  const { id, accessKey } = body.data;
  const changed = await api().put(`/api/admin/api-tokens/${id}`, { name: 'author', description: 'writes drafts', permissions: ['api::article.article.create', 'api::article.article.find'] }, server.admin);
  assert.is(changed.status, 200, changed.text);
  assert.equal([changed.body.data.name, changed.body.data.description, changed.body.data.permissions], ['author', 'writes drafts', ['api::article.article.create', 'api::article.article.find']]);
  assert.not.ok('accessKey' in changed.body.data);
  assert.is((await api().post('/api/articles', { data: { title: 'With a changed token' } }, bearer(accessKey))).status, 200, 'the same value, with its new rights');

  const echoed = await api().put(`/api/admin/api-tokens/${id}`, changed.body.data, server.admin);
  assert.is(echoed.status, 200, 'a token read and sent back is accepted');
  assert.equal(echoed.body.data.expiresAt, changed.body.data.expiresAt);
  const lifespan = await api().put(`/api/admin/api-tokens/${id}`, { lifespan: null }, server.admin);
  assert.equal([lifespan.status, fieldOf(lifespan.body), lifespan.body.error.message], [400, 'lifespan', apiTokenMessages.durationFixed('lifespan')]);
  const readOnly = await api().put(`/api/admin/api-tokens/${id}`, { type: 'read-only' }, server.admin);
  assert.equal([readOnly.body.data.type, readOnly.body.data.permissions], ['read-only', []], 'a read-only token holds no grant');
  assert.is((await api().post('/api/articles', { data: { title: 'x' } }, bearer(accessKey))).status, 403);
  const custom = await api().put(`/api/admin/api-tokens/${id}`, { type: 'custom' }, server.admin);
  assert.equal([custom.status, fieldOf(custom.body)], [400, 'permissions'], 'a custom token needs its grants');
});

test('regenerate answers a new value once, and the old one stops working at once; delete revokes', async () => {
  const { body } = await create({ name: 'site-build' });
  const { id, accessKey: first } = body.data;
  const regenerated = await api().post(`/api/admin/api-tokens/${id}/regenerate`, undefined, server.admin);
  assert.is(regenerated.status, 201, regenerated.text);
  const second = regenerated.body.data.accessKey;
  assert.match(second, /^[0-9a-f]{256}$/);
  assert.is.not(second, first);
  assert.is((await api().get('/api/articles', bearer(first))).status, 401);
  assert.is((await api().get('/api/articles', bearer(second))).status, 200);
  assert.not.ok((await api().get(`/api/admin/api-tokens/${id}`, server.admin)).text.includes(second));

  const removed = await api().del(`/api/admin/api-tokens/${id}`, server.admin);
  assert.equal([removed.status, removed.body.data.name, 'accessKey' in removed.body.data], [200, 'site-build', false]);
  assert.is((await api().get('/api/articles', bearer(second))).status, 401, 'revoked at once');
  assert.equal((await api().get('/api/admin/api-tokens', server.admin)).body.data, []);
});

test('an unknown id is 404, on every route that names one', async () => {
  for (const ref of ['999', 'abc']) {
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', '/regenerate']] as const) {
      const missing = await api().send(method, `/api/admin/api-tokens/${ref}${path}`, '{"name":"x"}', server.admin);
      assert.equal([missing.status, missing.body.error.name, missing.body.error.message], [404, 'NotFoundError', apiTokenMessages.idNotFound(ref)], `${method} ${ref}${path}`);
    }
  }
});

test('the CLI and the routes agree: folio token list shows a token made over HTTP, and the routes one made by folio token create', async () => {
  const made = await create({ name: 'over-http', type: 'custom', permissions: ['api::article.article.find'] });
  const listed = await server.folio('token', 'list', '--json');
  assert.is(listed.error, undefined, String(listed.error));
  const fromCli = JSON.parse(listed.out) as Array<Record<string, unknown>>;
  const { accessKey: _value, ...shown } = made.body.data;
  assert.equal(fromCli, [shown], 'the same fields, and never the value');

  const cli = await server.folio('token', 'create', 'from-cli', '--description', 'made in a terminal');
  assert.is(cli.error, undefined, String(cli.error));
  await eventually(async () => (await api().get('/api/admin/api-tokens', server.admin)).body.data.length === 2, 'the server sees the CLI\'s token');
  const [, second] = (await api().get('/api/admin/api-tokens', server.admin)).body.data;
  assert.equal([second.name, second.description, second.type], ['from-cli', 'made in a terminal', 'read-only']);
  assert.is((await api().get('/api/articles', bearer(cli.out.trim()))).status, 200, 'the value the CLI printed works');
});

test('the permission tree holds the settings actions by their Strapi names, and a role given them through it holds them', async () => {
  const tree = (await api().get('/api/users-permissions/permissions', server.admin)).body.permissions;
  assert.equal(Object.keys(tree.admin.controllers).sort(), ['api-tokens', 'webhooks']);
  assert.equal(Object.keys(tree.admin.controllers['api-tokens']), ['read', 'create', 'update', 'delete', 'regenerate']);
  assert.equal(Object.keys(tree['plugin::i18n'].controllers.locales), ['listLocales', 'create', 'update', 'delete']);
  const role = (await api().post('/api/users-permissions/roles', { name: 'Token keeper', permissions: { admin: { controllers: { 'api-tokens': { read: { enabled: true } } } } } }, server.admin));
  assert.is(role.status, 200, role.text);
  assert.equal(api().project.roles.listGranted('token_keeper').actions, ['admin::api-tokens.read']);
  const granted = (await api().get(`/api/users-permissions/roles/${api().project.roles.resolveRole('token_keeper').id}`, server.admin)).body.role.permissions;
  assert.equal(granted.admin.controllers['api-tokens'].read, { enabled: true, policy: '' });
});

test('folio routes lists every settings route with its action', async () => {
  const routes = listRoutes(api().project).map(({ method, path, action }) => `${method} ${path} ${action}`);
  const expected = [
    'GET /api/admin/api-tokens admin::api-tokens.read', 'POST /api/admin/api-tokens admin::api-tokens.create',
    'GET /api/admin/api-tokens/:id admin::api-tokens.read', 'PUT /api/admin/api-tokens/:id admin::api-tokens.update',
    'DELETE /api/admin/api-tokens/:id admin::api-tokens.delete', 'POST /api/admin/api-tokens/:id/regenerate admin::api-tokens.regenerate',
    'GET /api/admin/webhooks admin::webhooks.read', 'POST /api/admin/webhooks admin::webhooks.create',
    'GET /api/admin/webhooks/:id admin::webhooks.read', 'PUT /api/admin/webhooks/:id admin::webhooks.update',
    'DELETE /api/admin/webhooks/:id admin::webhooks.delete', 'POST /api/admin/webhooks/:id/trigger admin::webhooks.update',
    'GET /api/admin/webhooks/:id/deliveries admin::webhooks.read',
    'GET /api/i18n/locales public', 'POST /api/i18n/locales plugin::i18n.locales.create',
    'PUT /api/i18n/locales/:id plugin::i18n.locales.update', 'DELETE /api/i18n/locales/:id plugin::i18n.locales.delete',
    'POST /api/users/invite plugin::users-permissions.user.create',
  ];
  for (const route of expected) assert.ok(routes.includes(route), `${route} in\n${routes.join('\n')}`);
  assert.is(SETTINGS_ACTIONS.length, 12);
});

test.run();
