/**
 * The permission engine as a table: who may do what. `can` is a pure function of the actor (its
 * role's permissions) and the action, so a table of plain values tests it; finding the actor is
 * authentication's job, elsewhere.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { can, DEFAULT_PERMISSIONS, permissionsOf, SYSTEM_ACTOR, type Actor, type PermissionRow, type RoleRow } from '../../src/permissions/index.js';

const stamp = '2025-01-01T00:00:00.000Z';
const role = (id: number, type: string): RoleRow => ({ id, documentId: `role${id}`, name: type, description: '', type, createdAt: stamp, updatedAt: stamp, publishedAt: stamp });
const publicRole = role(1, 'public');
const authenticatedRole = role(2, 'authenticated');
const editorRole = role(3, 'editor');

let nextId = 1;
const grants = (roleRow: RoleRow, actions: readonly string[]): PermissionRow[] =>
  actions.map((action) => ({ id: nextId++, documentId: `p${nextId}`, action, role: roleRow.id, createdAt: stamp, updatedAt: stamp, publishedAt: stamp }));
const rows: PermissionRow[] = [
  ...grants(publicRole, [...DEFAULT_PERMISSIONS.public, 'api::article.article.find']),
  ...grants(authenticatedRole, DEFAULT_PERMISSIONS.authenticated),
  ...grants(editorRole, ['api::article.article.find', 'api::article.article.create', 'api::article.article.update']),
];

const anonymous: Actor = { kind: 'public', role: publicRole, permissions: permissionsOf(rows, publicRole.id) };
const member: Actor = { kind: 'user', user: { id: 1 }, role: authenticatedRole, permissions: permissionsOf(rows, authenticatedRole.id) };
const editor: Actor = { kind: 'user', user: { id: 2 }, role: editorRole, permissions: permissionsOf(rows, editorRole.id) };
const roleless: Actor = { kind: 'user', user: { id: 3 }, role: undefined, permissions: permissionsOf(rows, undefined) };
const publicWithoutRole: Actor = { kind: 'public', role: undefined, permissions: new Set(['api::article.article.find']) };

const cases: [name: string, actor: Actor, action: unknown, expected: boolean][] = [
  ['Public', anonymous, 'plugin::users-permissions.auth.register', true],
  ['Public', anonymous, 'plugin::users-permissions.auth.callback', true],
  ['Public', anonymous, 'api::article.article.find', true],
  ['Public', anonymous, 'api::article.article.create', false],
  ['Public', anonymous, 'plugin::users-permissions.user.me', false],
  ['Public', anonymous, 'plugin::users-permissions.role.createRole', false],
  ['Authenticated', member, 'plugin::users-permissions.user.me', true],
  ['Authenticated', member, 'plugin::users-permissions.auth.changePassword', true],
  ['Authenticated', member, 'plugin::users-permissions.auth.register', false],
  ['Authenticated', member, 'api::article.article.find', false],
  ['a custom role', editor, 'api::article.article.create', true],
  ['a custom role', editor, 'api::article.article.update', true],
  ['a custom role', editor, 'api::article.article.delete', false],
  ['a custom role', editor, 'plugin::users-permissions.user.me', false],
  ['the system', SYSTEM_ACTOR, 'api::article.article.delete', true],
  ['the system', SYSTEM_ACTOR, 'plugin::users-permissions.role.deleteRole', true],
  ['a user with no role', roleless, 'api::article.article.find', false],
  ['a user with no role', roleless, 'plugin::users-permissions.user.me', false],
  ['Public without its role row', publicWithoutRole, 'api::article.article.find', false],
  ['Public', anonymous, undefined, false],
  ['Public', anonymous, '', false],
  ['Public', anonymous, 42, false],
  ['Public', anonymous, null, false],
  ['the system', SYSTEM_ACTOR, undefined, false],
  ['the system', SYSTEM_ACTOR, { toString: () => 'api::article.article.find' }, false],
  ['a custom role', editor, 'API::ARTICLE.ARTICLE.FIND', false],
];

const canSuite = suite('can(actor, action)');

for (const [name, actor, action, expected] of cases) {
  canSuite(`${name} ${expected ? 'may' : 'may not'} ${typeof action === 'string' ? `"${action}"` : `act on ${String(action)}`}`, () => {
    assert.is(can(actor, action as string), expected);
  });
}

canSuite.run();

const permissionsOfSuite = suite('permissionsOf(rows, roleId)');

permissionsOfSuite('should answer the same set for the same rows array, and a new one for new rows', () => {
  const first = permissionsOf(rows, editorRole.id);
  assert.is(permissionsOf(rows, editorRole.id), first);
  const changed = [...rows, ...grants(editorRole, ['api::article.article.delete'])];
  assert.ok(permissionsOf(changed, editorRole.id).has('api::article.article.delete'));
  assert.not.ok(first.has('api::article.article.delete'));
});

permissionsOfSuite('should answer an empty set for an unknown role or no role', () => {
  assert.is(permissionsOf(rows, 99).size, 0);
  assert.is(permissionsOf(rows, undefined).size, 0);
});

permissionsOfSuite.run();
