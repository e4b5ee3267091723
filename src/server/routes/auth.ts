/**
 * `/api/auth/…` (docs/api/accounts.md): thin handlers over the auth service. They read
 * the body, call one service function and shape the answer: the refresh token goes in the body,
 * or in an HTTP-only cookie when `sessions.httpOnly` is on or the client asks with
 * `x-strapi-refresh-cookie: httpOnly`.
 */
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AuthAnswer, AuthService, ClientInfo } from '../../auth/index.js';
import type { UsersPermissionsConfig } from '../../config/index.js';
import { NotFoundError } from '../../errors.js';
import { messages } from '../../messages.js';
import { usersPermissionsAction } from '../../permissions/index.js';
import { requires } from '../authorize.js';
import { rateLimited, type SharedCounters } from '../rate-limit.js';
import { actorOf } from '../state.js';

export interface AuthRoutesDeps {
  auth: AuthService;
  settings: () => UsersPermissionsConfig;
  /** Where the rate limits count, when several processes share them. */
  redis?: SharedCounters;
}

/** The routes that exist only in refresh mode. */
const REFRESH_ONLY = /^\/api\/auth\/(refresh|logout|sessions)(\/|$)/;

/**
 * In legacy mode the refresh-mode routes answer 404 whoever calls, even with a bad token, so this
 * runs before authentication.
 * @example app.use(refreshRoutesGate(() => config.usersPermissions))
 */
export function refreshRoutesGate(settings: () => UsersPermissionsConfig) {
  return async function gate(ctx: Context, next: Next): Promise<void> {
    if (settings().jwtManagement !== 'refresh' && REFRESH_ONLY.test(ctx.path)) throw new NotFoundError(messages.notFound);
    await next();
  };
}

function clientOf(ctx: Context): ClientInfo {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  return {
    ...(typeof body.deviceId === 'string' && body.deviceId !== '' ? { deviceId: body.deviceId.slice(0, 200) } : {}),
    ...(ctx.get('user-agent') ? { userAgent: ctx.get('user-agent') } : {}),
  };
}

/**
 * @example authRoutes(api, { auth, settings: () => project.config.usersPermissions })
 */
export function authRoutes(router: Router, deps: AuthRoutesDeps): void {
  const { auth } = deps;
  const action = (name: string) => requires(usersPermissionsAction('auth', name));
  const limited = rateLimited(() => deps.settings().ratelimit, deps.redis);
  const cookie = () => deps.settings().sessions.cookie;
  const cookieMode = (ctx: Context) => deps.settings().sessions.httpOnly || ctx.get('x-strapi-refresh-cookie') === 'httpOnly';

  function setRefreshCookie(ctx: Context, token: string | null): void {
    const c = cookie();
    const secure = c.secure === 'auto' ? ctx.secure : c.secure;
    if (secure) ctx.cookies.secure = true; // behind a TLS-terminating proxy the socket itself is plain
    ctx.cookies.set(c.name, token, {
      httpOnly: true,
      sameSite: c.sameSite,
      secure,
      path: c.path,
      overwrite: true,
      ...(token !== null && c.maxAge !== null ? { maxAge: c.maxAge * 1000 } : {}),
      ...(token === null ? { expires: new Date(0) } : {}),
    });
  }

  /** `{ jwt, user }`, plus the refresh token in the body or in the cookie. */
  function send(ctx: Context, result: AuthAnswer): void {
    if (result.refreshToken !== undefined && cookieMode(ctx)) {
      setRefreshCookie(ctx, result.refreshToken);
      ctx.body = { jwt: result.jwt, user: result.user };
      return;
    }
    ctx.body = result.refreshToken !== undefined ? { jwt: result.jwt, refreshToken: result.refreshToken, user: result.user } : { jwt: result.jwt, user: result.user };
  }

  router.post('/auth/local', action('callback'), limited, async (ctx) => {
    send(ctx, await auth.login(ctx.request.body, clientOf(ctx)));
  });
  router.post('/auth/local/register', action('register'), limited, async (ctx) => {
    const result = await auth.register(ctx.request.body, clientOf(ctx));
    if ('jwt' in result) send(ctx, result);
    else ctx.body = result;
  });
  router.post('/auth/forgot-password', action('forgotPassword'), limited, (ctx) => {
    ctx.body = auth.forgotPassword(ctx.request.body);
  });
  router.post('/auth/reset-password', action('resetPassword'), limited, async (ctx) => {
    send(ctx, await auth.resetPassword(ctx.request.body, clientOf(ctx)));
  });
  router.post('/auth/change-password', action('changePassword'), limited, async (ctx) => {
    send(ctx, await auth.changePassword(actorOf(ctx), ctx.request.body, clientOf(ctx)));
  });
  router.get('/auth/email-confirmation', action('emailConfirmation'), async (ctx) => {
    ctx.redirect(await auth.confirmEmail(ctx.query as Record<string, unknown>));
  });
  router.post('/auth/send-email-confirmation', action('sendEmailConfirmation'), limited, async (ctx) => {
    ctx.body = await auth.sendEmailConfirmation(ctx.request.body);
  });

  // Third-party providers. The callback answers { jwt, user } as the spec says.
  router.get('/connect/:provider', action('connect'), limited, async (ctx) => {
    ctx.redirect((await auth.connect(ctx.params.provider!, ctx.query as Record<string, unknown>)).redirect);
  });
  router.get('/auth/:provider/callback', action('callback'), async (ctx) => {
    send(ctx, await auth.providerCallback(ctx.params.provider!, ctx.query as Record<string, unknown>, clientOf(ctx)));
  });

  // Refresh mode only (refreshRoutesGate answers 404 in legacy mode).
  router.post('/auth/refresh', action('refresh'), async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const result = await auth.refresh(ctx.cookies.get(cookie().name) ?? body.refreshToken);
    if (cookieMode(ctx) || ctx.cookies.get(cookie().name)) {
      setRefreshCookie(ctx, result.refreshToken);
      ctx.body = { jwt: result.jwt };
    } else {
      ctx.body = result;
    }
  });
  router.post('/auth/logout', action('logout'), async (ctx) => {
    await auth.logout(actorOf(ctx));
    if (ctx.cookies.get(cookie().name) || cookieMode(ctx)) setRefreshCookie(ctx, null);
    ctx.body = { ok: true };
  });
  router.get('/auth/sessions', action('getSessions'), (ctx) => {
    ctx.body = { data: auth.listSessions(actorOf(ctx), ctx.state.sessionId) };
  });
  router.delete('/auth/sessions/:sessionId', action('revokeSession'), async (ctx) => {
    await auth.revokeSession(actorOf(ctx), ctx.params.sessionId!);
    ctx.body = { data: {} };
  });
}
