/**
 * The role and permission endpoints and the permission tree they answer, as Strapi 5's
 * users-permissions plugin answers them (docs/api/users-and-roles.md).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../src/auth/index.js';
import { permissionMessages } from '../../src/permissions/index.js';
import { PERMISSIONS_ACTION, ROLE_ACTIONS, apiServer, type ApiServer } from '../_helpers/server.js';
import { addUserRow } from '../_helpers/users.js';

let api: ApiServer;
let admin: Record<string, string>;

const addUser = (roleType: string) => addUserRow(api.project, {}, roleType);

const roles = suite('roles endpoints');
roles.before(async () => {
  api = await apiServer({ authenticatedActions: [...ROLE_ACTIONS, PERMISSIONS_ACTION] });
  admin = { authorization: `Bearer ${issueToken(api.project.tokens, await addUser('authenticated'))}` };
});
roles.after(() => api.close());

roles('anonymous callers may not list roles: 403', async () => {
  assert.is((await api.get('/api/users-permissions/roles')).status, 403);
});

roles('GET roles answers { roles } with nb_users and no permissions', async () => {
  const response = await api.get('/api/users-permissions/roles', admin);
  assert.is(response.status, 200);
  const byType = Object.fromEntries(response.body.roles.map((r: { type: string }) => [r.type, r]));
  assert.is(byType.authenticated.nb_users, 1);
  assert.is(byType.public.nb_users, 0);
  assert.is(byType.public.name, 'Public');
  assert.not.ok('permissions' in byType.public);
  assert.equal(Object.keys(byType.public).sort(), ['createdAt', 'description', 'documentId', 'id', 'name', 'nb_users', 'publishedAt', 'type', 'updatedAt']);
});

roles('GET one role answers { role } with the full permission tree', async () => {
  const publicRole = api.project.tables.roles.rows().find((r) => r.type === 'public')!;
  const response = await api.get(`/api/users-permissions/roles/${publicRole.id}`, admin);
  assert.is(response.status, 200);
  const tree = response.body.role.permissions;
  assert.equal(tree['plugin::users-permissions'].controllers.auth.register, { enabled: true, policy: '' });
  assert.equal(tree['plugin::users-permissions'].controllers.user.me, { enabled: false, policy: '' });
  assert.equal(tree['api::article'].controllers.article.find, { enabled: true, policy: '' }, 'the sample grants Public reads');
  // Strapi's four, and foliocms's draft & publish actions (the homepage has draft & publish).
  assert.equal(Object.keys(tree['api::homepage'].controllers.homepage).sort(), ['createLocalization', 'delete', 'discardDraft', 'find', 'history', 'publish', 'restore', 'unpublish', 'update']);
  assert.is((await api.get('/api/users-permissions/roles/999', admin)).body.error.message, permissionMessages.roleNotFound);
});

roles('GET permissions answers the whole catalogue, every action disabled', async () => {
  const response = await api.get('/api/users-permissions/permissions', admin);
  assert.is(response.status, 200);
  const controllers = response.body.permissions['api::article'].controllers.article;
  assert.equal(Object.keys(controllers).sort(), ['create', 'createLocalization', 'delete', 'discardDraft', 'find', 'findOne', 'history', 'publish', 'restore', 'unpublish', 'update']);
  assert.equal(Object.keys(response.body.permissions['api::category'].controllers.category).sort(), ['create', 'createLocalization', 'delete', 'find', 'findOne', 'history', 'restore', 'update'], 'no draft & publish, no such actions');
  assert.ok(Object.values(controllers).every((entry) => (entry as { enabled: boolean }).enabled === false));
});

roles('POST creates a role with its permissions; PUT with only a description keeps them', async () => {
  const created = await api.post('/api/users-permissions/roles', {
    name: 'Editor', description: 'Writes articles',
    permissions: { 'api::article': { controllers: { article: { create: { enabled: true }, update: { enabled: true } } } } },
  }, admin);
  assert.equal(created.body, { ok: true });
  const editor = api.project.tables.roles.rows().find((r) => r.type === 'editor')!;
  const read = async () => (await api.get(`/api/users-permissions/roles/${editor.id}`, admin)).body.role;
  assert.is((await read()).permissions['api::article'].controllers.article.create.enabled, true);
  assert.equal((await api.put(`/api/users-permissions/roles/${editor.id}`, { description: 'Writes and edits' }, admin)).body, { ok: true });
  const after = await read();
  assert.is(after.description, 'Writes and edits');
  assert.is(after.permissions['api::article'].controllers.article.create.enabled, true, 'permissions untouched without a permissions key');
  await api.put(`/api/users-permissions/roles/${editor.id}`, { permissions: { 'api::article': { controllers: { article: { find: { enabled: true } } } } } }, admin);
  const replaced = (await read()).permissions['api::article'].controllers.article;
  assert.is(replaced.find.enabled, true);
  assert.is(replaced.create.enabled, false, 'a permissions key replaces the set');
});

roles('a new permission is enforced on the next request', async () => {
  await api.post('/api/users-permissions/roles', { name: 'Reader' }, admin);
  const reader = api.project.tables.roles.rows().find((r) => r.type === 'reader')!;
  const userId = await addUser('reader');
  const token = { authorization: `Bearer ${issueToken(api.project.tokens, userId)}` };
  assert.is((await api.get('/api/categories', token)).status, 403);
  await api.put(`/api/users-permissions/roles/${reader.id}`, { permissions: { 'api::category': { controllers: { category: { find: { enabled: true } } } } } }, admin);
  assert.is((await api.get('/api/categories', token)).status, 200);
});

roles('bad bodies answer 400 with the message naming the problem', async () => {
  assert.is((await api.post('/api/users-permissions/roles', {}, admin)).body.error.message, permissionMessages.emptyBody);
  assert.is((await api.post('/api/users-permissions/roles', { name: 'X', colour: 'red' }, admin)).body.error.message, 'Invalid key colour');
  const unknown = await api.post('/api/users-permissions/roles', { name: 'Bad', permissions: { 'api::article': { controllers: { article: { fnd: { enabled: true } } } } } }, admin);
  assert.is(unknown.status, 400);
  assert.match(unknown.body.error.message, /did you mean "api::article\.article\.find"/);
});

roles('DELETE moves the role\'s users to Public; Public itself cannot be deleted', async () => {
  await api.post('/api/users-permissions/roles', { name: 'Temp' }, admin);
  const temp = api.project.tables.roles.rows().find((r) => r.type === 'temp')!;
  const userId = await addUser('temp');
  assert.equal((await api.del(`/api/users-permissions/roles/${temp.id}`, admin)).body, { ok: true });
  const publicRole = api.project.tables.roles.rows().find((r) => r.type === 'public')!;
  assert.is(api.project.tables.users.rows().find((u) => u.id === userId)!.role, publicRole.id);
  const refused = await api.del(`/api/users-permissions/roles/${publicRole.id}`, admin);
  assert.is(refused.status, 400);
  assert.is(refused.body.error.message, 'Cannot delete public role');
});

roles.run();
