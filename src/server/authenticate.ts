/**
 * Who is calling: sets `ctx.state.actor` and never decides access (that is `authorize.ts`).
 * A request without a usable `Authorization: Bearer <token>` header acts as the Public role; the
 * bearer is an API token or a JWT, told apart by their formats.
 */
import type { Context, Next } from 'koa';
import { UnauthorizedError } from '../errors.js';
import { verifyTokenClaims } from '../auth/index.js';
import { actorOfUser, permissionsOf, type Actor } from '../permissions/index.js';
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

export const INVALID_CREDENTIALS = 'Invalid credentials';

/**
 * The actor of a bearer token, as in Strapi 5 (docs/api/permissions-and-tokens.md): a token that does not
 * verify is 401 `Missing or invalid credentials` (never a fall-back to Public); a valid token of a
 * deleted, blocked or (with email confirmation on) unconfirmed user is 401 `Invalid credentials`.
 */
export function userActor(project: Project, token: string, state: Record<string, unknown> = {}): Actor {
  let id: number | undefined;
  let version: number | undefined;
  if (project.config.usersPermissions.jwtManagement === 'refresh') {
    // Refresh mode accepts only access tokens of a live session (legacy `{ id }` tokens are refused).
    const claims = project.sessions.verifyAccess(token);
    id = claims?.userId;
    if (claims) state.sessionId = claims.sessionId;
  } else {
    const claims = verifyTokenClaims(project.tokens, token);
    id = claims?.id;
    version = claims?.version;
  }
  if (id === undefined) throw new UnauthorizedError(MISSING_OR_INVALID_CREDENTIALS);
  const user = project.tables.users.rows().find((row) => row.id === id);
  if (!user || user.blocked === true) throw new UnauthorizedError(INVALID_CREDENTIALS);
  // A token from before the last password change or reset (legacy mode; refresh mode ends sessions).
  if (version !== undefined && version !== (typeof user.tokenVersion === 'number' ? user.tokenVersion : 0)) throw new UnauthorizedError(INVALID_CREDENTIALS);
  if (project.config.usersPermissions.advanced.emailConfirmation && user.confirmed !== true) throw new UnauthorizedError(INVALID_CREDENTIALS);
  return actorOfUser(user, project.tables.roles.rows(), project.tables.permissions.rows());
}

/**
 * The actor of an API token (256 hex digits, never a JWT's shape): exactly the token's rights. An
 * unknown token is 401 `Missing or invalid credentials`, an expired one 401 `Token expired`, as Strapi.
 */
async function tokenActor(project: Project, token: string): Promise<Actor> {
  const actor = await project.apiTokens.authenticate(token);
  if (!actor) throw new UnauthorizedError(MISSING_OR_INVALID_CREDENTIALS);
  return actor;
}

export function authenticate(project: Project) {
  return async function setActor(ctx: Context, next: Next): Promise<void> {
    const token = bearerToken(ctx.get('authorization'));
    if (token === undefined) ctx.state.actor = publicActor(project);
    else if (project.apiTokens.isApiToken(token)) ctx.state.actor = await tokenActor(project, token);
    else ctx.state.actor = userActor(project, token, ctx.state);
    await next();
  };
}
