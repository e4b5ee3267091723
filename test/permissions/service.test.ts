/**
 * The roles and permissions service over real table files in a temp project: roles and their
 * permissions kept as Strapi 5's users-permissions plugin keeps them (docs/api/users-and-roles.md;
 * https://docs.strapi.io/cms/features/users-permissions).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApplicationError, ForbiddenError, NotFoundError, ValidationError } from '../../src/errors.js';
import { openProjectData, type ProjectData } from '../../src/project/index.js';
import { SYSTEM_ACTOR, type Actor, DEFAULT_PERMISSIONS, permissionMessages as messages, roleTypeFromName, type RoleService } from '../../src/permissions/index.js';
import { copySampleProject, expectError } from '../_helpers/index.js';
import { addUserRow } from '../_helpers/users.js';

interface Context {
  dir: string;
  project: ProjectData;
  roles: RoleService;
  cleanup: () => Promise<void>;
}

async function setup(): Promise<Context> {
  const { dir, cleanup } = await copySampleProject();
  const project = await openProjectData(dir, { env: {} });
  return { dir, project, cleanup, roles: project.roles };
}

const byType = (ctx: Context, type: string) => ctx.project.tables.roles.rows().find((role) => role.type === type)!;
const heldBy = (ctx: Context, roleId: number) => ctx.project.tables.permissions.rows().filter((row) => row.role === roleId).map((row) => row.action).sort();

// ---------------------------------------------------------------------------------------------

const list = suite('roles.list()');

list('should list the built-in roles with nb_users and no permissions key', async () => {
  const ctx = await setup();
  for (const role of [byType(ctx, 'authenticated').id, byType(ctx, 'authenticated').id, null]) await addUserRow(ctx.project, { role });
  const roles = ctx.roles.list();
  assert.equal(roles.map((role) => [role.name, role.type, role.description, role.nb_users]), [
    ['Authenticated', 'authenticated', 'Default role given to authenticated user.', 2],
    ['Public', 'public', 'Default role given to unauthenticated user.', 0],
  ]);
  assert.equal(Object.keys(roles[0]!), ['id', 'documentId', 'name', 'description', 'type', 'createdAt', 'updatedAt', 'publishedAt', 'nb_users']);
  await ctx.cleanup();
});

list.run();

// ---------------------------------------------------------------------------------------------

const findOne = suite('roles.findOne(id)');

findOne('should answer the role with its permission tree, by numeric id, digits or documentId', async () => {
  const ctx = await setup();
  const publicRole = byType(ctx, 'public');
  for (const id of [publicRole.id, String(publicRole.id), publicRole.documentId]) {
    const role = ctx.roles.findOne(id);
    assert.is(role.type, 'public');
    assert.equal(role.permissions['api::article']!.controllers.article!.find, { enabled: true, policy: '' }, 'granted by the sample config');
    assert.equal(role.permissions['api::article']!.controllers.article!.create, { enabled: false, policy: '' });
    assert.equal(role.permissions['plugin::users-permissions']!.controllers.auth!.register, { enabled: true, policy: '' });
    assert.equal(role.permissions['plugin::users-permissions']!.controllers.user!.me, { enabled: false, policy: '' });
  }
  await ctx.cleanup();
});

findOne('when no role has the id then 404 Role not found', async () => {
  const ctx = await setup();
  for (const id of [99, '99', 'nosuchdocumentid', 'public']) {
    const error = await expectError(() => ctx.roles.findOne(id), NotFoundError);
    assert.is(error.message, messages.roleNotFound);
  }
  await ctx.cleanup();
});

findOne.run();

// ---------------------------------------------------------------------------------------------

const create = suite('roles.create(body)');

create('should store the role with a type derived from its name, and its enabled permissions', async () => {
  const ctx = await setup();
  const role = await ctx.roles.create(SYSTEM_ACTOR, {
    name: 'Content Éditor',
    description: 'Writes articles',
    permissions: { 'api::article': { controllers: { article: { find: { enabled: true, policy: '' }, create: { enabled: true }, delete: { enabled: false } } } } },
    users: [],
  });
  assert.is(role.name, 'Content Éditor');
  assert.is(role.type, 'content_editor');
  assert.is(role.description, 'Writes articles');
  assert.match(role.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.equal(heldBy(ctx, role.id), ['api::article.article.create', 'api::article.article.find']);
  const stored = JSON.parse(await readFile(join(ctx.dir, 'data/roles.json'), 'utf8'));
  assert.ok(stored.rows.some((row: { type: string }) => row.type === 'content_editor'), 'on disk');
  await ctx.cleanup();
});

create('should take a given type, and accept permissions: [] as no permissions', async () => {
  const ctx = await setup();
  const role = await ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor', type: 'writer', permissions: [] });
  assert.is(role.type, 'writer');
  assert.is(role.description, '');
  assert.equal(heldBy(ctx, role.id), []);
  await ctx.cleanup();
});

create('when the body is empty then 400 Request body cannot be empty', async () => {
  const ctx = await setup();
  for (const body of [undefined, null, {}, []]) {
    const error = await expectError(() => ctx.roles.create(SYSTEM_ACTOR, body), ValidationError);
    assert.is(error.message, messages.emptyBody);
    assert.is(error.message, 'Request body cannot be empty');
  }
  await ctx.cleanup();
});

create('when the name is missing, not a string or blank then 400 naming it', async () => {
  const ctx = await setup();
  const cases: [Record<string, unknown>, string][] = [
    [{ description: 'x' }, messages.required('name')],
    [{ name: 5 }, messages.notAString('name')],
    [{ name: '  ' }, messages.blank('name')],
    [{ name: 'Editor', description: 3 }, messages.notAString('description')],
    [{ name: 'Editor', type: '' }, messages.blank('type')],
    [{ name: '!!!' }, messages.typeNotDerivable('!!!')],
  ];
  for (const [body, message] of cases) assert.is((await expectError(() => ctx.roles.create(SYSTEM_ACTOR, body), ValidationError)).message, message, JSON.stringify(body));
  assert.is(ctx.roles.list().length, 2, 'nothing was created');
  await ctx.cleanup();
});

create('when the body has an unknown key then 400 Invalid key', async () => {
  const ctx = await setup();
  const error = await expectError(() => ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor', color: 'red' }), ValidationError);
  assert.is(error.message, 'Invalid key color');
  await ctx.cleanup();
});

create('when the name or the type is taken, whatever the case, then 400 and nothing is stored', async () => {
  const ctx = await setup();
  await ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor' });
  assert.is((await expectError(() => ctx.roles.create(SYSTEM_ACTOR, { name: 'editor', type: 'other' }), ValidationError)).message, messages.duplicateName('Editor'));
  assert.is((await expectError(() => ctx.roles.create(SYSTEM_ACTOR, { name: 'Other', type: 'EDITOR' }), ValidationError)).message, messages.duplicateType('editor'));
  assert.is((await expectError(() => ctx.roles.create(SYSTEM_ACTOR, { name: 'Public' }), ValidationError)).message, 'A role named "Public" already exists');
  assert.is(ctx.roles.list().length, 3);
  await ctx.cleanup();
});

create('when a permission is unknown then 400 with a suggestion and no role is created', async () => {
  const ctx = await setup();
  const error = await expectError(() => ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor', permissions: { 'api::article': { controllers: { article: { fnd: { enabled: true } } } } } }), ValidationError);
  assert.is(error.message, 'Unknown action "api::article.article.fnd"; did you mean "api::article.article.find"?');
  assert.is(ctx.roles.list().length, 2);
  await ctx.cleanup();
});

create.run();

// ---------------------------------------------------------------------------------------------

const update = suite('roles.update(id, body)');

update('with only a description should change only that field and keep every permission', async () => {
  const ctx = await setup();
  const publicRole = byType(ctx, 'public');
  const before = heldBy(ctx, publicRole.id);
  const role = await ctx.roles.update(SYSTEM_ACTOR, publicRole.id, { description: 'Anyone' });
  assert.is(role.description, 'Anyone');
  assert.is(role.name, 'Public');
  assert.is(role.type, 'public');
  assert.ok(role.updatedAt >= publicRole.updatedAt);
  assert.equal(heldBy(ctx, publicRole.id), before);
  await ctx.cleanup();
});

update('with permissions should replace them: disabled and absent ones go, enabled ones come', async () => {
  const ctx = await setup();
  const editor = await ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor', permissions: { 'api::article': { controllers: { article: { find: { enabled: true }, create: { enabled: true } } } } } });
  await ctx.roles.update(SYSTEM_ACTOR, String(editor.id), {
    name: 'Senior Editor',
    permissions: { 'api::article': { controllers: { article: { find: { enabled: true }, create: { enabled: false }, update: { enabled: true } } } } },
  });
  assert.equal(heldBy(ctx, editor.id), ['api::article.article.find', 'api::article.article.update']);
  assert.is(ctx.roles.findOne(editor.id).name, 'Senior Editor');
  assert.is(ctx.roles.findOne(editor.id).type, 'editor', 'the type stays');
  await ctx.cleanup();
});

update('should accept the GET answer echoed back unchanged', async () => {
  const ctx = await setup();
  const publicRole = byType(ctx, 'public');
  const before = heldBy(ctx, publicRole.id);
  await ctx.roles.update(SYSTEM_ACTOR, publicRole.documentId, { ...ctx.roles.findOne(publicRole.id), nb_users: 0 });
  assert.equal(heldBy(ctx, publicRole.id), before);
  await ctx.cleanup();
});

update('should keep an echoed action of a content type that no longer exists', async () => {
  const ctx = await setup();
  const publicRole = byType(ctx, 'public');
  await ctx.project.tables.permissions.update((data) => {
    data.rows.push({ id: data.nextId++, documentId: 'stale', action: 'api::note.note.find', role: publicRole.id, createdAt: '', updatedAt: '', publishedAt: '' });
  });
  const { permissions } = ctx.roles.findOne(publicRole.id);
  assert.equal(permissions['api::note'], { controllers: { note: { find: { enabled: true, policy: '' } } } });
  await ctx.roles.update(SYSTEM_ACTOR, publicRole.id, { permissions });
  assert.ok(heldBy(ctx, publicRole.id).includes('api::note.note.find'));
  await ctx.cleanup();
});

update('when the body is empty then 400, and when the role is unknown then 404', async () => {
  const ctx = await setup();
  assert.is((await expectError(() => ctx.roles.update(SYSTEM_ACTOR, 1, {}), ValidationError)).message, messages.emptyBody);
  assert.is((await expectError(() => ctx.roles.update(SYSTEM_ACTOR, 99, { description: 'x' }), NotFoundError)).message, 'Role not found');
  await ctx.cleanup();
});

update('when the type would change then 400, and the same type is accepted', async () => {
  const ctx = await setup();
  const publicRole = byType(ctx, 'public');
  assert.is((await expectError(() => ctx.roles.update(SYSTEM_ACTOR, publicRole.id, { type: 'anyone' }), ValidationError)).message, messages.typeCannotChange('public'));
  await ctx.roles.update(SYSTEM_ACTOR, publicRole.id, { type: 'public', description: 'same type' });
  assert.is(ctx.roles.findOne(publicRole.id).description, 'same type');
  await ctx.cleanup();
});

update('when the new name belongs to another role then 400', async () => {
  const ctx = await setup();
  const error = await expectError(() => ctx.roles.update(SYSTEM_ACTOR, byType(ctx, 'public').id, { name: 'authenticated' }), ValidationError);
  assert.is(error.message, messages.duplicateName('Authenticated'));
  await ctx.cleanup();
});

update.run();

// ---------------------------------------------------------------------------------------------

const remove = suite('roles.remove(id)');

remove('should move its users to Public, delete its permissions, then the role', async () => {
  const ctx = await setup();
  const editor = await ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor', permissions: { 'api::article': { controllers: { article: { find: { enabled: true } } } } } });
  const authenticated = byType(ctx, 'authenticated');
  for (const role of [editor.id, editor.id, authenticated.id]) await addUserRow(ctx.project, { role });
  const { role, usersMoved } = await ctx.roles.remove(SYSTEM_ACTOR, editor.id);
  assert.is(role.type, 'editor');
  assert.is(usersMoved, 2);
  const publicRole = byType(ctx, 'public');
  assert.equal(ctx.project.tables.users.rows().map((user) => user.role), [publicRole.id, publicRole.id, authenticated.id]);
  assert.equal(heldBy(ctx, editor.id), []);
  assert.is(ctx.roles.list().length, 2);
  assert.is((await expectError(() => ctx.roles.findOne(editor.id), NotFoundError)).message, 'Role not found');
  await ctx.cleanup();
});

remove('should delete the Authenticated role, which Strapi does not protect', async () => {
  const ctx = await setup();
  await ctx.roles.remove(SYSTEM_ACTOR, byType(ctx, 'authenticated').documentId);
  assert.equal(ctx.roles.list().map((role) => role.type), ['public']);
  await ctx.cleanup();
});

remove('when the role is Public then 400 Cannot delete public role', async () => {
  const ctx = await setup();
  const error = await expectError(() => ctx.roles.remove(SYSTEM_ACTOR, byType(ctx, 'public').id), ApplicationError);
  assert.is(error.name, 'ApplicationError');
  assert.is(error.message, 'Cannot delete public role');
  assert.is(ctx.roles.list().length, 2);
  await ctx.cleanup();
});

remove('when the role is unknown then 404 Role not found', async () => {
  const ctx = await setup();
  assert.is((await expectError(() => ctx.roles.remove(SYSTEM_ACTOR, '42'), NotFoundError)).message, messages.roleNotFound);
  await ctx.cleanup();
});

remove.run();

// ---------------------------------------------------------------------------------------------

const resolve = suite('roles.resolveRole(ref)');

resolve('should find a role by id, type or name, whatever the case', async () => {
  const ctx = await setup();
  const editor = await ctx.roles.create(SYSTEM_ACTOR, { name: 'Content Editor' });
  for (const ref of [editor.id, String(editor.id), 'content_editor', 'CONTENT_EDITOR', 'Content Editor', 'content editor', ` ${editor.documentId} `]) {
    assert.is(ctx.roles.resolveRole(ref).id, editor.id, String(ref));
  }
  assert.is(ctx.roles.resolveRole('Public').type, 'public');
  await ctx.cleanup();
});

resolve('when nothing matches then 404 listing the roles with a suggestion', async () => {
  const ctx = await setup();
  await ctx.roles.create(SYSTEM_ACTOR, { name: 'Editor' });
  const error = await expectError(() => ctx.roles.resolveRole('edtor'), NotFoundError);
  assert.is(error.message, 'Role "edtor" does not exist (roles: authenticated, public, editor); did you mean "editor"?');
  assert.is((await expectError(() => ctx.roles.resolveRole(77), NotFoundError)).message, messages.unknownRole('77', ['authenticated', 'public', 'editor'], ''));
  await ctx.cleanup();
});

resolve.run();

// ---------------------------------------------------------------------------------------------

const grant = suite('roles.grant(role, actions)');

grant('should add the actions once, however often they are granted', async () => {
  const ctx = await setup();
  const first = await ctx.roles.grant(SYSTEM_ACTOR, 'authenticated', ['api::category.category.create', 'api::category.category.create', 'plugin::i18n.locales.listLocales']);
  assert.equal(first.granted, ['api::category.category.create', 'plugin::i18n.locales.listLocales']);
  assert.equal(first.alreadyGranted, []);
  const second = await ctx.roles.grant(SYSTEM_ACTOR, 'Authenticated', ['api::category.category.create', 'plugin::users-permissions.user.me']);
  assert.equal(second.granted, []);
  assert.equal(second.alreadyGranted, ['api::category.category.create', 'plugin::users-permissions.user.me']);
  const authenticated = byType(ctx, 'authenticated');
  assert.equal(heldBy(ctx, authenticated.id), [...DEFAULT_PERMISSIONS.authenticated, 'api::category.category.create', 'plugin::i18n.locales.listLocales'].sort());
  await ctx.cleanup();
});

grant('should be visible to another process that opens the project afterwards', async () => {
  const ctx = await setup();
  await ctx.roles.grant(SYSTEM_ACTOR, 'public', ['api::homepage.homepage.update']);
  const other = await openProjectData(ctx.dir, { env: {} });
  const publicRole = other.tables.roles.rows().find((role) => role.type === 'public')!;
  assert.ok(other.tables.permissions.rows().some((row) => row.role === publicRole.id && row.action === 'api::homepage.homepage.update'));
  await ctx.cleanup();
});

grant('when an action is unknown then 400 with a suggestion and nothing is granted', async () => {
  const ctx = await setup();
  const before = ctx.project.tables.permissions.rows();
  const error = await expectError(() => ctx.roles.grant(SYSTEM_ACTOR, 'public', ['api::article.article.findOne', 'api::article.article.fnd']), ValidationError);
  assert.is(error.message, 'Unknown action "api::article.article.fnd"; did you mean "api::article.article.find"?');
  assert.is(ctx.project.tables.permissions.rows(), before);
  await ctx.cleanup();
});

grant('when single-type actions a single type lacks are asked then 400', async () => {
  const ctx = await setup();
  const error = await expectError(() => ctx.roles.grant(SYSTEM_ACTOR, 'public', ['api::homepage.homepage.findOne']), ValidationError);
  assert.match(error.message, /^Unknown action "api::homepage\.homepage\.findOne"; did you mean "api::homepage\.homepage\.find"\?$/);
  await ctx.cleanup();
});

grant('when no action is given then 400, and when the role is unknown then 404', async () => {
  const ctx = await setup();
  assert.is((await expectError(() => ctx.roles.grant(SYSTEM_ACTOR, 'public', []), ValidationError)).message, messages.noActions);
  await expectError(() => ctx.roles.grant(SYSTEM_ACTOR, 'nobody', ['api::article.article.find']), NotFoundError);
  await ctx.cleanup();
});

grant.run();

// ---------------------------------------------------------------------------------------------

const revoke = suite('roles.revoke(role, actions)');

revoke('should remove the held actions and report the ones that were not held', async () => {
  const ctx = await setup();
  const result = await ctx.roles.revoke(SYSTEM_ACTOR, 'public', ['api::article.article.find', 'api::article.article.delete']);
  assert.equal(result.revoked, ['api::article.article.find']);
  assert.equal(result.notGranted, ['api::article.article.delete']);
  assert.not.ok(heldBy(ctx, byType(ctx, 'public').id).includes('api::article.article.find'));
  const again = await ctx.roles.revoke(SYSTEM_ACTOR, 'public', ['api::article.article.find']);
  assert.equal(again.revoked, []);
  await ctx.cleanup();
});

revoke('should revoke an action of a content type that no longer exists', async () => {
  const ctx = await setup();
  const publicRole = byType(ctx, 'public');
  await ctx.project.tables.permissions.update((data) => {
    data.rows.push({ id: data.nextId++, documentId: 'stale', action: 'api::note.note.find', role: publicRole.id, createdAt: '', updatedAt: '', publishedAt: '' });
  });
  assert.equal((await ctx.roles.revoke(SYSTEM_ACTOR, 'public', ['api::note.note.find'])).revoked, ['api::note.note.find']);
  await ctx.cleanup();
});

revoke('when an action is unknown then 400 with a suggestion', async () => {
  const ctx = await setup();
  const error = await expectError(() => ctx.roles.revoke(SYSTEM_ACTOR, 'public', ['plugin::users-permissions.auth.registr']), ValidationError);
  assert.is(error.message, 'Unknown action "plugin::users-permissions.auth.registr"; did you mean "plugin::users-permissions.auth.register"?');
  await ctx.cleanup();
});

revoke.run();

// ---------------------------------------------------------------------------------------------

const listGranted = suite('roles.listGranted(role)');

listGranted('should answer the sorted actions of the role', async () => {
  const ctx = await setup();
  const { role, actions } = ctx.roles.listGranted('authenticated');
  assert.is(role.type, 'authenticated');
  assert.equal(actions, [...DEFAULT_PERMISSIONS.authenticated].sort());
  await ctx.cleanup();
});

listGranted.run();

// ---------------------------------------------------------------------------------------------

const typeFromName = suite('roleTypeFromName(name)');

typeFromName("should be Strapi's snakeCase(deburr(toLower(name)))", () => {
  const cases: [string, string][] = [
    ['Editor', 'editor'],
    ['Content Editor', 'content_editor'],
    ['Content  Éditor!', 'content_editor'],
    ['contentEditor', 'contenteditor'],
    ['Straße Team', 'strasse_team'],
    ['role-2', 'role_2'],
    ['--', ''],
  ];
  for (const [name, type] of cases) assert.is(roleTypeFromName(name), type, name);
});

typeFromName.run();

// ---------------------------------------------------------------------------------------------

const actors = suite('role writes as an actor');
let actorsCtx: Context;
actors.before.each(async () => {
  actorsCtx = await setup();
});
actors.after.each(() => actorsCtx.cleanup());

/** A signed-in caller whose role holds only `actions`. */
const holding = (...actions: string[]): Actor => ({ kind: 'user', user: { id: 1 }, role: byType(actorsCtx, 'authenticated'), permissions: new Set(actions) });

actors('when the actor lacks the role action then every write is Forbidden and roles and permissions are unchanged', async () => {
  const roles = actorsCtx.roles;
  const reader = holding('plugin::users-permissions.role.find', 'plugin::users-permissions.role.findOne');
  const before = { roles: await readFile(join(actorsCtx.dir, 'data/roles.json'), 'utf8'), permissions: await readFile(join(actorsCtx.dir, 'data/permissions.json'), 'utf8') };
  await expectError(roles.create(reader, { name: 'Editor' }), ForbiddenError);
  await expectError(roles.update(reader, byType(actorsCtx, 'public').id, { description: 'changed' }), ForbiddenError);
  await expectError(roles.remove(reader, byType(actorsCtx, 'authenticated').id), ForbiddenError);
  await expectError(roles.grant(reader, 'public', ['api::article.article.create']), ForbiddenError);
  await expectError(roles.revoke(reader, 'public', ['api::article.article.find']), ForbiddenError);
  assert.is(await readFile(join(actorsCtx.dir, 'data/roles.json'), 'utf8'), before.roles);
  assert.is(await readFile(join(actorsCtx.dir, 'data/permissions.json'), 'utf8'), before.permissions);
});

actors('when the actor holds createRole then create is done', async () => {
  const role = await actorsCtx.roles.create(holding('plugin::users-permissions.role.createRole'), { name: 'Editor' });
  assert.is(role.type, 'editor');
});

actors.run();
