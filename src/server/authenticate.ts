/**
 * Who is calling: sets `ctx.state.actor` and never decides access (that is `authorize.ts`).
 * A request without a usable `Authorization: Bearer <token>` header acts as the Public role.
 */
import type { Context, Next } from 'koa';
import { UnauthorizedError } from '../errors.js';
import { permissionsOf, type Actor } from '../permissions/index.js';
import type { Project } from '../project/index.js';

export const MISSING_OR_INVALID_CREDENTIALS = 'Missing or invalid credentials';

/**
 * The bearer token, parsed as Strapi does: exactly two parts, the first `bearer` in any case;
 * anything else (`Basic x`, `Bearer a b`) counts as no token.
 * @example bearerToken('Bearer abc') // 'abc'
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  return parts.length === 2 && parts[0]!.toLowerCase() === 'bearer' ? parts[1] : undefined;
}

export function publicActor(project: Project): Actor {
  const role = project.tables.roles.rows().find((row) => row.type === 'public');
  return { kind: 'public', role, permissions: permissionsOf(project.tables.permissions.rows(), role?.id) };
}

export function authenticate(project: Project) {
  return async function setActor(ctx: Context, next: Next): Promise<void> {
    const token = bearerToken(ctx.get('authorization'));
    if (token !== undefined) {
      // Tokens are issued by the accounts endpoints, which are not built yet: no token can be
      // valid, and an invalid token never falls back to Public (Strapi answers 401 too).
      throw new UnauthorizedError(MISSING_OR_INVALID_CREDENTIALS);
    }
    ctx.state.actor = publicActor(project);
    await next();
  };
}
