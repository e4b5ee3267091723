/**
 * `/api/users-permissions/roles…` and `/permissions` (docs/api/users-and-roles.md): `{ roles }`,
 * `{ role }`, `{ ok: true }`, `{ permissions }`.
 */
import type Router from '@koa/router';
import { usersPermissionsAction, type RoleService } from '../../permissions/index.js';
import { requires } from '../authorize.js';
import { actorOf } from '../state.js';

/**
 * @example roleRoutes(api, roles)
 */
export function roleRoutes(router: Router, roles: RoleService): void {
  const role = (action: string) => requires(usersPermissionsAction('role', action));
  router.get('/users-permissions/roles', role('find'), (ctx) => {
    ctx.body = { roles: roles.list() };
  });
  router.get('/users-permissions/roles/:id', role('findOne'), (ctx) => {
    ctx.body = { role: roles.findOne(ctx.params.id!) };
  });
  router.post('/users-permissions/roles', role('createRole'), async (ctx) => {
    await roles.create(actorOf(ctx), ctx.request.body);
    ctx.body = { ok: true };
  });
  router.put('/users-permissions/roles/:id', role('updateRole'), async (ctx) => {
    await roles.update(actorOf(ctx), ctx.params.id!, ctx.request.body);
    ctx.body = { ok: true };
  });
  router.delete('/users-permissions/roles/:id', role('deleteRole'), async (ctx) => {
    await roles.remove(actorOf(ctx), ctx.params.id!);
    ctx.body = { ok: true };
  });
  router.get('/users-permissions/permissions', requires(usersPermissionsAction('permissions', 'getPermissions')), (ctx) => {
    ctx.body = { permissions: roles.permissionTree() };
  });
}
